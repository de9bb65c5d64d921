"""The rating on a player's page and the league leaderboard, in French; the settings' option."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from tests.builders.season import build_season
from tournaments.models import RatingPoint
from tournaments.ratings import service

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(organizer, django_capture_on_commit_callbacks, tasks_in_process):
    with django_capture_on_commit_callbacks(execute=True):
        return build_season(organizer)


def text(response) -> str:
    assert response.status_code == 200
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_a_players_page_says_the_rating_in_words_with_its_chart(season):
    _season, people, _events, _hidden = season
    alice = people["Alice"]
    now = service.player_rating(alice).now
    response = Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get(f"/p/{alice.uid}/")
    page = text(response)
    mu, margin = f"{now.mu:.1f}".replace(".", ","), f"{now.margin:.1f}".replace(".", ",")
    assert f"Cote {mu}, à {margin} près : après 6 parties" in page
    low = f"{now.low:.1f}".replace(".", ",")
    assert f"très probablement entre {low} et" in page
    html = response.content.decode()
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg"') == 1
    assert 'class="band"' in html and "La cote après chaque partie" in html
    # Her pair with Bruno, six games together.
    assert "En paire" in page and "Bruno" in page and "Cote de la paire" in page


def test_a_player_without_released_games_has_no_rating_yet(organizer, db):
    from tournaments.models import League, Player

    league = League.objects.create(name="Ligue", slug="ligue", created_by=organizer)
    newcomer = Player.objects.create(league=league, name="Nouvelle")
    page = text(Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get(f"/p/{newcomer.uid}/"))
    assert "Aucune partie cotée pour l'instant" in page


def test_the_leaderboard_lists_players_above_the_minimum_phone_and_projector(season, settings):
    _season, people, _events, _hidden = season
    settings.RATING_MIN_GAMES = 6
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    response = client.get("/l/fjord/ratings/")
    page = text(response)
    assert "Les joueurs qui ont au moins 6 parties cotées" in page
    rows = service.leaderboard(people["Alice"].league)
    names = [row.player.name for row in rows]
    positions = [page.index(name) for name in names]
    assert positions == sorted(positions)  # in the leaderboard's order
    assert "Carole" not in page  # 4 games: below the minimum
    projector = client.get("/l/fjord/ratings/?display=projector").content.decode()
    assert '<body class="projector"' in projector or 'class="projector"' in projector
    assert client.get("/l/nowhere/ratings/").status_code == 404


def test_an_event_hidden_again_leaves_the_pages_before_the_rebuild(season, organizer):
    _season, people, events, _hidden = season
    points = RatingPoint.objects.filter(player=people["Alice"], partner__isnull=True).count()
    events[2].released_at = None  # hidden, the rebuild not run yet
    events[2].save(update_fields=["released_at"])
    assert len(service.player_rating(people["Alice"]).history) == points - 2


def test_the_settings_page_explains_round_1_by_rating(event, organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    page = text(client.get(f"/organize/{event.slug}/settings/"))
    assert "Ronde 1 du système suisse par cote" in page
    assert "Ronde 1 : par cote (les équipes les mieux cotées se rencontrent plus tard)" in page
