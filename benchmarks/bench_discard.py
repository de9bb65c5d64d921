"""Discard advisor speed: ``.venv/bin/python -m benchmarks.bench_discard [--hands N] [--naive-choices K]``.

Side by side in one run, on the same 6-card hand:

- the naive reference: for each choice, every starter and every pair of opponent discards
  enumerated card by card and scored with the itemized ``score_hand`` (683,100 crib scorings for
  the 15 choices: about a minute, so by default it runs on ``--naive-choices`` of them and the
  total is extrapolated, as the output says);
- the same enumeration with the table scorer ``score_total`` (all 15 choices);
- :func:`analyze_discards`, which counts by rank multiset (all 15 choices).

The naive results are compared with the analysis exactly (fractions). Then ``analyze_discards``
over random 6-card (2 players) and 5-card (4 players) hands, and, for context, the single-hand
and full-distribution times of the scorers it builds on.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations

from benchmarks import BenchmarkError
from games.cards import DECK, Card, format_cards, parse_cards
from games.cribbage import analyze_discards, fast, score_hand, score_total

EXAMPLE = "5H 5C 5S JD 4D 6D"


def naive_choice(keep: Sequence[Card], discard: Sequence[Card], dealt, scorer) -> tuple:
    """(expected hand, expected crib) of one choice by plain enumeration over cards."""
    unseen = [c for c in DECK if c not in dealt]
    hand = Fraction(sum(scorer(keep, s, False) for s in unseen), len(unseen))
    hidden = 4 - len(discard)
    crib_total = cases = 0
    for starter in unseen:
        rest = [c for c in unseen if c != starter]
        for others in combinations(rest, hidden):
            crib_total += scorer((*discard, *others), starter, True)
            cases += 1
    return hand, Fraction(crib_total, cases)


def itemized(cards, starter, crib):
    return score_hand(cards, starter, crib=crib).total


def by_table(cards, starter, crib):
    return score_total([c.index for c in cards], starter.index, crib)


def timed(func: Callable):
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def side_by_side(cards: str, naive_choices: int) -> None:
    dealt = parse_cards(cards)
    print(f"\nside by side on {format_cards(dealt)} (2 players, 15 choices)")
    fast.rank_table()  # built at first use; timed separately below
    seconds, analysis = timed(lambda: analyze_discards(dealt, dealer=True))
    fast_s = seconds
    print(f"  analyze_discards (rank multisets)          {seconds:8.3f} s  all 15 choices")
    by_discard = {frozenset(c.discard): c for c in analysis.choices}
    splits = [(k, tuple(c for c in dealt if c not in k)) for k in combinations(dealt, 4)]

    seconds, results = timed(lambda: [naive_choice(k, d, dealt, by_table) for k, d in splits])
    table_s = seconds
    same = all(
        (c := by_discard[frozenset(d)]).hand.mean == h and c.crib.mean == cr
        for (_, d), (h, cr) in zip(splits, results, strict=True)
    )
    print(f"  naive enumeration, table scorer            {seconds:8.3f} s  all 15 choices, "
          f"identical results: {same}")  # fmt: skip
    if not same:
        raise BenchmarkError("the table-scorer enumeration disagrees with analyze_discards")

    sample = splits[:naive_choices]
    seconds, results = timed(lambda: [naive_choice(k, d, dealt, itemized) for k, d in sample])
    same = all(
        (c := by_discard[frozenset(d)]).hand.mean == h and c.crib.mean == cr
        for (_, d), (h, cr) in zip(sample, results, strict=True)
    )
    naive_s = seconds * len(splits) / len(sample)
    note = (
        "measured"
        if len(sample) == len(splits)
        else (f"EXTRAPOLATED from {len(sample)} of 15 choices ({seconds:.2f} s measured)")
    )
    print(f"  naive enumeration, score_hand              {naive_s:8.3f} s  {note}, "
          f"identical results: {same}")  # fmt: skip
    if not same:
        raise BenchmarkError("the score_hand enumeration disagrees with analyze_discards")
    print(f"  speed-up: {naive_s / fast_s:,.0f}x the naive score_hand enumeration, "
          f"{table_s / fast_s:,.0f}x the naive table-scorer enumeration")  # fmt: skip


def random_hands(count: int, seed: int) -> None:
    rng = random.Random(seed)
    for size, players in ((6, 2), (5, 4)):
        hands = [rng.sample(DECK, size) for _ in range(count)]
        times = []
        for hand in hands:
            seconds, _ = timed(lambda hand=hand: analyze_discards(hand, dealer=True))
            times.append(seconds)
        print(f"  {players} players ({size} cards, {count} random hands): mean "
              f"{statistics.mean(times) * 1000:6.1f} ms, median "
              f"{statistics.median(times) * 1000:6.1f} ms, max {max(times) * 1000:6.1f} ms")  # fmt: skip


def scorer_context(seed: int, hands: int) -> None:
    rng = random.Random(seed)
    deals = [rng.sample(range(52), 5) for _ in range(hands)]
    seconds, _ = timed(lambda: [score_total(d[:4], d[4]) for d in deals])
    print(f"  score_total, one hand + starter            {seconds / len(deals) * 1e6:8.2f} µs")
    cards = [[DECK[i] for i in d] for d in deals[: max(1, hands // 10)]]
    seconds, _ = timed(lambda: [score_hand(c[:4], c[4]) for c in cards])
    print(f"  score_hand (itemized), one hand + starter  {seconds / len(cards) * 1e6:8.2f} µs")
    fast.rank_table.cache_clear()
    fast._distribution.cache_clear()
    seconds, _ = timed(fast.rank_table)
    print(f"  rank table (6,175 rank multisets), cold    {seconds * 1000:8.1f} ms")
    seconds, _ = timed(fast.hand_distribution)
    print(f"  exact distribution of all 12,994,800 hands {seconds:8.3f} s (table already built)")


QUICK = ["--hands", "3", "--naive-choices", "1", "--context-hands", "2000"]


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30, help="random hands per game (30)")
    parser.add_argument("--naive-choices", type=int, default=2, choices=range(1, 16),
                        metavar="K", help="choices the score_hand reference runs (1-15, 2)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--cards", default=EXAMPLE, help=f"the side-by-side hand ({EXAMPLE})")
    parser.add_argument("--context-hands", type=int, default=20_000,
                        help="hands timed with the scorers underneath (20,000)")  # fmt: skip
    return parser


def main(argv: list[str] | None = None) -> None:
    """Run with ``argv`` options; none (as ``make bench`` calls it) means the defaults."""
    args = parser().parse_args([] if argv is None else argv)

    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    seconds, _ = timed(lambda: analyze_discards(EXAMPLE, dealer=True))
    print(f"first analysis, cold (builds the rank table)  {seconds:8.3f} s")
    side_by_side(args.cards, args.naive_choices)
    print("\nanalyze_discards on random hands (warm)")
    random_hands(args.hands, args.seed)
    print("\nthe scorers underneath (for context; see docs/performance/cribbage.md)")
    scorer_context(args.seed, args.context_hands)


if __name__ == "__main__":
    main(sys.argv[1:])
