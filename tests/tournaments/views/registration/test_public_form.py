"""The public registration form and the team's private link (issue 36)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from tournaments.models import Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(make_event, settings):
    settings.HUCHE_EMAIL_ENABLED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    return make_event(0, registration_open=True, registration_capacity=2)


def form(n: int, **changes) -> dict:
    return {
        "name": f"Les As {n}",
        "captain": f"Gisèle {n}",
        "captain_member_number": f"{n}01",
        "partner": f"Rita {n}",
        "partner_member_number": f"{n}02",
        "club": "FADOQ Laval",
        "contact_email": f"as{n}@example.org",
        "contact_phone": "",
        "website": "",
    } | changes


def unbroken(response) -> str:
    return response.content.decode().replace("\xa0", " ")


def fr() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="fr-ca")


def test_a_team_registers_gets_its_private_link_by_email_and_can_withdraw(open_event):
    client = fr()
    response = client.post(f"/e/{open_event.slug}/register/", form(1), follow=True)
    team = Team.objects.get(event=open_event)
    assert response.redirect_chain[-1][0] == f"/r/{team.registration_token}/"
    assert "Votre équipe est inscrite." in response.content.decode()
    (message,) = mail.outbox
    assert f"/r/{team.registration_token}/" in message.body and message.to == ["as1@example.org"]

    client.post(f"/r/{team.registration_token}/withdraw/", {"confirm": "1"})
    team.refresh_from_db()
    assert team.registration == Team.Registration.WITHDRAWN


def test_every_fault_is_shown_at_once_in_french(open_event):
    fr().post(f"/e/{open_event.slug}/register/", form(1))
    response = fr().post(
        f"/e/{open_event.slug}/register/",
        form(2, name="les as 1", partner="", partner_member_number="101", contact_email="pas-un"),
    )
    page = response.content.decode().replace("\xa0", " ")
    assert response.status_code == 400
    assert "Une équipe nommée « Les As 1 » est déjà inscrite" in page  # as registered
    assert "indiquez le partenaire du capitaine" in page
    assert "Le numéro de membre 101 est déjà inscrit à ce tournoi" in page
    assert "l’équipe Les As 1" not in page  # the public form names no other team
    assert "adresse de courriel valide" in page
    assert Team.objects.filter(event=open_event).count() == 1


def test_the_honeypot_and_the_limit_refuse_in_words(open_event, settings):
    response = fr().post(f"/e/{open_event.slug}/register/", form(1, website="http://spam"))
    assert response.status_code == 429 and "« Laissez ceci vide »" in unbroken(response)
    settings.THROTTLE_REGISTRATION_CLIENT = {"failures": 2, "window": 3600}
    fr().post(f"/e/{open_event.slug}/register/", form(2))
    response = fr().post(f"/e/{open_event.slug}/register/", form(3))
    assert response.status_code == 429
    assert "Trop d’inscriptions depuis cette connexion" in unbroken(response)
    assert Team.objects.filter(event=open_event).count() == 1


def test_a_closed_registration_says_so(make_event):
    event = make_event(0)
    response = fr().get(f"/e/{event.slug}/register/")
    assert "Les inscriptions à ce tournoi sont fermées." in response.content.decode()
    response = fr().post(f"/e/{event.slug}/register/", form(1))
    assert not Team.objects.filter(event=event).exists()


def test_a_private_link_shows_only_its_own_team(open_event):
    fr().post(f"/e/{open_event.slug}/register/", form(1))
    fr().post(f"/e/{open_event.slug}/register/", form(2))
    one, two = Team.objects.filter(event=open_event).order_by("id")
    page = fr().get(f"/r/{one.registration_token}/").content.decode()
    assert "Les As 1" in page and "Les As 2" not in page and "as2@example.org" not in page
    assert fr().get("/r/not-a-real-token-at-all-xxxxxxxxxx/").status_code == 404
