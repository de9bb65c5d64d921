"""The ratings API: a player's history, a league's leaderboard (public, released events only)."""

from __future__ import annotations

import pytest

from tests.builders.season import build_season
from tournaments.ratings import service

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(organizer, django_capture_on_commit_callbacks, tasks_in_process):
    with django_capture_on_commit_callbacks(execute=True):
        return build_season(organizer)


def test_a_players_rating_history(season, api_client):
    _season, people, events, _hidden = season
    alice = people["Alice"]
    body = api_client.get(f"/api/v1/players/{alice.uid}/ratings/").json()
    now = service.player_rating(alice).now
    assert body["rating"]["mu"] == pytest.approx(now.mu)
    assert body["rating"]["margin"] == pytest.approx(2 * now.sigma)
    assert [p["event"] for p in body["history"]] == [e.slug for e in events for _ in (1, 2)]
    assert [p["games"] for p in body["history"]] == [1, 2, 3, 4, 5, 6]
    assert [p["partner_name"] for p in body["pairs"]] == ["Bruno"]


def test_the_league_leaderboard(season, api_client, settings):
    settings.RATING_MIN_GAMES = 6
    body = api_client.get("/api/v1/leagues/fjord/ratings/").json()
    assert body["min_games"] == 6
    assert sorted(p["name"] for p in body["players"]) == ["Alice", "Bruno", "Gisèle", "Élise"]
    assert [p["rank"] for p in body["players"]] == [1, 2, 3, 4]
    assert api_client.get("/api/v1/leagues/nowhere/ratings/").status_code == 404


def test_both_are_in_the_schema(api_client):
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert "/api/v1/players/{uid}/ratings/" in schema["paths"]
    assert "/api/v1/leagues/{league}/ratings/" in schema["paths"]


def test_a_merged_duplicates_uid_leads_to_the_player(season, api_client, organizer):
    from tournaments.leagues.players import merge
    from tournaments.models import Player

    _season, people, _events, _hidden = season
    alice = people["Alice"]
    twice = Player.objects.create(league=alice.league, name="Alice T.")
    merge(twice, alice, organizer)
    response = api_client.get(f"/api/v1/players/{twice.uid}/ratings/")
    assert response.status_code == 301
    assert response["Location"].endswith(f"/api/v1/players/{alice.uid}/ratings/")
