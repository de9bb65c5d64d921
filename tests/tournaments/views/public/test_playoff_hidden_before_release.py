"""Issue 49, point 8: before the release anyone could see who is tied for gold: the public
seating, the team pages and the games API showed « Barrage, match 1, partie 3 : A contre B ».
Now a neutral « Barrage » line until the release; the playoff's own captains still see their
table on their link."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from tests.builders.finished_event import play_series
from tournaments.events import creation
from tournaments.models import Game
from tournaments.standings.service import event_standings, release, seat_playoff_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def playoff(event, organizer):
    cache.clear()
    creation.set_number_of_games(event, organizer, 2)
    play_series(event, organizer)
    event.refresh_from_db()
    assert event_standings(event).standings.medal_ties
    games = seat_playoff_games(event, organizer)
    event.refresh_from_db()
    return event, games


def test_nobody_sees_who_plays_the_playoff_before_the_release(playoff, organizer):
    event, games = playoff
    game = games[0]
    names = {game.team_a.name, game.team_b.name}
    visitor = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    seating = visitor.get(f"/e/{event.slug}/seating/").content.decode()
    assert "Un barrage se joue pour une médaille" in seating
    assert not any(name in seating for name in names)
    team_page = visitor.get(f"/e/{event.slug}/teams/{game.team_a_id}/").content.decode()
    assert "Barrage, match" not in team_page
    api = APIClient().get(f"/api/v1/events/{event.slug}/games/").json()
    rows = api["results"] if isinstance(api, dict) else api
    assert not any(r.get("playoff_match") for r in rows), rows
    assert APIClient().get(f"/api/v1/games/{game.pk}/").status_code in (403, 404)

    release(event, organizer)
    cache.clear()
    seating = visitor.get(f"/e/{event.slug}/seating/").content.decode()
    assert all(name in seating for name in names)
    assert Game.objects.filter(pk=game.pk).exists()
