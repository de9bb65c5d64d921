"""What an archive's fields mean together: references, consistency, and tamper checks.

Runs after ``archive_format`` has checked every field on its own and before anything is
written. A report's content is re-read by the same code that accepted it at the table
(``reporting.validate_content``: the rules engine checks a hand-by-hand sheet count by count),
then its fingerprint is recomputed with ``reporting.fingerprint``: a score edited in the file
is refused even when whoever edited it recomputed the checksum.
"""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _

from tournaments.errors import RuleError
from tournaments.events.names import check_characters, normal_form
from tournaments.events.options import validate_event_options
from tournaments.models import Event, Game, Report, Round
from tournaments.results.reporting import fingerprint, validate_content
from tournaments.results.sheets import STORED
from tournaments.standings.engine import StandingsConfig, StandingsError, tiebreak_choices


def fail(place: str, message: str, code: str = "archive_invalid") -> RuleError:
    return RuleError(f"{place}: {message}", code=code, field=place)


def _unique(rows, key, place: str, what: str) -> None:
    seen = Counter(key(row) for row in rows)
    for index, row in enumerate(rows):
        if seen[key(row)] > 1:
            raise fail(
                f"{place}[{index}]",
                _("%(what)s “%(value)s” appears more than once.")
                % {"what": what, "value": key(row)},
            )


def _check_names(event: dict, players: list, teams: list) -> None:
    """The name rule of the pages and the API (``events.names``) holds for an archive's names."""
    named = [("event.name", event["name"], "event")]
    named += [(f"players[{i}].name", p["name"], "player") for i, p in enumerate(players)]
    for i, team in enumerate(teams):
        named += [(f"teams[{i}].{key}", team[key], key) for key in ("name", "captain", "partner")]
    for place, value, field in named:
        try:
            check_characters(value or "", field)
        except RuleError as exc:
            raise fail(place, exc.message, code=exc.code) from None


def check_event_options(event: dict) -> None:
    try:
        validate_event_options(event)
    except RuleError as exc:
        raise fail(f"event.{exc.field}", exc.message) from None
    if event["tiebreaks"]:
        try:
            StandingsConfig(event["scoring_system"], tiebreaks=tuple(event["tiebreaks"]))
        except StandingsError as exc:
            raise fail(
                "event.tiebreaks",
                _("%(error)s (allowed: %(keys)s)")
                % {"error": exc, "keys": ", ".join(tiebreak_choices(event["scoring_system"]))},
            ) from None


def check_archive(content: dict) -> None:
    """Refuse, with the place named, anything that does not hold together."""
    event = content["event"]
    check_event_options(event)

    players = content["players"]
    _unique(players, lambda p: p["uid"], "players", _("Player uid"))
    _unique(
        [p for p in players if p["member_number"]],
        lambda p: p["member_number"],
        "players",
        _("Member number"),
    )
    player_uids = {p["uid"] for p in players}

    teams = content["teams"]
    _unique(teams, lambda t: t["id"], "teams", _("Team id"))
    _unique(teams, lambda t: normal_form(t["name"]), "teams", _("Team name"))
    _check_names(event, players, teams)
    _unique(
        [t for t in teams if t["drawn_lot"] is not None],
        lambda t: t["drawn_lot"],
        "teams",
        _("Drawn lot"),
    )
    team_ids = {t["id"] for t in teams}
    for index, team in enumerate(teams):
        for seat in ("captain_player", "partner_player"):
            if team[seat] is not None and team[seat] not in player_uids:
                raise fail(
                    f"teams[{index}].{seat}",
                    _("player %(uid)s is not in the archive's players.") % {"uid": team[seat]},
                )

    groups = content["playoff_groups"]
    _unique(groups, lambda g: g["id"], "playoff_groups", _("Playoff group id"))
    for index, group in enumerate(groups):
        for team in group["teams"]:
            if team not in team_ids:
                raise fail(
                    f"playoff_groups[{index}].teams",
                    _("team %(id)s is not one of the event's teams.") % {"id": team},
                )
    group_ids = {g["id"] for g in groups}

    rounds = content["rounds"]
    _unique(rounds, lambda r: r["number"], "rounds", _("Round number"))
    for index, round_ in enumerate(rounds):
        if round_["playoff_group"] is not None and round_["playoff_group"] not in group_ids:
            raise fail(
                f"rounds[{index}].playoff_group",
                _("playoff group %(id)s is not in the archive.") % {"id": round_["playoff_group"]},
            )
    round_numbers = {r["number"] for r in rounds}

    games = content["games"]
    _unique(
        games,
        lambda g: (g["round"], g["team_a"], g["team_b"]),
        "games",
        _("Game (round, team, opponent)"),
    )
    _unique(
        [g for g in games if g["table"] is not None],
        lambda g: (g["round"], g["table"]),
        "games",
        _("Table (round, table)"),
    )
    for index, game in enumerate(games):
        check_game(event, game, f"games[{index}]", team_ids, round_numbers)


def check_game(event: dict, game: dict, place: str, team_ids: set, round_numbers: set) -> None:
    _check_table(game, place, team_ids, round_numbers)
    versions = _check_reports(event, game, place)
    _check_confirmed_and_disputes(game, place, versions)


def _check_table(game: dict, place: str, team_ids: set, round_numbers: set) -> None:
    """The game's round and teams exist; a bye is exactly a game without an opponent."""
    if game["round"] not in round_numbers:
        raise fail(
            f"{place}.round",
            _("round %(n)d is not in the archive's rounds.") % {"n": game["round"]},
        )
    for side in ("team_a", "team_b"):
        if game[side] is not None and game[side] not in team_ids:
            raise fail(
                f"{place}.{side}",
                _("team %(id)s is not one of the event's teams.") % {"id": game[side]},
            )
    if game["team_a"] == game["team_b"]:
        raise fail(place, _("a team cannot play against itself."))
    bye = game["team_b"] is None
    if bye != (game["status"] == Game.Status.BYE):
        raise fail(
            f"{place}.status", _("a bye (no opponent) has the status “bye”, and only a bye has it.")
        )
    if bye and (game["reports"] or game["disputes"]):
        raise fail(place, _("a bye has no reports nor disputes."))


def _check_reports(event: dict, game: dict, place: str) -> list[int]:
    """Versions 1, 2, 3…, each by and confirmed by a team of the game; returns the versions."""
    reports = game["reports"]
    versions = [r["version"] for r in reports]
    if versions != list(range(1, len(reports) + 1)):
        raise fail(
            f"{place}.reports",
            _("report versions must be 1, 2, 3… in order without a gap (found %(found)s).")
            % {"found": ", ".join(map(str, versions))},
        )
    _unique(
        [r for r in reports if r["idempotency_key"]],
        lambda r: r["idempotency_key"],
        f"{place}.reports",
        _("Idempotency key"),
    )
    sides = {game["team_a"], game["team_b"]} - {None}
    for index, report in enumerate(reports):
        where = f"{place}.reports[{index}]"
        teams = [(f"{where}.by_team", report["by_team"])] + [
            (f"{where}.confirmations[{c_index}].by_team", confirmation["by_team"])
            for c_index, confirmation in enumerate(report["confirmations"])
        ]
        for field_place, team in teams:
            if team is not None and team not in sides:
                raise fail(field_place, _("team %(id)s does not play this game.") % {"id": team})
        check_report_content(event, game, report, where)
    return versions


def _check_confirmed_and_disputes(game: dict, place: str, versions: list[int]) -> None:
    """The confirmed version and the disputes' versions are among the game's reports."""
    confirmed = game["confirmed_report"]
    if confirmed is not None and confirmed not in versions:
        raise fail(
            f"{place}.confirmed_report",
            _("version %(v)d is not one of this game's reports.") % {"v": confirmed},
        )
    if game["status"] == Game.Status.CONFIRMED and confirmed is None:
        raise fail(
            f"{place}.confirmed_report", _("a confirmed game names its confirmed report version.")
        )
    _unique(game["disputes"], lambda d: d["opened_at"], f"{place}.disputes", _("Dispute opened at"))
    for index, dispute in enumerate(game["disputes"]):
        for version in [*dispute["reports"], dispute["decision"]]:
            if version is not None and version not in versions:
                raise fail(
                    f"{place}.disputes[{index}]",
                    _("version %(v)d is not one of this game's reports.") % {"v": version},
                )


def payload_of(kind: str, report: dict) -> dict:
    """What the captain or official submitted, rebuilt from the stored report."""
    detail = report["detail"]
    if kind == Report.Kind.FINAL:
        payload = {"score_a": report["score_a"], "score_b": report["score_b"]}
        if detail.get("declared"):  # a remarkable hand declared with the score (issue 37):
            payload["declared"] = detail["declared"]  # re-checked by the engine like a sheet
        return payload
    if kind == Report.Kind.SHEET:
        return {"sheet": detail.get("sheet")}
    if kind == Report.Kind.CRAPETTE_RECORD:
        return {"record": detail.get("record")}
    if kind == Report.Kind.FORFEIT:  # the official named the winner: the side given the points
        payload = {"winner": "a" if report["score_a"] > report["score_b"] else "b"}
        if detail.get("absent") in ("a", "b"):  # a bracket qualifier absent (issue 50)
            payload["absent"] = detail["absent"]
        if detail.get("withdrawn") in ("a", "b"):  # a qualifier withdrew during the bracket
            payload["withdrawn"] = detail["withdrawn"]
        return payload
    return dict(detail)


def check_report_content(event: dict, game: dict, report: dict, place: str) -> None:
    shell = Game(round=Round(event=Event(game_type=event["game_type"], rule_set=event["rule_set"])))
    kind = report["kind"]
    try:
        content = validate_content(shell, kind, payload_of(kind, report), card_language=STORED)
    except RuleError as exc:
        raise fail(place, exc.message, code="archive_tampered") from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        # The engine's readers expect what the forms send; damaged content may surprise them.
        raise fail(
            f"{place}.detail",
            _("cannot be read as a %(kind)s report.") % {"kind": kind},
            code="archive_tampered",
        ) from None
    stored = {key: report[key] for key in ("score_a", "score_b", "skunk", "detail")}
    if content != stored:
        raise fail(
            place,
            _(
                "the report says %(a)d–%(b)d (skunk %(s)d) but its content gives "
                "%(ca)d–%(cb)d (skunk %(cs)d): it was changed after it was "
                "entered."
            )
            % {
                "a": report["score_a"],
                "b": report["score_b"],
                "s": report["skunk"],
                "ca": content["score_a"],
                "cb": content["score_b"],
                "cs": content["skunk"],
            },
            code="archive_tampered",
        )
    if fingerprint(kind, stored) != report["fingerprint"]:
        raise fail(
            f"{place}.fingerprint",
            _(
                "does not match the report's content (kind, "
                "scores, skunk, detail): the report was changed after it was entered."
            ),
            code="archive_tampered",
        )
