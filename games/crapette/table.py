"""The table's fixed geometry and the case rule, shared by the position and the modules that
read it (reasons, the strict search, the text picture, hand-built positions).

It sits below :mod:`games.crapette.state` so that those modules take a position as an
argument without importing the state machine (and the state machine imports them freely).

>>> from games.cards import parse_card
>>> from games.crapette.layout import Player, player_card
>>> fits_case(player_card(parse_card("8H"), Player.A), [player_card(parse_card("9S"), Player.B)])
True
>>> rank_label(10), source_name("C"), source_name("3")
('10', 'the crapette top', 'case 3')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.cards import Suit

from .layout import PlayerCard

#: How the modules below the state machine name the position they are handed: a
#: ``GameState``, which they import for the type checker only (at run time it imports them).
if TYPE_CHECKING:
    from .state import GameState

    Position = GameState
else:
    Position = Any

CASES = 8
SUITS = tuple(Suit)  # foundation slots 2i and 2i+1 hold SUITS[i]
CASE_INDEX = {str(n + 1): n for n in range(CASES)}


def fits_case(card: PlayerCard, pile: list[PlayerCard]) -> bool:
    """A case takes any card when empty, else one rank lower of the other colour."""
    if not pile:
        return True
    top = pile[-1]
    return top.rank == card.rank + 1 and top.red != card.red


def rank_label(rank: int) -> str:
    return "A23456789TJQK"[rank - 1].replace("T", "10")


def source_name(source: str) -> str:
    if source == "C":
        return "the crapette top"
    if source == "S":
        return "the turned stock card"
    return f"case {source}"
