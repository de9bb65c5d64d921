"""The plain records the standings are computed from: confirmed games, playoff games, byes.

The Django side loads confirmed results and hands them over as these frozen values; nothing here
touches the database. Records check what they can on their own (a team cannot play itself, a
skunk level is 0-3); checks that need the event's target are made by :func:`index_results`.

>>> game = GameResult(round=1, team_a=3, team_b=5, score_a=121, score_b=88, skunk=1)
>>> game.winner(121), game.loser(121)
(3, 5)
>>> GameResult(round=2, team_a=3, team_b=None, score_a=0, score_b=0, skunk=0).is_bye
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

SKUNK_LEVELS = {0: "none", 1: "skunk", 2: "double skunk", 3: "triple skunk"}


class StandingsError(ValueError):
    """A record or setting the standings cannot use: says what, where, and what is allowed."""


def _require_int(value: object, what: str, *, minimum: int | None = None) -> None:
    # bool is an int subclass; True as a score or team id is always a mistake.
    if not isinstance(value, int) or isinstance(value, bool):
        raise StandingsError(f"{what} must be a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        raise StandingsError(f"{what} must be at least {minimum}, got {value}")


@dataclass(frozen=True, slots=True)
class GameResult:
    """One confirmed game of the series, or a bye when ``team_b`` is None.

    ``skunk`` is the level the winner inflicted on the loser (0 none, 1 skunk, 2 double,
    3 triple), derived by the caller from the event's rule set. A bye carries no scores.
    """

    round: int
    team_a: int
    team_b: int | None
    score_a: int
    score_b: int
    skunk: int = 0
    # With ``team_b`` None: a round a late team missed, counted as a loss by forfeit (0 points
    # against the target, a game played and lost) rather than as a bye.
    forfeit_loss: bool = False

    def __post_init__(self) -> None:
        where = f"game of round {self.round!r} ({self.team_a!r} v {self.team_b!r})"
        _require_int(self.round, f"round of the {where}", minimum=1)
        _require_int(self.team_a, f"team_a of the {where}")
        if self.team_b is not None:
            _require_int(self.team_b, f"team_b of the {where}")
            if self.team_b == self.team_a:
                raise StandingsError(f"{where}: team {self.team_a} cannot play itself")
        _require_int(self.score_a, f"score_a of the {where}", minimum=0)
        _require_int(self.score_b, f"score_b of the {where}", minimum=0)
        if self.skunk not in SKUNK_LEVELS:
            raise StandingsError(
                f"{where}: skunk level {self.skunk!r} is not allowed; allowed: "
                + ", ".join(f"{k} ({v})" for k, v in SKUNK_LEVELS.items())
            )
        if self.forfeit_loss and self.team_b is not None:
            raise StandingsError(f"{where}: a loss by forfeit for a missed round has no opponent")
        if self.team_b is None and (self.score_a, self.score_b, self.skunk) != (0, 0, 0):
            raise StandingsError(
                f"bye of team {self.team_a} in round {self.round} carries scores "
                f"{self.score_a}-{self.score_b} (skunk {self.skunk}); a bye has none: use 0, 0, 0"
            )

    @property
    def is_bye(self) -> bool:
        return self.team_b is None and not self.forfeit_loss

    def winner(self, target: int) -> int:
        """The side that reached ``target``; raises if not exactly one side did."""
        a_done, b_done = self.score_a >= target, self.score_b >= target
        if self.team_b is None or a_done == b_done:  # a bye, or not exactly one side done
            raise StandingsError(
                f"game of round {self.round} ({self.team_a} v {self.team_b}) scored "
                f"{self.score_a}-{self.score_b}: exactly one side must reach the target {target}"
            )
        return self.team_a if a_done else self.team_b

    def loser(self, target: int) -> int:
        winner = self.winner(target)
        assert self.team_b is not None, "winner() refuses a bye"
        return self.team_b if winner == self.team_a else self.team_a


@dataclass(frozen=True, slots=True)
class PlayoffGame:
    """One game of a playoff match (``match`` is the plan's id, e.g. "A"); the scores, when
    known, give the points spread a round robin playoff is ordered by after games won."""

    match: str
    team_a: int
    team_b: int
    winner: int
    score_a: int = 0
    score_b: int = 0

    def __post_init__(self) -> None:
        if self.team_a == self.team_b:
            raise StandingsError(
                f"playoff game of match {self.match}: team {self.team_a} cannot play itself"
            )
        if self.winner not in (self.team_a, self.team_b):
            raise StandingsError(
                f"playoff game of match {self.match} ({self.team_a} v {self.team_b}): "
                f"winner {self.winner!r} is not one of the two teams"
            )

    @property
    def teams(self) -> frozenset[int]:
        return frozenset((self.team_a, self.team_b))


@dataclass(frozen=True, slots=True)
class TeamGame:
    """One game (or bye) seen from one team's side: what the metrics add up."""

    round: int
    team: int
    opponent: int | None  # None: a bye
    score: int
    opponent_score: int
    won: bool
    skunk: int  # the game's skunk level, inflicted by the winner
    forfeit: bool = False  # a missed round lost by forfeit: no opponent, yet not a bye

    @property
    def is_bye(self) -> bool:
        return self.opponent is None and not self.forfeit

    @property
    def skunk_inflicted(self) -> int:
        return self.skunk if self.won else 0

    @property
    def skunk_suffered(self) -> int:
        return 0 if self.won or self.is_bye else self.skunk


def index_results(
    team_ids: Iterable[int], results: Iterable[GameResult], target: int
) -> dict[int, tuple[TeamGame, ...]]:
    """Each team's games (and byes) in round order, after checking the results fit the event.

    Refuses a team that is not one of ``team_ids``, a team twice in one round, and a game where
    not exactly one side reached ``target``.
    """
    teams = list(team_ids)
    games: dict[int, list[TeamGame]] = {}
    for team in teams:
        _require_int(team, "team id")
        if team in games:
            raise StandingsError(f"team {team} is listed twice in the teams of the standings")
        games[team] = []
    seen: set[tuple[int, int]] = set()  # (round, team)
    for result in results:
        team_b = result.team_b  # None: a bye
        sides = (result.team_a,) if team_b is None else (result.team_a, team_b)
        for team in sides:
            if team not in games:
                raise StandingsError(
                    f"game of round {result.round} names team {team}, which is not one of the "
                    f"{len(games)} teams of these standings"
                )
            if (result.round, team) in seen:
                raise StandingsError(
                    f"team {team} appears twice in round {result.round}; a team plays at most "
                    "one game (or has one bye) per round"
                )
            seen.add((result.round, team))
        if team_b is None:
            games[result.team_a].append(
                TeamGame(
                    result.round,
                    result.team_a,
                    None,
                    0,
                    target if result.forfeit_loss else 0,
                    won=False,
                    skunk=0,
                    forfeit=result.forfeit_loss,
                )
            )
            continue
        winner = result.winner(target)
        for team, opponent, own, other in (
            (result.team_a, team_b, result.score_a, result.score_b),
            (team_b, result.team_a, result.score_b, result.score_a),
        ):
            games[team].append(
                TeamGame(result.round, team, opponent, own, other, team == winner, result.skunk)
            )
    return {team: tuple(sorted(played, key=lambda g: g.round)) for team, played in games.items()}


def check_drawn_lots(drawn_lots: Mapping[int, int]) -> None:
    """The recorded draw: team id -> lot number (lower is better), each lot used once."""
    holder: dict[int, int] = {}
    for team, lot in drawn_lots.items():
        _require_int(team, "team id in drawn_lots")
        _require_int(lot, f"lot drawn by team {team}")
        if lot in holder:
            raise StandingsError(
                f"lot {lot} is recorded for both team {holder[lot]} and team {team}; "
                "each team draws a different lot"
            )
        holder[lot] = team
