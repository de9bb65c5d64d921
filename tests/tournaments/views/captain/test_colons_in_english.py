"""Issue 25's words: a colon takes a space before it in French only ("Capitaine : …",
"Captain: …"), on the captain's pages and the printed sheets."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from tests.conftest import link_of
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def text(response) -> str:
    return html.unescape(" ".join(response.content.decode().split()))


@pytest.mark.parametrize(
    ("language", "home", "game", "sheet"),
    [
        ("en", "captain: Capitaine 1", "Round 1, table 1: <strong>", "Captain A: ___"),
        ("fr-ca", "capitaine : Capitaine 1", "Ronde 1, table 1 : <strong>", "Capitaine A : ___"),
    ],
)
def test_colons_follow_each_language(event, organizer, captain_client, language, home, game, sheet):
    round_ = seating.seat_next_round(event, organizer)
    first = round_.games.get(table=1)
    team = first.team_a
    captain = captain_client(team)
    token = link_of(team).token
    home = home.replace("Capitaine 1", team.captain)
    assert home in text(captain.get(f"/c/{token}/", HTTP_ACCEPT_LANGUAGE=language))
    page = text(captain.get(f"/c/{token}/games/{first.pk}/", HTTP_ACCEPT_LANGUAGE=language))
    assert game in page
    desk = Client(HTTP_ACCEPT_LANGUAGE=language)
    desk.force_login(organizer)
    assert sheet in text(desk.get(f"/organize/{event.slug}/rounds/1/print/"))
    if language == "en":
        assert " : " not in text(desk.get(f"/organize/{event.slug}/rounds/1/print/"))
