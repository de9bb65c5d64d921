"""Cribbage scoring speed: ``.venv/bin/python -m benchmarks.bench_cribbage [--hands N] [--brute-force]``.

Times, on the same random hands, a deliberately naive reference scorer (itertools over the five
cards, nothing precomputed), the itemized :func:`score_hand`, and the table-driven
:func:`score_total`; then the exhaustive distributions (hand and crib) from a cold start. With
``--brute-force`` it also scores all 12,994,800 combinations one by one with ``score_total`` and
checks the result against the RULES.md table (slow: tens of seconds).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter
from itertools import combinations

from benchmarks import BenchmarkError
from games.cards import DECK, Card
from games.cribbage import fast, score_hand, score_total


def naive_score(hand: list[Card], starter: Card, crib: bool) -> int:
    """The straightforward way: look at every subset of the five cards each time."""
    five = [*hand, starter]
    return (
        _naive_fifteens_and_pairs(five)
        + _naive_runs(five)
        + _naive_flush_and_nobs(hand, starter, crib)
    )


def _naive_fifteens_and_pairs(five: list[Card]) -> int:
    points = 0
    for size in range(2, 6):
        for combo in combinations(five, size):
            if sum(c.pips for c in combo) == 15:
                points += 2
    for a, b in combinations(five, 2):
        if a.rank == b.rank:
            points += 2
    return points


def _naive_runs(five: list[Card]) -> int:
    """Only the longest runs count: every run of the first length that has any."""
    for size in (5, 4, 3):
        runs = 0
        for combo in combinations(five, size):
            ranks = sorted(int(c.rank) for c in combo)
            if all(y == x + 1 for x, y in zip(ranks, ranks[1:], strict=False)):
                runs += size
        if runs:
            return runs
    return 0


def _naive_flush_and_nobs(hand: list[Card], starter: Card, crib: bool) -> int:
    points = 0
    if all(c.suit == hand[0].suit for c in hand):
        if starter.suit == hand[0].suit:
            points += 5
        elif not crib:
            points += 4
    return points + sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)


def per_hand_us(label: str, func, samples) -> tuple[float, list[int]]:
    start = time.perf_counter()
    totals = [func(*sample) for sample in samples]
    elapsed = time.perf_counter() - start
    us = elapsed / len(samples) * 1e6
    print(f"  {label:<34} {us:9.2f} µs/hand   ({elapsed:.3f} s for {len(samples):,})")
    return us, totals


def cold(func):
    fast.rank_table.cache_clear()
    fast._distribution.cache_clear()
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def brute_force_distribution(crib: bool) -> Counter:
    counts: Counter = Counter()
    for hand in combinations(range(52), 4):
        for starter in range(52):
            if starter not in hand:
                counts[score_total(hand, starter, crib)] += 1
    return counts


QUICK = ["--hands", "2000"]


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="random hands (default 20,000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--brute-force", action="store_true", help="also enumerate 12,994,800")
    return parser


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args([] if argv is None else argv)

    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")
    rng = random.Random(args.seed)
    deals = [(rng.sample(DECK, 5), rng.random() < 0.5) for _ in range(args.hands)]
    card_samples = [(cards[:4], cards[4], crib) for cards, crib in deals]
    index_samples = [([c.index for c in cards[:4]], cards[4].index, crib) for cards, crib in deals]
    fast.rank_table()  # built once at first use; its cost is reported with the distribution

    print(f"\nsingle hands ({args.hands:,} random hands + starters, half as cribs)")
    naive_us, naive = per_hand_us("naive reference (itertools)", naive_score, card_samples)
    item_us, items = per_hand_us(
        "score_hand (itemized, checked)",
        lambda h, s, crib: score_hand(h, s, crib=crib).total,
        card_samples,
    )
    fast_us, fasts = per_hand_us("score_total (table-driven)", score_total, index_samples)
    agree = naive == items == fasts
    print(f"  all three agree on every hand: {agree}")
    if not agree:
        raise BenchmarkError("the three scorers disagree on some hands")
    print(f"  speed-up of score_total: {naive_us / fast_us:.0f}x the naive scorer, "
          f"{item_us / fast_us:.0f}x score_hand")  # fmt: skip

    print("\nexhaustive distribution (12,994,800 combinations), cold start")
    table_s, _ = cold(fast.rank_table)
    print(f"  rank table (6,175 rank multisets)  {table_s:7.3f} s")
    for crib in (False, True):
        seconds, dist = cold(lambda crib=crib: fast.hand_distribution(crib=crib))
        what = "crib" if crib else "hand"
        print(f"  {what} distribution incl. table      {seconds:7.3f} s   (0: {dist[0]:,})")
    if args.brute_force:
        print("\nbrute force: score_total on every combination, one by one")
        for crib in (False, True):
            start = time.perf_counter()
            counts = brute_force_distribution(crib)
            seconds = time.perf_counter() - start
            same = dict(sorted(counts.items())) == {
                k: v for k, v in fast.hand_distribution(crib=crib).items() if v
            }
            what = "crib" if crib else "hand"
            print(f"  {what}: {seconds:7.1f} s, equal to the closed-form distribution: {same}")
            if not same:
                raise BenchmarkError(f"the {what} distribution differs from the brute force")


if __name__ == "__main__":
    main(sys.argv[1:])
