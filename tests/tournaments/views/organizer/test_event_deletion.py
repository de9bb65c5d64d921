"""Deleting an event from its settings page (issues 25, 34): its name typed, asked first, in
French; an event with results goes too, its full archive kept in the audit entry."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from tournaments.archives.transfer import import_event
from tournaments.audit import describe
from tournaments.events.deletion import delete_event
from tournaments.models import AuditEntry, Event, Report
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
    response = french.post(f"/organize/{event.slug}/delete/", {"confirm_name": event.name})
    assert response.status_code == 200
    page = text(response)
    assert "<h1>Supprimer Tournoi régional ?</h1>" in page
    assert '<input type="hidden" name="confirm" value="1">' in page
    assert Event.objects.filter(pk=event.pk).exists()


def test_the_answer_deletes_and_says_so(event, french, organizer):
    response = french.post(
        f"/organize/{event.slug}/delete/",
        {"confirm": "1", "confirm_name": " tournoi  RÉGIONAL "},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == "/organize/"
    assert "« Tournoi régional » est supprimé." in text(response)
    assert not Event.objects.filter(pk=event.pk).exists()
    assert AuditEntry.objects.get(action="event.delete").actor == organizer


def test_a_wrong_name_deletes_nothing_and_says_what_to_type(event, french):
    response = french.post(
        f"/organize/{event.slug}/delete/", {"confirm": "1", "confirm_name": "Tournoi"}, follow=True
    )
    assert "tapez son nom exactement comme il est écrit : « Tournoi régional »" in text(response)
    assert Event.objects.filter(pk=event.pk).exists()
    assert not AuditEntry.objects.filter(action="event.delete").exists()


def test_an_event_with_a_result_is_deleted_and_its_archive_kept(event, french, organizer):
    game = seat_next_round(event, organizer).games.exclude(team_b=None).first()
    submit(game, Actor(team=game.team_a), "final", {"score_a": 121, "score_b": 90})
    page = text(french.get(f"/organize/{event.slug}/settings/"))
    assert "Il contient 1 résultat déclaré. Rien n’est perdu" in page
    assert f'action="/organize/{event.slug}/delete/"' in page
    response = french.post(
        f"/organize/{event.slug}/delete/",
        {"confirm": "1", "confirm_name": "Tournoi régional"},
        follow=True,
    )
    assert "« Tournoi régional » est supprimé." in text(response)
    assert not Event.objects.filter(pk=event.pk).exists()
    entry = AuditEntry.objects.get(action="event.delete")
    archive = entry.before["archive"]
    assert entry.before["reports"] == 1
    assert archive["schema"] == "huche.event-archive" and archive["event"]["uid"] == str(event.uid)
    described = describe(entry).text
    assert "il avait 1 résultat ; son archive complète est gardée" in described


def test_the_kept_archive_imports_the_deleted_event_back(event, organizer):
    game = seat_next_round(event, organizer).games.exclude(team_b=None).first()
    submit(game, Actor(team=game.team_a), "final", {"score_a": 121, "score_b": 90})
    uid = event.uid
    delete_event(event, organizer, typed_name="Tournoi régional")
    archive = AuditEntry.objects.get(action="event.delete").before["archive"]
    import_event(archive, organizer, trusted=True, confirmed=True)
    back = Event.objects.get(uid=uid)
    assert Report.objects.filter(game__round__event=back, score_a=121, score_b=90).exists()
