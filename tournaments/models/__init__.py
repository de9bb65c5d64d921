"""Leagues, seasons, events, teams, rounds, games, score reports and the audit log.

Results are versioned: a :class:`Report` is never updated in place to change its scores nor
deleted; the :class:`Game` points at the confirmed one. Every change an organizer, official or
captain makes is written to :class:`AuditEntry`.

The models live by concern in this package (``leagues``, ``events``, ``results``, ``records``,
``archives``, ``ratings``); every one is re-exported here, so ``from tournaments.models import
Event`` and the app label ``tournaments`` (its migrations) are unchanged.
"""

from .archives import ArchiveKey, ArchiveSettlement, PendingArchiveImport
from .events import Event, EventQuerySet, RegistrationWho, Team, TeamQuerySet, new_cache_token
from .leagues import League, Player, Season
from .ratings import RatingPoint
from .records import AuditEntry, OutboxTask, PrintJob, SeasonExport
from .results import (
    TABLES_THEN_BYE,
    Confirmation,
    Dispute,
    DisputeQuerySet,
    Game,
    PlayoffGroup,
    Report,
    ReportQuerySet,
    Round,
    playoff_match_number,
)

__all__ = [
    "League",
    "Season",
    "Player",
    "new_cache_token",
    "EventQuerySet",
    "RegistrationWho",
    "Event",
    "TeamQuerySet",
    "Team",
    "Round",
    "playoff_match_number",
    "TABLES_THEN_BYE",
    "Game",
    "ReportQuerySet",
    "Report",
    "Confirmation",
    "DisputeQuerySet",
    "Dispute",
    "PlayoffGroup",
    "AuditEntry",
    "OutboxTask",
    "PrintJob",
    "SeasonExport",
    "ArchiveKey",
    "PendingArchiveImport",
    "ArchiveSettlement",
    "RatingPoint",
]
