"""What the ratings predict: ``.venv/bin/python -m benchmarks.bench_ratings [--seasons N] …``.

Also runnable as ``python benchmarks/bench_ratings.py``. Simulates seasons whose true strengths
are known, rates them with Huche's rating engine (``tournaments.ratings.engine``, the code the
site runs) and counts how often the higher-rated team wins its next game, against the oracle
(the team truly stronger) and a coin flip. The figures are in docs/ratings.md.

The simulated league (the assumptions, said once here and in docs/ratings.md):

- ``--players`` players (default 64), each with a true skill drawn from a normal law (mean 0,
  standard deviation 1); it does not change during the season.
- Each player has a usual partner. At each event three players in four come; a player whose
  usual partner came plays with them four times in five, otherwise with another player left
  without a partner (pairs change partners).
- An event is ``--rounds`` games (default 8) between pairs drawn at random; an odd pair out
  rests (a bye: no game, not rated).
- A pair's true strength is the sum of its two players' skills; a game is won by A with the
  probability 1 / (1 + exp(−k (S_A − S_B))), k = ``--luck-k`` (default 0.2: cribbage is luck
  as much as skill, so a pair of two players one standard deviation above the mean beats an
  average pair 60 % of the time).

Each game is predicted *before* it is rated (no peeking), every game of every season counted,
and once more only the games whose four players have ten games or more behind them ("settled").
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.ratings.engine import BETA, TAU, RatedGame, RatingEngine, pair_of

SETTLED = 10  # games behind each of the four players for a game to count as "settled"


@dataclass
class Tally:
    """Games predicted, and how often each predictor picked the winner (a tie counts half)."""

    games: int = 0
    rated: float = 0.0
    oracle: float = 0.0
    coin: float = 0.0
    log_loss: float = 0.0

    def add(self, rated: float, oracle: float, coin: float, chance_of_winner: float) -> None:
        self.games += 1
        self.rated += rated
        self.oracle += oracle
        self.coin += coin
        self.log_loss -= math.log(max(chance_of_winner, 1e-12))

    def line(self, title: str) -> str:
        if not self.games:
            return f"{title:<40} no game"
        n = self.games
        return (
            f"{title:<40} {n:7d} games | higher-rated wins {100 * self.rated / n:5.1f} % | "
            f"oracle {100 * self.oracle / n:5.1f} % | coin {100 * self.coin / n:5.1f} % | "
            f"log loss {self.log_loss / n:.4f} (coin {math.log(2):.4f})"
        )


@dataclass
class Results:
    every: Tally = field(default_factory=Tally)
    settled: Tally = field(default_factory=Tally)
    pairs: Tally = field(default_factory=Tally)


def pick(first: float, second: float) -> float:
    """1 if the first is higher, 0 if lower, ½ on a tie."""
    return 1.0 if first > second else 0.0 if first < second else 0.5


def event_pairs(players: list[int], partner: dict[int, int], rng: random.Random) -> list[tuple]:
    """The pairs of one event: who came, with their usual partner or another."""
    came = [p for p in players if rng.random() < 0.75]
    here, pairs, alone = set(came), [], []
    for p in came:
        if p in here and partner[p] in here and rng.random() < 0.8:
            pairs.append((p, partner[p]))
            here -= {p, partner[p]}
        elif p in here:
            alone.append(p)
            here.discard(p)
    rng.shuffle(alone)
    pairs += [(alone[i], alone[i + 1]) for i in range(0, len(alone) - 1, 2)]
    return pairs


def simulate_season(args, seed: int, engine: RatingEngine, results: Results) -> None:
    rng = random.Random(seed)
    players = list(range(1, args.players + 1))
    skill = {p: rng.gauss(0.0, 1.0) for p in players}
    order = players[:]
    rng.shuffle(order)
    partner = {}
    for a, b in zip(order[::2], order[1::2], strict=False):
        partner[a], partner[b] = b, a
    played: dict[int, int] = dict.fromkeys(players, 0)
    game_id = 0
    for _event in range(args.events):
        pairs = event_pairs(players, partner, rng)
        for _round in range(args.rounds):
            rng.shuffle(pairs)
            for side_a, side_b in zip(pairs[::2], pairs[1::2], strict=False):
                game_id += 1
                true_a = sum(skill[p] for p in side_a)
                true_b = sum(skill[p] for p in side_b)
                a_wins = rng.random() < 1 / (1 + math.exp(-args.luck_k * (true_a - true_b)))
                chance = engine.chance(side_a, side_b)
                rated = pick(engine.strength(side_a), engine.strength(side_b))
                if not a_wins:
                    rated, chance = 1 - rated, 1 - chance
                oracle = pick(true_a, true_b) if a_wins else pick(true_b, true_a)
                coin = 1.0 if rng.random() < 0.5 else 0.0
                results.every.add(rated, oracle, coin, chance)
                if min(played[p] for p in side_a + side_b) >= SETTLED:
                    results.settled.add(rated, oracle, coin, chance)
                pair_a, pair_b = pair_of(side_a), pair_of(side_b)
                if pair_a in engine.pairs and pair_b in engine.pairs:
                    mu_a, mu_b = engine.pairs[pair_a].mu, engine.pairs[pair_b].mu
                    by_pair = pick(mu_a, mu_b) if a_wins else pick(mu_b, mu_a)
                    results.pairs.add(by_pair, oracle, coin, 0.5)
                engine.rate(RatedGame(game_id, side_a, side_b, "a" if a_wins else "b"))
                for p in side_a + side_b:
                    played[p] += 1


def run(args, *, beta: float = BETA, tau: float = TAU) -> Results:
    results = Results()
    for season in range(args.seasons):
        simulate_season(args, 1000 + season, RatingEngine(beta=beta, tau=tau), results)
    return results


QUICK = ["--seasons", "1", "--events", "4", "--players", "24", "--quick-models"]


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, default=20, help="independent seasons")
    parser.add_argument("--events", type=int, default=12, help="events a season")
    parser.add_argument("--rounds", type=int, default=8, help="games an event")
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--luck-k", type=float, default=0.2, help="skill's weight in a game")
    parser.add_argument(
        "--quick-models", action="store_true", help="only Huche's parameters, no comparison"
    )
    return parser


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args([] if argv is None else argv)
    print(
        f"{args.seasons} season(s) of {args.events} events x {args.rounds} games, "
        f"{args.players} players, k = {args.luck_k}"
    )
    started = time.perf_counter()
    results = run(args)
    seconds = time.perf_counter() - started
    print(f"({results.every.games} games simulated, predicted and rated in {seconds:.1f} s)")
    print(f"Huche's model (BradleyTerryFull, beta {BETA:g}, tau {TAU:.4f}):")
    print(results.every.line("  every game"))
    print(results.settled.line(f"  settled (all four have {SETTLED}+ games)"))
    print(results.pairs.line("  the pairs' own ratings (both rated)").split(" | log")[0])
    if args.quick_models:
        return
    print("Other parameters, every game (the choice in docs/ratings.md):")
    for beta, tau in [(b, TAU) for b in (25 / 6, 12.5, 25.0, 40.0, 60.0)] + [(BETA, 0.0)]:
        tally = run(args, beta=beta, tau=tau).every
        print(tally.line(f"  beta {beta:5.2f}, tau {tau:.4f}"))
    stronger = argparse.Namespace(**{**vars(args), "luck_k": 2 * args.luck_k})
    print(f"Skill counting twice as much (k = {stronger.luck_k}), Huche's parameters:")
    print(run(stronger).every.line("  every game"))


if __name__ == "__main__":
    main(sys.argv[1:])
