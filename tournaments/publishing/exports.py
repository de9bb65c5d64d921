"""CSV exports: standings, games, teams. UTF-8 with a BOM so Excel reads the accents; comma or
semicolon (French Excel) as delimiter; rows streamed so a large event never sits in memory."""

from __future__ import annotations

import csv
from collections.abc import Iterator

from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext as _

from tournaments.models import Confirmation, Event, Game, Report, Team
from tournaments.standings.service import event_standings

DELIMITERS = {"comma": ",", "semicolon": ";"}
SKUNK_NAMES = {0: "", 1: "skunk", 2: "double skunk", 3: "triple skunk"}


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_lines(rows: Iterator[list], delimiter: str = ",") -> Iterator[str]:
    writer = csv.writer(_Echo(), delimiter=delimiter, lineterminator="\r\n")
    yield "\ufeff"
    for row in rows:
        yield writer.writerow(row)


def standings_rows(event: Event) -> Iterator[list]:
    data = event_standings(event)
    keys = list(data.standings.columns)
    yield [_("Rank"), _("Team"), _("Captain"), _("Partner"),
           *[label for _key, label in data.columns], _("Medal")]
    for row in data.standings.rows:
        team = data.teams[row.team]
        values = ["" if row.metrics.get(k) is None else row.metrics.get(k) for k in keys]
        yield [f"{row.rank}{'=' if row.tied else ''}", team.name, team.captain, team.partner,
               *values, row.medal or ""]


def games_rows(event: Event) -> Iterator[list]:
    yield [_("Round"), _("Kind"), _("Table"), _("Team A"), _("Team B"), _("Score A"),
           _("Score B"), _("Winner"), _("Skunk"), _("Status"), _("Reported at"),
           _("Confirmed at")]
    # One query, streamed: the first report's and the confirmation's times are subqueries,
    # not prefetches (a prefetch per chunk made the query count grow with the event).
    first_report = (Report.objects.filter(game=OuterRef("pk")).order_by("created_at")
                    .values("created_at")[:1])
    confirmed_at = (Confirmation.objects.filter(report=OuterRef("confirmed_report"))
                    .order_by("-created_at").values("created_at")[:1])
    games = (Game.objects.filter(round__event=event)
             .select_related("round", "team_a", "team_b", "confirmed_report")
             .only("table", "status", "round__number", "round__kind", "team_a__name",
                   "team_b__name", "confirmed_report__score_a", "confirmed_report__score_b",
                   "confirmed_report__skunk")
             .annotate(first_reported=Subquery(first_report), confirmed_at=Subquery(confirmed_at))
             .order_by("round__number", "table"))
    for game in games.iterator(chunk_size=1000):
        report = game.confirmed_report
        first, confirmed = game.first_reported, game.confirmed_at if report else None
        winner = ""
        if report is not None:
            winner = (game.team_a if report.score_a > report.score_b else game.team_b).name
        yield [game.round.number, game.round.get_kind_display(), game.table or "",
               game.team_a.name, game.team_b.name if game.team_b else _("bye"),
               report.score_a if report else "", report.score_b if report else "", winner,
               SKUNK_NAMES.get(report.skunk if report else 0, ""), game.get_status_display(),
               first.isoformat() if first else "", confirmed.isoformat() if confirmed else ""]


def teams_rows(event: Event) -> Iterator[list]:
    yield [_("Team"), _("Captain"), _("Partner"), _("Registered at"), _("Withdrawn at")]
    for team in Team.objects.filter(event=event).order_by("id").iterator():
        yield [team.name, team.captain, team.partner, team.registered_at.isoformat(),
               team.withdrawn_at.isoformat() if team.withdrawn_at else ""]


EXPORTS = {"standings": standings_rows, "games": games_rows, "teams": teams_rows}
