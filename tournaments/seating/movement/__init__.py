"""Seating strategies ("movements"): who plays whom, at which table, each round.

Pure Python, no Django: the tournaments service layer builds a :class:`MovementContext` from its
models, calls ``get_movement(event.movement).seat(ctx)`` and stores the :class:`RoundDraw`.

>>> sorted(MOVEMENTS)
['random_draw', 'round_robin', 'swiss', 'winners_stay']
>>> get_movement("winners_stay").label
'Winners stay, the others move to the next table'
"""

from __future__ import annotations

from tournaments.seating.movement.base import (
    MIN_TEAMS_TO_START,
    Movement,
    MovementContext,
    MovementError,
    Pairing,
    PlayedGame,
    RoundDraw,
    bye_counts,
    opponents,
    repeat_pairings,
)
from tournaments.seating.movement.random_draw import RandomDraw
from tournaments.seating.movement.round_robin import RoundRobin, berger_schedule, rounds_needed
from tournaments.seating.movement.swiss import Swiss
from tournaments.seating.movement.winners_stay import WinnersStay

DEFAULT_MOVEMENT = WinnersStay.name  # the FADOQ default

MOVEMENTS: dict[str, Movement] = {
    m.name: m for m in (WinnersStay(), Swiss(), RoundRobin(), RandomDraw())
}


def get_movement(name: str) -> Movement:
    """The registered strategy called ``name``; a clear error lists the allowed names."""
    try:
        return MOVEMENTS[name]
    except (KeyError, TypeError):
        raise MovementError(
            f"unknown movement {name!r}: allowed are " + ", ".join(MOVEMENTS)
        ) from None


__all__ = [
    "DEFAULT_MOVEMENT",
    "MIN_TEAMS_TO_START",
    "MOVEMENTS",
    "Movement",
    "MovementContext",
    "MovementError",
    "Pairing",
    "PlayedGame",
    "RandomDraw",
    "RoundDraw",
    "RoundRobin",
    "Swiss",
    "WinnersStay",
    "berger_schedule",
    "bye_counts",
    "get_movement",
    "opponents",
    "repeat_pairings",
    "rounds_needed",
]
