"""Hand-built positions of the four-handed FADOQ game, shared by the computer players' tests."""

from __future__ import annotations

from games.cards import parse_cards
from games.cribbage.computer.view import PlayerView
from games.cribbage.game import Phase
from games.cribbage.rules import FADOQ


def discard_view(hand: str, scores: tuple[int, int], dealer: int) -> PlayerView:
    """Seat 0 of a FADOQ table holding the five cards ``hand`` before the discard."""
    return PlayerView(
        rules=FADOQ,
        seat=0,
        phase=Phase.DISCARD,
        dealer=dealer,
        hand=tuple(parse_cards(hand)),
        kept=(),
        discards=(),
        starter=None,
        laid=(),
        series=(),
        count=0,
        opponent_said_go=False,
        opponent_cards=5,
        scores=scores,
        held_counts=(5, 5, 5, 5),
    )
