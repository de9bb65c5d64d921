"""Teams through the API: the public list, registration, CSV import, withdrawal, links."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from accounts.models import CaptainLink
from tests.builders.scene import API, logged_in
from tests.conftest import link_of
from tournaments.models import AuditEntry, Team


def url(event, tail: str = "") -> str:
    return f"{API}events/{event.slug}/teams/{tail}"


@pytest.fixture
def official_api(api_client, official):
    return logged_in(api_client, official)


def test_the_public_list_shows_names_and_players_only(api_client, event):
    response = api_client.get(url(event))
    assert response.status_code == 200
    first = response.json()["results"][0]
    assert first == {
        "id": first["id"],
        "name": "Équipe 1",
        "captain": "Capitaine 1",
        "partner": "Partenaire 1",
        "players": "Capitaine 1 & Partenaire 1",
        "withdrawn": False,
    }


def test_officials_see_each_teams_live_link(official_api, event):
    first = official_api.get(url(event)).json()["results"][0]
    link = link_of(Team.objects.get(pk=first["id"]))
    assert (first["link"]["token"], first["link"]["pin"]) == (link.token, link.pin)
    assert first["link"]["url"] == f"http://testserver/c/{link.token}/"


def test_an_official_registers_a_team_with_its_link(official_api, event):
    response = official_api.post(
        url(event), {"name": "Les Nouveaux", "captain": "Rita", "partner": "Gilles"}, format="json"
    )
    assert response.status_code == 201
    team = Team.objects.get(event=event, name="Les Nouveaux")
    assert response.json()["link"]["pin"] == link_of(team).pin
    assert AuditEntry.objects.filter(event=event, action="team.add", target="Les Nouveaux")


def test_a_cribbage_team_without_partner_is_refused(official_api, event):
    response = official_api.post(url(event), {"name": "Solo", "captain": "Rita"}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "A cribbage team is two players: give the captain's partner.",
        "code": "required",
        "field": "partner",
    }
    assert event.teams.count() == 6


def test_a_duplicate_team_name_is_refused(official_api, event):
    response = official_api.post(
        url(event), {"name": "équipe 1", "captain": "A", "partner": "B"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "duplicate"
    assert response.json()["detail"] == (
        "A team named “Équipe 1” is already registered in this event."
    )  # named as registered (issue 33: "Ｅquipe 1" would be refused as the same name)
    assert event.teams.count() == 6


def test_a_pasted_list_registers_every_team(official_api, event):
    response = official_api.post(
        url(event, "import/"),
        {"text": "équipe; capitaine; partenaire\nLes As; Paul; Jeanne\nLes Valets; Yves; Lise"},
        format="json",
    )
    assert response.status_code == 201
    assert response.json()["created"] == 2
    assert [t["name"] for t in response.json()["teams"]] == ["Les As", "Les Valets"]
    assert all(t["link"]["pin"] for t in response.json()["teams"])


def test_an_uploaded_windows_1252_file_is_read(official_api, event):
    data = "Les Érables,Zoé,Gérard\r\nLes Pins,Luc,Anne\r\n".encode("cp1252")
    upload = SimpleUploadedFile("equipes.csv", data, content_type="text/csv")
    response = official_api.post(url(event, "import/"), {"file": upload}, format="multipart")
    assert response.status_code == 201
    assert event.teams.filter(name="Les Érables", captain="Zoé").exists()


def test_one_bad_line_refuses_the_whole_list(official_api, event):
    links = CaptainLink.objects.count()
    response = official_api.post(
        url(event, "import/"), {"text": "Les As, Paul, Jeanne\nLes Valets, Yves"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "Line 2: expected 3 columns “team, captain, partner”, found 2.",
        "code": "columns",
        "line": 2,
    }
    assert event.teams.count() == 6
    assert CaptainLink.objects.count() == links


def test_an_import_needs_a_list(official_api, event):
    response = official_api.post(url(event, "import/"), {"text": "  "}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith("Give the list as “text”")
    assert event.teams.count() == 6


def test_withdrawing_a_team_keeps_it_listed_and_stops_its_link(official_api, event):
    team = event.teams.first()
    response = official_api.post(url(event, f"{team.pk}/withdraw/"))
    assert response.status_code == 200
    assert response.json()["withdrawn"] is True
    assert response.json()["link"] is None
    assert not CaptainLink.objects.filter(team=team, revoked_at__isnull=True).exists()
    again = official_api.post(url(event, f"{team.pk}/withdraw/"))
    assert again.status_code == 400
    assert again.json() == {"detail": "Équipe 1 has already withdrawn.", "code": "withdrawn"}


def test_a_new_link_replaces_the_old_one(official_api, event):
    team = event.teams.first()
    old = link_of(team)
    response = official_api.post(url(event, f"{team.pk}/new-link/"))
    assert response.status_code == 201
    fresh = link_of(team)
    assert response.json() == {
        "team": team.pk,
        "token": fresh.token,
        "pin": fresh.pin,
        "url": f"http://testserver/c/{fresh.token}/",
    }
    assert fresh.token != old.token
    old.refresh_from_db()
    assert old.revoked_at is not None
    assert AuditEntry.objects.filter(event=event, action="link.regenerate").exists()


def test_a_withdrawn_team_gets_no_new_link(official_api, event):
    team = event.teams.first()
    official_api.post(url(event, f"{team.pk}/withdraw/"))
    response = official_api.post(url(event, f"{team.pk}/new-link/"))
    assert response.status_code == 400
    assert response.json()["code"] == "withdrawn"
    assert not CaptainLink.objects.filter(team=team, revoked_at__isnull=True).exists()


def test_a_team_of_another_event_is_not_found(official_api, event, make_event):
    elsewhere = make_event(3, name="Ailleurs").teams.first()
    response = official_api.post(url(event, f"{elsewhere.pk}/withdraw/"))
    assert response.status_code == 404
    assert response.json()["detail"] == f"No team #{elsewhere.pk} in this event."
    elsewhere.refresh_from_db()
    assert elsewhere.withdrawn_at is None


# --- issue 22, finding 4: a team links only players of the event's league ---------------------


@pytest.fixture
def league_player(db, organizer):
    from tournaments.leagues import seasons as leagues
    from tournaments.models import Player

    league = leagues.create_league(organizer, name="Ligue FADOQ Laurentides")
    return Player.objects.create(league=league, name="Réjeanne Victime", member_number="F-4242")


def test_an_event_with_no_league_links_no_existing_player(api_client, league_player):
    """The attack: a stranger's own event (no league) linked any league's players by their
    sequential ids, and the reply showed their uid and member number."""
    from tests.builders.stranger import stranger_event, stranger_of

    theirs = stranger_event()
    logged_in(api_client, stranger_of(theirs))
    before = Team.objects.count()
    answer = api_client.post(
        url(theirs),
        {"name": "Les Faux", "captain_player": league_player.pk, "partner": "Complice"},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "no_league"
    text = answer.content.decode()
    assert "Réjeanne" not in text and "F-4242" not in text and str(league_player.uid) not in text
    assert Team.objects.count() == before
    missing = api_client.post(
        url(theirs), {"name": "Les Faux", "captain_player": 999999, "partner": "X"}, format="json"
    )
    assert missing.json()["code"] == answer.json()["code"]  # the same answer as no such player


def test_a_league_event_refuses_another_leagues_player_without_naming_them(
    api_client, organizer, league_player, make_event
):
    from tournaments.leagues import seasons as leagues

    mine = leagues.create_league(organizer, name="Ligue de l'Outaouais")
    season = leagues.create_season(mine, organizer, name="2026")
    event = make_event(2, name="Omnium de l'Outaouais")
    leagues.set_season_events(season, organizer, [event.pk])
    logged_in(api_client, organizer)
    answer = api_client.post(
        url(event),
        {"name": "Les Faux", "captain_player": league_player.pk, "partner": "Complice"},
        format="json",
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "unknown_player"
    assert "Réjeanne" not in answer.content.decode()


def test_member_numbers_are_shown_only_to_the_leagues_organizers(
    api_client, organizer, official, event, league_player
):
    from tournaments.leagues import seasons as leagues

    season = leagues.create_season(league_player.league, organizer, name="2026")
    leagues.set_season_events(season, organizer, [event.pk])
    logged_in(api_client, organizer)
    made = api_client.post(
        url(event),
        {"name": "Les Vrais", "captain_player": league_player.pk, "partner": "Ami"},
        format="json",
    )
    assert made.status_code == 201
    assert made.json()["captain_player"]["member_number"] == "F-4242"
    logged_in(api_client, official)  # runs the event, does not manage the league
    seen = api_client.get(url(event, f"{made.json()['id']}/")).json()
    assert seen["captain_player"]["name"] == "Réjeanne Victime"
    assert seen["captain_player"]["member_number"] is None
    assert "F-4242" not in api_client.get(url(event)).content.decode()
