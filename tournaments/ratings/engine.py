"""The rating engine: openskill's Bradley-Terry model walked through the games in order.

Plain Python (layer 0): the service feeds it :class:`RatedGame` records in the order they were
played, and gets back a :class:`Point` per player (and per pair of partners) after each game.
The model and its parameters are argued in docs/ratings.md; the benchmark
(``benchmarks/bench_ratings.py``) measures what they predict on simulated seasons.

- A game is two sides of one or more players. Each player has a rating; a side's strength is the
  sum of its players' (openskill's team of ratings), so a player changing partners keeps one
  rating and the partner's is accounted for.
- A pair (two players, in either order) has its own rating too, a separate entity: it moves only
  in games between two pairs, as a one-entity team against the other pair.
- The caller leaves out byes and forfeits (no game was played) and games of unreleased events.

>>> engine = RatingEngine()
>>> points = engine.rate(RatedGame(game=1, side_a=(1, 2), side_b=(3, 4), winner="a"))
>>> [(p.player, p.partner) for p in points]
[(1, None), (2, None), (3, None), (4, None), (1, 2), (3, 4)]
>>> engine.players[1].mu > 25 > engine.players[3].mu
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from openskill.models import BradleyTerryFull

# The model's parameters (docs/ratings.md, "The model and its parameters").
MU = 25.0  # a new player's rating
SIGMA = MU / 3  # a new player's uncertainty (openskill's default)
BETA = 40.0  # a game's luck: cribbage is a game of chance as much as skill
TAU = MU / 300  # how much a player's strength may drift between two games (openskill's default)
Z = 2.0  # the range shown is mu ± Z sigma; the leaderboard ranks by its low end, mu − Z sigma

KAPPA = 0.0001  # openskill's floor on the factor that narrows sigma
ORDINAL_Z = 3.0  # openskill's ordinal(), which orders a team's players before summing them

Winner = Literal["a", "b"] | None  # None: a tie (a crapette draw, say)
# Each side's score against the other: 1 for a win, 0.5 for a tie (openskill's ranks).
SCORES: dict[Winner, tuple[float, float]] = {"a": (1.0, 0.0), "b": (0.0, 1.0), None: (0.5, 0.5)}


def make_model(*, beta: float = BETA, tau: float = TAU) -> BradleyTerryFull:
    """The model with Huche's parameters (others only for the benchmark's comparisons)."""
    return BradleyTerryFull(mu=MU, sigma=SIGMA, beta=beta, tau=tau)


def low_end(mu: float, sigma: float) -> float:
    """The low end of the range shown (openskill's ordinal with z = Z)."""
    return mu - Z * sigma


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game that counts: its id, each side's players (ids known to the league), who won."""

    game: int
    side_a: tuple[int, ...]
    side_b: tuple[int, ...]
    winner: Winner


@dataclass(frozen=True, slots=True)
class Point:
    """A rating after one game: a player's (``partner`` None) or a pair's (``player`` < ``partner``)."""

    player: int
    partner: int | None
    game: int
    games: int  # the games this player or pair has been rated on, this one included
    mu: float
    sigma: float

    @property
    def low(self) -> float:
        return low_end(self.mu, self.sigma)


class Skill:
    """A rating: mu and sigma (openskill's rating object without its id and checks)."""

    __slots__ = ("mu", "sigma")

    def __init__(self, mu: float = MU, sigma: float = SIGMA) -> None:
        self.mu = mu
        self.sigma = sigma

    def __repr__(self) -> str:
        return f"Skill(mu={self.mu!r}, sigma={self.sigma!r})"


def bradley_terry(
    side_a: Sequence[Skill], side_b: Sequence[Skill], winner: Winner, *, beta: float, tau: float
) -> tuple[list[Skill], list[Skill]]:
    """The sides' ratings after one game: openskill's ``BradleyTerryFull.rate`` for two teams
    (its defaults otherwise: no weights, no balance, no margin, sigma not limited), written
    out with the same operations in the same order, so the same numbers to the last bits
    (``tests/tournaments/ratings/test_engine.py`` compares them on random games). Five times
    faster: no argument checks, no deep copy, no rating objects with ids."""
    tau_squared = tau * tau
    sides = []
    for side in (side_a, side_b):
        # openskill adds the drift first, then sums the team by ordinal, highest first
        sigmas = [math.sqrt(skill.sigma * skill.sigma + tau_squared) for skill in side]
        order: Sequence[int] = range(len(side))
        if len(side) > 2:  # the order of two terms does not change their sum
            order = sorted(order, key=lambda j: side[j].mu - ORDINAL_Z * sigmas[j], reverse=True)
        mu_summed = sigma_squared_summed = 0.0
        for j in order:
            mu_summed += side[j].mu * 1.0
            sigma_squared_summed += (sigmas[j] * 1.0) ** 2
        sides.append((side, sigmas, mu_summed, sigma_squared_summed))
    two_beta_squared = 2 * beta**2
    out: list[list[Skill]] = []
    for (side, sigmas, mu_i, ss_i), (_side, _sigmas, mu_q, ss_q), score in zip(
        sides, sides[::-1], SCORES[winner], strict=True
    ):
        c_iq = math.sqrt(ss_i + ss_q + two_beta_squared)
        piq = 1 / (1 + math.exp(((mu_q - mu_i) / 1.0) / c_iq))
        sigma_squared_to_ciq = ss_i / c_iq
        omega = 0.0 + sigma_squared_to_ciq * (score - piq)
        gamma = math.sqrt(ss_i) / c_iq
        delta = 0.0 + ((gamma * sigma_squared_to_ciq) / c_iq) * piq * (1 - piq)
        after = []
        for skill, sigma in zip(side, sigmas, strict=True):
            share = sigma**2 / ss_i
            after.append(
                Skill(
                    skill.mu + share * omega * 1.0,
                    sigma * math.sqrt(max(1 - share * delta * 1.0, KAPPA)),
                )
            )
        out.append(after)
    return out[0], out[1]


def pair_of(side: Sequence[int]) -> tuple[int, int] | None:
    """The pair a side forms: two distinct players, smaller id first; else None."""
    players = sorted(set(side))
    return (players[0], players[1]) if len(players) == 2 else None


@dataclass
class RatingEngine:
    """Players' and pairs' current ratings, updated game after game."""

    beta: float = BETA
    tau: float = TAU
    players: dict[int, Skill] = field(default_factory=dict)
    pairs: dict[tuple[int, int], Skill] = field(default_factory=dict)
    games: dict[tuple[int, int | None], int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.model = make_model(beta=self.beta, tau=self.tau)

    def player(self, player: int) -> Skill:
        if player not in self.players:
            self.players[player] = Skill()
        return self.players[player]

    def pair(self, pair: tuple[int, int]) -> Skill:
        if pair not in self.pairs:
            self.pairs[pair] = Skill()
        return self.pairs[pair]

    def rate(self, game: RatedGame) -> list[Point]:
        """Update the ratings with one game; the points after it (players, then pairs)."""
        if not game.side_a or not game.side_b or set(game.side_a) & set(game.side_b):
            raise ValueError(
                f"game {game.game}: each side needs players of its own "
                f"(got {game.side_a} against {game.side_b})"
            )
        sides = [sorted(set(game.side_a)), sorted(set(game.side_b))]
        rated = bradley_terry(
            [self.player(p) for p in sides[0]],
            [self.player(p) for p in sides[1]],
            game.winner,
            beta=self.beta,
            tau=self.tau,
        )
        points = []
        for side, after in zip(sides, rated, strict=True):
            for player, rating in zip(side, after, strict=True):
                self.players[player] = rating
                points.append(self._point(player, None, game.game, rating))
        pairs = [pair_of(side) for side in sides]
        if pairs[0] is not None and pairs[1] is not None:
            both = bradley_terry(
                [self.pair(pairs[0])],
                [self.pair(pairs[1])],
                game.winner,
                beta=self.beta,
                tau=self.tau,
            )
            for pair, after in zip(pairs, both, strict=True):
                assert pair is not None
                self.pairs[pair] = after[0]
                points.append(self._point(pair[0], pair[1], game.game, after[0]))
        return points

    def _point(self, player: int, partner: int | None, game: int, rating: Skill) -> Point:
        key = (player, partner)
        self.games[key] = self.games.get(key, 0) + 1
        return Point(player, partner, game, self.games[key], rating.mu, rating.sigma)

    def player_skill(self, player: int) -> Skill:
        """The player's rating, a new player's if not rated yet (nothing stored)."""
        return self.players.get(player) or Skill()

    def strength(self, side: Iterable[int]) -> float:
        """A side's expected strength: the sum of its players' mu (a new player counts MU)."""
        return sum(self.players[p].mu if p in self.players else MU for p in side)

    def chance(self, side_a: Sequence[int], side_b: Sequence[int]) -> float:
        """The model's probability that side A beats side B (openskill's ``predict_win``)."""
        teams = [
            [
                self.model.rating(mu=self.player_skill(p).mu, sigma=self.player_skill(p).sigma)
                for p in s
            ]
            for s in (side_a, side_b)
        ]
        return float(self.model.predict_win(teams)[0])


def rate_all(games: Iterable[RatedGame], engine: RatingEngine | None = None) -> list[Point]:
    """Every point of every game, in the order given (the order they were played)."""
    engine = engine or RatingEngine()
    return [point for game in games for point in engine.rate(game)]
