"""Types, the :class:`Movement` base class and helpers shared by every seating strategy.

Plain Python, no Django: the tournaments service layer converts its models into a
:class:`MovementContext` and turns the returned :class:`RoundDraw` into tables and games.

Round 1 is the same for every strategy (except round robin, whose Berger positions come from
the same order): the present teams are put in order, either the organizer's ``seeded_order`` or
a shuffle of the registration order by ``random.Random(seed)``, then paired 1 v 2 at table 1,
3 v 4 at table 2, and so on; with an odd count the last team of that order has the bye.

>>> ctx = MovementContext(round_number=1, teams=(10, 20, 30), seed=0, seeded_order=(30, 10, 20))
>>> draw_in_order(first_round_order(ctx))
RoundDraw(pairings=(Pairing(table=1, team_a=30, team_b=10),), bye=20)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeGuard

MIN_TEAMS_TO_START = 3  # FADOQ rule: an event needs at least 3 registered teams.


class MovementError(ValueError):
    """A seating request that cannot be honoured; the message says what, where and what is allowed."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two teams seated at one table (tables are numbered from 1)."""

    table: int
    team_a: int
    team_b: int


@dataclass(frozen=True, slots=True)
class RoundDraw:
    """The seating of one round: the games, table by table, and the team with the bye (if any)."""

    pairings: tuple[Pairing, ...]
    bye: int | None = None

    def seated_teams(self) -> list[int]:
        """Every team of the round, table by table, the bye last."""
        teams = [t for p in self.pairings for t in (p.team_a, p.team_b)]
        return teams + ([self.bye] if self.bye is not None else [])


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One game of an earlier round; ``team_b`` None is a bye (``table`` is then ignored)."""

    round: int
    table: int | None
    team_a: int
    team_b: int | None
    winner: int | None

    @property
    def is_bye(self) -> bool:
        return self.team_b is None

    @property
    def loser(self) -> int | None:
        """The team that lost a decided game (None for a bye or an undecided game)."""
        if self.is_bye or self.winner is None:
            return None
        return self.team_b if self.winner == self.team_a else self.team_a

    def describe(self) -> str:
        if self.is_bye:
            return f"round {self.round}, bye of team {self.team_a}"
        return f"round {self.round}, table {self.table}: game {self.team_a} v {self.team_b}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementContext:
    """Everything a strategy needs to seat one round; checked on construction.

    ``teams``: the teams present for this round, in registration order (withdrawn teams are
    absent, late entries appear). ``history``: every game of the earlier rounds, all decided.
    ``ranking``: present teams best first (Swiss only; the caller computes it). ``seed``: the
    event's recorded seed, so round 1 is reproducible. ``seeded_order``: an organizer's order
    for round 1 instead of the random draw. ``ratings``: (team, rating) for every present
    team, for a Swiss round 1 seeded by rating (the caller computes them: docs/ratings.md).
    """

    round_number: int
    teams: tuple[int, ...]
    history: tuple[PlayedGame, ...] = ()
    ranking: tuple[int, ...] = ()
    seed: int
    seeded_order: tuple[int, ...] | None = None
    ratings: tuple[tuple[int, float], ...] = ()

    def __post_init__(self) -> None:
        for name in ("teams", "history", "ranking", "ratings"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if self.seeded_order is not None:
            object.__setattr__(self, "seeded_order", tuple(self.seeded_order))
        _check_context(self)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_ids(values: Iterable[object], where: str) -> None:
    for value in values:
        if not _is_int(value):
            raise MovementError(
                f"team ids must be integers: got {value!r} ({type(value).__name__}) in {where}"
            )


def _check_context(ctx: MovementContext) -> None:
    r = ctx.round_number
    if not _is_int(r) or r < 1:
        raise MovementError(f"round_number must be an integer of 1 or more: got {r!r}")
    if not _is_int(ctx.seed):
        raise MovementError(f"seed must be an integer: got {ctx.seed!r}")
    _check_ids(ctx.teams, "teams")
    twice = sorted(t for t, n in Counter(ctx.teams).items() if n > 1)
    if twice:
        raise MovementError(
            f"team {twice[0]} is listed twice in teams; each present team must appear once"
        )
    if r == 1 and len(ctx.teams) < MIN_TEAMS_TO_START:
        raise MovementError(
            f"an event needs at least {MIN_TEAMS_TO_START} teams to start: "
            f"{len(ctx.teams)} {'is' if len(ctx.teams) == 1 else 'are'} registered"
        )
    if len(ctx.teams) < 2:
        raise MovementError(
            f"round {r} needs at least 2 present teams to seat a game: {len(ctx.teams)} present"
        )
    _check_ids(ctx.ranking, "ranking")
    _check_ratings(ctx.ratings)
    if ctx.seeded_order is not None:
        _check_ids(ctx.seeded_order, "seeded_order")
    _check_history(ctx.history, r)


def _check_ratings(ratings: Sequence[tuple[int, float]]) -> None:
    for entry in ratings:
        team, rating = entry if isinstance(entry, tuple) and len(entry) == 2 else (None, None)
        if not _is_int(team) or isinstance(rating, bool) or not isinstance(rating, int | float):
            raise MovementError(f"ratings must hold (team id, rating number) pairs: got {entry!r}")


def _check_history(history: Sequence[PlayedGame], round_number: int) -> None:
    """Every earlier round present, every game decided, no team or table used twice a round."""
    teams_in_round: dict[int, dict[int, PlayedGame]] = defaultdict(dict)
    tables_in_round: dict[int, dict[int, PlayedGame]] = defaultdict(dict)
    for game in history:
        _check_played_game(game, round_number)
        if not game.is_bye:
            _claim_table(tables_in_round[game.round], game)
        for team in (game.team_a, game.team_b):
            if team is not None:
                _claim_team(teams_in_round[game.round], team, game)
    missing = [k for k in range(1, round_number) if k not in teams_in_round]
    if missing:
        raise MovementError(
            f"history has no games for round {missing[0]}; seating round {round_number} needs "
            f"the games of every earlier round"
        )


def _check_played_game(game: PlayedGame, round_number: int) -> None:
    """One game on its own: an earlier round, integer ids, and a winner who played in it."""
    if not isinstance(game, PlayedGame):
        raise MovementError(f"history must hold PlayedGame items: got {game!r}")
    if not _is_int(game.round) or not 1 <= game.round < round_number:
        earlier = f"rounds 1 to {round_number - 1}" if round_number > 1 else "no round"
        raise MovementError(
            f"{game.describe()} is not an earlier round: seating round {round_number} "
            f"accepts history of {earlier}"
        )
    if not _is_int(game.team_a) or not (game.is_bye or _is_int(game.team_b)):
        _check_ids([game.team_a, game.team_b], game.describe())
    if game.is_bye:
        if game.winner not in (None, game.team_a):
            raise MovementError(
                f"{game.describe()}: a bye has no winner other than the team itself "
                f"(got winner {game.winner!r})"
            )
        return
    if game.team_a == game.team_b:
        raise MovementError(f"{game.describe()}: team {game.team_a} cannot play itself")
    if not _is_int(game.table) or game.table < 1:
        raise MovementError(
            f"{game.describe()}: table must be an integer of 1 or more, got {game.table!r}"
        )
    if game.winner is None:
        raise MovementError(
            f"{game.describe()} has no winner; every game of the earlier rounds must be "
            f"decided before seating round {round_number}"
        )
    if game.winner not in (game.team_a, game.team_b):
        raise MovementError(
            f"{game.describe()}: winner {game.winner!r} did not play in this game "
            f"(allowed: {game.team_a} or {game.team_b})"
        )


def _claim_table(tables: dict[int, PlayedGame], game: PlayedGame) -> None:
    """Record the table of a (checked) game, refusing a second game at it in the same round."""
    table = game.table
    assert table is not None, "_check_played_game refuses a game without a table"
    clash = tables.get(table)
    if clash:
        raise MovementError(
            f"round {game.round}: table {table} holds two games "
            f"({clash.team_a} v {clash.team_b} and {game.team_a} v {game.team_b})"
        )
    tables[table] = game


def _claim_team(teams: dict[int, PlayedGame], team: int, game: PlayedGame) -> None:
    """Record that ``team`` played ``game``, refusing a second game of it in the same round."""
    seen = teams.get(team)
    if seen:
        raise MovementError(
            f"round {game.round}: team {team} appears twice ({seen.describe()}; {game.describe()})"
        )
    teams[team] = game


# -- helpers over the history -------------------------------------------------------------------


def opponents(history: Iterable[PlayedGame]) -> dict[int, set[int]]:
    """Team → the set of teams it has already met (byes are not meetings)."""
    met: dict[int, set[int]] = defaultdict(set)
    for game in history:
        if game.team_b is not None:  # not a bye
            met[game.team_a].add(game.team_b)
            met[game.team_b].add(game.team_a)
    return met


def bye_counts(history: Iterable[PlayedGame]) -> Counter[int]:
    """Team → number of byes it has had."""
    return Counter(game.team_a for game in history if game.is_bye)


def games_of_round(history: Iterable[PlayedGame], round_number: int) -> list[PlayedGame]:
    return [game for game in history if game.round == round_number]


def repeat_pairings(draw: RoundDraw, history: Iterable[PlayedGame]) -> int:
    """How many games of ``draw`` are rematches: pairs that already met in an earlier round."""
    met = opponents(history)
    return sum(1 for p in draw.pairings if p.team_b in met.get(p.team_a, ()))


def fewest_byes(teams: Iterable[int], byes: Counter[int]) -> set[int]:
    """The teams that may take the bye: those with the fewest byes so far among ``teams``.

    A team gets a second bye only once every present team has had one, and so on.
    """
    teams = list(teams)
    least = min(byes[t] for t in teams)
    return {t for t in teams if byes[t] == least}


# -- round 1 ------------------------------------------------------------------------------------


def first_round_order(ctx: MovementContext) -> list[int]:
    """The round-1 order: ``seeded_order`` if given, else the teams shuffled by ``seed``."""
    if ctx.seeded_order is not None:
        _check_same_teams(ctx.seeded_order, ctx.teams, "seeded_order")
        return list(ctx.seeded_order)
    order = list(ctx.teams)
    random.Random(ctx.seed).shuffle(order)
    return order


def draw_in_order(order: Sequence[int]) -> RoundDraw:
    """1 v 2 at table 1, 3 v 4 at table 2, …; with an odd count the last team has the bye."""
    pairings = tuple(
        Pairing(table=i // 2 + 1, team_a=order[i], team_b=order[i + 1])
        for i in range(0, len(order) - 1, 2)
    )
    return RoundDraw(pairings=pairings, bye=order[-1] if len(order) % 2 else None)


def _check_same_teams(given: Sequence[int], teams: Sequence[int], where: str) -> None:
    """``given`` must list every present team exactly once."""
    present = set(teams)
    problems = []
    missing = [t for t in teams if t not in set(given)]
    if missing:
        problems.append("missing " + ", ".join(map(str, missing)))
    absent = sorted({t for t in given if t not in present})
    if absent:
        problems.append("not present this round " + ", ".join(map(str, absent)))
    twice = sorted(t for t, n in Counter(given).items() if n > 1)
    if twice:
        problems.append("listed twice " + ", ".join(map(str, twice)))
    if problems:
        raise MovementError(
            f"{where} must list every present team exactly once: " + "; ".join(problems)
        )


# -- the strategy interface ---------------------------------------------------------------------


class Movement(ABC):
    """A seating strategy. ``name`` is the stored slug, ``label`` the English display name."""

    name: ClassVar[str]
    label: ClassVar[str]

    @abstractmethod
    def seat(self, ctx: MovementContext) -> RoundDraw:
        """Seat round ``ctx.round_number``; raises :class:`MovementError` if it cannot."""

    def max_rounds(self, team_count: int) -> int | None:
        """The most rounds this strategy can seat for ``team_count`` teams (None: no limit)."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
