"""Issue 25, no one-tap accidents at the desk: a withdrawn team's game is settled one of two
ways (forfeit or bye), and once chosen the other is no longer offered, so both are asked first
(in place with JavaScript, on a page without). Confirming or entering a result is not asked: a
later version corrects it (results are versioned)."""

from __future__ import annotations

from html import unescape

import pytest

from tests.tournaments.views.officials.test_desk import desk, left_game  # noqa: F401 - fixture
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("action", "question", "yes"),
    [
        ("forfeit", "Donner la victoire par forfait à", "Oui, une victoire par forfait pour"),
        ("bye", "Compter cette partie comme une exemption pour", "Oui, une exemption pour"),
    ],
)
def test_forfeit_and_bye_are_asked_first(left_game, official, action, question, yes):  # noqa: F811
    event = left_game.round.event
    client = desk(official)
    url = f"/organize/{event.slug}/desk/games/{left_game.pk}/"
    page = unescape(client.get(url).content.decode())
    assert f'data-ask="{question} {left_game.team_a.name} ?' in page
    asked = client.post(url, {"action": action})
    html = unescape(asked.content.decode())
    assert asked.status_code == 200 and 'id="confirm-step"' in html
    assert f"{question} {left_game.team_a.name} ?" in html and yes in html
    left_game.refresh_from_db()
    assert left_game.status not in (Game.Status.CONFIRMED, Game.Status.BYE)  # nothing done
    client.post(url, {"action": action, "confirm": "1"})
    left_game.refresh_from_db()
    assert left_game.status in (Game.Status.CONFIRMED, Game.Status.BYE)
