"""The open results format (``"schema": "huche.results"``, version 2): an event's results for
other programs, described by a JSON Schema (``schemas/huche-results-2.schema.json`` beside this
file, served at ``/schemas/results/2.json``) and by ``docs/result-format.md``. Version 2 adds
the bracket after the series (issue 50); version 1 documents (no bracket) are still read, with
their own schema (``/schemas/results/1.json``).

One format, not two: a results document is the event archive's content (``transfer.content_of``,
the same builder) without what only Huche needs or what is private (accounts and their emails,
the audit log, seeds, idempotency keys, fingerprints, notes), with the references renumbered
from 1 so that the same results give the same document on any site, hand-by-hand sheets in a
normal form (counts as numbers, cards in the engine's notation), and member numbers only for
whoever may see them. An archive is the results document plus those internal fields and its
signature envelope.

Importing a results document goes through the archive importer: :func:`read` checks it against
the schema (refusals in words, naming the place), then :func:`to_archive` puts neutral values
in the internal fields (no account, no seed, the fingerprints recomputed), and every archive
check follows (references, the rules engine re-reading every report). Such a document proves
nothing about who wrote it: its import always asks for a confirmation.
"""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from accounts.roles import is_official
from tournaments.archives.content import content_of
from tournaments.errors import RuleError
from tournaments.models import Event, Player
from tournaments.results.reporting import fingerprint
from tournaments.selectors import managed_leagues
from tournaments.standings.engine import PlayoffGame, match_state
from tournaments.standings.engine.bracket import bracket, champion, podium, third_place_match

THIRD = "3RD"  # the third-place match's id (``results.bracket_play.THIRD_PLACE``)

SCHEMA = "huche.results"
SCHEMA_VERSION = 2
SCHEMA_VERSIONS = (1, 2)  # read; written: SCHEMA_VERSION


def schema_file(version: int = SCHEMA_VERSION) -> Path:
    return Path(__file__).with_name("schemas") / f"huche-results-{version}.schema.json"


SCHEMA_FILE = schema_file()
MEDIA_TYPE = "application/schema+json"

# What an archive row holds that a results document leaves out, and the neutral value the
# import puts back ("exported_at": the document's export moment).
LEFT_OUT: dict[str, dict[str, Any]] = {
    "event": {"seed": 0, "created_at": "exported_at", "finished_by": None},
    "teams": {"captain_user": None, "registered_at": "exported_at"},
    "playoff_groups": {"created_by": None, "created_at": "exported_at"},
    "rounds": {"seed": None, "forced": False, "created_by": None, "created_at": "exported_at"},
    "reports": {
        "by_user": None,
        "channel": "import",
        "client": "",
        "idempotency_key": "",
        "note": "",
    },
    "confirmations": {"by_user": None},
    "disputes": {"resolved_by": None, "note": ""},
}
DEAL_KEYS = ("dealer", "heels", "starter", "pegging", "pegged_out", "hands", "crib")


@functools.cache
def schema_text(version: int = SCHEMA_VERSION) -> str:
    return schema_file(version).read_text(encoding="utf-8")


@functools.cache
def _validator(version: int = SCHEMA_VERSION) -> Draft202012Validator:
    return Draft202012Validator(json.loads(schema_text(version)))


# --- export -----------------------------------------------------------------------------------


def results_document(event: Event, viewer=None, *, every_number: bool = False) -> dict:
    """The results of ``event`` in the open format; member numbers only where ``viewer`` may
    see them (the organizers of the player's league, as everywhere on the site), or all of
    them with ``every_number`` (the command: whoever runs it has the server)."""
    content = content_of(event)
    players = Player.objects.filter(uid__in=[p["uid"] for p in content["players"]])
    if not every_number:
        players = players.filter(league__in=managed_leagues(viewer))
    shown = {str(uid) for uid in players.values_list("uid", flat=True)}
    return from_archive(content, shown)


def from_archive(content: dict, numbers_shown: set[str]) -> dict:
    """The archive's content (``transfer.content_of``) as a results document."""
    content = copy.deepcopy(content)
    team = {row["id"]: number for number, row in enumerate(content["teams"], start=1)}
    group = {row["id"]: number for number, row in enumerate(content["playoff_groups"], start=1)}
    event = _without(content["event"], "event")
    for row in content["players"]:
        if row["uid"] not in numbers_shown:
            row["member_number"] = None
    for row in content["teams"]:
        row["id"] = team[row["id"]]
    for row in content["playoff_groups"]:
        row["id"], row["teams"] = group[row["id"]], [team[t] for t in row["teams"]]
    for row in content["rounds"]:
        row["playoff_group"] = group.get(row["playoff_group"])
    for game in content["games"]:
        game["team_a"], game["team_b"] = team[game["team_a"]], team.get(game["team_b"])
        for report in game["reports"]:
            report.pop("fingerprint")
            report["by_team"] = team.get(report["by_team"])
            for confirmation in report["confirmations"]:
                confirmation["by_team"] = team.get(confirmation["by_team"])
            if report["kind"] == "sheet":
                report["detail"] = {**report["detail"], "sheet": normal_sheet(report["detail"])}
    return {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "exported_at": content["exported_at"],
        "league": content["league"],
        "season": content["season"],
        "event": event,
        "players": content["players"],
        "teams": [_without(row, "teams") for row in content["teams"]],
        "playoff_groups": [_without(row, "playoff_groups") for row in content["playoff_groups"]],
        "rounds": [_without(row, "rounds") for row in content["rounds"]],
        "games": [
            {
                **game,
                "reports": [
                    {
                        **_without(report, "reports"),
                        "confirmations": [
                            _without(c, "confirmations") for c in report["confirmations"]
                        ],
                    }
                    for report in game["reports"]
                ],
                "disputes": [_without(d, "disputes") for d in game["disputes"]],
            }
            for game in content["games"]
        ],
        "bracket": bracket_of(content),
    }


def bracket_of(content: dict) -> dict | None:
    """The bracket as played, worked out from the (renumbered) rounds and games by the engine:
    the qualifiers are the bracket rounds' playoff group, seed 1 first."""
    groups = {row["id"]: row["teams"] for row in content["playoff_groups"]}
    rounds = {row["number"]: row for row in content["rounds"]}
    seeds = next(
        (groups[r["playoff_group"]] for r in content["rounds"] if r["kind"] == "bracket"), None
    )
    if seeds is None:
        return None
    played = []
    for game in content["games"]:
        if rounds[game["round"]]["kind"] != "bracket" or game["status"] != "confirmed":
            continue
        report = next(r for r in game["reports"] if r["version"] == game["confirmed_report"])
        a, b = report["score_a"], report["score_b"]
        winner = game["team_a"] if a > b else game["team_b"]
        played.append(
            PlayoffGame(game["playoff_match"], game["team_a"], game["team_b"], winner, a, b)
        )
    best_of = content["event"].get("bracket_best_of", 3)
    needed = best_of // 2 + 1
    tree = bracket(seeds, [p for p in played if p.match != THIRD], wins_needed=needed)
    seed = {team: number for number, team in enumerate(seeds, start=1)}

    def side(team, wins):
        return None if team is None else {"seed": seed[team], "team": team, "games_won": wins}

    matches = [
        {
            "id": m.id,
            "round": m.round,
            "bye": m.is_bye,
            "a": side(m.team_a, m.state.wins_a if m.state else 0),
            "b": side(m.team_b, m.state.wins_b if m.state else 0),
            "winner": m.winner,
        }
        for row in tree
        for m in row
    ]
    third_winner = None
    pair = third_place_match(tree) if content["event"].get("bracket_third_place") else None
    if pair is not None:
        first, second = sorted(pair, key=seed.__getitem__)
        state = match_state(THIRD, first, second, [p for p in played if p.match == THIRD], needed)
        third_winner = state.winner
        matches.append(
            {
                "id": THIRD,
                "round": None,
                "bye": False,
                "a": side(first, state.wins_a),
                "b": side(second, state.wins_b),
                "winner": state.winner,
            }
        )
    return {
        "best_of": best_of,
        "qualifiers": list(seeds),
        "matches": matches,
        "champion": champion(tree),
        "third_place": third_winner,
        "final_places": _final_places(seeds, played, needed, content),
    }


def _final_places(seeds, played, needed: int, content: dict) -> list[dict] | None:
    """The medals as the bracket gives them (``standings.bracket_places``, the same rule)."""
    places = podium(
        seeds,
        played,
        wins_needed=needed,
        third_place=bool(content["event"].get("bracket_third_place")),
        third_match=THIRD,
    )
    if places is None:
        return None
    return [{"place": place, "teams": list(teams)} for place, teams in places]


def _without(row: dict, section: str) -> dict:
    return {key: value for key, value in row.items() if key not in LEFT_OUT[section]}


def normal_sheet(detail: dict) -> dict:
    """A stored sheet as the format writes it: counts and pegging as whole numbers (a form sends
    text), a hand or crib with cards as ``{"count", "cards"}``, only the documented keys. The
    cards are already in the engine's notation (``reporting.submit`` stores them so)."""

    def number(value: Any) -> int:
        return value if isinstance(value, int) else int(str(value).strip())

    def entry(value: Any) -> Any:
        if isinstance(value, dict):
            if value.get("cards"):
                return {"count": number(value["count"]), "cards": value["cards"]}
            value = value.get("count")
        return number(value)

    deals = []
    for deal in detail["sheet"]["deals"]:
        row: dict[str, Any] = {
            "dealer": deal["dealer"],
            "heels": bool(deal.get("heels")),
            "pegging": {side: number((deal.get("pegging") or {}).get(side, 0)) for side in "ab"},
            "hands": [entry(h) for h in deal.get("hands") or []],
        }
        if deal.get("starter"):
            row["starter"] = deal["starter"]
        if deal.get("pegged_out"):
            row["pegged_out"] = deal["pegged_out"]
        if deal.get("crib") not in (None, ""):
            row["crib"] = entry(deal["crib"])
        deals.append(row)
    return {"deals": deals}


# --- import -----------------------------------------------------------------------------------


def is_results(document: dict) -> bool:
    return document.get("schema") == SCHEMA


def check(document: dict) -> None:
    """Refuse, in words and naming the place, a document that does not follow the schema."""
    version = document.get("schema_version")
    if type(version) is int and version > SCHEMA_VERSION:
        raise RuleError(
            _(
                "schema_version: this results document is in format version %(given)d, "
                "written by a newer program; this site reads version %(v)d. Update this site "
                "first, then import it."
            )
            % {"given": version, "v": SCHEMA_VERSION},
            code="archive_version",
            field="schema_version",
        )
    # A version 1 document (before the bracket) is checked against its own schema.
    read_as = version if version in SCHEMA_VERSIONS else SCHEMA_VERSION
    error = best_match(_validator(read_as).iter_errors(document))
    if error is not None:
        place = path_of(error)
        raise RuleError(
            _("%(place)s: %(message)s (the results format: docs/result-format.md).")
            % {"place": place or _("the document"), "message": in_words(error)},
            code="archive_invalid",
            field=place,
        )


def path_of(error: ValidationError) -> str:
    """``games[3].reports[0].score_a``: the place as the archive's own messages name it."""
    place = ""
    for step in error.absolute_path:
        place += f"[{step}]" if isinstance(step, int) else (f".{step}" if place else str(step))
    return place


TYPES = {
    "integer": gettext_lazy("a whole number"),
    "string": gettext_lazy("text"),
    "boolean": gettext_lazy("true or false"),
    "object": gettext_lazy("a JSON object"),
    "array": gettext_lazy("a list"),
    "null": "null",
}


# The schema's descriptions of the written forms, translated when a refusal quotes them.
FORMS = frozenset(
    (
        gettext_noop(
            "a date and time in ISO 8601 with its UTC offset, e.g. 2026-11-21T19:05:00+00:00"
        ),
        gettext_noop(
            "a date and time in ISO 8601 with its UTC offset, e.g. "
            "2026-11-21T19:05:00+00:00; or null"
        ),
        gettext_noop("a UUID, e.g. 0f8fad5b-d9cb-469f-a165-70867728950e"),
        gettext_noop("a UUID, e.g. 0f8fad5b-d9cb-469f-a165-70867728950e; or null"),
        gettext_noop("a slug: letters, digits, - and _, at most 50 characters"),
        gettext_noop(
            "one card in the engine's notation: rank A 2-9 T J Q K, suit S H D C (e.g. 5H, TD)"
        ),
        gettext_noop(
            "four cards in the engine's notation, separated by one space (e.g. 5H 5C JS 4D)"
        ),
        gettext_noop("a date, e.g. 2026-11-21"),
    )
)


def in_words(error: ValidationError) -> str:
    """jsonschema's verdict in the site's language, for the checks the schema uses."""
    kind, wanted, value = error.validator, error.validator_value, error.instance
    if kind == "type":
        names = [str(TYPES.get(t, t)) for t in (wanted if isinstance(wanted, list) else [wanted])]
        return _("must be %(types)s.") % {"types": _(" or ").join(names)}
    if kind == "required":
        missing = [name for name in wanted if name not in value]
        return _("“%(name)s” is missing.") % {"name": missing[0] if missing else wanted[0]}
    if kind in ("minimum", "maximum"):
        return (
            _("%(value)s is less than %(limit)s, the least allowed.")
            if kind == "minimum"
            else _("%(value)s is more than %(limit)s, the most allowed.")
        ) % {"value": value, "limit": wanted}
    if kind in ("enum", "const"):
        allowed = wanted if kind == "enum" else [wanted]
        return _("%(value)s is not allowed: it must be one of %(allowed)s.") % {
            "value": json.dumps(value, ensure_ascii=False)[:60],
            "allowed": ", ".join(json.dumps(a, ensure_ascii=False) for a in allowed),
        }
    if kind in ("pattern", "format"):
        return _("“%(value)s” does not have the required form: %(form)s.") % {
            "value": str(value)[:60],
            "form": _(form) if (form := error.schema.get("description", "")) in FORMS else wanted,
        }
    if kind in ("maxLength", "maxItems"):
        return _("is too long (at most %(n)s).") % {"n": wanted}
    if kind in ("minLength", "minItems"):
        return _("is too short (at least %(n)s).") % {"n": wanted}
    if kind == "maxProperties":
        return _("must have at most %(n)s fields.") % {"n": wanted}
    if kind == "additionalProperties":
        return _("has a field the format does not have: %(fields)s.") % {
            "fields": ", ".join(sorted(set(value) - set(error.schema.get("properties", {}))))
        }
    return error.message


def to_archive(document: dict) -> dict:
    """The results document as an archive's content for the importer: the internal fields
    back with neutral values (no account, no seed, nothing to replay), each report's
    fingerprint recomputed from its content, member numbers not shown as none."""
    content = copy.deepcopy(document)
    content.pop("bracket", None)  # worked out from the rounds and games: nothing to store
    moment = content["exported_at"]

    def fill(row: dict, section: str) -> None:
        for key, value in LEFT_OUT[section].items():
            row.setdefault(key, moment if value == "exported_at" else copy.deepcopy(value))

    fill(content["event"], "event")
    for section in ("teams", "playoff_groups", "rounds"):
        for row in content[section]:
            fill(row, section)
    for player in content["players"]:
        player["member_number"] = player["member_number"] or ""
    for game in content["games"]:
        for report in game["reports"]:
            fill(report, "reports")
            for confirmation in report["confirmations"]:
                fill(confirmation, "confirmations")
            stored = {key: report[key] for key in ("score_a", "score_b", "skunk", "detail")}
            report["fingerprint"] = fingerprint(report["kind"], stored)
        for dispute in game["disputes"]:
            fill(dispute, "disputes")
    content["audit"] = []
    return content


# --- who may export -----------------------------------------------------------------------------


def may_export(event: Event, user) -> bool:
    """Released results are everyone's; before the release only the event's organizers and
    officials get the (provisional) document: the embargo, as on every page."""
    return event.released_at is not None or is_official(user, event)


def not_released() -> str:
    return _(
        "The results of this event are not released yet: until the organizer releases them, "
        "only the event's organizers and officials may download them."
    )


def filename(event: Event) -> str:
    return f"{event.slug}-results.json"
