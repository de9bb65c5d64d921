"""Coaching on discards (and a pegging hint), from the exact discard analysis.

After a player lays away two cards, :func:`coach_discard` compares the choice with the best one
for the player's position (dealer or not) by the expected points of the round: the kept hand
plus the crib when the crib is theirs, minus it when it is the opponent's, exactly as
:func:`games.cribbage.discard.analyze_discards` computes them. :func:`suboptimal` is the list a
player reviews at the end of a game.

>>> advice = coach_discard("5H 5C 5S JD 4D 6D", keep="5H 5C 5S JD", dealer=True)
>>> advice.is_best, float(advice.loss) > 0
(False, True)
>>> " ".join(str(c) for c in advice.best_keep)
'5H 5C 4D 6D'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.cards import Card, CardError, format_cards, parse_cards
from games.cribbage.computer.view import PlayerView
from games.cribbage.discard import analyze_discards
from games.cribbage.play_coaching_seats import coach_view

__all__ = ["DiscardAdvice", "coach_discard", "pegging_hint", "suboptimal"]


@dataclass(frozen=True)
class DiscardAdvice:
    """The player's discard beside the best one; expected values are the analysis' own."""

    dealt: tuple[Card, ...]
    dealer: bool
    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    expected: Fraction  # the round's expected points for the player's choice (net)
    best_keep: tuple[Card, ...]
    best_discard: tuple[Card, ...]
    best: Fraction  # the best choice's expected points (net)
    rank: int  # 1 = the best of the 15 choices

    @property
    def loss(self) -> Fraction:
        return self.best - self.expected

    @property
    def is_best(self) -> bool:
        return self.loss == 0  # a tie with the best is as good as the best

    def as_dict(self) -> dict[str, Any]:
        return {
            "dealt": [str(c) for c in self.dealt],
            "dealer": self.dealer,
            "keep": [str(c) for c in self.keep],
            "discard": [str(c) for c in self.discard],
            "expected": float(self.expected),
            "best_keep": [str(c) for c in self.best_keep],
            "best_discard": [str(c) for c in self.best_discard],
            "best": float(self.best),
            "loss": float(self.loss),
            "rank": self.rank,
            "is_best": self.is_best,
        }


def coach_discard(
    dealt: str | Iterable[str | Card],
    *,
    keep: str | Iterable[str | Card],
    dealer: bool,
    players: int = 2,
) -> DiscardAdvice:
    """How good keeping ``keep`` out of the ``dealt`` cards is (six two-handed, five
    four-handed), for the side whose crib it is (``dealer``: four-handed, the partner's deal
    counts) or not."""
    analysis = analyze_discards(dealt, dealer=dealer, players=players)
    kept = frozenset(parse_cards(keep))
    for rank, choice in enumerate(analysis.choices, start=1):
        if frozenset(choice.keep) == kept:
            best = analysis.best
            return DiscardAdvice(
                dealt=analysis.dealt,
                dealer=bool(dealer),
                keep=choice.keep,
                discard=choice.discard,
                expected=choice.net,
                best_keep=best.keep,
                best_discard=best.discard,
                best=best.net,
                rank=rank,
            )
    raise CardError(
        f"keeping {format_cards(kept)} is not a choice from the dealt "
        f"{format_cards(analysis.dealt)}: keep 4 of the dealt cards"
    )


def suboptimal(advices: Sequence[DiscardAdvice]) -> list[DiscardAdvice]:
    """The discards that were not the best, in the order they were made."""
    return [a for a in advices if not a.is_best]


def pegging_hint(view: PlayerView) -> Card | None:
    """A hint for the play: the best card the play's coaching finds in the player's place
    (:func:`.play_coaching_seats.coach_view`, the same values and the same draws), so that
    the card hinted is never called "not the best" once laid; ``None`` when no card fits."""
    if not view.playable():
        return None
    return coach_view(view, None).best_card
