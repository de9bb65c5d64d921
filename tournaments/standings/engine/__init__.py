"""Standings engine: plain Python over plain records, no Django.

The Django side loads confirmed results as :class:`GameResult` / :class:`PlayoffGame` records and
calls :func:`compute_standings` with a :class:`StandingsConfig`. Metric keys and English labels
come from :data:`METRICS` and :data:`SYSTEMS`; the Django side translates the labels.
"""

from .compute import MedalTie, StandingRow, Standings, compute_standings, points_by_round
from .metrics import METRICS, Metric, MetricContext, get_metric, register_metric
from .playoffs import (
    FORMATS,
    ROUND_ROBIN,
    STEPLADDER,
    MatchState,
    PlannedMatch,
    PlayoffFormat,
    RobinLine,
    last_match_outcomes,
    match_state,
    next_match,
    playable_matches,
    playoff_order,
    playoff_plan,
    robin_lines,
)
from .records import GameResult, PlayoffGame, StandingsError, TeamGame
from .systems import SYSTEMS, ScoringSystem, StandingsConfig, tiebreak_choices

__all__ = [
    "FORMATS",
    "METRICS",
    "ROUND_ROBIN",
    "STEPLADDER",
    "SYSTEMS",
    "GameResult",
    "MatchState",
    "MedalTie",
    "Metric",
    "MetricContext",
    "PlannedMatch",
    "PlayoffFormat",
    "PlayoffGame",
    "RobinLine",
    "ScoringSystem",
    "StandingRow",
    "Standings",
    "StandingsConfig",
    "StandingsError",
    "TeamGame",
    "compute_standings",
    "get_metric",
    "match_state",
    "next_match",
    "playable_matches",
    "playoff_order",
    "playoff_plan",
    "points_by_round",
    "register_metric",
    "last_match_outcomes",
    "robin_lines",
    "tiebreak_choices",
]
