"""Inviting officials and co-organizers by email (pages, API), accepting an invitation, the
last organizer kept, everything audited. An invitation never touches an account (issue 22,
findings 2 and 10)."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts.models import EventRole, Invitation, User
from tests.builders.scene import logged_in
from tests.builders.stranger import stranger_event, stranger_of
from tournaments.errors import RuleError
from tournaments.events import invitations, officials
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db

PASSWORD = "cribbage-2026-salle"


def french(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    if user is not None:
        client.force_login(user)
    return client


def link_on(html: str) -> str:
    found = re.search(r'<textarea id="invitation-link" readonly>(.*?)</textarea>', html, re.S)
    return unescape(found.group(1)) if found else ""


def create_account(client: Client, path: str, name: str = "Ginette Roy"):
    return client.post(
        path, {"display_name": name, "password1": PASSWORD, "password2": PASSWORD}, follow=True
    )


# --- the service -------------------------------------------------------------------------------


def test_inviting_creates_an_invitation_and_no_account(event, organizer):
    issued = invitations.invite(event, organizer, " Ginette@Example.org ", "official", name="Gi")
    invitation = issued.invitation
    assert (invitation.email, invitation.role, invitation.status) == (
        "ginette@example.org",
        "official",
        "invited",
    )
    assert invitation.invited_by == organizer and invitation.expires_at > timezone.now()
    assert issued.token not in invitation.token_hash  # only its digest is stored
    assert invitations.find(issued.token) == invitation
    assert not User.objects.filter(email="ginette@example.org").exists()
    assert (
        not EventRole.objects.filter(event=event, role="official")
        .exclude(user__email="official@example.org")
        .exists()
    )
    entry = AuditEntry.objects.get(event=event, action="role.invite")
    assert entry.actor == organizer and entry.after["email"] == "ginette@example.org"


def test_an_existing_account_gets_the_role_only_when_it_accepts(event, organizer, other_organizer):
    """Issue 22, finding 10: the role was granted at once, without the person's consent."""
    issued = invitations.invite(event, organizer, "other@example.org", "organizer")
    assert not EventRole.objects.filter(event=event, user=other_organizer).exists()
    role = invitations.accept(issued.invitation, other_organizer)
    assert (role.user, role.role) == (other_organizer, "organizer")
    issued.invitation.refresh_from_db()
    assert issued.invitation.status == "accepted"
    assert issued.invitation.accepted_by == other_organizer
    assert AuditEntry.objects.filter(event=event, action="role.accept").exists()
    with pytest.raises(RuleError) as again:
        invitations.invite(event, organizer, "other@example.org", "organizer")
    assert again.value.code == "already"
    with pytest.raises(RuleError) as twice:
        invitations.accept(issued.invitation, other_organizer)
    assert twice.value.code == "accepted"


def test_only_the_invited_address_accepts(event, organizer, other_organizer):
    issued = invitations.invite(event, organizer, "ginette@example.org", "organizer")
    with pytest.raises(RuleError) as refused:
        invitations.accept(issued.invitation, other_organizer)
    assert refused.value.code == "other_account"
    assert not EventRole.objects.filter(event=event, user=other_organizer).exists()


def test_an_expired_or_replaced_invitation_grants_nothing(event, organizer, other_organizer):
    first = invitations.invite(event, organizer, "other@example.org", "official")
    second = invitations.new_link(event, organizer, first.invitation.pk)
    first.invitation.refresh_from_db()
    assert first.invitation.status == "cancelled"
    with pytest.raises(RuleError) as replaced:
        invitations.accept(first.invitation, other_organizer)
    assert replaced.value.code == "cancelled"
    Invitation.objects.filter(pk=second.invitation.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    second.invitation.refresh_from_db()
    with pytest.raises(RuleError) as expired:
        invitations.accept(second.invitation, other_organizer)
    assert expired.value.code == "expired"
    assert not EventRole.objects.filter(event=event, user=other_organizer).exists()


def test_bad_input_changes_nothing(event, organizer, official):
    for email, role, code in (
        ("pas-un-courriel", "official", "invalid_email"),
        ("a@example.org", "captain", "invalid_role"),
    ):
        with pytest.raises(RuleError) as refused:
            invitations.invite(event, organizer, email, role)
        assert refused.value.code == code
    with pytest.raises(RuleError) as refused:
        invitations.invite(event, official, "a@example.org", "official")  # an official may not
    assert refused.value.status == 403
    assert not Invitation.objects.exists()


def test_the_last_organizer_cannot_be_removed(event, organizer, other_organizer):
    mine = EventRole.objects.get(event=event, user=organizer, role="organizer")
    with pytest.raises(RuleError) as refused:
        officials.remove(event, organizer, mine.pk)
    assert refused.value.code == "last_organizer"
    issued = invitations.invite(event, organizer, other_organizer.email, "organizer")
    invitations.accept(issued.invitation, other_organizer)
    officials.remove(event, other_organizer, mine.pk)  # now there is another one
    assert not EventRole.objects.filter(event=event, user=organizer).exists()
    assert AuditEntry.objects.filter(event=event, action="role.remove").count() == 1


def test_removing_an_official_closes_the_event_to_them(event, organizer, official):
    client = french(official)
    assert client.get(f"/organize/{event.slug}/desk/").status_code == 200
    role = EventRole.objects.get(event=event, user=official)
    officials.remove(event, organizer, role.pk)
    assert client.get(f"/organize/{event.slug}/desk/").status_code == 404


# --- issue 22, finding 2: no takeover of a pending official or co-organizer --------------------


def test_a_strangers_invitation_to_the_same_address_grants_only_their_event(
    event, organizer, api_client
):
    """The attack: the organizer appoints newofficial@club.org; a stranger appoints the same
    address in their own event and got a set-password link for that account. Now each
    organizer gets a separate invitation, and no reply says anything about the account."""
    victim_url = f"/api/v1/events/{event.slug}/officials/"
    logged_in(api_client, organizer)
    made = api_client.post(victim_url, {"email": "newofficial@club.org", "role": "organizer"})
    assert made.status_code == 201
    theirs = stranger_event()
    logged_in(api_client, stranger_of(theirs))
    answer = api_client.post(
        f"/api/v1/events/{theirs.slug}/officials/",
        {"email": "newofficial@club.org", "role": "organizer"},
        format="json",
    )
    assert answer.status_code == 201
    body = answer.json()
    assert not {"new_account", "has_password", "set_password_url"} & set(body)
    assert body["status"] == "invited" and "/invitation/" in body["invitation_url"]
    assert not User.objects.filter(email="newofficial@club.org").exists()
    # The stranger uses their own link to create the account: they get their event's role only.
    client = french()
    create_account(client, body["invitation_url"].removeprefix("http://testserver"))
    user = User.objects.get(email="newofficial@club.org")
    assert set(EventRole.objects.filter(user=user).values_list("event", flat=True)) == {theirs.pk}
    assert client.get(f"/organize/{event.slug}/").status_code == 404
    teams = client.get(f"/api/v1/events/{event.slug}/teams/").json()["results"]
    assert all(team.get("link") is None for team in teams)
    # The organizer's invitation is untouched: still waiting for its own link.
    assert Invitation.objects.get(event=event).status == "invited"


def test_the_takeover_replayed_over_http(event, organizer, api_client):
    """Issue 22, finding 2, as the attacker did it (HTTP only): the stranger appoints the
    address the organizer appointed, opens the link their API reply gives, chooses a password,
    and logs in. They may own an account of that address now, but it runs nothing of the
    victim's event."""
    logged_in(api_client, organizer)
    api_client.post(
        f"/api/v1/events/{event.slug}/officials/",
        {"email": "newofficial@club.org", "role": "organizer"},
        format="json",
    )
    theirs = stranger_event()
    logged_in(api_client, stranger_of(theirs))
    body = api_client.post(
        f"/api/v1/events/{theirs.slug}/officials/",
        {"email": "newofficial@club.org", "role": "organizer"},
        format="json",
    ).json()
    link = (body.get("set_password_url") or body.get("invitation_url") or "").removeprefix(
        "http://testserver"
    )
    attacker = Client()
    form_url = attacker.get(link, follow=True).request["PATH_INFO"]
    attacker.post(
        form_url,
        {
            "new_password1": PASSWORD,
            "new_password2": PASSWORD,
            "display_name": "Intrus",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    attacker = Client()
    attacker.login(username="newofficial@club.org", password=PASSWORD)
    assert attacker.get(f"/organize/{event.slug}/").status_code in (302, 404)
    assert attacker.get(f"/api/v1/events/{event.slug}/standings/").status_code == 403
    teams = attacker.get(f"/api/v1/events/{event.slug}/teams/").json()["results"]
    assert all(team.get("link") is None for team in teams)


def test_appointing_an_existing_account_grants_nothing_without_consent(
    event, organizer, other_organizer, api_client
):
    """Issue 22, finding 10, over HTTP: the reply told whether the address had an account and a
    password, and the account got the role at once."""
    logged_in(api_client, organizer)
    body = api_client.post(
        f"/api/v1/events/{event.slug}/officials/",
        {"email": other_organizer.email, "role": "organizer"},
        format="json",
    ).json()
    assert not {"new_account", "has_password", "set_password_url"} & set(body)
    assert not EventRole.objects.filter(event=event, user=other_organizer).exists()
    listed = api_client.get(f"/api/v1/events/{event.slug}/officials/").json()
    assert all("has_password" not in row for row in listed)


def test_an_account_waiting_for_its_password_is_never_given_one(event, organizer):
    """An account appointed before invitations existed (no password yet): another organizer's
    invitation to its address sets nothing, whatever is posted on its page."""
    waiting = User.objects.create_user("waiting@club.org", None)
    EventRole.objects.create(user=waiting, event=event, role="organizer")
    theirs = stranger_event()
    issued = invitations.invite(theirs, stranger_of(theirs), "waiting@club.org", "official")
    client = french()
    page = client.get(issued.path)
    assert page.status_code == 200 and 'id="log-in"' in page.content.decode()
    create_account(client, issued.path)
    waiting.refresh_from_db()
    assert not waiting.has_usable_password()
    assert not EventRole.objects.filter(user=waiting, event=theirs).exists()


# --- the invitation's page -------------------------------------------------------------------------


def test_a_new_person_creates_their_account_from_the_link_and_runs_the_event(event, organizer):
    issued = invitations.invite(event, organizer, "ginette@example.org", "official", name="Gi")
    client = french()
    page = client.get(issued.path).content.decode()
    assert "Pas encore de compte ? Créez-le pour accepter" in unescape(page)
    assert 'value="ginette@example.org" readonly' in page and event.name in unescape(page)
    weak = client.post(
        issued.path, {"display_name": "Gi", "password1": "12345678", "password2": "12345678"}
    )
    assert "entièrement numérique" in unescape(weak.content.decode())
    assert not User.objects.filter(email="ginette@example.org").exists()
    done = create_account(client, issued.path)
    assert done.redirect_chain[-1][0] == f"/organize/{event.slug}/"
    assert client.get(f"/organize/{event.slug}/desk/").status_code == 200  # logged in, official
    assert client.get(f"/organize/{event.slug}/settings/").status_code == 404  # not organizer
    again = french().get(issued.path)
    assert again.status_code == 410 and "déjà été acceptée" in unescape(again.content.decode())
    assert french().login(username="ginette@example.org", password=PASSWORD)


def test_a_logged_out_visitor_sees_the_same_page_with_or_without_an_account(
    event, organizer, other_organizer
):
    """Issue 33, finding 5: opening the link logged out showed "log in" when the address had
    an account and the sign-up form when it had none, so an organizer could probe addresses.
    Now the two pages are the same bytes but for the address, the link and the CSRF token."""
    pages = []
    for email in (other_organizer.email, "nobody-here@example.org"):
        issued = invitations.invite(event, organizer, email, "official", name="Ginette")
        response = french().get(issued.path)
        assert response.status_code == 200
        text = response.content.decode()
        for secret in (email, issued.path.strip("/").rsplit("/", 1)[-1]):
            text = text.replace(secret, "<…>")
        pages.append(re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text))
    assert pages[0] == pages[1]
    assert 'id="log-in"' in pages[0] and 'name="password1"' in pages[0]


def test_creating_the_account_from_an_invitation_counts_like_a_sign_up(event, organizer, settings):
    settings.THROTTLE_SIGNUP_CLIENT = {"failures": 2, "window": 3600}
    client = french()
    for i in range(2):
        issued = invitations.invite(event, organizer, f"person{i}@example.org", "official")
        assert create_account(client, issued.path).redirect_chain  # created and accepted
        client.post("/accounts/logout/")
    issued = invitations.invite(event, organizer, "person9@example.org", "official")
    refused = french().post(
        issued.path, {"display_name": "X", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Trop de comptes ouverts depuis cette connexion" in unescape(refused.content.decode())
    assert not User.objects.filter(email="person9@example.org").exists()


def test_an_organizer_issues_a_limited_number_of_invitations(event, organizer, settings):
    settings.THROTTLE_INVITE_ACCOUNT = {"failures": 3, "window": 3600}
    for i in range(3):
        invitations.invite(event, organizer, f"probe{i}@example.org", "official")
    with pytest.raises(RuleError) as refused:
        invitations.invite(event, organizer, "probe9@example.org", "official")
    assert refused.value.status == 429 and refused.value.code == "throttled"
    assert not Invitation.objects.filter(email="probe9@example.org").exists()


def test_a_logged_in_person_accepts_with_one_button(event, organizer, other_organizer):
    issued = invitations.invite(event, organizer, "other@example.org", "organizer")
    client = french(other_organizer)
    page = client.get(issued.path).content.decode()
    assert 'id="accept"' in page and "organisateur" in page
    assert not EventRole.objects.filter(event=event, user=other_organizer).exists()
    done = client.post(issued.path, follow=True)
    assert done.redirect_chain[-1][0] == f"/organize/{event.slug}/"
    assert EventRole.objects.filter(event=event, user=other_organizer, role="organizer").exists()


def test_another_account_is_told_to_log_in_with_the_invited_address(
    event, organizer, other_organizer
):
    issued = invitations.invite(event, organizer, "ginette@example.org", "official")
    client = french(other_organizer)
    page = client.get(issued.path)
    assert page.status_code == 403 and "ginette@example.org" in page.content.decode()
    client.post(issued.path)
    assert not EventRole.objects.filter(event=event, user=other_organizer).exists()


def test_an_unknown_link_is_not_found():
    assert french().get("/invitation/not-a-token/").status_code == 404


# --- the organizer's page --------------------------------------------------------------------------


def test_the_officials_page_invites_and_shows_the_link_once(event, organizer):
    client = french(organizer)
    page = client.get(f"/organize/{event.slug}/officials/").content.decode()
    assert "Nommer un officiel ou un organisateur" in page
    answer = client.post(
        f"/organize/{event.slug}/officials/",
        {"email": "gilles@example.org", "name": "Gilles", "role": "official"},
    )
    assert answer.status_code == 302
    shown = client.get(answer["Location"]).content.decode()
    link = link_on(shown)
    assert link.startswith("http://testserver/invitation/")
    assert "<svg" in shown.split('id="invitation"')[1]  # a QR code to print
    assert 'data-status="invited"' in shown and "Invitée" in shown
    assert "mot de passe" not in unescape(shown.split('id="invitation"')[1])
    assert link_on(client.get(f"/organize/{event.slug}/officials/").content.decode()) == ""
    assert french().get(link).status_code == 200


def test_the_page_shows_accepted_and_expired_and_never_accounts(event, organizer, other_organizer):
    accepted = invitations.invite(event, organizer, "other@example.org", "official")
    invitations.accept(accepted.invitation, other_organizer)
    late = invitations.invite(event, organizer, "late@example.org", "official")
    Invitation.objects.filter(pk=late.invitation.pk).update(expires_at=timezone.now())
    page = french(organizer).get(f"/organize/{event.slug}/officials/").content.decode()
    assert 'data-status="accepted"' in page and "Acceptée" in page
    assert 'data-status="expired"' in page and "Expirée" in page
    assert "mot de passe" not in unescape(page)


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


def test_a_new_link_replaces_the_old_one_and_cancel_closes_it(event, organizer):
    issued = invitations.invite(event, organizer, "gilles@example.org", "official")
    client = french(organizer)
    client.get(f"/organize/{event.slug}/officials/")  # the first link shown and forgotten
    answer = client.post(f"/organize/{event.slug}/invitations/{issued.invitation.pk}/new-link/")
    link = link_on(client.get(answer["Location"]).content.decode())
    assert "/invitation/" in link
    assert french().get(issued.path).status_code == 410  # the old one no longer works
    newest = Invitation.objects.get(event=event, revoked_at__isnull=True)
    client.post(f"/organize/{event.slug}/invitations/{newest.pk}/cancel/")
    assert french().get(link.removeprefix("http://testserver")).status_code == 410
    assert AuditEntry.objects.filter(event=event, action="role.invite_cancel").exists()


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
    assert "/invitation/" in message.body
    page = client.get(f"/organize/{event.slug}/officials/").content.decode()
    assert "courriel" in page and link_on(page) in message.body


def test_an_official_cannot_open_the_officials_page(event, official):
    assert french(official).get(f"/organize/{event.slug}/officials/").status_code == 404


def test_the_officials_page_in_english(event, organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    page = client.get(f"/organize/{event.slug}/officials/").content.decode()
    assert "Appoint an official or an organizer" in page and "Who runs this event" in page


# --- the API -----------------------------------------------------------------------------------------


def test_api_lists_invites_and_removes(event, organizer, official, api_client):
    url = f"/api/v1/events/{event.slug}/officials/"
    logged_in(api_client, official)
    assert api_client.get(url).status_code == 403
    logged_in(api_client, organizer)
    listed = api_client.get(url).json()
    assert {(r["email"], r["role"]) for r in listed} == {
        (organizer.email, "organizer"),
        (official.email, "official"),
    }
    assert all(set(r) == {"id", "email", "name", "role"} for r in listed)
    made = api_client.post(
        url, {"email": "lise@example.org", "role": "official", "name": "Lise"}, format="json"
    )
    assert made.status_code == 201
    body = made.json()
    assert (body["status"], body["emailed"]) == ("invited", False)
    assert body["invitation_url"].startswith("http://testserver/invitation/")
    pending = api_client.get(f"{url}invitations/").json()
    assert [(i["email"], i["status"]) for i in pending] == [("lise@example.org", "invited")]
    assert "invitation_url" not in pending[0]
    bad = api_client.post(url, {"email": "nope", "role": "official"}, format="json")
    assert bad.status_code == 400 and bad.json()["detail"]
    mine = EventRole.objects.get(event=event, user=organizer)
    last = api_client.delete(f"{url}{mine.pk}/")
    assert last.status_code == 400 and last.json()["code"] == "last_organizer"
    role = EventRole.objects.get(event=event, user=official)
    assert api_client.delete(f"{url}{role.pk}/").status_code == 204
    assert api_client.delete(f"{url}{role.pk}/").status_code == 404


def test_officials_endpoints_are_in_the_schema(api_client):
    paths = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    assert {"get", "post"} <= set(paths["/api/v1/events/{slug}/officials/"])
    assert "delete" in paths["/api/v1/events/{slug}/officials/{id}/"]
    assert "get" in paths["/api/v1/events/{slug}/officials/invitations/"]


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


def test_the_link_uses_the_halls_address(event, organizer, settings, api_client):
    """At a hall the person opens the link on their own phone: the site's public base URL."""
    settings.HUCHE_BASE_URL = "http://192.168.1.10:8000"
    client = french(organizer)
    answer = client.post(
        f"/organize/{event.slug}/officials/", {"email": "gilles@example.org", "role": "official"}
    )
    link = link_on(client.get(answer["Location"]).content.decode())
    assert link.startswith("http://192.168.1.10:8000/invitation/")
    logged_in(api_client, organizer)
    made = api_client.post(
        f"/api/v1/events/{event.slug}/officials/",
        {"email": "lise@example.org", "role": "official"},
        format="json",
    )
    assert made.json()["invitation_url"].startswith("http://192.168.1.10:8000/invitation/")
