"""Seating speed: ``.venv/bin/python -m benchmarks.bench_movement [--teams N] [--rounds R]``.

Also runnable as ``python benchmarks/bench_movement.py``. Seats N teams (default 1,000, and
N + 1 for the odd case with a bye) for R rounds (default 8) with each strategy, winners drawn at
random, and prints the time of every round and the rematches it needed. Then the worst case of
the exact winners-stay search (28 teams: 14 movers) and a 20-team round robin.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.seating.movement import (
    MovementContext,
    PlayedGame,
    get_movement,
    repeat_pairings,
    rounds_needed,
)


def run_event(name: str, team_count: int, rounds: int, seed: int = 1) -> list[tuple[float, int]]:
    """(seconds, rematches) per round of a simulated event with random winners."""
    movement = get_movement(name)
    teams = list(range(1, team_count + 1))
    rng = random.Random(seed)
    history: list[PlayedGame] = []
    wins: Counter[int] = Counter()
    results = []
    for r in range(1, rounds + 1):
        start = time.perf_counter()  # building the context includes checking the history
        ctx = MovementContext(
            round_number=r,
            teams=tuple(teams),
            history=tuple(history),
            ranking=tuple(sorted(teams, key=lambda t: (-wins[t], t))),
            seed=seed,
        )
        draw = movement.seat(ctx)
        results.append((time.perf_counter() - start, repeat_pairings(draw, history)))
        for p in draw.pairings:
            winner = p.team_a if rng.random() < 0.5 else p.team_b
            wins[winner] += 1
            history.append(PlayedGame(r, p.table, p.team_a, p.team_b, winner))
        if draw.bye is not None:
            history.append(PlayedGame(r, None, draw.bye, None, None))
    return results


def report(title: str, results: list[tuple[float, int]]) -> None:
    times = " ".join(f"{t * 1000:6.1f}" for t, _ in results)
    total = sum(t for t, _ in results)
    rematches = sum(n for _, n in results)
    print(f"{title:<34} total {total * 1000:7.1f} ms | per round (ms): {times}")
    print(f"{'':<34} rematches: {rematches}")


QUICK = ["--teams", "100", "--rounds", "3"]


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=8)
    return parser


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args([] if argv is None else argv)
    print(f"Python {platform.python_version()} on {platform.machine()}")
    for name in ("winners_stay", "swiss"):
        for count in (args.teams, args.teams + 1):
            report(f"{name}, {count} teams", run_event(name, count, args.rounds))
    slowest = max(
        (max(t for t, _ in run_event("winners_stay", 28, 8, seed)), seed) for seed in range(5)
    )
    print(f"winners_stay exact search, 28 teams: slowest round {slowest[0] * 1000:.1f} ms")
    report("round_robin, 20 teams", run_event("round_robin", 20, rounds_needed(20)))


if __name__ == "__main__":
    main(sys.argv[1:])
