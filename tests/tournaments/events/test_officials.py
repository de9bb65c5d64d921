"""Appointing officials and co-organizers by email: pages, API, the one-time set-password link,
the last organizer kept, everything audited."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core import mail
from django.test import Client

from accounts.models import EventRole, User
from tests.builders.scene import logged_in
from tournaments.errors import RuleError
from tournaments.events import officials
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def french(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    if user is not None:
        client.force_login(user)
    return client


def link_on(html: str) -> str:
    found = re.search(r'<textarea id="invitation-link" readonly>(.*?)</textarea>', html, re.S)
    return unescape(found.group(1)) if found else ""


# --- the service -------------------------------------------------------------------------------


def test_a_new_address_gets_an_account_without_password_and_the_role(event, organizer):
    done = officials.appoint(
        event, organizer, " Ginette@Example.org ", "official", name="Ginette Roy"
    )
    user = User.objects.get(email="ginette@example.org")
    assert done.new_account and done.needs_password and not user.has_usable_password()
    assert user.display_name == "Ginette Roy"
    assert EventRole.objects.filter(user=user, event=event, role="official").exists()
    entry = AuditEntry.objects.get(event=event, action="role.grant")
    assert entry.actor == organizer and entry.after["email"] == "ginette@example.org"


def test_an_existing_account_gets_the_role_and_no_link(event, organizer, other_organizer):
    done = officials.appoint(event, organizer, "other@example.org", "organizer")
    assert not done.new_account and not done.needs_password
    assert done.user == other_organizer
    with pytest.raises(RuleError) as again:
        officials.appoint(event, organizer, "other@example.org", "organizer")
    assert again.value.code == "already"


def test_bad_input_changes_nothing(event, organizer, official):
    for email, role, code in (
        ("pas-un-courriel", "official", "invalid_email"),
        ("a@example.org", "captain", "invalid_role"),
    ):
        with pytest.raises(RuleError) as refused:
            officials.appoint(event, organizer, email, role)
        assert refused.value.code == code
    with pytest.raises(RuleError) as refused:
        officials.appoint(event, official, "a@example.org", "official")  # an official may not
    assert refused.value.status == 403
    assert not User.objects.filter(email="a@example.org").exists()


def test_the_last_organizer_cannot_be_removed(event, organizer, other_organizer):
    mine = EventRole.objects.get(event=event, user=organizer, role="organizer")
    with pytest.raises(RuleError) as refused:
        officials.remove(event, organizer, mine.pk)
    assert refused.value.code == "last_organizer"
    officials.appoint(event, organizer, other_organizer.email, "organizer")
    officials.remove(event, other_organizer, mine.pk)  # now there is another one
    assert not EventRole.objects.filter(event=event, user=organizer).exists()
    assert AuditEntry.objects.filter(event=event, action="role.remove").count() == 1


# --- the one-time link ---------------------------------------------------------------------------


def test_the_link_sets_a_password_once_and_the_official_runs_the_event(event, organizer):
    done = officials.appoint(event, organizer, "ginette@example.org", "official")
    path = officials.set_password_path(done.user)
    client = french()
    page = client.get(path, follow=True)
    assert "Choisissez votre mot de passe" in page.content.decode()
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else path
    saved = client.post(
        form_url,
        {"new_password1": "cribbage-2026-salle", "new_password2": "cribbage-2026-salle"},
        follow=True,
    )
    assert saved.status_code == 200
    assert "Votre mot de passe est enregistré" in unescape(saved.content.decode())
    assert client.get(f"/organize/{event.slug}/").status_code == 200  # logged in, official
    assert client.get(f"/organize/{event.slug}/settings/").status_code == 404  # not organizer
    again = french().get(path, follow=True).content.decode()
    assert "Ce lien a déjà servi ou il est expiré" in unescape(again)
    login = french()
    assert login.login(username="ginette@example.org", password="cribbage-2026-salle")


def test_removing_an_official_closes_the_event_to_them(event, organizer, official):
    client = french(official)
    assert client.get(f"/organize/{event.slug}/desk/").status_code == 200
    role = EventRole.objects.get(event=event, user=official)
    officials.remove(event, organizer, role.pk)
    assert client.get(f"/organize/{event.slug}/desk/").status_code == 404


# --- the page --------------------------------------------------------------------------------------


def test_the_officials_page_appoints_and_shows_the_link_once(event, organizer):
    client = french(organizer)
    page = client.get(f"/organize/{event.slug}/officials/").content.decode()
    assert "Nommer un officiel ou un organisateur" in page
    assert "Organizer" in page or organizer.email in page  # the organizer is listed
    answer = client.post(
        f"/organize/{event.slug}/officials/",
        {"email": "gilles@example.org", "name": "Gilles", "role": "official"},
    )
    assert answer.status_code == 302
    shown = client.get(answer["Location"]).content.decode()
    link = link_on(shown)
    assert link.startswith("http://testserver/accounts/set-password/")
    assert "<svg" in shown.split('id="invitation"')[1]  # a QR code to print
    assert "n'a pas encore choisi de mot de passe" in unescape(shown)
    assert link_on(client.get(f"/organize/{event.slug}/officials/").content.decode()) == ""
    assert french().get(link, follow=True).status_code == 200


def test_the_page_refuses_bad_input_in_french(event, organizer):
    client = french(organizer)
    page = client.post(
        f"/organize/{event.slug}/officials/", {"email": "pas un courriel", "role": "official"}
    ).content.decode()
    assert "Saisissez une adresse de courriel valide" in page
    mine = EventRole.objects.get(event=event, user=organizer)
    after = client.post(f"/organize/{event.slug}/officials/{mine.pk}/remove/", follow=True)
    assert "dernier organisateur" in unescape(after.content.decode())
    assert EventRole.objects.filter(pk=mine.pk).exists()


def test_a_new_link_replaces_the_old_one(event, organizer):
    done = officials.appoint(event, organizer, "gilles@example.org", "official")
    client = french(organizer)
    client.get(f"/organize/{event.slug}/officials/")  # the first link shown and forgotten
    answer = client.post(f"/organize/{event.slug}/officials/{done.role.pk}/new-link/")
    link = link_on(client.get(answer["Location"]).content.decode())
    assert "/accounts/set-password/" in link
    assert AuditEntry.objects.filter(event=event, action="role.new_link").exists()


def test_with_email_set_up_the_link_is_also_emailed(event, organizer, settings):
    settings.HUCHE_EMAIL_ENABLED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    client = french(organizer)
    client.post(
        f"/organize/{event.slug}/officials/", {"email": "gilles@example.org", "role": "organizer"}
    )
    (message,) = mail.outbox
    assert message.to == ["gilles@example.org"]
    assert event.name in message.subject
    assert "/accounts/set-password/" in message.body
    page = client.get(f"/organize/{event.slug}/officials/").content.decode()
    assert "courriel" in page and link_on(page) in message.body


def test_an_official_cannot_open_the_officials_page(event, official):
    assert french(official).get(f"/organize/{event.slug}/officials/").status_code == 404


# --- the API -----------------------------------------------------------------------------------------


def test_api_lists_appoints_and_removes(event, organizer, official, api_client):
    url = f"/api/v1/events/{event.slug}/officials/"
    logged_in(api_client, official)
    assert api_client.get(url).status_code == 403
    logged_in(api_client, organizer)
    listed = api_client.get(url).json()
    assert {(r["email"], r["role"]) for r in listed} == {
        (organizer.email, "organizer"),
        (official.email, "official"),
    }
    made = api_client.post(
        url, {"email": "lise@example.org", "role": "official", "name": "Lise"}, format="json"
    )
    assert made.status_code == 201
    body = made.json()
    assert body["new_account"] and body["has_password"] is False and not body["emailed"]
    assert body["set_password_url"].startswith("http://testserver/accounts/set-password/")
    bad = api_client.post(url, {"email": "nope", "role": "official"}, format="json")
    assert bad.status_code == 400 and bad.json()["detail"]
    mine = EventRole.objects.get(event=event, user=organizer)
    last = api_client.delete(f"{url}{mine.pk}/")
    assert last.status_code == 400 and last.json()["code"] == "last_organizer"
    assert api_client.delete(f"{url}{body['id']}/").status_code == 204
    assert api_client.delete(f"{url}{body['id']}/").status_code == 404


def test_officials_endpoints_are_in_the_schema(api_client):
    paths = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    assert {"get", "post"} <= set(paths["/api/v1/events/{slug}/officials/"])
    assert "delete" in paths["/api/v1/events/{slug}/officials/{id}/"]


def test_email_settings_come_from_the_environment():
    from config.settings import _email_settings

    assert _email_settings("", "") == {}  # a hall: no email, links are copied or printed
    smtp = _email_settings("smtp://huche%40club.org:s3cr%C3%A9t@mail.club.org:587", "")
    assert (
        smtp["EMAIL_HOST"],
        smtp["EMAIL_PORT"],
        smtp["EMAIL_HOST_USER"],
        smtp["EMAIL_HOST_PASSWORD"],
        smtp["EMAIL_USE_TLS"],
        smtp["EMAIL_USE_SSL"],
    ) == ("mail.club.org", 587, "huche@club.org", "s3crét", True, False)
    assert _email_settings("smtps://u:p@mail.club.org:465", "")["EMAIL_USE_SSL"] is True
    assert _email_settings("", "relay.local")["EMAIL_HOST"] == "relay.local"


def test_the_officials_page_in_english(event, organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    page = client.get(f"/organize/{event.slug}/officials/").content.decode()
    assert "Appoint an official or an organizer" in page and "Who runs this event" in page


def test_the_link_uses_the_halls_address(event, organizer, settings, api_client):
    """At a hall the person opens the link on their own phone: the site's public base URL."""
    settings.HUCHE_BASE_URL = "http://192.168.1.10:8000"
    client = french(organizer)
    answer = client.post(
        f"/organize/{event.slug}/officials/", {"email": "gilles@example.org", "role": "official"}
    )
    link = link_on(client.get(answer["Location"]).content.decode())
    assert link.startswith("http://192.168.1.10:8000/accounts/set-password/")
    logged_in(api_client, organizer)
    made = api_client.post(
        f"/api/v1/events/{event.slug}/officials/",
        {"email": "lise@example.org", "role": "official"},
        format="json",
    )
    assert made.json()["set_password_url"].startswith("http://192.168.1.10:8000/accounts/")
