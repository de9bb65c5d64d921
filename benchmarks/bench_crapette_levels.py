"""Crapette computer levels: ``.venv/bin/python -m benchmarks.bench_crapette_levels [--games N]``.

Each pair of levels (easy, standard, strong) plays N games on the seeds 0..N-1, the seats
swapped on odd seeds so neither level keeps the first move. Each computer calls
"Crapette !" on every missed mandatory move (vigilance ``always``). Printed per pairing:
wins of each side and draws (stalemates), the first level's win rate among decided games
with a 95 % Wilson confidence interval; then, per level, the time each decision takes
(``choose`` plus the watcher's ``calls_crapette``): median, 95th percentile and maximum.

A benchmark, not a test: the figures depend on the machine (docs/performance.md).
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from collections import defaultdict
from itertools import combinations

from games.crapette import CALL, Deal, GameState, Player, Rules
from games.crapette.computer import Computer, Level, Vigilance


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (sound even near 0 % or 100 %)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(first: Level, second: Level, seed: int, rules: Rules, times: dict) -> Level | None:
    """One game; returns the winning level (None for a stalemate)."""
    seat_of = {first: Player.A, second: Player.B} if seed % 2 == 0 else {
        first: Player.B, second: Player.A}  # fmt: skip
    computers = {
        seat: Computer(seat, level, Vigilance.ALWAYS, seed=seed) for level, seat in seat_of.items()
    }
    level_at = {seat: level for level, seat in seat_of.items()}
    state = GameState.new(Deal.from_seed(seed), rules)
    for _ in range(20_000):
        if state.is_over:
            break
        mover, watcher = computers[state.turn], computers[state.turn.other]
        started = time.perf_counter()
        call = watcher.calls_crapette(state)
        move = CALL if call else mover.choose(state)
        times[level_at[watcher.seat if call else mover.seat]].append(time.perf_counter() - started)
        state.apply(move)
    return level_at[state.winner] if state.winner is not None else None


QUICK = ["--games", "4"]


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    return parser


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args([] if argv is None else argv)
    rules = Rules()
    print(f"python {platform.python_version()}, {args.games} games per pairing, standard rules")
    times: dict[Level, list[float]] = defaultdict(list)
    for first, second in combinations(Level, 2):
        wins = {first: 0, second: 0, None: 0}
        for seed in range(args.games):
            wins[play(first, second, seed, rules, times)] += 1
        decided = wins[first] + wins[second]
        low, high = wilson(wins[first], decided)
        rate = wins[first] / decided if decided else 0.0
        print(
            f"{first.value:>8} vs {second.value:<8}  {wins[first]:4d} - {wins[second]:4d}"
            f"  ({wins[None]} stalemates)   {first.value} wins {100 * rate:5.1f} %"
            f"  [95 % CI {100 * low:5.1f} - {100 * high:5.1f} %]",
            flush=True,
        )
    print("time per decision (ms):")
    for level in Level:
        ms = sorted(1000 * t for t in times[level])
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        print(
            f"  {level.value:<8} {len(ms):7d} decisions  median {statistics.median(ms):6.3f}"
            f"  p95 {p95:6.3f}  max {ms[-1]:7.3f}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
