"""What the results part announces to the parts above it.

``result_confirmed`` is sent inside the transaction that confirms a game's result (by the other
captain, an official, or a dispute's decision), with ``event=`` and ``game=``. The standings
refresh listens to it (``tournaments.tasks``), so ``results`` never imports the standings or the
tasks.
"""

from django.dispatch import Signal

result_confirmed = Signal()
