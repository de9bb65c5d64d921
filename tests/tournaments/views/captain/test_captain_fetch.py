"""The captain's score form answered to its script in JSON: received (with the receipt),
refused in words (what, and what to do), and the same report never stored twice."""

from __future__ import annotations

import pytest

from accounts.links import issue_link
from tests.conftest import link_of
from tournaments.models import Event, Game
from tournaments.results.receipts import receipt_number
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json", "HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def game(event, organizer) -> Game:
    round_ = seating.seat_next_round(event, organizer)
    return round_.games.filter(team_b__isnull=False).order_by("table").first()


def url(game, team=None) -> str:
    return f"/c/{link_of(team or game.team_a).token}/games/{game.pk}/"


def final(us, them, key="k-1") -> dict:
    return {"mode": "final", "score_us": us, "score_them": them, "idempotency_key": key}


def test_a_report_is_received_with_its_receipt_and_a_resend_stores_nothing(captain_client, game):
    client = captain_client(game.team_a)
    answer = client.post(url(game), final("121", "99"), **JSON)
    assert answer.status_code == 200
    body = answer.json()
    report = game.reports.get()
    assert body["state"] == "received" and body["created"] is True
    assert body["number"] == receipt_number(report)
    assert body["number"] in body["receipt_html"]
    assert "121 – 99" in body["receipt_html"]
    assert "Ensuite : l&#x27;autre capitaine le confirme." in body["receipt_html"]

    again = client.post(url(game), final("121", "99"), **JSON).json()  # its answer was lost
    assert again["state"] == "received" and again["created"] is False
    assert again["number"] == body["number"]
    assert game.reports.count() == 1


def test_a_wrong_count_on_the_sheet_is_refused_with_the_field(captain_client, game):
    client = captain_client(game.team_a)
    sheet = {"mode": "sheet", "idempotency_key": "k-s", "d1-dealer": "us", "d1-peg_us": "2"}
    sheet |= {"d1-peg_them": "0", "d1-h1": "19", "d1-h2": "4", "d1-h3": "4", "d1-h4": "4"}
    answer = client.post(url(game), sheet | {"d1-crib": "2"}, **JSON)
    assert answer.status_code == 400
    body = answer.json()
    assert body["state"] == "refused" and body["field"] == "d1-h1"
    assert "19" in body["message"]
    assert game.reports.count() == 0


def test_a_closed_event_says_to_show_the_score_to_an_official(captain_client, game):
    client = captain_client(game.team_a)
    Event.objects.filter(pk=game.round.event_id).update(status=Event.Status.FINISHED)
    answer = client.post(url(game), final("121", "99"), **JSON)
    assert answer.status_code == 403
    body = answer.json()
    assert body["code"] == "finished"
    assert "montrez-le à un officiel" in body["message"]


def test_a_replaced_link_is_explained(captain_client, game):
    client = captain_client(game.team_a)
    old = url(game)
    issue_link(game.team_a)  # an official printed a new slip
    answer = client.post(old, final("121", "99"), **JSON)
    assert answer.status_code == 404
    body = answer.json()
    assert body["code"] == "link_gone"
    assert "nouveau coupon" in body["message"]
    assert game.reports.count() == 0


def test_a_phone_that_must_enter_the_pin_again_is_told_so(client, game):
    answer = client.post(url(game), final("121", "99"), **JSON)
    assert answer.status_code == 403
    assert answer.json()["code"] == "pin"
    assert game.reports.count() == 0


def test_without_the_script_the_form_still_posts_and_redirects(captain_client, game):
    client = captain_client(game.team_a)
    response = client.post(url(game), final("121", "99"), HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 302
    home = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert receipt_number(game.reports.get()) in home  # the home page shows the receipt too


def test_the_officials_desk_shows_the_same_receipt_number(captain_client, game, official):
    captain_client(game.team_a).post(url(game), final("121", "99"), **JSON)
    from django.test import Client

    desk = Client()
    desk.force_login(official)
    page = desk.get(f"/organize/{game.round.event.slug}/desk/games/{game.pk}/")
    assert receipt_number(game.reports.get()) in page.content.decode()


def test_the_service_worker_is_served_under_the_captains_folder(client):
    response = client.get("/c/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert b'addEventListener("fetch"' in response.content


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["Pas de réseau : votre pointage est gardé sur ce téléphone", "En attente d'envoi"]),
        ("en", ["No network: your score is kept on this phone", "Waiting to send"]),
    ],
)
def test_the_script_finds_its_words_in_the_page_language(captain_client, game, language, words):
    client = captain_client(game.team_a)
    page = client.get(url(game), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    for word in words:
        assert word in page
    assert "huche/report.js" in page
