"""Leagues, seasons and players through the API, and an event put in a season (issue 25: a
`season` field was silently ignored, and a script had no way to find a player's id)."""

from __future__ import annotations

import pytest

from tests.builders.scene import API, captain, logged_in
from tournaments.models import AuditEntry, Event, League, Player, Season


@pytest.fixture
def league(organizer):
    league = League.objects.create(name="Ligue FADOQ", slug="ligue-fadoq", created_by=organizer)
    league.organizers.add(organizer)
    return league


@pytest.fixture
def season(league):
    return Season.objects.create(league=league, name="2026", slug="2026")


@pytest.fixture
def gisele(league):
    return Player.objects.create(league=league, name="Gisèle Tremblay", member_number="F-1002")


def org(api_client, organizer):
    return logged_in(api_client, organizer)


# --- leagues and seasons: public reading ------------------------------------------------------


def test_anyone_lists_leagues_with_their_seasons_ids(api_client, season):
    body = api_client.get(f"{API}leagues/").json()
    assert body["results"] == [
        {
            "slug": "ligue-fadoq",
            "name": "Ligue FADOQ",
            "seasons": [{"id": season.pk, "slug": "2026", "name": "2026"}],
            "organizer": False,
        }
    ]


def test_the_league_says_whether_the_caller_organizes_it(api_client, organizer, season):
    assert org(api_client, organizer).get(f"{API}leagues/ligue-fadoq/").json()["organizer"]


def test_a_season_shows_its_settings_and_events(api_client, season, event):
    event.season = season
    event.save()
    body = api_client.get(f"{API}leagues/ligue-fadoq/seasons/2026/").json()
    assert body == {
        "id": season.pk,
        "league": "ligue-fadoq",
        "slug": "2026",
        "name": "2026",
        "aggregation": "points",
        "placement_points": [],
        "best_of": None,
        "night_threshold": 12,  # the club-night rules' settings (issue 50), defaults
        "night_award": "night_points",
        "night_fixed_points": 1,
        "night_table": [],
        "guest_nights": 4,
        "events": [event.slug],
    }


def test_unknown_league_and_season_answer_404(api_client, season):
    assert api_client.get(f"{API}leagues/nope/").status_code == 404
    response = api_client.get(f"{API}leagues/ligue-fadoq/seasons/1999/")
    assert response.status_code == 404
    assert response.json()["detail"] == "No season “1999” in league “ligue-fadoq”."


# --- season settings: the league's organizers ---------------------------------------------------


def test_a_league_organizer_creates_and_sets_a_season(api_client, organizer, league):
    client = org(api_client, organizer)
    response = client.post(
        f"{API}leagues/ligue-fadoq/seasons/",
        {"name": "2027", "aggregation": "placement", "placement_points": [25, 18, 15]},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["placement_points"] == [25, 18, 15]
    response = client.patch(
        f"{API}leagues/ligue-fadoq/seasons/2027/", {"best_of": 4}, format="json"
    )
    assert response.status_code == 200
    season = Season.objects.get(slug="2027")
    assert (season.aggregation, season.best_of) == ("placement", 4)
    assert AuditEntry.objects.filter(action="season.settings", target=str(season)).exists()


def test_placement_without_its_points_is_refused_by_the_service(api_client, organizer, season):
    response = org(api_client, organizer).patch(
        f"{API}leagues/ligue-fadoq/seasons/2026/", {"aggregation": "placement"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "placement_points"
    season.refresh_from_db()
    assert season.aggregation == "points"


def test_another_user_cannot_change_a_season(api_client, other_organizer, season):
    response = logged_in(api_client, other_organizer).patch(
        f"{API}leagues/ligue-fadoq/seasons/2026/", {"best_of": 1}, format="json"
    )
    assert response.status_code == 404
    season.refresh_from_db()
    assert season.best_of is None


# --- players: the league's organizers only -----------------------------------------------------


def test_an_organizer_finds_a_player_id_by_member_number(api_client, organizer, gisele, league):
    Player.objects.create(league=league, name="Réjean Roy", member_number="F-2001")
    body = org(api_client, organizer).get(f"{API}leagues/ligue-fadoq/players/?member_number=F-1002")
    assert body.json()["results"] == [
        {
            "id": gisele.pk,
            "uid": str(gisele.uid),
            "name": "Gisèle Tremblay",
            "member_number": "F-1002",
        }
    ]


def test_player_lookups_are_the_league_organizers_only(
    api_client, other_organizer, gisele, event, organizer
):
    for client in (logged_in(api_client, other_organizer),):
        listed = client.get(f"{API}leagues/ligue-fadoq/players/?member_number=F-1002")
        assert listed.status_code == 404
        assert "F-1002" not in listed.content.decode()
    api_client.credentials()
    assert api_client.get(f"{API}leagues/ligue-fadoq/players/").status_code == 401
    captain(api_client, event.teams.first())
    assert api_client.get(f"{API}leagues/ligue-fadoq/players/").status_code == 403


def test_another_leagues_player_answers_like_a_missing_one(api_client, organizer, gisele, db):
    theirs = League.objects.create(name="Autre ligue", slug="autre", created_by=organizer)
    stranger = Player.objects.create(league=theirs, name="Yves", member_number="X-1")
    client = org(api_client, organizer)
    other = client.get(f"{API}leagues/ligue-fadoq/players/{stranger.pk}/")
    missing = client.get(f"{API}leagues/ligue-fadoq/players/999999/")
    assert other.status_code == missing.status_code == 404
    assert other.json()["detail"] == f"No player #{stranger.pk} in Ligue FADOQ."
    assert client.get(f"{API}leagues/ligue-fadoq/players/{gisele.pk}/").json()["name"] == (
        "Gisèle Tremblay"
    )


# --- an event in a season ----------------------------------------------------------------------


def test_an_event_created_in_a_season_is_in_it(api_client, organizer, season):
    response = org(api_client, organizer).post(
        f"{API}events/",
        {"name": "Omnium", "date": "2026-12-12", "season": season.pk},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["season"] == season.pk
    assert season.events.get().name == "Omnium"


def test_a_season_of_a_league_the_caller_does_not_organize_is_refused(
    api_client, other_organizer, season
):
    response = logged_in(api_client, other_organizer).post(
        f"{API}events/",
        {"name": "Omnium", "date": "2026-12-12", "season": season.pk},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "season"
    assert body["detail"] == (
        "Only an organizer of the league “Ligue FADOQ” (or staff) may put events in its "
        "seasons or take them out."
    )
    assert not season.events.exists()
    assert not Event.objects.filter(name="Omnium").exists()  # all or nothing


def test_an_event_moves_into_a_season_and_out(api_client, organizer, season, event):
    client = org(api_client, organizer)
    response = client.patch(f"{API}events/{event.slug}/", {"season": season.pk}, format="json")
    assert response.status_code == 200
    event.refresh_from_db()
    assert event.season == season
    assert AuditEntry.objects.filter(action="season.events").exists()
    client.patch(f"{API}events/{event.slug}/", {"season": None}, format="json")
    event.refresh_from_db()
    assert event.season is None


def test_an_unknown_season_id_is_refused(api_client, organizer, event):
    response = org(api_client, organizer).patch(
        f"{API}events/{event.slug}/", {"season": 999999}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "season"
    assert "999999" in response.json()["detail"]
