"""Scoring systems as data: a primary metric, a default tiebreak chain, the columns to show.

* ``fadoq`` (RULES.md section 5): most accumulated ``points``; a tie on points touching a medal
  place (1st, 2nd, 3rd) is settled by a best-of-three playoff (see ``playoffs``); other ties by
  wins, skunks inflicted, point spread, head-to-head, then the recorded draw of lots.
* ``game_points`` (American Cribbage Congress style): game points, then wins, then spread.
* ``wins``: wins, then spread.

The organizer may reorder the tiebreak chain (``StandingsConfig.tiebreaks``); whatever the chain,
its last key is the recorded draw ``drawn_lot`` (appended when missing) so the order is total.

>>> StandingsConfig("wins").chain
('spread', 'drawn_lot')
>>> StandingsConfig("fadoq", tiebreaks=("spread", "wins")).chain
('spread', 'wins', 'drawn_lot')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .metrics import METRICS
from .playoffs import PlayoffFormat
from .records import StandingsError, check_drawn_lots

DRAW_KEY = "drawn_lot"
PLAYOFF_KEY = "playoff"
MEDALS = ("gold", "silver", "bronze")


@dataclass(frozen=True)
class ScoringSystem:
    """How one kind of event ranks its teams (a settings form lists :data:`SYSTEMS`)."""

    key: str
    label: str
    primary: str
    tiebreaks: tuple[str, ...]  # the default chain after the primary metric
    columns: tuple[str, ...]  # metrics every row carries, for the standings page
    medal_playoff: bool = False  # ties on the primary metric for a medal go to a playoff


SYSTEMS: dict[str, ScoringSystem] = {
    s.key: s
    for s in (
        ScoringSystem(
            key="fadoq",
            label="FADOQ: accumulated points",
            primary="points",
            tiebreaks=("wins", "skunks_inflicted", "spread", "head_to_head", DRAW_KEY),
            columns=(
                "points",
                "games_played",
                "byes",
                "wins",
                "losses",
                "skunks_inflicted",
                "skunks_suffered",
                "spread",
                "head_to_head",
                PLAYOFF_KEY,
                DRAW_KEY,
            ),
            medal_playoff=True,
        ),
        ScoringSystem(
            key="game_points",
            label="Game points (win 2, skunk 3)",
            primary="game_points",
            tiebreaks=("wins", "spread", DRAW_KEY),
            columns=(
                "game_points",
                "games_played",
                "byes",
                "wins",
                "losses",
                "skunks_inflicted",
                "skunks_suffered",
                "spread",
                DRAW_KEY,
            ),
        ),
        ScoringSystem(
            key="wins",
            label="Wins, then point spread",
            primary="wins",
            tiebreaks=("spread", DRAW_KEY),
            columns=(
                "wins",
                "games_played",
                "byes",
                "losses",
                "skunks_inflicted",
                "skunks_suffered",
                "spread",
                DRAW_KEY,
            ),
        ),
    )
}


def get_system(key: str) -> ScoringSystem:
    try:
        return SYSTEMS[key]
    except KeyError:
        raise StandingsError(
            f"unknown scoring system {key!r}; allowed: {', '.join(SYSTEMS)}"
        ) from None


@dataclass(frozen=True)
class StandingsConfig:
    """An event's standings settings, checked when built.

    ``tiebreaks`` is the chain after the system's primary metric (None: the system's default).
    ``bye_points`` is ``"average"`` or a fixed whole number of points. ``drawn_lots`` is the
    recorded draw, team id -> lot (lower is better). ``bye_counts_as_win`` makes a bye count as
    one win and 2 game points (off by default: a bye is worth ``bye_points`` only).
    """

    system: str
    tiebreaks: tuple[str, ...] | None = None
    target: int = 121
    bye_points: str | int = "average"
    double_skunk_bonus: bool = False
    drawn_lots: Mapping[int, int] = field(default_factory=dict)
    bye_counts_as_win: bool = False
    playoff: PlayoffFormat = field(default_factory=PlayoffFormat)

    def __post_init__(self) -> None:
        scoring = get_system(self.system)
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise StandingsError(f"target must be a positive whole number, got {self.target!r}")
        bye = self.bye_points
        if bye != "average" and (isinstance(bye, bool) or not isinstance(bye, int) or bye < 0):
            raise StandingsError(
                f"bye_points {bye!r} is not allowed; allowed: 'average' or a whole number >= 0"
            )
        check_drawn_lots(self.drawn_lots)
        if self.tiebreaks is not None:
            _check_chain(scoring, tuple(self.tiebreaks))

    @property
    def scoring(self) -> ScoringSystem:
        return SYSTEMS[self.system]

    @property
    def chain(self) -> tuple[str, ...]:
        """The tiebreak chain in use, ending with the draw of lots."""
        keys = self.scoring.tiebreaks if self.tiebreaks is None else tuple(self.tiebreaks)
        return keys if keys[-1:] == (DRAW_KEY,) else (*keys, DRAW_KEY)

    @property
    def columns(self) -> tuple[str, ...]:
        """The system's columns plus any extra metric the organizer put in the chain."""
        extra = tuple(k for k in self.chain if k not in self.scoring.columns)
        return self.scoring.columns + extra


def tiebreak_choices(system: str) -> tuple[str, ...]:
    """Keys an organizer may put in the chain of ``system`` (for a settings form)."""
    primary = get_system(system).primary
    return tuple(k for k in METRICS if k not in (primary, PLAYOFF_KEY))


def _check_chain(scoring: ScoringSystem, chain: tuple[str, ...]) -> None:
    allowed = ", ".join(tiebreak_choices(scoring.key))
    for position, key in enumerate(chain, start=1):
        where = f"tiebreak {position} ({key!r}) of the {scoring.key} chain"
        if key not in METRICS:
            raise StandingsError(f"{where}: unknown metric {key!r}; allowed tiebreaks: {allowed}")
        if key == scoring.primary:
            raise StandingsError(
                f"{where}: {key!r} is the primary metric of {scoring.key} and already ranks "
                f"first; allowed tiebreaks: {allowed}"
            )
        if key == PLAYOFF_KEY:
            raise StandingsError(
                f"{where}: the playoff is applied by the system to ties for a medal, it is not "
                f"a tiebreak; allowed tiebreaks: {allowed}"
            )
        if key in chain[: position - 1]:
            raise StandingsError(f"{where}: {key!r} appears twice in the chain")
        if key == DRAW_KEY and position != len(chain):
            raise StandingsError(
                f"{where}: the draw of lots separates every team, so it must come last "
                "(it is appended when left out)"
            )
