"""The organizer's list of registrations and the desk's check-in pages (issue 36)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from tournaments.events import public_registration
from tournaments.events.public_registration import Entry
from tournaments.models import AuditEntry, Team

pytestmark = pytest.mark.django_db
State = Team.Registration


@pytest.fixture
def open_event(make_event, settings):
    settings.HUCHE_EMAIL_ENABLED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    event = make_event(0, registration_open=True, registration_capacity=2)
    for n in range(1, 4):
        public_registration.register(
            event,
            Entry(f"Les As {n}", f"Gisèle {n}", f"Rita {n}", contact_email=f"as{n}@example.org"),
        )
    return event


@pytest.fixture
def org(organizer) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    return client


def url(event, page="registrations") -> str:
    return f"/organize/{event.slug}/{page}/"


def test_the_list_shows_every_state_and_a_refusal_tells_the_captain(open_event, org):
    page = org.get(url(open_event)).content.decode()
    assert "Inscrite (2)" in page and "Liste d’attente (1)" in page
    one = open_event.teams.get(name="Les As 1")
    org.post(
        url(open_event),
        {
            "action": "state",
            "team": one.pk,
            "registration": "refused",
            "registration_reason": "Déjà inscrits ailleurs",
        },
    )
    one.refresh_from_db()
    assert one.registration == State.REFUSED
    assert [m.to for m in mail.outbox] == [["as1@example.org"], ["as3@example.org"]]
    assert "Déjà inscrits ailleurs" in mail.outbox[0].body
    assert open_event.teams.get(name="Les As 3").registration == State.REGISTERED  # moved up


def test_mark_paid_close_and_export(open_event, org):
    two = open_event.teams.get(name="Les As 2")
    org.post(url(open_event), {"action": "paid", "team": two.pk})
    two.refresh_from_db()
    assert two.paid
    response = org.post(url(open_event), {"action": "close"}, follow=True)
    assert "il en faut au moins 3" in response.content.decode().replace("\xa0", " ")
    open_event.registration_capacity = None
    open_event.save()
    org.post(
        url(open_event),
        {
            "action": "state",
            "team": open_event.teams.get(name="Les As 3").pk,
            "registration": "registered",
        },
    )
    org.post(url(open_event), {"action": "close"})
    open_event.refresh_from_db()
    assert not open_event.registration_open
    csv = b"".join(
        org.get(f"/organize/{open_event.slug}/export/registrations.csv").streaming_content
    )
    text = csv.decode("utf-8-sig")
    assert csv.startswith(b"\xef\xbb\xbf") and text.splitlines()[0].startswith("Équipe;")
    assert "Les As 2;Gisèle 2;" in text and ";oui;" in text


def test_the_desk_checks_in_by_tap_and_by_scan_then_drops_the_absent(open_event, org, organizer):
    org.post(url(open_event, "check-in"), {"action": "open"})
    one, two = open_event.teams.active().order_by("id")
    org.post(url(open_event, "check-in"), {"action": "present", "team": one.pk})
    slip = two.links.get(revoked_at=None)
    answer = org.post(
        url(open_event, "check-in/scan"), {"code": f"http://salle.local/c/{slip.token}/"}
    )
    assert answer.json()["ok"] and "Les As 2" in answer.json()["message"]
    wrong = org.post(url(open_event, "check-in/scan"), {"code": "bonjour"})
    assert wrong.status_code == 404 and "ni un billet ni une inscription" in wrong.json()["message"]
    assert open_event.teams.filter(checked_in_at__isnull=False).count() == 2
    assert AuditEntry.objects.filter(event=open_event, action="check_in.team").count() == 2


def test_strangers_cannot_use_the_desk(open_event, other_organizer):
    client = Client()
    client.force_login(other_organizer)
    assert client.get(url(open_event)).status_code == 404
    assert client.post(url(open_event, "check-in/scan"), {"code": "x"}).status_code == 404
    assert Client().get(url(open_event, "check-in")).status_code == 302  # to the login page
