"""Issue 50: during a medal playoff the desk opened on the series' last round, and the official
had to find the playoff game in the round list. It opens on the round being played: the
playoff game once seated, the series' rounds before."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from tests.tournaments.views.organizer.test_playoff_timing import play_round
from tournaments.events.creation import set_number_of_games
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.standings.service import release, seat_playoff_games

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    cache.clear()


def desk(event, user, query: str = "") -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(user)
    return unescape(client.get(f"/organize/{event.slug}/desk/{query}").content.decode())


def chosen_round(html: str) -> str:
    return re.search(r'<option value="\d+" selected>([^<]+)</option>', html).group(1)


def test_the_desk_opens_on_the_playoff_game_being_played(event, organizer, official):
    set_number_of_games(event, organizer, 2)
    release(event, organizer)
    play_round(event, organizer)
    assert chosen_round(desk(event, official)) == "1"
    play_round(event, organizer)  # six teams on three totals: a tie for a medal
    assert chosen_round(desk(event, official)) == "2"
    games = seat_playoff_games(event, organizer)
    playoff = games[0].round
    html = desk(event, official)
    assert chosen_round(html).startswith("Barrage")
    table = html.split('id="desk"')[1].split("</table>")[0]
    for game in games:
        assert game.team_a.name in table and game.team_b.name in table
    # Its game confirmed, the next playoff game (seated by itself) or the same one stays shown.
    reporting.submit(
        games[0],
        reporting.Actor(user=organizer),
        Report.Kind.FINAL,
        {"score_a": 121, "score_b": 99},
    )
    newest = event.rounds.order_by("-number").first()
    assert newest.number >= playoff.number
    assert f'<option value="{newest.number}" selected>' in desk(event, official)
    # A round asked for by number is still the one shown.
    assert chosen_round(desk(event, official, "?round=1")) == "1"
