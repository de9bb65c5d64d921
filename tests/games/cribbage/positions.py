"""Hand-built positions (the four-handed FADOQ game unless told), shared by the computer
players' tests."""

from __future__ import annotations

from games.cards import parse_cards
from games.cribbage.computer.view import PlayerView
from games.cribbage.game import Phase
from games.cribbage.rules import FADOQ, RuleSet


def discard_view(
    hand: str, scores: tuple[int, int], dealer: int, rules: RuleSet = FADOQ
) -> PlayerView:
    """Seat 0 of a table of ``rules`` (FADOQ: five cards) holding ``hand`` before the discard."""
    cards = tuple(parse_cards(hand))
    return PlayerView(
        rules=rules,
        seat=0,
        phase=Phase.DISCARD,
        dealer=dealer,
        hand=cards,
        kept=(),
        discards=(),
        starter=None,
        laid=(),
        series=(),
        count=0,
        opponent_said_go=False,
        opponent_cards=len(cards),
        scores=scores,
        held_counts=(len(cards),) * rules.players,
    )
