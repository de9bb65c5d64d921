"""Computer players: strength and speed. ``.venv/bin/python -m benchmarks bench_computer``.

Self-play of whole 121-point games (STANDARD_2P_121) for every pairing of levels, in parallel
processes (``--workers``, default 2). The games are played in pairs, as in duplicate bridge: the
two games of a pair get the same cards (the same seed: each deal's pack depends only on the seed
and the deal's number) and the two levels swap seats, so what one level was dealt the other is
dealt in the other game, until the games part ways. The first dealer is cut for, as at the
table. Reported:

- the win rate of the first level of each pairing with its 95 % confidence interval, from the
  pairs' scores (0, ½ or 1: p ± 1.96·s/√pairs, s the pairs' standard deviation). Luck of the
  cards cancels within a pair, so the interval is narrower than that of as many unpaired games
  (±1.96·√(p(1-p)/n), printed alongside; ``--unpaired`` plays every game with its own cards);
- average points per deal by level and role (dealer / non-dealer): hand, crib, pegging (the
  play, go, last card and his heels), over the deals that reached the crib's count;
- every decision's time (discard or play) per level: median, 95th percentile, maximum, as wall
  clock and as the deciding thread's CPU time (a shared machine's waits inflate the first).

Four-handed (FADOQ rules, 121 points, partners opposite): a pair of one level against a pair
of another (``--four-pairings``, default ``pro:standard``), the pairs swapping places every
other game; ``--four-games N`` (env ``HUCHE_BENCH_COMPUTER_FOUR_GAMES``, default 1000, 0 to
skip). Its win rate and decision times are printed like the two-handed ones.

Options: ``--games N`` per pairing (env ``HUCHE_BENCH_COMPUTER_GAMES``, default 4000: the
interval is then about ±1.5 points), ``--pairings easy:standard,standard:pro`` to run only some.
Progress is printed every ``--progress`` games. ``--four-first-game N`` numbers the four-handed
games from N (even), for more games on other cards than an earlier run's. ``--four-deals N``
plays N single four-handed deals from 0-0, each on the same cards with and without the first
level's pair, and prints the points a deal that pair adds to its team's margin.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from collections import defaultdict

from games.cribbage.actions import Deal
from games.cribbage.computer import computer, computer_action
from games.cribbage.game import GameState, Phase
from games.cribbage.rules import FADOQ, STANDARD_2P_121

PAIRINGS = [("pro", "standard"), ("standard", "easy"), ("pro", "easy")]
FOUR_PAIRINGS = [("pro", "standard")]
PEGGING = {"play", "go", "last card", "his heels"}


def timed_move(game, players, levels, times, cpu):
    """The seat to act decides and its move is applied; a discard's or a card's decision time
    (wall clock and the thread's CPU) is added to that seat's level."""
    seat = game.to_act
    assert seat is not None, "a game that is not over has a seat to act"
    decision = game.phase in (Phase.DISCARD, Phase.PLAY)
    started, started_cpu = time.perf_counter(), time.thread_time()
    action = computer_action(game, seat, players[seat])
    if decision:
        times[levels[seat]].append(time.perf_counter() - started)
        cpu[levels[seat]].append(time.thread_time() - started_cpu)
    game.apply(action)
    return action


def cards_of(seed: int, paired: bool) -> int:
    """The cards' seed of game ``seed``: the two games of a pair share it."""
    return seed // 2 if paired else seed


def play_one(job: tuple[str, str, int, bool]) -> dict:
    """One game; ``levels[0]`` sits at seat 0 on even seeds, seat 1 on odd ones."""
    first, second, seed, paired = job
    levels = (first, second) if seed % 2 == 0 else (second, first)
    players = [computer(level) for level in levels]
    game = GameState(STANDARD_2P_121, seed=f"bench:{cards_of(seed, paired)}")
    dealers: dict[int, int] = {}
    times: dict[str, list[float]] = {first: [], second: []}
    cpu: dict[str, list[float]] = {first: [], second: []}
    while not game.is_over:
        action = timed_move(game, players, levels, times, cpu)
        if isinstance(action, Deal):
            assert game.dealer is not None, "the dealer deals"
            dealers[game.hand_number] = game.dealer
    # Points per complete deal (the crib was counted), by level, role and kind.
    counted = {e.hand for e in game.events if e.kind == "crib"}
    points: dict[tuple[str, str, str], int] = defaultdict(int)
    for e in game.events:
        if e.hand in counted and e.player is not None:
            kind = "pegging" if e.kind in PEGGING else e.kind
            role = "dealer" if dealers[e.hand] == e.player else "pone"
            points[(levels[e.player], role, kind)] += e.points
    deals: dict[tuple[str, str], int] = defaultdict(int)
    for hand in counted:
        for seat in (0, 1):
            deals[(levels[seat], "dealer" if dealers[hand] == seat else "pone")] += 1
    assert game.winner is not None, "the game is over"
    return {
        "winner": levels[game.winner],
        "deals": dict(deals),
        "points": dict(points),
        "times": times,
        "cpu": cpu,
        "first": first,
        "seed": seed,
    }


def play_four(job: tuple[str, str, int, bool]) -> dict:
    """One four-handed FADOQ game: ``first``'s pair at seats 0 and 2 on even seeds (the pairs
    swap on odd ones); the first dealer is cut for."""
    first, second, seed, paired = job
    pair = (first, second) if seed % 2 == 0 else (second, first)
    levels = (pair[0], pair[1], pair[0], pair[1])
    players = [computer(level) for level in levels]
    game = GameState(FADOQ, seed=f"bench4:{cards_of(seed, paired)}")
    times: dict[str, list[float]] = {first: [], second: []}
    cpu: dict[str, list[float]] = {first: [], second: []}
    while not game.is_over:
        timed_move(game, players, levels, times, cpu)
    assert game.winner is not None, "the game is over"
    return {"winner": pair[game.winner], "times": times, "cpu": cpu, "seed": seed}


def deal_margin(levels: tuple[str, ...], index: int) -> int:
    """One FADOQ deal from 0-0 (deal ``index``'s cards and dealer): side 0's points less side
    1's once the crib is counted."""
    players = [computer(level) for level in levels]
    game = GameState(FADOQ, seed=f"deal4:{index}", first_dealer=index % 4)
    while game.hand_number == 0 or game.phase is not Phase.DEAL:
        timed_move(game, players, levels, defaultdict(list), defaultdict(list))
    return game.scores[0] - game.scores[1]


def deal_effect(job: tuple[str, str, int]) -> float:
    """What ``first``'s decisions change in its team's margin, on one deal's cards: its pair at
    seats 0 and 2, then 1 and 3, each against all four seats played by ``second``."""
    first, second, index = job
    base = deal_margin((second,) * 4, index)
    at_even = deal_margin((first, second, first, second), index)
    at_odd = deal_margin((second, first, second, first), index)
    return ((at_even - base) + (base - at_odd)) / 2


def run_four_deals(deals: int, pairings, workers: int) -> None:
    """Single four-handed deals from 0-0 (``--four-deals``): the points a pair of the first
    level adds to its team's margin a deal over the second level, on the same cards; the
    game's luck cancels, so a small difference shows in fewer deals than whole games need."""
    with multiprocessing.Pool(workers) as pool:
        for first, second in pairings:
            started = time.perf_counter()
            jobs = [(first, second, index) for index in range(deals)]
            effects = pool.map(deal_effect, jobs, chunksize=10)
            mean = statistics.fmean(effects)
            half = 1.96 * statistics.stdev(effects) / math.sqrt(deals) if deals > 1 else 0.0
            changed = sum(1 for e in effects if e)
            print(
                f"four-handed deals from 0-0: a {first} pair adds {mean:+.3f} ± {half:.3f} points "
                f"a deal to its team's margin over a {second} pair (95 %, {deals} deals, "
                f"{changed} changed) [{time.perf_counter() - started:.0f} s]",
                flush=True,
            )


def interval(wins: int, n: int) -> tuple[float, float, float]:
    """Unpaired games: the normal approximation of the binomial."""
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return p, p - half, p + half


def paired_interval(won: dict[int, bool]) -> tuple[float, float, float]:
    """Games in pairs (seeds 2k and 2k+1 share their cards): the mean of the pairs' scores and
    its normal interval (a pair whose twin is missing counts alone)."""
    pairs: dict[int, list[bool]] = defaultdict(list)
    for seed, first_won in won.items():
        pairs[seed // 2].append(first_won)
    scores = [sum(games) / len(games) for games in pairs.values()]
    p = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 1.0
    return p, p - half, p + half


def verdict(first: str, second: str, won: dict[int, bool], paired: bool, seconds: float) -> str:
    wins, games = sum(won.values()), len(won)
    p, low, high = paired_interval(won) if paired else interval(wins, games)
    above = next((f", above {t} %" for t in (60, 55, 50) if low > t / 100), "")
    how = f"{games // 2} pairs of games on the same cards" if paired else "unpaired games"
    unpaired = ""
    if paired:
        _, plain_low, plain_high = interval(wins, games)
        unpaired = f"; as unpaired games {100 * plain_low:.1f}-{100 * plain_high:.1f} %"
    return (
        f"{first} v {second}: {first} wins {wins}/{games} = {100 * p:.1f} % "
        f"(95 % CI {100 * low:.1f}-{100 * high:.1f} %{above or ', NOT entirely above 50 %'}, "
        f"{how}{unpaired}) [{seconds:.0f} s]"
    )


def print_times(times: dict[str, list[float]], cpu: dict[str, list[float]]) -> None:
    print(
        f"{'level':<10}{'decisions':>10}{'median':>9}{'p95':>9}{'max':>9}"
        f"{'cpu med':>9}{'cpu p95':>9}{'cpu max':>9}"
    )
    for level in sorted(times):
        wall, used = sorted(times[level]), sorted(cpu[level])
        if not wall:
            continue
        print(
            f"{level:<10}{len(wall):>10}"
            + "".join(
                f"{1000 * v:>9.2f}"
                for spent in (wall, used)
                for v in (statistics.median(spent), spent[int(0.95 * (len(spent) - 1))], spent[-1])
            )
        )


def run_four(
    games: int, pairings, workers: int, progress: int, paired: bool = True, first_game: int = 0
) -> None:
    """Four-handed FADOQ games, a pair of each level of a pairing (games ``first_game`` on)."""
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    with multiprocessing.Pool(workers) as pool:
        for first, second in pairings:
            started = time.perf_counter()
            won: dict[int, bool] = {}
            seeds = range(first_game, first_game + games)
            jobs = [(first, second, seed, paired) for seed in seeds]
            results = pool.imap_unordered(play_four, jobs, chunksize=5)
            for done, result in enumerate(results, start=1):
                won[result["seed"]] = result["winner"] == first
                for level, spent in result["times"].items():
                    times[level] += spent
                    cpu[level] += result["cpu"][level]
                if progress and done % progress == 0 and done < games:
                    p = sum(won.values()) / done
                    print(
                        f"  ... {done}/{games} four-handed games, {first} pair {100 * p:.1f} %",
                        flush=True,
                    )
            elapsed = time.perf_counter() - started
            print(
                "four-handed (FADOQ), pairs: " + verdict(first, second, won, paired, elapsed),
                flush=True,
            )
    print("\nfour-handed decision times, milliseconds (wall clock, then CPU)")
    print_times(times, cpu)


def run(games: int, pairings, workers: int, progress: int = 0, paired: bool = True) -> None:
    print(
        f"python {platform.python_version()}, {os.cpu_count()} CPUs, {workers} workers, "
        f"{games} games per pairing (121 points)",
        flush=True,
    )
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    points: dict[tuple[str, str, str], int] = defaultdict(int)
    deals: dict[tuple[str, str], int] = defaultdict(int)
    with multiprocessing.Pool(workers) as pool:
        for first, second in pairings:
            started = time.perf_counter()
            won: dict[int, bool] = {}
            jobs = [(first, second, seed, paired) for seed in range(games)]
            results = pool.imap_unordered(play_one, jobs, chunksize=20)
            for done, result in enumerate(results, start=1):
                won[result["seed"]] = result["winner"] == first
                if progress and done % progress == 0 and done < games:
                    p = sum(won.values()) / done
                    print(f"  ... {done}/{games} games, {first} {100 * p:.1f} %", flush=True)
                for level, spent in result["times"].items():
                    times[level] += spent
                    cpu[level] += result["cpu"][level]
                for key, value in result["points"].items():
                    points[key] += value
                for key, value in result["deals"].items():
                    deals[key] += value
            elapsed = time.perf_counter() - started
            print(verdict(first, second, won, paired, elapsed), flush=True)
    print("\naverage points per deal (complete deals; pegging = play, go, last card, his heels)")
    print(f"{'level':<10}{'role':<8}{'hand':>7}{'crib':>7}{'pegging':>9}{'total':>8}{'deals':>8}")
    for level in sorted({lv for pair in pairings for lv in pair}):
        for role in ("pone", "dealer"):
            n = deals[(level, role)] or 1
            hand, crib, peg = (points[(level, role, k)] / n for k in ("hand", "crib", "pegging"))
            print(
                f"{level:<10}{role:<8}{hand:>7.2f}{crib:>7.2f}{peg:>9.2f}"
                f"{hand + crib + peg:>8.2f}{deals[(level, role)]:>8.0f}"
            )
    print(
        "\ndecision times (discard or play), milliseconds: wall clock, and CPU time of the "
        "deciding thread (the same work without the waits of a loaded machine)"
    )
    print_times(times, cpu)


QUICK = ["--games", "4", "--four-games", "2", "--four-deals", "2"]


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=int(os.environ.get("HUCHE_BENCH_COMPUTER_GAMES", "4000"))
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairings", default=",".join(f"{a}:{b}" for a, b in PAIRINGS))
    parser.add_argument(
        "--four-games",
        type=int,
        default=int(os.environ.get("HUCHE_BENCH_COMPUTER_FOUR_GAMES", "1000")),
    )
    parser.add_argument("--four-pairings", default=",".join(f"{a}:{b}" for a, b in FOUR_PAIRINGS))
    parser.add_argument("--progress", type=int, default=500, help="print every N games (0: no)")
    parser.add_argument(
        "--unpaired", action="store_true", help="every game its own cards (no pairs of games)"
    )
    parser.add_argument(
        "--four-deals",
        type=int,
        default=0,
        help="single four-handed deals from 0-0 on the same cards (the pairing's effect on "
        "the team's margin a deal); 0: none",
    )
    parser.add_argument(
        "--four-first-game",
        type=int,
        default=0,
        help="four-handed: the first game's number (even: a pair's first game), to add games "
        "with other cards to an earlier run",
    )
    return parser


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args([] if argv is None else argv)
    pairings = [tuple(p.split(":")) for p in args.pairings.split(",") if p]
    started = time.perf_counter()
    if args.games and pairings:
        run(args.games, pairings, args.workers, args.progress, not args.unpaired)
    four = [tuple(p.split(":")) for p in args.four_pairings.split(",") if p]
    if args.four_games and four:
        print()
        if args.four_first_game % 2:
            raise SystemExit("--four-first-game must be even: a pair's two games share cards")
        run_four(
            args.four_games,
            four,
            args.workers,
            args.progress // 5,
            not args.unpaired,
            args.four_first_game,
        )
    if args.four_deals and four:
        print()
        run_four_deals(args.four_deals, four, args.workers)
    print(f"\nbench_computer took {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
