"""The open results format (docs/result-format.md): every event's document follows the published
JSON Schema; a document exported, imported into a fresh site and exported again is the same
document; the stable URL serves the schema file; the embargo holds; a document that breaks the
schema is refused in words and changes nothing."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jsonschema
import pytest
from django.db import transaction

from tests.builders.results_events import (
    BUILDERS,
    FRENCH_HAND,
    STORED_HAND,
    league_season,
    sheet_event,
    troubled_event,
)
from tournaments.archives import open_format
from tournaments.archives.transfer import ArchiveNotProved, dumps, import_event
from tournaments.errors import RuleError
from tournaments.models import Event, Game, Player, Report
from tournaments.results import reporting

ROOT = Path(__file__).resolve().parents[3]
SCHEMA_FILE = ROOT / "tournaments" / "archives" / "schemas" / "huche-results-2.schema.json"
VOLATILE = ("exported_at",)  # docs/result-format.md: the only field two exports may differ in

pytestmark = pytest.mark.django_db


def published_schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def schema_errors(document: dict) -> list[str]:
    validator = jsonschema.Draft202012Validator(
        published_schema(), format_checker=jsonschema.FormatChecker()
    )
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in validator.iter_errors(document)
    ]


def without_volatile(document: dict) -> dict:
    return {key: value for key, value in document.items() if key not in VOLATILE}


def exported_elsewhere(build, organizer) -> dict:
    """The document of an event built on "another site": everything is rolled back after the
    export, so this database is fresh again (only the test's users stay)."""
    with transaction.atomic():
        event = build(organizer)
        document = json.loads(dumps(open_format.results_document(event, organizer)))
        transaction.set_rollback(True)
    assert not Event.objects.exists()
    return document


@pytest.mark.parametrize("shape", sorted(BUILDERS))
def test_every_event_export_follows_the_published_schema(shape, organizer):
    document = json.loads(dumps(open_format.results_document(BUILDERS[shape](organizer), None)))
    jsonschema.Draft202012Validator.check_schema(published_schema())
    assert schema_errors(document) == []
    assert document["schema"] == "huche.results" and document["schema_version"] == 2


def test_the_documents_carry_what_each_event_is_about(organizer):
    """Playoffs, a sheet's cards in the engine's notation, Crapette, and the troubles."""
    docs = {
        shape: open_format.results_document(build(organizer), organizer)
        for shape, build in BUILDERS.items()
    }
    fadoq = docs["fadoq_with_playoffs"]
    assert {r["kind"] for r in fadoq["rounds"]} == {"series", "playoff"}
    assert fadoq["event"]["status"] == "finished" and fadoq["event"]["finished_at"]
    assert any(g["playoff_match"] for g in fadoq["games"])
    assert sorted(p["member_number"] for p in fadoq["players"] if p["member_number"])[:2] == [
        "F-0001",
        "F-0002",
    ]
    deal = docs["sheet"]["games"][0]["reports"][0]["detail"]["sheet"]["deals"][0]
    assert deal["starter"] == STORED_HAND[1] and FRENCH_HAND[1] != STORED_HAND[1]
    assert deal["hands"][0] == {"count": 4, "cards": STORED_HAND[0]}
    assert deal["hands"][1:] == [8, 2, 6] and deal["pegging"] == {"a": 4, "b": 2}
    kinds = {r["kind"] for g in docs["crapette"]["games"] for r in g["reports"]}
    assert kinds == {"crapette", "crapette_record"}
    games = docs["troubled"]["games"]
    assert {g["status"] for g in games} == {"bye", "confirmed", "waiting"}
    disputed = next(g for g in games if g["disputes"])
    assert disputed["disputes"][0]["reports"] == [1, 2]
    assert disputed["disputes"][0]["decision"] == disputed["confirmed_report"] == 1
    corrected = next(g for g in games if len(g["reports"]) == 2 and not g["disputes"])
    assert corrected["confirmed_report"] == 2 and corrected["reports"][1]["by_team"] is None
    assert corrected["reports"][0]["confirmations"][0]["by_team"] == corrected["team_b"]
    forfeit = next(g for g in games if g["reports"] and g["reports"][0]["kind"] == "forfeit")
    withdrawn = next(t for t in docs["troubled"]["teams"] if t["withdrawn_at"])
    assert forfeit["team_b"] == withdrawn["id"] and forfeit["reports"][0]["score_b"] == 0


def test_nothing_private_or_internal_is_in_a_document(organizer):
    text = dumps(open_format.results_document(troubled_event(organizer), organizer))
    for word in ("@", "fingerprint", "idempotency", "Recompté", '"seed"', '"audit"', "pin"):
        assert word not in text, word


@pytest.mark.parametrize("shape", sorted(BUILDERS))
def test_export_import_into_a_fresh_site_export_gives_the_same_document(shape, organizer):
    first = exported_elsewhere(BUILDERS[shape], organizer)
    season = league_season(organizer)  # the importer organizes the league, here as there
    season = season if first["season"] else None
    with pytest.raises(ArchiveNotProved):  # a results document proves nothing: asked first
        import_event(dumps(first), organizer, season=season)
    result = import_event(dumps(first), organizer, season=season, confirmed=True)
    again = json.loads(dumps(open_format.results_document(result.event, organizer)))
    assert without_volatile(again) == without_volatile(first)
    assert again["exported_at"] != first["exported_at"]


def test_the_bracket_is_in_the_document_as_played(organizer):
    document = exported_elsewhere(BUILDERS["bracket"], organizer)
    bracket = document["bracket"]
    assert document["event"]["bracket"] == "fixed" and bracket["best_of"] == 3
    assert len(bracket["qualifiers"]) == 5
    assert sum(m["bye"] for m in bracket["matches"]) == 3  # 5 in a bracket of 8
    final = next(m for m in bracket["matches"] if m["round"] == 3)
    assert bracket["champion"] == final["winner"] == bracket["qualifiers"][0]
    third = next(m for m in bracket["matches"] if m["id"] == "3RD")
    assert bracket["third_place"] == third["winner"] is not None
    # The final places (the medals) are the bracket's: champion, finalist, third-place winner.
    assert bracket["final_places"] == [
        {"place": 1, "teams": [final["winner"]]},
        {"place": 2, "teams": [final["a"]["team"] + final["b"]["team"] - final["winner"]]},
        {"place": 3, "teams": [third["winner"]]},
    ]
    absent = [
        r["detail"] for g in document["games"] for r in g["reports"] if r["kind"] == "forfeit"
    ]
    assert len(absent) == 2 and all(d.get("absent") in ("a", "b") for d in absent)


def test_a_version_1_document_is_still_imported_without_a_bracket(organizer):
    document = exported_elsewhere(BUILDERS["sheet"], organizer)
    document["schema_version"] = 1
    del document["bracket"]
    for key in ("bracket", "bracket_qualifiers", "bracket_best_of", "bracket_third_place"):
        del document["event"][key]
    older = json.loads(open_format.schema_text(1))
    assert not list(jsonschema.Draft202012Validator(older).iter_errors(document))
    league_season(organizer)
    event = import_event(dumps(document), organizer, confirmed=True).event
    assert event.bracket == "" and Game.objects.filter(round__event=event).exists()
    again = open_format.results_document(event, organizer)
    assert again["schema_version"] == 2 and again["bracket"] is None


def test_an_event_archive_with_a_win_by_forfeit_imports(organizer):
    """The archive the results format is a part of: a forfeit was read back as a report that
    names no winner, and the whole archive was refused."""
    from tournaments.archives.transfer import export_event

    with transaction.atomic():
        archive = export_event(troubled_event(organizer))
        transaction.set_rollback(True)
    league_season(organizer)
    event = import_event(dumps(archive), organizer, confirmed=True).event
    assert Report.objects.get(game__round__event=event, kind="forfeit").score_b == 0


def test_member_numbers_only_for_the_leagues_organizers(organizer, other_organizer):
    event = BUILDERS["fadoq_with_playoffs"](organizer)
    shown = open_format.results_document(event, organizer)["players"]
    hidden = open_format.results_document(event, other_organizer)["players"]
    assert all(p["member_number"] for p in shown if p["name"].startswith("Capitaine"))
    assert {p["member_number"] for p in hidden} == {None}
    assert schema_errors(open_format.results_document(event, None)) == []


# --- the stable URL, the page, the API, the embargo ------------------------------------------


def test_the_stable_url_serves_the_schema_file_cacheable(client):
    response = client.get("/schemas/results/2.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/schema+json"
    assert response.content == SCHEMA_FILE.read_bytes()
    assert "public" in response["Cache-Control"] and "max-age=86400" in response["Cache-Control"]
    again = client.get("/schemas/results/2.json", HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    older = client.get("/schemas/results/1.json")  # version 1 documents are still read
    assert older.status_code == 200 and b"version 1" in older.content


def test_before_the_release_only_organizers_and_officials_export(
    client, api_client, organizer, make_event
):
    from tournaments.seating import rounds as seating

    event = make_event(4, name="Pas encore publié")
    game = seating.seat_next_round(event, organizer).games.first()
    reporting.submit(
        game, reporting.Actor(team=game.team_a), "final", {"score_a": 121, "score_b": 99}
    )
    page = client.get(f"/e/{event.slug}/results.json")
    assert page.status_code == 403  # in the visitor's language: French first
    assert "ne sont pas encore publiés" in page.json()["detail"]
    assert "results.json" not in client.get(f"/e/{event.slug}/").content.decode()
    api = api_client.get(f"/api/v1/events/{event.slug}/results/")
    assert api.status_code == 403 and api.json()["code"] == "not_released"

    client.force_login(organizer)
    provisional = client.get(f"/e/{event.slug}/results.json")
    assert provisional.status_code == 200 and provisional.json()["event"]["released_at"] is None
    assert "results.json" in client.get(f"/e/{event.slug}/").content.decode()

    from tournaments.standings.service import release

    release(event, organizer)
    client.logout()
    public = client.get(f"/e/{event.slug}/results.json")
    assert public.status_code == 200 and schema_errors(public.json()) == []
    assert 'filename="pas-encore-publie-results.json"' in public["Content-Disposition"]
    assert f"/e/{event.slug}/results.json" in client.get(f"/e/{event.slug}/").content.decode()
    by_api = api_client.get(f"/api/v1/events/{event.slug}/results/").json()
    assert without_volatile(by_api) == without_volatile(public.json())


def test_the_api_schema_lists_the_results_export(client):
    schema = client.get("/api/schema/?format=json").json()
    assert "/api/v1/events/{slug}/results/" in schema["paths"]


# --- imports that break the schema ---------------------------------------------------------


def broken(document: dict, path: list, value=None, *, delete: bool = False) -> dict:
    document = copy.deepcopy(document)
    target = document
    for step in path[:-1]:
        target = target[step]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return document


SHEET = ["games", 0, "reports", 0, "detail", "sheet", "deals", 0]
EDITS = [
    (
        "a score as text",
        ["games", 0, "reports", 0, "score_a"],
        "121",
        "games[0].reports[0].score_a: must be a whole number.",
    ),
    ("a team without its name", ["teams", 1, "name"], None, "teams[1]: “name” is missing."),
    (
        "a card that does not exist",
        [*SHEET, "starter"],
        "5Z",
        "games[0].reports[0].detail.sheet.deals[0].starter: “5Z” does not have the required "
        "form: one card in the engine's notation",
    ),
    (
        "a count of 30",
        [*SHEET, "hands", 1],
        30,
        "games[0].reports[0].detail.sheet.deals[0].hands[1]: 30 is more than 29",
    ),
    (
        "an unknown kind of game",
        ["event", "game_type"],
        "bridge",
        'event.game_type: "bridge" is not allowed: it must be one of "cribbage", "crapette".',
    ),
    (
        "a later version of the format",
        ["schema_version"],
        3,
        "this results document is in format version 3, written by a newer program",
    ),
]


@pytest.mark.parametrize("what, path, value, message", EDITS, ids=[e[0] for e in EDITS])
def test_a_document_that_breaks_the_schema_is_refused_in_words(
    what, path, value, message, organizer
):
    document = exported_elsewhere(sheet_event, organizer)
    league_season(organizer)  # the importer organizes a league: may import
    edited = broken(document, path, value, delete=value is None)
    assert schema_errors(edited) or what == "a later version of the format"
    with pytest.raises(RuleError) as refused:
        import_event(dumps(edited), organizer, confirmed=True)
    assert message in refused.value.message
    assert not Event.objects.exists() and not Report.objects.exists()


def test_a_sheet_whose_score_was_edited_within_the_schema_is_caught_by_the_engine(organizer):
    document = exported_elsewhere(sheet_event, organizer)
    league_season(organizer)
    edited = broken(document, ["games", 0, "reports", 0, "score_b"], 90)
    assert schema_errors(edited) == []
    with pytest.raises(RuleError, match="it was changed after it was entered"):
        import_event(dumps(edited), organizer, confirmed=True)
    assert not Game.objects.exists()


def test_a_results_document_never_changes_an_event_already_here(organizer):
    event = sheet_event(organizer)
    document = dumps(open_format.results_document(event, organizer))
    with pytest.raises(RuleError, match="already on this site"):
        import_event(document, organizer, confirmed=True)
    assert Player.objects.count() == 8


# --- the documentation ----------------------------------------------------------------------


def doc_text() -> str:
    return (ROOT / "docs" / "result-format.md").read_text(encoding="utf-8")


def test_the_documented_example_follows_the_schema():
    example = re.search(r"```json\n(\{\n  \"schema\": \"huche.results\".*?)\n```", doc_text(), re.S)
    assert example is not None
    assert schema_errors(json.loads(example.group(1))) == []


def test_the_documented_option_values_are_the_engines():
    from tournaments.events.options import movement_names, rule_set_names, scoring_system_names
    from tournaments.standings.engine import SYSTEMS, tiebreak_choices

    text = doc_text()
    names = [*rule_set_names(), *movement_names(), *scoring_system_names()]
    names += [key for system in SYSTEMS for key in tiebreak_choices(system)]
    assert [name for name in names if f"`{name}`" not in text] == []


def test_a_refusal_is_in_the_importers_language(organizer):
    from django.utils import translation

    document = exported_elsewhere(sheet_event, organizer)
    league_season(organizer)
    with translation.override("fr-ca"):
        for path, value, message in (
            (["games", 0, "reports", 0, "score_a"], "121", "score_a : doit être un nombre entier."),
            (
                [*SHEET, "starter"],
                "5Z",
                "«\u00a05Z\u00a0» n'a pas la forme requise : une carte dans la",
            ),
        ):
            with pytest.raises(RuleError) as refused:
                import_event(dumps(broken(document, path, value)), organizer, confirmed=True)
            assert message in refused.value.message


def test_the_commands_export_and_import_a_results_document(organizer, tmp_path):
    """`export_event SLUG --results -o FILE` (every member number: whoever runs it has the
    server), then `import_event FILE --confirm` on a fresh site gives the same document."""
    from django.core.management import call_command

    written = tmp_path / "results.json"
    with transaction.atomic():
        event = BUILDERS["fadoq_with_playoffs"](organizer)
        call_command("export_event", event.slug, "--results", "-o", str(written))
        transaction.set_rollback(True)
    first = json.loads(written.read_text(encoding="utf-8"))
    assert first["schema"] == "huche.results" and schema_errors(first) == []
    assert all(p["member_number"] is not None for p in first["players"])
    league_season(organizer)
    call_command("import_event", str(written), "--season", "fadoq-saguenay/2026-2027", "--confirm")
    again = open_format.results_document(Event.objects.get(), every_number=True)
    assert without_volatile(json.loads(dumps(again))) == without_volatile(first)
