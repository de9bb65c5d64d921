"""CSV exports: standings, games, teams. UTF-8 with a BOM so Excel reads the accents; comma or
semicolon (French Excel, the default in French) as delimiter; words in the export's language,
times local to the event as ``YYYY-MM-DD HH:MM``; rows streamed so a large event never sits in
memory. Every text cell that a spreadsheet would read as a formula is neutralised
(:func:`safe_cell`), so a team named ``=cmd|…`` cannot run anything on the organizer's computer.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator

from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.text import slugify
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from tournaments.models import TABLES_THEN_BYE, Confirmation, Event, Game, Report, Round, Team
from tournaments.results import bracket_play
from tournaments.standings.service import event_standings
from tournaments.words import skunk_label

DELIMITERS = {"comma": ",", "semicolon": ";"}
MEDAL_NAMES = {
    "gold": gettext_lazy("gold"),
    "silver": gettext_lazy("silver"),
    "bronze": gettext_lazy("bronze"),
}
# What makes Excel, LibreOffice or Sheets read a cell as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def default_delimiter(language: str | None = None) -> str:
    """French Excel splits on semicolons (the comma is its decimal separator)."""
    return "semicolon" if (language or get_language() or "").startswith("fr") else "comma"


def delimiter_of(choice: str | None) -> str:
    """The delimiter a request asked for (``comma``/``semicolon`` or the character), else the
    active language's default."""
    if choice is not None and choice in DELIMITERS.values():
        return choice
    return DELIMITERS.get(choice or "", DELIMITERS[default_delimiter()])


# In a file's name: the two versions of an export must not download under the same name.
DELIMITER_WORDS = {",": gettext_lazy("commas"), ";": gettext_lazy("semicolons")}


# What a file holds, in its name (issue 34: "tournoi-standings-points-virgules.csv" was half
# English): "tournoi-classement-points-virgules.csv".
FILE_WORDS = {
    "standings": pgettext_lazy("CSV file name", "standings"),
    "games": pgettext_lazy("CSV file name", "games"),
    "teams": pgettext_lazy("CSV file name", "teams"),
    "players": pgettext_lazy("CSV file name", "players"),
    "bracket": pgettext_lazy("CSV file name", "bracket"),
}


def csv_filename(base: str, delimiter: str | None, what: str = "") -> str:
    """``base-<what>-commas.csv`` or ``…-semicolons.csv``: every word in the page's language,
    ASCII (``what`` is a key of :data:`FILE_WORDS`; a delimiter of ``None`` adds no word)."""
    words = [base]
    if what:
        words.append(slugify(str(FILE_WORDS.get(what, what))))
    delimiter_word = slugify(str(DELIMITER_WORDS.get(delimiter or "", "")))
    if delimiter_word:
        words.append(delimiter_word)
    return "-".join(words) + ".csv"


def safe_cell(value):
    """A text cell starting like a formula gets a leading apostrophe (OWASP): the spreadsheet
    shows the text, runs nothing. Numbers are left as they are, so they stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def local_time(moment) -> str:
    """``YYYY-MM-DD HH:MM`` in the event's time zone (settings.TIME_ZONE), no seconds."""
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M") if moment else ""


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_lines(rows: Iterator[list], delimiter: str = ",") -> Iterator[str]:
    writer = csv.writer(_Echo(), delimiter=delimiter, lineterminator="\r\n")
    yield "\ufeff"
    for row in rows:
        yield writer.writerow(
            [safe_cell(str(cell) if isinstance(cell, Promise) else cell) for cell in row]
        )


def withdrawal_of(team: Team) -> str:
    if team.withdrawn_at is None:
        return ""
    return _("withdrawn after round %(n)s") % {"n": team.withdrawn_after_round or 0}


def standings_rows(event: Event) -> Iterator[list]:
    data = event_standings(event)
    keys = list(data.standings.columns)
    # A singles entry is its player: one name column, no captain and partner (issue 50).
    people = [] if event.singles else [_("Captain"), _("Partner")]
    yield [
        _("Rank"),
        event.words.Entry,
        *people,
        *[label for _key, label in data.columns],
        _("Withdrawn"),
        _("Medal"),
    ]
    for row in data.standings.rows:
        team = data.teams[row.team]
        values = ["" if row.metrics.get(k) is None else row.metrics.get(k) for k in keys]
        yield [
            f"{row.rank}{'=' if row.tied else ''}",
            team.name,
            *([] if event.singles else [team.captain, team.partner]),
            *values,
            withdrawal_of(team),
            MEDAL_NAMES.get(row.medal, row.medal) if row.medal else "",
        ]


def games_rows(event: Event) -> Iterator[list]:
    yield [
        _("Round"),
        _("Kind"),
        _("Table"),
        _("Player A") if event.singles else _("Team A"),
        _("Player B") if event.singles else _("Team B"),
        _("Score A"),
        _("Score B"),
        _("Winner"),
        _("Skunk"),
        _("Status"),
        _("Reported at"),
        _("Confirmed at"),
    ]
    # One query, streamed: the first report's and the confirmation's times are subqueries,
    # not prefetches (a prefetch per chunk made the query count grow with the event).
    first_report = (
        Report.objects.filter(game=OuterRef("pk")).order_by("created_at").values("created_at")[:1]
    )
    confirmed_at = (
        Confirmation.objects.filter(report=OuterRef("confirmed_report"))
        .order_by("-created_at")
        .values("created_at")[:1]
    )
    games = (
        Game.objects.filter(round__event=event)
        .select_related("round", "team_a", "team_b", "confirmed_report")
        .only(
            "table",
            "status",
            "round__number",
            "round__kind",
            "team_a__name",
            "team_b__name",
            "confirmed_report__score_a",
            "confirmed_report__score_b",
            "confirmed_report__skunk",
        )
        .annotate(first_reported=Subquery(first_report), confirmed_at=Subquery(confirmed_at))
        .order_by("round__number", TABLES_THEN_BYE)
    )
    # A playoff game is named as on every page ("Playoff, match 2, game 1"), not "round 9".
    playoff_names = {
        game.pk: game.label
        for game in Game.objects.filter(
            round__event=event, round__kind__in=(Round.Kind.PLAYOFF, Round.Kind.BRACKET)
        ).select_related("round__event")
    }
    for game in games.iterator(chunk_size=1000):
        report = game.confirmed_report
        first, confirmed = game.first_reported, game.confirmed_at if report else None
        winner = ""
        if report is not None:
            team = game.team_a if report.score_a > report.score_b else game.team_b
            assert team is not None, "a bye has no report"
            winner = team.name
        yield [
            playoff_names.get(game.pk, game.round.number),
            game.round.get_kind_display(),
            game.table or "",
            game.team_a.name,
            game.team_b.name if game.team_b else _("bye"),
            report.score_a if report else "",
            report.score_b if report else "",
            winner,
            skunk_label(report.skunk if report else 0),
            game.get_status_display(),
            local_time(first),
            local_time(confirmed),
        ]


def teams_rows(event: Event) -> Iterator[list]:
    people = [] if event.singles else [_("Captain"), _("Partner")]
    yield [event.words.Entry, *people, _("Registered at"), _("Withdrawn at")]
    for team in Team.objects.filter(event=event).entered().order_by("id").iterator():
        yield [
            team.name,
            *([] if event.singles else [team.captain, team.partner]),
            local_time(team.registered_at),
            local_time(team.withdrawn_at),
        ]


def registrations_rows(event: Event) -> Iterator[list]:
    """Every registration, whatever its state (the organizer's list, for the club's records)."""
    if event.singles:
        yield from _singles_registrations(event)
        return
    yield [
        _("Team"),
        _("Captain"),
        _("Captain's member number"),
        _("Partner"),
        _("Partner's member number"),
        _("Club"),
        _("Captain's email"),
        _("Captain's phone"),
        _("Registration"),
        _("Reason"),
        _("Paid"),
        _("Registered at"),
        _("Checked in at"),
    ]
    teams = Team.objects.filter(event=event).select_related("captain_player", "partner_player")
    for team in teams.order_by("registered_at", "id").iterator():
        yield [
            team.name,
            team.captain,
            getattr(team.captain_player, "member_number", ""),
            team.partner,
            getattr(team.partner_player, "member_number", ""),
            team.club,
            team.contact_email,
            team.contact_phone,
            team.get_registration_display(),
            team.registration_reason,
            _("yes") if team.paid else _("no"),
            local_time(team.registered_at),
            local_time(team.checked_in_at),
        ]


def bracket_rows(event: Event) -> Iterator[list]:
    """The bracket, one line per match, top to bottom round by round: its seeds, teams, games
    won (the match score), winner, and whether it was a bye."""
    yield [
        _("Round"),
        _("Match"),
        _("Seed"),
        _("Team"),
        _("Seed"),
        _("Opponent"),
        _("Games won"),
        _("Games won by the opponent"),
        _("Winner"),
        _("Bye"),
    ]
    state = bracket_play.bracket_state(event)
    if state.group is None:
        return
    name = {team: t.name for team, t in state.teams.items()}
    seed = state.seed_of
    for number, matches in enumerate(state.rounds, start=1):
        for m in matches:
            yield [
                number,
                bracket_play.match_label(m.id, len(state.rounds)),
                m.seed_a or "",
                name.get(m.team_a, "") if m.team_a else "",
                m.seed_b or "",
                name.get(m.team_b, "") if m.team_b else "",
                m.state.wins_a if m.state else "",
                m.state.wins_b if m.state else "",
                name.get(m.winner, "") if m.winner else "",
                _("yes") if m.is_bye else "",
            ]
    third = state.third
    if third is not None:
        yield [
            "",
            bracket_play.match_label(bracket_play.THIRD_PLACE, len(state.rounds)),
            seed[third.team_a],
            name[third.team_a],
            seed[third.team_b],
            name[third.team_b],
            third.wins_a,
            third.wins_b,
            name[third.winner] if third.winner else "",
            "",
        ]


EXPORTS = {
    "bracket": bracket_rows,
    "standings": standings_rows,
    "games": games_rows,
    "teams": teams_rows,
    "registrations": registrations_rows,
}


def _singles_registrations(event: Event) -> Iterator[list]:
    """A singles event's registrations: the player, their number and contact, no partner."""
    yield [
        _("Player"),
        _("Member number"),
        _("Club"),
        _("Email"),
        _("Phone"),
        _("Registration"),
        _("Reason"),
        _("Paid"),
        _("Registered at"),
        _("Checked in at"),
    ]
    teams = Team.objects.filter(event=event).select_related("captain_player")
    for team in teams.order_by("registered_at", "id").iterator():
        yield [
            team.name,
            getattr(team.captain_player, "member_number", ""),
            team.club,
            team.contact_email,
            team.contact_phone,
            team.get_registration_display(),
            team.registration_reason,
            _("yes") if team.paid else _("no"),
            local_time(team.registered_at),
            local_time(team.checked_in_at),
        ]
