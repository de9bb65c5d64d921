"""Logging in to the API: tokens for users, link + PIN headers for captains."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token

from accounts.links import MAX_FAILED_ATTEMPTS
from tests.builders.scene import API, build_scene, captain
from tests.conftest import link_of
from tournaments.models import Report

TOKEN = API + "auth/token/"


@pytest.fixture
def scene(event, organizer, official, other_organizer, staff):
    return build_scene(event, organizer, official, other_organizer, staff)


# --- tokens ------------------------------------------------------------------------------------


def test_email_and_password_give_a_token_that_authenticates(api_client, organizer, event):
    response = api_client.post(
        TOKEN, {"email": "ORG@example.org", "password": "pw-organizer-1"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    assert token == Token.objects.get(user=organizer).key
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    changed = api_client.patch(f"{API}events/{event.slug}/", {"venue": "Aréna"}, format="json")
    assert changed.status_code == 200
    assert changed.json()["venue"] == "Aréna"


def test_a_wrong_password_gets_no_token(api_client, organizer):
    response = api_client.post(
        TOKEN, {"email": "org@example.org", "password": "guess"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "Wrong email or password (or the account is disabled).",
        "code": "invalid_credentials",
    }
    assert not Token.objects.exists()


def test_a_missing_password_is_named(api_client, organizer):
    response = api_client.post(TOKEN, {"email": "org@example.org"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["detail"] == "password: This field is required."
    assert (body["code"], body["field"]) == ("required", "password")


def test_logins_are_throttled(api_client, organizer):
    for _attempt in range(10):
        api_client.post(TOKEN, {"email": "org@example.org", "password": "guess"}, format="json")
    response = api_client.post(
        TOKEN, {"email": "org@example.org", "password": "pw-organizer-1"}, format="json"
    )
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    assert not Token.objects.exists()


def test_an_anonymous_write_is_told_to_authenticate(api_client, event):
    response = api_client.post(f"{API}events/{event.slug}/rounds/", {}, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json() == {
        "detail": "Authentication credentials were not provided.",
        "code": "not_authenticated",
    }


# --- captains: link + PIN ----------------------------------------------------------------------


def _report(client, scene, **body):
    return client.post(
        scene.url("games/{game}/reports/"),
        {"kind": "final", "score_a": 121, "score_b": 95, **body},
        format="json",
    )


def test_a_captain_reports_with_link_and_pin_headers(api_client, scene):
    response = _report(captain(api_client, scene.team_b), scene)
    assert response.status_code == 201
    report = Report.objects.get(pk=response.json()["report"]["id"])
    assert (report.by_team, report.channel, report.client) == (scene.team_b, "link", "127.0.0.1")


def test_a_wrong_pin_is_refused_and_counted(api_client, scene):
    before = Report.objects.count()
    response = _report(captain(api_client, scene.team_b, pin=wrong_pin(scene.team_b)), scene)
    assert response.status_code == 401
    assert response.json() == {
        "detail": f"Wrong PIN. {MAX_FAILED_ATTEMPTS - 1} attempts left before the link is locked.",
        "code": "wrong_pin",
    }
    assert link_of(scene.team_b).failed_attempts == 1
    assert Report.objects.count() == before


def test_a_pin_that_is_not_6_digits_is_refused_without_spending_an_attempt(api_client, scene):
    pin = link_of(scene.team_b).pin
    refused = _report(captain(api_client, scene.team_b, pin=pin[:5]), scene)
    assert refused.status_code == 401
    assert refused.json()["code"] == "pin_format"
    assert "6 digits" in refused.json()["detail"]
    assert link_of(scene.team_b).failed_attempts == 0
    # The same PIN typed as printed on the slip, with a space, is accepted.
    spaced = _report(captain(api_client, scene.team_b, pin=f"{pin[:3]} {pin[3:]}"), scene)
    assert spaced.status_code == 201


def wrong_pin(team) -> str:
    return "000000" if link_of(team).pin != "000000" else "111111"


def test_too_many_wrong_pins_lock_the_link_until_an_official_unlocks_it(api_client, scene):
    for _attempt in range(MAX_FAILED_ATTEMPTS):
        _report(captain(api_client, scene.team_b, pin=wrong_pin(scene.team_b)), scene)
    locked = _report(captain(api_client, scene.team_b), scene)  # even the right PIN now
    assert locked.status_code == 403
    assert locked.json()["code"] == "link_locked"
    assert locked.json()["detail"].startswith("Too many wrong PINs")

    api_client.credentials()
    api_client.force_authenticate(scene.users["official"])
    unlock = api_client.post(scene.url("events/{slug}/teams/{team_b}/unlock/"))
    assert unlock.status_code == 200
    assert unlock.json()["link"]["failed_attempts"] == 0
    api_client.force_authenticate(None)
    assert _report(captain(api_client, scene.team_b), scene).status_code == 201


def test_a_link_without_its_pin_is_refused(api_client, scene):
    api_client.credentials(HTTP_X_CAPTAIN_LINK=link_of(scene.team_b).token)
    response = _report(api_client, scene)
    assert response.status_code == 401
    assert response.json() == {
        "detail": "Give the link's PIN in the X-Captain-Pin header.",
        "code": "pin_required",
    }


def test_an_unknown_link_is_refused(api_client, scene):
    api_client.credentials(HTTP_X_CAPTAIN_LINK="not-a-token", HTTP_X_CAPTAIN_PIN="123456")
    response = _report(api_client, scene)
    assert response.status_code == 401
    assert response.json()["code"] == "link_unknown"


def test_a_revoked_link_stops_at_once(api_client, scene):
    old = link_of(scene.team_b)
    api_client.force_authenticate(scene.users["official"])
    fresh = api_client.post(scene.url("events/{slug}/teams/{team_b}/new-link/"))
    assert fresh.status_code == 201
    api_client.force_authenticate(None)
    api_client.credentials(HTTP_X_CAPTAIN_LINK=old.token, HTTP_X_CAPTAIN_PIN=old.pin)
    refused = _report(api_client, scene)
    assert refused.status_code == 401
    assert refused.json() == {
        "detail": "This link was revoked: ask an official for the team's new link.",
        "code": "link_revoked",
    }
    api_client.credentials(
        HTTP_X_CAPTAIN_LINK=fresh.json()["token"], HTTP_X_CAPTAIN_PIN=fresh.json()["pin"]
    )
    assert _report(api_client, scene).status_code == 201


def test_a_withdrawn_teams_link_is_refused(api_client, scene):
    link = link_of(scene.team_b)
    api_client.force_authenticate(scene.users["official"])
    withdrawn = api_client.post(scene.url("events/{slug}/teams/{team_b}/withdraw/"))
    assert withdrawn.status_code == 200
    api_client.force_authenticate(None)
    api_client.credentials(HTTP_X_CAPTAIN_LINK=link.token, HTTP_X_CAPTAIN_PIN=link.pin)
    response = _report(api_client, scene)
    assert response.status_code == 403
    assert response.json() == {
        "detail": f"{scene.team_b.name} has withdrawn: its link no longer reports results.",
        "code": "withdrawn",
    }


def test_a_captain_cannot_use_the_officials_endpoints(api_client, scene):
    response = captain(api_client, scene.team_a).post(
        scene.url("events/{slug}/rounds/"), {"force": True}, format="json"
    )
    assert response.status_code == 403
    assert response.json() == {
        "detail": "Only the officials of this event may do this.",
        "code": "officials_only",
    }
    assert scene.event.rounds.count() == 1
