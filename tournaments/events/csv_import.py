"""The CSV import: a list of teams (``team, captain, partner`` and optional member numbers, as
French Excel writes it) read, checked as a whole and registered all or nothing.

A singles event's list is one player per line: ``player[, club[, email[, member number]]]``
(issue 50; docs/event-lifecycle.md); each entry is named after its player."""

from __future__ import annotations

import csv
import io
import secrets
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.links import new_pin
from accounts.models import CaptainLink
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError, RuleErrors
from tournaments.events.late_teams import check_choice
from tournaments.events.names import (
    MEMBER_NUMBER_MAX,
    check_names,
    look_alike,
    look_alike_keys,
    normal_form,
    same_name,
)
from tournaments.events.team_limit import check_room
from tournaments.events.teams import check_open
from tournaments.leagues.players import league_of, survivor
from tournaments.models import AuditEntry, Event, Player, Team

MAX_CSV_BYTES = 512 * 1024
CLUB_MAX = 120  # Team.club
#: Teams one list may register: a FADOQ region has tens of teams; 500 are written in a second or
#: two (benchmarks/bench_import.py), far from the web worker's timeout.
MAX_IMPORT_TEAMS = 500


@dataclass(frozen=True)
class CsvTeam:
    line: int
    name: str
    captain: str
    partner: str
    captain_member_number: str = ""
    partner_member_number: str = ""
    club: str = ""
    contact_email: str = ""


def decode_upload(data: bytes | str) -> str:
    """UTF-8 (with or without Excel's BOM), else Windows-1252 as French Excel writes it."""
    if isinstance(data, str):  # the API's "text": held to the file's limit
        size = len(data.encode("utf-8", "surrogatepass"))
        if size > MAX_CSV_BYTES:
            raise RuleError(
                _("The list is too large (%(size)d KB): at most %(max)d KB.")
                % {"size": size // 1024, "max": MAX_CSV_BYTES // 1024},
                field="text",
                code="too_large",
            )
        return data.lstrip("\ufeff")
    if len(data) > MAX_CSV_BYTES:
        raise RuleError(
            _("The file is too large (%(size)d KB): at most %(max)d KB.")
            % {"size": len(data) // 1024, "max": MAX_CSV_BYTES // 1024},
            code="too_large",
        )
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise RuleError(_("The file is neither UTF-8 nor Windows-1252 text."), code="encoding")


def guess_delimiter(text: str) -> str:
    """The separator the first line uses most: ``;`` (French Excel), tab, or ``,``.

    (csv.Sniffer guesses wrong as soon as one line has a missing column.)
    """
    lines = [line for line in text.splitlines() if line.strip()]
    # The first line that has a separator: a singles list may start with a bare name.
    first = next((line for line in lines if any(c in line for c in ";\t,")), "")
    return max(";\t,", key=first.count) if any(c in first for c in ";\t,") else ","


HEADER_WORDS = {
    "team",
    "équipe",
    "equipe",
    "name",
    "nom",
    "captain",
    "capitaine",
    "player",
    "joueur",
}


def parse_teams_csv(
    text: str, *, require_partner: bool = True, singles: bool = False
) -> list[CsvTeam]:
    """Read ``team name, captain, partner`` rows (comma, semicolon or tab; header optional),
    optionally followed by the captain's and the partner's member numbers; every bad line is
    told at once (:class:`RuleErrors`). ``singles``: ``player, club, email, member number``
    rows, only the player required."""
    teams, errors = _read_rows(text, require_partner, singles)
    RuleErrors.raise_if_any(errors)
    if not teams:
        raise RuleError(_("No team found in the list."), code="empty")
    return teams


def _read_rows(
    text: str, require_partner: bool, singles: bool = False
) -> tuple[list[CsvTeam], list[RuleError]]:
    """The lines that read as teams, and the faults of the others."""
    teams: list[CsvTeam] = []
    seen: dict[str, int] = {}  # normalised team name -> its line
    errors: list[RuleError] = []  # every bad line at once: one import to fix them all
    rows = _csv_rows(text)
    _check_row_count(rows)
    for number, row in enumerate(rows, start=1):
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        if number == 1 and cells[0].lower() in HEADER_WORDS:
            continue
        try:
            team = (
                _csv_single(number, cells) if singles else _csv_team(number, cells, require_partner)
            )
        except RuleError as exc:
            errors.append(exc)
            continue
        key = normal_form(team.name)
        if key in seen:
            errors.append(
                RuleError(
                    (
                        _("Line %(line)d: player “%(name)s” already appears on line %(first)d.")
                        if singles
                        else _("Line %(line)d: team “%(name)s” already appears on line %(first)d.")
                    )
                    % {"line": number, "name": team.name, "first": seen[key]},
                    code="duplicate",
                    extra={"line": number},
                )
            )
            continue
        seen[key] = number
        teams.append(team)
    return teams, errors


def _check_row_count(rows: list[list[str]]) -> None:
    """At most :data:`MAX_IMPORT_TEAMS` teams, refused before any line is read further."""
    filled = [row for row in rows if any(cell.strip() for cell in row)]
    if filled and filled[0][0].strip().lower() in HEADER_WORDS:
        filled = filled[1:]
    if len(filled) > MAX_IMPORT_TEAMS:
        raise RuleError(
            _(
                "The list has %(n)d teams: at most %(max)d are imported at once. Import it in "
                "several parts."
            )
            % {"n": len(filled), "max": MAX_IMPORT_TEAMS},
            code="too_many_rows",
        )


def _csv_rows(text: str) -> list[list[str]]:
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise RuleError(
            _("The list is empty: one team per line, “team, captain, partner”."), code="empty"
        )
    try:
        # Universal newlines: a lone carriage return (old Mac Excel) ends a line too.
        return list(csv.reader(io.StringIO(text, newline=None), delimiter=guess_delimiter(text)))
    except csv.Error as exc:
        raise RuleError(
            _(
                "The list cannot be read as CSV (%(error)s): one team per line, "
                "“team, captain, partner”."
            )
            % {"error": exc},
            code="csv",
        ) from exc


def _csv_team(number: int, cells: list[str], require_partner: bool) -> CsvTeam:
    """One line's team, or the line's first problem (the line number first)."""
    if len(cells) > 5:
        raise RuleError(
            _(
                "Line %(line)d: expected at most 5 columns “team, captain, partner, captain's "
                "member number, partner's member number”, found %(n)d."
            )
            % {"line": number, "n": len(cells)},
            code="columns",
            extra={"line": number},
        )
    if len(cells) < 2 or (require_partner and len(cells) < 3):
        raise RuleError(
            _("Line %(line)d: expected 3 columns “team, captain, partner”, found %(n)d.")
            % {"line": number, "n": len(cells)},
            code="columns",
            extra={"line": number},
        )
    name, captain = cells[0], cells[1]
    partner = cells[2] if len(cells) > 2 else ""
    numbers = (cells[3:] + ["", ""])[:2]
    for value, label in ((name, _("team name")), (captain, _("captain"))):
        if not value:
            raise RuleError(
                _("Line %(line)d: the %(what)s is empty.") % {"line": number, "what": label},
                code="required",
                extra={"line": number},
            )
    if require_partner and not partner:
        raise RuleError(
            _("Line %(line)d: the partner is empty.") % {"line": number},
            code="required",
            extra={"line": number},
        )
    try:
        check_names(name, captain, partner)
    except RuleError as exc:
        raise RuleError(
            _("Line %(line)d: %(error)s") % {"line": number, "error": exc},
            code=exc.code,
            extra={"line": number},
        ) from exc
    if any(len(v) > MEMBER_NUMBER_MAX for v in numbers):
        raise RuleError(
            _("Line %(line)d: member numbers are limited to 40 characters.") % {"line": number},
            code="too_long",
            extra={"line": number},
        )
    if numbers[1] and not partner:
        raise RuleError(
            _("Line %(line)d: a partner's member number without a partner.") % {"line": number},
            code="required",
            extra={"line": number},
        )
    return CsvTeam(number, name, captain, partner, *numbers)


def _csv_single(number: int, cells: list[str]) -> CsvTeam:
    """One line's singles entry: ``player, club, email, member number`` (only the player
    required), or the line's first problem."""
    if len(cells) > 4:
        raise RuleError(
            _(
                "Line %(line)d: expected at most 4 columns “player, club, email, member "
                "number”, found %(n)d."
            )
            % {"line": number, "n": len(cells)},
            code="columns",
            extra={"line": number},
        )
    player, club, email, member = (cells + ["", "", ""])[:4]
    if not player:
        raise RuleError(
            _("Line %(line)d: the player's name is empty.") % {"line": number},
            code="required",
            extra={"line": number},
        )
    try:
        check_names(player, player, "")
        if len(club) > CLUB_MAX:
            raise RuleError(
                _("the club is limited to %(n)d characters.") % {"n": CLUB_MAX}, code="too_long"
            )
        if email:
            validate_email(email)
    except ValidationError:
        raise RuleError(
            _("Line %(line)d: “%(email)s” is not an email address.")
            % {"line": number, "email": email},
            code="email",
            extra={"line": number},
        ) from None
    except RuleError as exc:
        raise RuleError(
            _("Line %(line)d: %(error)s") % {"line": number, "error": exc},
            code=exc.code,
            extra={"line": number},
        ) from exc
    if len(member) > MEMBER_NUMBER_MAX:
        raise RuleError(
            _("Line %(line)d: member numbers are limited to 40 characters.") % {"line": number},
            code="too_long",
            extra={"line": number},
        )
    return CsvTeam(number, player, player, "", member, "", club, email)


class ImportedTeams(list[Team]):
    """The teams an import registered, and which of their players were found by name."""

    linked: list[str]  # names that are one player of the league: entered under that player
    homonyms: list[str]  # names that several players of the league bear: new players


@transaction.atomic
def import_teams(
    event: Event, actor, data: bytes | str, missed_rounds: str = "", *, link_names: bool = False
) -> ImportedTeams:
    """All or nothing: a bad line refuses the whole list and registers no team. Once rounds are
    seated, ``missed_rounds`` says what the late teams' missed rounds count (all alike).

    ``link_names`` (the organizer's choice, offered when the event is in a league): a name
    without a member number that exactly one player of the league bears is entered as that
    player, so a club that pastes its list every week keeps one season record per person.
    Without it names never link (two people may share one); the linked names and the
    ambiguous ones are returned to be told.

    The same rules as :func:`~tournaments.events.teams.add_team`, checked for the whole list against what one query per
    kind fetched (the event's teams, the league's known member numbers), then written in bulk:
    500 teams take a second or two, not the minute one query per row per table took (issue 33).
    """
    check_open(event)
    late = check_choice(event, missed_rounds)  # asked once for the list, not line after line
    rows, errors = _read_rows(
        decode_upload(data),
        require_partner=event.game_type == Event.GameType.CRIBBAGE,
        singles=event.singles,
    )
    if not rows and not errors:
        raise RuleError(_("No team found in the list."), code="empty")
    check_room(event, len(rows))  # the whole list within the event's limit (issue 51)
    # The lines that read are checked against the event too: every bad line, told at once.
    return _register_list(event, actor, rows, errors, late, link_names=link_names)


def _line_error(row: CsvTeam, exc: RuleError) -> RuleError:
    return RuleError(
        _("Line %(line)d: %(error)s") % {"line": row.line, "error": exc},
        code=exc.code,
        extra={"line": row.line},
    )


def _register_list(
    event: Event,
    actor,
    rows: list[CsvTeam],
    errors: list[RuleError],
    late: tuple[int | None, str] = (None, ""),
    *,
    link_names: bool = False,
) -> ImportedTeams:
    league = league_of(event)
    taken_names = {normal_form(name): name for name in event.teams.values_list("name", flat=True)}
    taken_looks = look_alike_keys(taken_names.values())
    seated = {  # the players already in an active team of the event -> that team
        player: team
        for team in event.teams.active().only("name", "captain_player", "partner_player")
        for player in (team.captain_player_id, team.partner_player_id)
        if player is not None
    }
    numbers = {n for row in rows for n in (row.captain_member_number, row.partner_member_number)}
    known = (
        {
            p.member_number: survivor(p)
            for p in Player.objects.filter(league=league, member_number__in=numbers - {""})
        }
        if league is not None
        else {}
    )
    by_name = _league_names(league) if link_names and league is not None else {}
    linked: list[str] = []
    homonyms: list[str] = []
    new_players: list[Player] = []
    plan: list[tuple[CsvTeam, Player, Player | None]] = []
    for row in rows:
        try:
            same = taken_names.get(normal_form(row.name))
            if same is not None:
                raise RuleError(
                    (
                        _("A player named “%(name)s” is already entered in this event.")
                        if event.singles
                        else _("A team named “%(name)s” is already registered in this event.")
                    )
                    % {"name": same},
                    code="duplicate",
                )
            look_alike(row.name, taken_looks)
            _check_two_people(row)
            seats = []
            for name, number in (
                (row.captain, row.captain_member_number),
                (row.partner, row.partner_member_number),
            ):
                if not name and not number:
                    continue
                player = known.get(number) if number else None
                if player is None and not number and by_name:
                    player = _by_name(name, by_name, seated, linked, homonyms)
                if player is None:
                    player = Player(league=league, name=name, member_number=number)
                    new_players.append(player)
                    if number and league is not None:
                        known[number] = player  # a later line with this number: the same person
                seats.append(player)
            _check_seats_free(seats, seated)
        except RuleError as exc:
            errors.append(_line_error(row, exc))  # and the next lines are checked too
            continue
        for player in seats:
            seated[id(player) if player.pk is None else player.pk] = row.name
        plan.append((row, seats[0], seats[1] if len(seats) > 1 else None))
    RuleErrors.raise_if_any(sorted(errors, key=lambda e: e.extra.get("line", 0)))
    Player.objects.bulk_create(new_players)
    teams = [
        Team(
            event=event,
            name=row.name,
            captain=row.captain or captain.name,
            partner=row.partner or (partner.name if partner else ""),
            captain_player=captain,
            partner_player=partner,
            club=row.club,
            contact_email=row.contact_email,
            joined_round=late[0],  # a list imported after rounds were seated: late teams
            missed_rounds=late[1],
            checked_in_at=timezone.now() if event.check_in_opened_at else None,
        )
        for row, captain, partner in plan
    ]
    try:
        with transaction.atomic():
            Team.objects.bulk_create(teams)
    except IntegrityError as exc:  # a concurrent registration of one of the names
        raise RuleError(
            _("A team with this name was just registered."), field="name", code="duplicate"
        ) from exc
    CaptainLink.objects.bulk_create(
        CaptainLink(team=team, token=secrets.token_urlsafe(24), pin=new_pin()) for team in teams
    )
    AuditEntry.objects.bulk_create(
        audit.unsaved(event, actor, AuditAction.TEAM_ADD, str(team), after=audit.snapshot(team))
        for team in teams
    )
    imported = ImportedTeams(teams)
    imported.linked, imported.homonyms = linked, sorted(set(homonyms))
    return imported


def names_found_words(imported: ImportedTeams) -> list[str]:
    """What an import by name did, in words for the organizer (nothing when it linked none)."""
    said = []
    if imported.linked:
        said.append(
            ngettext(
                "%(n)d name is a player the league knows, entered as that player: %(names)s.",
                "%(n)d names are players the league knows, entered as those players: %(names)s.",
                len(imported.linked),
            )
            % {"n": len(imported.linked), "names": ", ".join(imported.linked)}
        )
    if imported.homonyms:
        said.append(
            _(
                "Several players of the league are named %(names)s: entered as new players. "
                "To count for one of them, give the member number or merge the duplicate."
            )
            % {"names": ", ".join(imported.homonyms)}
        )
    return said


def _league_names(league) -> dict[str, list[Player]]:
    """The league's players (merged duplicates left out) by the normal form of their name."""
    names: dict[str, list[Player]] = {}
    for player in Player.objects.filter(league=league, merged_into__isnull=True):
        names.setdefault(normal_form(player.name), []).append(player)
    return names


def _by_name(
    name: str, by_name: dict, seated: dict, linked: list[str], homonyms: list[str]
) -> Player | None:
    """The one league player of this name not already playing in the event, or None."""
    found = by_name.get(normal_form(name), [])
    if len(found) > 1:
        homonyms.append(name)
        return None
    if not found or found[0].pk in seated:  # already in the event: a namesake, not them
        return None
    linked.append(name)
    return found[0]


def _check_two_people(row: CsvTeam) -> None:
    """Captain and partner are two people (as :func:`~tournaments.events.teams.add_team` says)."""
    numbers = row.captain_member_number, row.partner_member_number
    if (
        row.captain
        and row.partner
        and same_name(row.captain, row.partner)
        and not (all(numbers) and numbers[0] != numbers[1])
    ):
        raise RuleError(
            _("“%(name)s” is given as both captain and partner: the partner is another person.")
            % {"name": row.partner},
            field="partner",
            code="same_player",
        )
    if all(numbers) and numbers[0] == numbers[1]:
        raise RuleError(
            _("%(player)s cannot be both captain and partner.") % {"player": row.captain},
            field="partner_player",
            code="same_player",
        )


def _check_seats_free(seats: list[Player], seated: dict) -> None:
    """One person plays in one team of an event (``seated``: player -> their team)."""
    for player in seats:
        team = seated.get(id(player) if player.pk is None else player.pk)
        if team is not None:
            raise RuleError(
                _("%(player)s already plays in team %(team)s of this event.")
                % {"player": player, "team": team},
                field="captain_player" if player is seats[0] else "partner_player",
                code="player_taken",
            )
