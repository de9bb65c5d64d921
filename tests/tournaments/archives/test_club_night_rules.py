"""The club nights' season rules and the guest marks travel in archives and in the open results
format (issue 50): exported, read back and exported again unchanged; documents written before
them read with the defaults; a rule out of range is refused in words."""

from __future__ import annotations

import json

import jsonschema
import pytest
from django.db import transaction

from tests.builders.results_events import BUILDERS, _event, league_season
from tournaments.archives import open_format
from tournaments.archives.transfer import dumps, export_event, import_event
from tournaments.errors import RuleError
from tournaments.models import Event, Season, Team

from .test_open_format import published_schema, schema_errors, without_volatile

pytestmark = pytest.mark.django_db

RULES = {
    "aggregation": Season.Aggregation.TABLE,
    "night_threshold": 15,
    "night_award": Season.NightAward.FIXED,
    "night_fixed_points": 3,
    "night_table": [[10, 1], [15, 2], [20, 4]],
    "guest_nights": 2,
}


def _club_night(organizer) -> Event:
    season = league_season(organizer)
    Season.objects.filter(pk=season.pk).update(**RULES)
    event = _event(organizer, "Soirée du mardi", 4, season=season)
    first, second = event.teams.order_by("id")[:2]
    Team.objects.filter(pk=first.pk).update(captain_guest=True)
    Team.objects.filter(pk=second.pk).update(partner_guest=True)
    return Event.objects.get(pk=event.pk)


def _with_rules(season: Season) -> Season:
    Season.objects.filter(pk=season.pk).update(**RULES)
    season.refresh_from_db()
    return season


def _elsewhere(build, organizer, export):
    with transaction.atomic():
        document = json.loads(dumps(export(build(organizer))))
        transaction.set_rollback(True)
    return document


def _guests(document) -> list[tuple[str, bool, bool]]:
    return [(t["name"], t["captain_guest"], t["partner_guest"]) for t in document["teams"]]


def test_the_rules_and_guests_round_trip_in_the_results_format(organizer):
    first = _elsewhere(_club_night, organizer, lambda e: open_format.results_document(e, organizer))
    assert schema_errors(first) == []
    assert {k: first["season"][k] for k in RULES} == RULES
    assert _guests(first)[:2] == [("Équipe 1", True, False), ("Équipe 2", False, True)]
    # Imported into the same league's season, with the same rules, here as there.
    season = _with_rules(league_season(organizer))
    result = import_event(dumps(first), organizer, season=season, confirmed=True)
    again = json.loads(dumps(open_format.results_document(result.event, organizer)))
    assert without_volatile(again) == without_volatile(first)
    teams = result.event.teams.order_by("id")
    assert [(t.captain_guest, t.partner_guest) for t in teams[:3]] == [
        (True, False),
        (False, True),
        (False, False),
    ]


def test_the_rules_and_guests_round_trip_in_an_archive(organizer):
    first = _elsewhere(_club_night, organizer, export_event)
    assert {k: first["season"][k] for k in RULES} == RULES
    season = _with_rules(league_season(organizer))
    result = import_event(dumps(first), organizer, season=season, confirmed=True)
    again = export_event(result.event)
    assert {k: again["season"][k] for k in RULES} == RULES
    assert _guests(again) == _guests(first)


def test_a_document_written_before_reads_with_the_defaults(organizer):
    document = _elsewhere(
        BUILDERS["fadoq_with_playoffs"],
        organizer,
        lambda e: open_format.results_document(e, organizer),
    )
    for key in ("night_threshold", "night_award", "night_fixed_points", "night_table"):
        del document["season"][key]
    del document["season"]["guest_nights"]
    for team in document["teams"]:
        del team["captain_guest"], team["partner_guest"]
    jsonschema.Draft202012Validator(published_schema()).validate(document)
    result = import_event(
        dumps(document), organizer, season=league_season(organizer), confirmed=True
    )
    assert not result.event.teams.filter(captain_guest=True).exists()


def test_a_night_table_step_out_of_shape_is_refused_in_words(organizer):
    document = _elsewhere(
        _club_night, organizer, lambda e: open_format.results_document(e, organizer)
    )
    document["season"]["night_table"] = [[10, 1, 5]]
    assert schema_errors(document)
    with pytest.raises(RuleError, match="night_table"):
        import_event(dumps(document), organizer, season=league_season(organizer), confirmed=True)
    assert not Event.objects.exists()


def _withdrawn_in_bracket(organizer) -> Event:
    from tests.builders.finished_event import play_series
    from tournaments.results import bracket_play
    from tournaments.results.bracket_withdraw import withdraw

    event = _event(
        organizer,
        "Qualificatif ACC",
        10,
        scoring_system="game_points",
        movement="random_draw",
        number_of_games=3,
        bracket="fixed",
        bracket_qualifiers=5,
        bracket_best_of=3,
    )
    play_series(event, organizer)
    cut = bracket_play.the_cut(event)
    game = bracket_play.seat_bracket(event, organizer, settled=list(cut.tied) or None)[0]
    withdraw(game.team_b, organizer)
    return Event.objects.get(pk=event.pk)


def test_a_withdrawn_qualifiers_forfeits_follow_the_schema_and_round_trip(organizer):
    first = _elsewhere(
        _withdrawn_in_bracket, organizer, lambda e: open_format.results_document(e, organizer)
    )
    assert schema_errors(first) == []
    withdrawn = [
        r["detail"] for g in first["games"] for r in g["reports"] if r["kind"] == "forfeit"
    ]
    assert len(withdrawn) == 2 and all(d["withdrawn"] in ("a", "b") for d in withdrawn)
    league_season(organizer)  # the importer organizes a league here, as a club would
    result = import_event(dumps(first), organizer, confirmed=True)
    again = json.loads(dumps(open_format.results_document(result.event, organizer)))
    assert without_volatile(again) == without_volatile(first)
