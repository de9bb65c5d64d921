"""Seating: who plays whom, at which table, round after round.

``movement/`` holds the pairing strategies (winners stay, Swiss, round robin) as plain functions
over plain records, no Django; ``rounds`` reads the event's history into a movement context,
enforces when a round may be seated and writes it. May import the models, ``events``,
``standings`` (a Swiss draw reads the standings), ``publishing.caching``, ``audit`` and
``errors``; never ``results`` (it reads confirmed games from the models) nor views or the API.
"""
