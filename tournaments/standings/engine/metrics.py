"""The registry of named metrics the standings are built from (the Tabbycat way).

A metric has a stable ``key`` (stored in settings, used as a column name), a plain English
``label`` (the Django side translates it), a direction (``higher_is_better``) and a function
computing one team's value from its games. A scoring system is then just an ordered choice of
keys, so the tiebreak order is configuration. Register a new metric with the decorator::

    @register_metric("double_skunks", "Double skunks", higher_is_better=True)
    def double_skunks(team, ctx):
        return sum(1 for g in ctx.played(team) if g.skunk_inflicted >= 2)

A *relative* metric (``relative=True``, e.g. ``head_to_head``) is computed within a group of
tied teams and takes the group as a third argument.

Interpretations (RULES.md section 5), all documented options rather than silent choices:

* ``points`` (FADOQ): a game is worth the team's final score, the winner's counted as the target
  (121); in general a score is counted as ``min(score, target)``. A bye is worth
  ``bye_points``: a fixed number, or ``"average"``, the team's average over its *played* games
  in the results given (counted scores), rounded to the nearest whole point with halves rounded
  up (108.5 -> 109); a team that has played no game gets 0 for a bye.
* ``spread``: own counted score minus the opponent's, summed over played games; byes excluded.
* A bye is neither a win, a loss nor a game played unless ``bye_counts_as_win`` is set, in which
  case it counts one win and 2 game points (it never adds to the spread or the skunks).
* ``skunks_inflicted``/``skunks_suffered`` count games: a double skunk is one skunk game.
* ``game_points``: a win is 2, a skunk win 3, a double (or triple) skunk win 4 when
  ``double_skunk_bonus`` is on, otherwise 3; a loss is 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from .records import StandingsError, TeamGame

Value = int | None
# A metric's compute function, kept with its own signature by the decorator.
_Compute = TypeVar("_Compute", bound=Callable[..., Value])


def bye_worth(bye_points: str | int, scored: int, played: int) -> int:
    """A bye's points: the fixed ``bye_points``, or the average ``scored / played`` rounded."""
    if bye_points != "average":
        assert isinstance(bye_points, int), "StandingsConfig allows 'average' or a whole number"
        return bye_points
    if not played:
        return 0
    # Nearest whole point, halves up, in integers: floor(scored / played + 1/2).
    return (2 * scored + played) // (2 * played)


@dataclass(frozen=True)
class MetricContext:
    """Everything a metric function may read: each team's games and the event's settings."""

    games: Mapping[int, tuple[TeamGame, ...]]
    target: int = 121
    bye_points: str | int = "average"
    double_skunk_bonus: bool = False
    bye_counts_as_win: bool = False
    drawn_lots: Mapping[int, int] = field(default_factory=dict)
    playoff_positions: Mapping[int, int] = field(default_factory=dict)  # team -> 1, 2, ...

    def played(self, team: int) -> Iterator[TeamGame]:
        """The team's games against an opponent (byes left out)."""
        return (g for g in self.games[team] if not g.is_bye)

    def counted(self, score: int) -> int:
        """A score as it counts for points and spread: the winner's is the target."""
        return min(score, self.target)

    def bye_value(self, team: int) -> int:
        """What one bye is worth to ``team`` in points (see the module docstring)."""
        scores = [self.counted(g.score) for g in self.played(team)]
        return bye_worth(self.bye_points, sum(scores), len(scores))

    def game_value(self, game: TeamGame) -> int:
        """Points one game (or bye) adds to the team's accumulated ``points``."""
        return self.bye_value(game.team) if game.is_bye else self.counted(game.score)


@dataclass(frozen=True)
class Metric:
    """A named, registered way to measure a team; see :func:`register_metric`."""

    key: str
    label: str
    higher_is_better: bool
    compute: Callable[..., Value]
    relative: bool = False
    description: str = ""

    def value(self, team: int, ctx: MetricContext, group: frozenset[int] | None = None) -> Value:
        """The team's value; a relative metric needs the ``group`` of tied teams."""
        if self.relative:
            if group is None:
                raise StandingsError(f"metric {self.key!r} is computed within a group of teams")
            return self.compute(team, ctx, group)
        return self.compute(team, ctx)


METRICS: dict[str, Metric] = {}


def register_metric(
    key: str,
    label: str,
    *,
    higher_is_better: bool,
    relative: bool = False,
    replace: bool = False,
) -> Callable[[_Compute], _Compute]:
    """Decorator adding a metric to :data:`METRICS` under ``key`` (refuses a taken key)."""
    if not key.isidentifier():
        raise StandingsError(f"metric key {key!r} must be a lowercase identifier like 'wins'")

    def decorate(compute: _Compute) -> _Compute:
        if key in METRICS and not replace:
            raise StandingsError(f"a metric with key {key!r} is already registered")
        doc = (compute.__doc__ or "").strip()
        METRICS[key] = Metric(key, label, higher_is_better, compute, relative, doc)
        return compute

    return decorate


def get_metric(key: str) -> Metric:
    """The registered metric ``key``, or an error listing the keys that exist."""
    try:
        return METRICS[key]
    except KeyError:
        raise StandingsError(
            f"unknown metric {key!r}; allowed: {', '.join(sorted(METRICS))}"
        ) from None


def win_game_points(skunk: int, double_skunk_bonus: bool) -> int:
    """Game points for a win: 2, skunk 3, double (or triple) skunk 4 with the bonus, else 3."""
    if skunk == 0:
        return 2
    return 4 if skunk >= 2 and double_skunk_bonus else 3


@register_metric("points", "Points", higher_is_better=True)
def points(team: int, ctx: MetricContext) -> int:
    """Accumulated points: counted scores (the winner's as the target) plus byes."""
    return sum(ctx.game_value(g) for g in ctx.games[team])


@register_metric("wins", "Wins", higher_is_better=True)
def wins(team: int, ctx: MetricContext) -> int:
    """Games won (and byes, when a bye counts as a win)."""
    won = sum(1 for g in ctx.played(team) if g.won)
    return won + (byes(team, ctx) if ctx.bye_counts_as_win else 0)


@register_metric("losses", "Losses", higher_is_better=False)
def losses(team: int, ctx: MetricContext) -> int:
    """Games lost."""
    return sum(1 for g in ctx.played(team) if not g.won)


@register_metric("game_points", "Game points", higher_is_better=True)
def game_points(team: int, ctx: MetricContext) -> int:
    """Win 2, skunk win 3, double-skunk win 4 with the bonus; a loss 0."""
    total = sum(win_game_points(g.skunk, ctx.double_skunk_bonus) for g in ctx.played(team) if g.won)
    return total + (2 * byes(team, ctx) if ctx.bye_counts_as_win else 0)


@register_metric("skunks_inflicted", "Skunks inflicted", higher_is_better=True)
def skunks_inflicted(team: int, ctx: MetricContext) -> int:
    """Games won by a skunk (of any level)."""
    return sum(1 for g in ctx.played(team) if g.skunk_inflicted)


@register_metric("skunks_suffered", "Skunks suffered", higher_is_better=False)
def skunks_suffered(team: int, ctx: MetricContext) -> int:
    """Games lost by a skunk (of any level)."""
    return sum(1 for g in ctx.played(team) if g.skunk_suffered)


@register_metric("spread", "Point spread", higher_is_better=True)
def spread(team: int, ctx: MetricContext) -> int:
    """Own counted score minus the opponent's, over played games."""
    return sum(ctx.counted(g.score) - ctx.counted(g.opponent_score) for g in ctx.played(team))


@register_metric("head_to_head", "Head-to-head", higher_is_better=True, relative=True)
def head_to_head(team: int, ctx: MetricContext, group: frozenset[int]) -> int:
    """Wins against the other teams of the tied group."""
    return sum(1 for g in ctx.played(team) if g.won and g.opponent in group)


@register_metric("byes", "Byes", higher_is_better=False)
def byes(team: int, ctx: MetricContext) -> int:
    """Rounds the team sat out."""
    return sum(1 for g in ctx.games[team] if g.is_bye)


@register_metric("games_played", "Games played", higher_is_better=True)
def games_played(team: int, ctx: MetricContext) -> int:
    """Games played against an opponent."""
    return sum(1 for _ in ctx.played(team))


@register_metric("playoff", "Playoff", higher_is_better=False)
def playoff(team: int, ctx: MetricContext) -> Value:
    """Place (1, 2, ...) within the tied group after its playoff; None without one."""
    return ctx.playoff_positions.get(team)


@register_metric("drawn_lot", "Drawn lot", higher_is_better=False)
def drawn_lot(team: int, ctx: MetricContext) -> Value:
    """The lot the team drew (lower is better); None until a draw is recorded."""
    return ctx.drawn_lots.get(team)
