"""Scoring the show: a hand or the crib, with the starter, itemized as a player announces it.

This is the *readable* scorer: it lists every combination (each fifteen, each pair, each run,
the flush, nobs) the way RULES.md section 2 states them, by looking at the sets of cards. The
table-driven scorer in :mod:`games.cribbage.fast` is a separate implementation; the tests check
that the two always agree.

>>> score = score_hand("5H 5C 5S JD", "5D")
>>> score.total
29
>>> print(score_hand("6C 7S 8D 8H", "9S"))
fifteen two, fifteen four, fifteen six, a pair is eight, a double run of four is sixteen = 16
>>> print(score_hand("2S 4H 6D 8C", "KS"))
nineteen (no points)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Literal

from games.cards import (
    Card,
    CardError,
    Rank,
    format_cards,
    parse_card,
    parse_cards,
    require_distinct,
)

ScoreKind = Literal["fifteen", "pair", "run", "flush", "nobs"]

HAND_SIZE = 4

# Announced totals in words, as players say them ("fifteen two, fifteen four, ...").
_WORDS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three"),
    *("twenty-four", "twenty-five", "twenty-six", "twenty-seven", "twenty-eight", "twenty-nine"),
)


def number_words(n: int) -> str:
    """``12`` -> ``'twelve'`` (0-29, the range of a show); larger numbers stay in digits."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, the cards that make it, and its points."""

    kind: ScoreKind
    cards: tuple[Card, ...]
    points: int

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}

    def __str__(self) -> str:
        return f"{self.kind} {format_cards(self.cards)}: {self.points}"


@dataclass(frozen=True, slots=True)
class HandScore:
    """The itemized score of a hand (or crib) with its starter.

    ``items`` are in announcing order: fifteens, pairs, runs, flush, nobs.
    """

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[ScoreItem, ...]
    total: int

    def announce(self) -> str:
        """The count as a player says it, with the running total after each combination.

        Fifteens are called one by one; the pairs of one rank and the runs are called together
        ("a pair royal is ...", "a double run of three is ...").
        """
        if not self.items:
            # RULES.md: a player announcing "19" means a zero hand (19 is impossible).
            return "nineteen (no points)"
        running = 0
        phrases = []
        for name, group in _called_groups(self.items):
            running += sum(item.points for item in group)
            said = number_words(running)
            phrases.append(f"fifteen {said}" if name == "fifteen" else f"{name} is {said}")
        return f"{', '.join(phrases)} = {self.total}"

    def __str__(self) -> str:
        return self.announce()

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form (cards in the ``5H`` notation)."""
        return {
            "hand": [str(c) for c in self.hand],
            "starter": str(self.starter),
            "crib": self.crib,
            "total": self.total,
            "items": [item.as_dict() for item in self.items],
            "announce": self.announce(),
        }


_SAME_RANK_NAMES = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}  # by pairs
_MULTIPLE_RUN_NAMES = {1: "a", 2: "a double", 3: "a triple", 4: "a quadruple"}


def _called_groups(items: Iterable[ScoreItem]) -> list[tuple[str, list[ScoreItem]]]:
    """Items grouped as a player calls them, as (name, items), in announcing order."""
    fifteens: list[tuple[str, list[ScoreItem]]] = []
    pairs_by_rank: dict[Rank, list[ScoreItem]] = {}
    runs: list[ScoreItem] = []
    rest: list[tuple[str, list[ScoreItem]]] = []
    for item in items:
        if item.kind == "fifteen":
            fifteens.append(("fifteen", [item]))
        elif item.kind == "pair":
            pairs_by_rank.setdefault(item.cards[0].rank, []).append(item)
        elif item.kind == "run":
            runs.append(item)
        elif item.kind == "flush":
            rest.append((f"a flush of {number_words(len(item.cards))}", [item]))
        else:
            rest.append(("his nobs", [item]))
    pairs = [(_SAME_RANK_NAMES[len(group)], group) for group in pairs_by_rank.values()]
    if runs:
        length = number_words(len(runs[0].cards))
        pairs.append((f"{_MULTIPLE_RUN_NAMES[len(runs)]} run of {length}", runs))
    return fifteens + pairs + rest


def score_hand(
    hand: str | Iterable[str | Card], starter: str | Card, *, crib: bool = False
) -> HandScore:
    """Score 4 cards plus the starter, per RULES.md section 2.

    ``crib=True`` applies the crib flush rule (only a 5-card flush counts).
    Cards may be :class:`Card` objects or text such as ``"5H"`` / ``"10♥"``.

    >>> score_hand("JH 2H 4H 6H", "KH").total  # flush of five (5) + nobs (1); no 15, pair, run
    6
    >>> score_hand("JH 2H 4H 6H", "KH", crib=True).total  # a 5-card flush counts in a crib too
    6
    >>> score_hand("JH 2H 4H 6H", "KS").total  # flush of four, no nobs (the jack is not a spade)
    4
    >>> score_hand("JH 2H 4H 6H", "KS", crib=True).total  # a 4-card flush is nothing in a crib
    0
    >>> score_hand("5H 5C 5S", "JD")
    Traceback (most recent call last):
    ...
    games.cards.CardError: a hand has 4 cards (plus the starter), got 3: 5H 5C 5S
    """
    cards = parse_cards(hand, unique=False)
    if len(cards) != HAND_SIZE:
        raise CardError(
            f"a {'crib' if crib else 'hand'} has {HAND_SIZE} cards (plus the starter), "
            f"got {len(cards)}: {format_cards(cards)}"
        )
    top = parse_card(starter)
    require_distinct((*cards, top))
    five = (*cards, top)
    items = (
        *_fifteens(five),
        *_pairs(five),
        *_runs(five),
        *_flush(cards, top, crib),
        *_nobs(cards, top),
    )
    return HandScore(cards, top, crib, items, sum(item.points for item in items))


def _fifteens(five: tuple[Card, ...]) -> list[ScoreItem]:
    # Every distinct set of cards (2 to 5 of them) whose pips total 15.
    return [
        ScoreItem("fifteen", combo, 2)
        for size in range(2, 6)
        for combo in combinations(five, size)
        if sum(c.pips for c in combo) == 15
    ]


def _pairs(five: tuple[Card, ...]) -> list[ScoreItem]:
    return [ScoreItem("pair", (a, b), 2) for a, b in combinations(five, 2) if a.rank == b.rank]


def _runs(five: tuple[Card, ...]) -> list[ScoreItem]:
    # Only the longest runs count: try 5 cards, then 4, then 3, and stop at the first length that
    # has any. The starter is one of the five like any other card (it may be the lowest of a run).
    for size in (5, 4, 3):
        runs = [
            ScoreItem("run", tuple(sorted(combo)), size)
            for combo in combinations(five, size)
            if _is_run(combo)
        ]
        if runs:
            return runs
    return []


def _is_run(cards: tuple[Card, ...]) -> bool:
    ranks = sorted(int(c.rank) for c in cards)  # ace low: A-2-3 is a run, Q-K-A is not
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:], strict=False))


def _flush(hand: tuple[Card, ...], starter: Card, crib: bool) -> list[ScoreItem]:
    if any(c.suit != hand[0].suit for c in hand):
        return []
    if starter.suit == hand[0].suit:
        return [ScoreItem("flush", (*hand, starter), 5)]
    # A 4-card flush counts in the hand but not in the crib.
    return [] if crib else [ScoreItem("flush", hand, 4)]


def _nobs(hand: tuple[Card, ...], starter: Card) -> list[ScoreItem]:
    # A jack in the hand (not the starter itself) of the starter's suit.
    return [
        ScoreItem("nobs", (c,), 1) for c in hand if c.rank is Rank.JACK and c.suit == starter.suit
    ]
