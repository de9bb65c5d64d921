"""No irreversible action at one tap (issue 25): the first post asks, saying what will happen,
and changes nothing; the answer (``confirm=1``) acts. The same question is on the button's
form for the in-page question (``data-ask``); "Déverrouiller" shows only on a locked
link."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.test import Client
from django.utils import timezone

from tests.conftest import link_of
from tournaments.models import Event
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def french(organizer) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    return client


def text(response) -> str:
    return html.unescape(" ".join(response.content.decode().split()))


def asks(response, question: str, back: str, *, keeps=()) -> None:
    """The confirmation page: the question, a button re-posting with confirm=1, a way back."""
    assert response.status_code == 200
    page = text(response)
    assert f"<h1>{question}</h1>" in page
    assert '<input type="hidden" name="confirm" value="1">' in page
    assert f'href="{back}" id="confirm-no"' in page and "Annuler : ne rien changer" in page
    for name, value in keeps:  # the fields of the first post, sent again
        assert f'<input type="hidden" name="{name}" value="{value}">' in page


def test_a_new_link_and_pin_asks_first(event, french):
    team = event.teams.first()
    old = link_of(team)
    url = f"/organize/{event.slug}/teams/{team.pk}/new-link/"
    asks(
        french.post(url),
        f"Donner un nouveau lien et un nouveau NIP à {team.name} ?",
        f"/organize/{event.slug}/teams/",
    )
    assert "Le coupon imprimé d’Équipe" in text(french.post(url))
    assert link_of(team).pk == old.pk  # nothing changed yet
    assert french.post(url, {"confirm": "1"}).status_code == 302
    assert link_of(team).pk != old.pk


def test_a_withdrawal_asks_first_and_says_it_is_final(event, french):
    team = event.teams.first()
    url = f"/organize/{event.slug}/teams/{team.pk}/withdraw/"
    answer = french.post(url)
    asks(answer, f"Retirer {team.name} ?", f"/organize/{event.slug}/teams/")
    assert "Un retrait est définitif." in text(answer)
    team.refresh_from_db()
    assert team.withdrawn_at is None
    french.post(url, {"confirm": "1"})
    team.refresh_from_db()
    assert team.withdrawn_at is not None


def test_release_asks_first_hiding_does_not(event, organizer, french):
    seating.seat_next_round(event, organizer)
    url = f"/organize/{event.slug}/release/"
    asks(
        french.post(url, {"released": "1"}),
        "Publier les résultats ?",
        f"/organize/{event.slug}/",
        keeps=[("released", "1")],
    )
    assert Event.objects.get(pk=event.pk).released_at is None
    french.post(url, {"released": "1", "confirm": "1"})
    assert Event.objects.get(pk=event.pk).released_at is not None
    assert french.post(url, {"released": "0"}).status_code == 302  # reversible: no question
    assert Event.objects.get(pk=event.pk).released_at is None


def test_forcing_a_round_asks_seating_a_complete_one_does_not(event, organizer, french):
    url = f"/organize/{event.slug}/rounds/next/"
    assert french.post(url).status_code == 302  # round 1: nothing to force
    answer = french.post(url, {"force": "1"})
    asks(
        answer,
        "Placer la ronde suivante malgré des résultats manquants ?",
        f"/organize/{event.slug}/",
        keeps=[("force", "1")],
    )
    assert event.rounds.count() == 1
    french.post(url, {"force": "1", "confirm": "1"})
    assert event.rounds.count() == 2


def test_the_buttons_carry_the_same_question_for_the_page(event, organizer, french):
    teams = text(french.get(f"/organize/{event.slug}/teams/"))
    team = event.teams.first()
    assert f"data-ask=\"Retirer {team.name} ? L'équipe {team.name} ne sera plus placée" in teams
    assert f'data-ask="Donner un nouveau lien et un nouveau NIP à {team.name} ?' in teams
    assert "onsubmit" not in teams  # CSP forbids inline scripts: static/huche/confirm.js asks
    assert "data-confirm=" not in teams  # and forms.js's small box does not ask a second time
    seating.seat_next_round(event, organizer)
    dashboard = text(french.get(f"/organize/{event.slug}/"))
    assert 'data-ask="Publier les résultats ? Tout le monde verra' in dashboard
    assert 'data-ask-if="force"' in dashboard


def test_unlock_shows_only_on_a_locked_link(event, french):
    team = event.teams.first()
    page = text(french.get(f"/organize/{event.slug}/teams/"))
    assert "Déverrouiller" not in page
    link = link_of(team)
    link.locked_until = timezone.now() + datetime.timedelta(minutes=10)
    link.save(update_fields=["locked_until"])
    page = text(french.get(f"/organize/{event.slug}/teams/"))
    assert len(re.findall(r">Déverrouiller<", page)) == 1
    link.locked_until = timezone.now() - datetime.timedelta(minutes=1)  # the lockout ran out
    link.save(update_fields=["locked_until"])
    assert "Déverrouiller" not in text(french.get(f"/organize/{event.slug}/teams/"))
