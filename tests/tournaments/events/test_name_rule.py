"""The name rule (issue 33, finding 8): no invisible, format or direction character in a name, and
names compared after normalisation, on every path that names something.

Before: teams "E1" and "E1"+U+200B (a zero-width space) coexisted in one event and looked the
same on every sheet and screen; U+202E (right-to-left override) turned an event's name around;
"Ｅ1" (full width) was another team than "E1".
"""

from __future__ import annotations

import datetime

import pytest
from rest_framework.authtoken.models import Token

from tournaments.archives.checks import check_archive
from tournaments.archives.transfer import export_event
from tournaments.errors import RuleError
from tournaments.events.creation import create_event
from tournaments.events.csv_import import import_teams
from tournaments.events.names import normal_form
from tournaments.events.settings import update_event
from tournaments.events.teams import add_team
from tournaments.leagues.seasons import create_league, create_season

pytestmark = pytest.mark.django_db

INVISIBLE = {
    "zero-width space": "\u200b",
    "right-to-left override": "\u202e",
    "left-to-right mark": "\u200e",
    "line separator": "\u2028",
    "paragraph separator": "\u2029",
    "byte order mark": "\ufeff",
    "soft hyphen": "\u00ad",
    "tab": "\t",
    "C1 control": "\u0085",
}


@pytest.mark.parametrize("char", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_a_team_name_with_an_invisible_character_is_refused_naming_it(event, organizer, char):
    with pytest.raises(RuleError) as refused:
        add_team(event, organizer, name=f"E1{char}x", captain="Rita", partner="Paul")
    assert refused.value.code == "control_character"
    assert "position 3" in refused.value.message
    assert f"U+{ord(char):04X}" in refused.value.message
    assert not event.teams.filter(name__startswith="E1").exists()


@pytest.mark.parametrize("field", ["captain", "partner"])
def test_a_players_name_follows_the_same_rule(event, organizer, field):
    names = {"name": "Les As", "captain": "Rita", "partner": "Paul"}
    names[field] += "\u200b"
    with pytest.raises(RuleError) as refused:
        add_team(event, organizer, **names)
    assert refused.value.field == field and "position 5" in refused.value.message


@pytest.mark.parametrize("twin", ["E1\u200b", "Ｅ1", "e1", "E1 ", " e1", "ｅ１"])
def test_names_that_look_the_same_cannot_coexist(event, organizer, twin):
    add_team(event, organizer, name="E1", captain="Rita", partner="Paul")
    with pytest.raises(RuleError) as refused:
        add_team(event, organizer, name=twin, captain="Marc", partner="Lise")
    assert refused.value.code in ("duplicate", "control_character")
    assert event.teams.filter(captain="Marc").count() == 0


def test_spaces_inside_a_name_count_once(event, organizer):
    add_team(event, organizer, name="Les As", captain="Rita", partner="Paul")
    with pytest.raises(RuleError) as refused:
        add_team(event, organizer, name="Les   as", captain="Marc", partner="Lise")
    assert "“Les As” is already registered" in refused.value.message


def test_the_normal_form():
    assert normal_form("  Ｌes\u3000  ÀS ") == normal_form("les às") == "les às"
    assert normal_form("ﬁnale") == "finale"  # a ligature is its letters


def test_a_csv_list_refuses_them_by_line(event, organizer):
    before = event.teams.count()
    with pytest.raises(RuleError) as refused:
        import_teams(event, organizer, "E1,Rita,Paul\nE2\u202e,Marc,Lise\n")
    assert refused.value.message.startswith("Line 2:") and "U+202E" in refused.value.message
    with pytest.raises(RuleError) as refused:
        import_teams(event, organizer, "E1,Rita,Paul\nＥ1,Marc,Lise\n")
    assert "already appears on line 1" in refused.value.message
    assert event.teams.count() == before


def test_the_api_refuses_them_in_words(api_client, event, organizer):
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=organizer).key}")
    url = f"/api/v1/events/{event.slug}/teams/"
    body = {"name": "E1\u200b", "captain": "Rita", "partner": "Paul"}
    response = api_client.post(url, body, format="json")
    assert response.status_code == 400
    assert "position 3" in response.json()["detail"] and "U+200B" in response.json()["detail"]
    assert api_client.post(url, {**body, "name": "Les Rois"}, format="json").status_code == 201
    twin = api_client.post(url, {**body, "name": "LES\u00a0ROIS"}, format="json")
    assert twin.status_code == 400 and twin.json()["code"] == "duplicate"
    event_name = api_client.post(
        "/api/v1/events/", {"name": "Omnium\u202e", "date": "2026-12-05"}, format="json"
    )
    assert event_name.status_code == 400 and "U+202E" in event_name.json()["detail"]


def test_event_league_and_season_names_follow_the_rule(event, organizer):
    with pytest.raises(RuleError, match="U\\+202E"):
        create_event(organizer, name="\u202eOmnium", date=datetime.date(2026, 12, 5))
    with pytest.raises(RuleError, match="position 8"):
        update_event(event, organizer, {"name": "Tournoi\u2028régional"})
    with pytest.raises(RuleError, match="The league's name"):
        create_league(organizer, name="Ligue\u200b")
    league = create_league(organizer, name="Ligue des Laurentides")
    with pytest.raises(RuleError, match="The season's name"):
        create_season(league, organizer, name="2026\ufeff")


def test_an_archive_with_such_a_name_is_refused_naming_the_place(event):
    content = export_event(event)
    content["teams"][1]["name"] = "Équipe 1\u200b"
    with pytest.raises(RuleError) as refused:
        check_archive(content)
    assert "teams[1]" in refused.value.message
    content["teams"][1]["name"] = "ÉQUIPE 1"  # the same name as teams[0] once normalised
    with pytest.raises(RuleError, match="appears more than once"):
        check_archive(content)
