"""Deleting an event from its settings page, before any result (issue 25): asked first, in
French; refused with the reason once anything was reported."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from tournaments.models import AuditEntry, Event
from tournaments.results.reporting import Actor, submit
from tournaments.seating.rounds import seat_next_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def french(organizer) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    return client


def text(response) -> str:
    return html.unescape(" ".join(response.content.decode().split()))


def test_the_settings_page_offers_the_deletion_with_its_question(event, french):
    page = text(french.get(f"/organize/{event.slug}/settings/"))
    assert "Supprimer l’événement" in page
    assert f'action="/organize/{event.slug}/delete/"' in page
    assert 'data-ask="Supprimer Tournoi régional ?' in page


def test_the_first_post_asks_and_deletes_nothing(event, french):
    response = french.post(f"/organize/{event.slug}/delete/")
    assert response.status_code == 200
    page = text(response)
    assert "<h1>Supprimer Tournoi régional ?</h1>" in page
    assert '<input type="hidden" name="confirm" value="1">' in page
    assert Event.objects.filter(pk=event.pk).exists()


def test_the_answer_deletes_and_says_so(event, french, organizer):
    response = french.post(f"/organize/{event.slug}/delete/", {"confirm": "1"}, follow=True)
    assert response.redirect_chain[-1][0] == "/organize/"
    assert "« Tournoi régional » est supprimé." in text(response)
    assert not Event.objects.filter(pk=event.pk).exists()
    assert AuditEntry.objects.get(action="event.delete").actor == organizer


def test_an_event_with_a_result_is_not_offered_nor_deleted(event, french, organizer):
    game = seat_next_round(event, organizer).games.exclude(team_b=None).first()
    submit(game, Actor(team=game.team_a), "final", {"score_a": 121, "score_b": 90})
    page = text(french.get(f"/organize/{event.slug}/settings/"))
    assert "L’événement a 1 résultat déclaré" in page
    assert f'action="/organize/{event.slug}/delete/"' not in page
    response = french.post(f"/organize/{event.slug}/delete/", {"confirm": "1"}, follow=True)
    assert "L’événement a 1 résultat déclaré" in text(response)
    assert Event.objects.filter(pk=event.pk).exists()
