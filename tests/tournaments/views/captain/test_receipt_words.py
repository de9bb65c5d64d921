"""Issue 34, points 12 and 16: what a captain reads after sending. A report sent again (after
no network) is said received, not "nothing changed"; a disputed report's receipt says the
dispute once; a refused score reads in the order typed; the pages are never kept stale by the
browser (the back button after a send)."""

from __future__ import annotations

from html import unescape

import pytest

from tests.conftest import link_of
from tournaments.models import Game, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json", "HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def game(event, organizer) -> Game:
    round_ = seating.seat_next_round(event, organizer)
    return round_.games.filter(team_b__isnull=False).order_by("table").first()


def url(game, team) -> str:
    return f"/c/{link_of(team).token}/games/{game.pk}/"


def final(us, them, key="k-1") -> dict:
    return {"mode": "final", "score_us": us, "score_them": them, "idempotency_key": key}


def test_a_report_sent_again_after_no_network_is_said_received(captain_client, game):
    client = captain_client(game.team_a)
    client.post(url(game, game.team_a), final("121", "99"), **JSON)  # the answer was lost
    again = client.post(url(game, game.team_a), final("121", "99"), **JSON).json()
    assert again["created"] is False
    assert again["message"] == "Votre déclaration est bien reçue (envoyée une seule fois)."
    assert "rien n'a changé" not in again["message"] + unescape(again["receipt_html"])


def test_a_disputed_receipt_says_the_dispute_once(captain_client, game):
    payload = {"score_a": 121, "score_b": 99}
    reporting.submit(game, reporting.Actor(team=game.team_a), Report.Kind.FINAL, payload)
    client = captain_client(game.team_b)
    body = client.post(url(game, game.team_b), final("100", "121"), **JSON).json()
    assert body["status"] == "disputed"
    everything = unescape(body["receipt_html"]) + " " + body["message"]  # all the phone shows
    assert everything.count("diffère de celui") + everything.count("diffère de celle") == 1
    assert everything.count("un officiel") == 1
    # Without the script: the message at the top, the receipt in the game's card, once.
    plain = captain_client(game.team_b)
    plain.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    plain.post(url(game, game.team_b), final("100", "121", key="k-2"))
    home = unescape(plain.get(f"/c/{link_of(game.team_b).token}/").content.decode())
    assert home.count("l'autre capitaine") == 1


@pytest.mark.parametrize("side", ["a", "b"])
def test_a_refused_score_reads_as_typed_our_team_first(captain_client, game, side):
    team = game.team_a if side == "a" else game.team_b
    body = captain_client(team).post(url(game, team), final("118", "100"), **JSON).json()
    assert body["state"] == "refused"
    assert "(118–100 donné)" in body["message"]
    out_of_range = captain_client(team).post(url(game, team), final("121", "130"), **JSON).json()
    assert out_of_range["field"] == "score_them"  # the box of the form holding 130


def test_the_captains_pages_are_never_kept_by_the_browser(captain_client, game):
    client = captain_client(game.team_a)
    for path in ("", f"games/{game.pk}/"):
        response = client.get(f"/c/{link_of(game.team_a).token}/{path}")
        assert response.status_code == 200
        assert "no-store" in response["Cache-Control"]
