"""Marks the standings metric labels for translation.

``metrics.py`` registers each metric with a plain English ``label``, and ``standings_service``
passes that label through gettext at runtime. The labels are listed here only so that
``makemessages`` extracts them (it looks for calls named ``gettext_noop``); keep this list in
step with the ``register_metric`` calls in ``metrics.py``.

The standings package does not import Django, so ``gettext_noop`` is a local identity function
rather than ``django.utils.translation.gettext_noop``.
"""


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction by ``makemessages``; return it unchanged."""
    return message


METRIC_LABELS = (
    gettext_noop("Points"),
    gettext_noop("Wins"),
    gettext_noop("Losses"),
    gettext_noop("Game points"),
    gettext_noop("Skunks inflicted"),
    gettext_noop("Skunks suffered"),
    gettext_noop("Point spread"),
    gettext_noop("Head-to-head"),
    gettext_noop("Byes"),
    gettext_noop("Games played"),
    gettext_noop("Playoff"),
    gettext_noop("Drawn lot"),
)
