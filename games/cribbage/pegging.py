"""Points for laying one card in the play ("pegging"), per RULES.md section 3.

``series`` is the cards laid since the count last restarted, oldest first. Go and last card are
not scored here (they depend on the other players; the game engine scores them).

>>> peg_points(["5H", "5C"], "5S")  # fifteen (2) and a pair royal (6)
8
>>> print(peg_score(["3H", "5C"], "4S"))
a run of three for 3 (count 12)
>>> peg_points(["KH", "QC", "4S"], "9D")
Traceback (most recent call last):
...
games.cribbage.pegging.PeggingError: laying 9D would bring the count to 33: the count may not pass 31
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from games.cards import Card, format_cards, parse_card, parse_cards, require_distinct

PegKind = Literal["fifteen", "thirty-one", "pair", "run"]

MAX_COUNT = 31
# Points for 2, 3 or 4 cards of one rank laid in a row: pair, pair royal, double pair royal.
SAME_RANK_POINTS = {2: 2, 3: 6, 4: 12}
_SAME_RANK_NAMES = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}
_RUN_NAMES = {3: "a run of three", 4: "a run of four", 5: "a run of five", 6: "a run of six"}


class PeggingError(ValueError):
    """A card that cannot be laid (the count would pass 31) or a series that cannot exist."""


@dataclass(frozen=True, slots=True)
class PegItem:
    """One thing scored by laying a card: its kind, the cards involved, and its points."""

    kind: PegKind
    cards: tuple[Card, ...]
    points: int

    @property
    def name(self) -> str:
        """How it is announced: ``fifteen``, ``thirty-one``, ``a pair royal``, ``a run of four``."""
        if self.kind == "pair":
            return _SAME_RANK_NAMES[len(self.cards)]
        if self.kind == "run":
            return _RUN_NAMES.get(len(self.cards), f"a run of {len(self.cards)}")
        return self.kind

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}


@dataclass(frozen=True, slots=True)
class PegScore:
    """What laying ``card`` on ``series`` scores, itemized; ``count`` is the new running count."""

    series: tuple[Card, ...]
    card: Card
    count: int
    items: tuple[PegItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    def __str__(self) -> str:
        if not self.items:
            return f"no points (count {self.count})"
        return f"{' and '.join(i.name for i in self.items)} for {self.points} (count {self.count})"

    def as_dict(self) -> dict[str, Any]:
        return {
            "series": [str(c) for c in self.series],
            "card": str(self.card),
            "count": self.count,
            "points": self.points,
            "items": [item.as_dict() for item in self.items],
        }


def peg_score(series: str | Iterable[str | Card], card: str | Card) -> PegScore:
    """Itemized points for laying ``card`` after ``series`` (cards or text such as ``"5H"``)."""
    laid = parse_cards(series, unique=False)
    new = parse_card(card)
    require_distinct((*laid, new))
    count = sum(c.pips for c in laid)
    if count > MAX_COUNT:
        raise PeggingError(
            f"the series {format_cards(laid)} counts {count}: a count never passes 31"
        )
    count += new.pips
    if count > MAX_COUNT:
        raise PeggingError(
            f"laying {new} would bring the count to {count}: the count may not pass 31"
        )
    cards = (*laid, new)
    items: list[PegItem] = []
    if count == 15:
        items.append(PegItem("fifteen", cards, 2))
    elif count == MAX_COUNT:
        items.append(PegItem("thirty-one", cards, 2))
    items += _same_rank(cards)
    items += _run(cards)
    return PegScore(laid, new, count, tuple(items))


def peg_points(series: str | Iterable[str | Card], card: str | Card) -> int:
    """Points for laying ``card`` after ``series``: 15, 31, pairs and runs (not go/last card)."""
    return peg_score(series, card).points


def _same_rank(cards: tuple[Card, ...]) -> list[PegItem]:
    # The cards of the new card's rank laid in a row at the end; any other card breaks it.
    n = 1
    while n < len(cards) and cards[-n - 1].rank == cards[-1].rank:
        n += 1
    return [PegItem("pair", cards[-n:], SAME_RANK_POINTS[n])] if n >= 2 else []


def _run(cards: tuple[Card, ...]) -> list[PegItem]:
    # The longest k >= 3 such that the last k cards are k consecutive ranks, in any order.
    for k in range(len(cards), 2, -1):
        ranks = sorted(int(c.rank) for c in cards[-k:])
        if ranks == list(range(ranks[0], ranks[0] + k)):
            return [PegItem("run", cards[-k:], k)]
    return []
