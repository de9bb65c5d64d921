"""Guessing is slow: wrong PINs throttled per link (a lockout an official lifts) and per client,
failed logins per address, per account and address (or known device) and per account, on the
pages and the API; revocation is immediate."""

from __future__ import annotations

import logging

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from rest_framework.test import APIClient

from accounts.links import MAX_FAILED_ATTEMPTS
from accounts.throttle import Limit
from tests.conftest import link_of

ME, OTHER = "203.0.113.7", "198.51.100.9"


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def wrong(pin: str) -> str:
    return "000000" if pin != "000000" else "111111"


def page(addr=ME, **extra) -> Client:
    return Client(REMOTE_ADDR=addr, HTTP_ACCEPT_LANGUAGE="en", **extra)


def api_get(event, link, pin, addr=ME, **headers):
    client = APIClient(REMOTE_ADDR=addr, HTTP_ACCEPT_LANGUAGE="en")
    # Authentication runs before the view: a good link reaches the view (404: no game #0),
    # a bad one answers 401/403/429 with a code saying why.
    return client.post(
        "/api/v1/games/0/reports/",
        {},
        format="json",
        HTTP_X_CAPTAIN_LINK=link.token,
        HTTP_X_CAPTAIN_PIN=pin,
        **headers,
    )


# --- per link: the lockout, and an official lifts it --------------------------------------------
def test_five_wrong_pins_lock_the_link_and_an_official_unlocks_it(event, official):
    team = event.teams.first()
    link = link_of(team)
    browser = page()
    for left in range(MAX_FAILED_ATTEMPTS - 1, 0, -1):
        response = browser.post(f"/c/{link.token}/", {"pin": wrong(link.pin)})
        assert response.status_code == 403
        word = "attempt" if left == 1 else "attempts"
        assert f"{left} {word} left" in response.content.decode()
    response = browser.post(f"/c/{link.token}/", {"pin": wrong(link.pin)})
    assert "locked for 15 minutes" in response.content.decode()
    # Locked: even the right PIN is refused, on the page and on the API.
    assert browser.post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 403
    assert api_get(event, link, link.pin).json()["code"] == "link_locked"

    desk = page()
    desk.force_login(official)
    response = desk.post(f"/organize/{event.slug}/teams/{team.pk}/unlock/")
    assert response.status_code == 302
    assert browser.post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 302


def test_api_wrong_pins_count_towards_the_same_lockout(event):
    link = link_of(event.teams.first())
    codes = [
        api_get(event, link, wrong(link.pin)).json()["code"] for _ in range(MAX_FAILED_ATTEMPTS)
    ]
    assert codes == ["wrong_pin"] * (MAX_FAILED_ATTEMPTS - 1) + ["link_locked"]
    assert page().post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 403


# --- per client: one address trying many links --------------------------------------------------
@override_settings(THROTTLE_PIN_CLIENT={"failures": 3, "window": 900})
def test_one_address_guessing_across_links_is_throttled_on_pages(event):
    links = [link_of(team) for team in event.teams.order_by("pk")]
    for link in links[:3]:  # one wrong PIN on each of three links: no link is locked
        assert page().post(f"/c/{link.token}/", {"pin": wrong(link.pin)}).status_code == 403
    response = page().post(f"/c/{links[3].token}/", {"pin": links[3].pin})
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0
    assert "Too many wrong PINs from this device or network" in response.content.decode()
    assert "try again in 15 minutes, or ask an official" in response.content.decode()
    # Another address is not affected, and the throttled attempt did not touch the link.
    assert page(OTHER).post(f"/c/{links[3].token}/", {"pin": links[3].pin}).status_code == 302
    links[3].refresh_from_db()
    assert links[3].failed_attempts == 0


@override_settings(THROTTLE_PIN_CLIENT={"failures": 3, "window": 900})
def test_one_address_guessing_across_links_is_throttled_on_the_api(event):
    links = [link_of(team) for team in event.teams.order_by("pk")]
    for link in links[:3]:
        assert api_get(event, link, wrong(link.pin)).status_code == 401
    response = api_get(event, links[3], links[3].pin)
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    assert "Too many wrong PINs" in response.json()["detail"]
    assert int(response["Retry-After"]) > 0
    assert api_get(event, links[3], links[3].pin, addr=OTHER).status_code != 429


@override_settings(THROTTLE_PIN_CLIENT={"failures": 2, "window": 900})
def test_right_pins_from_one_hall_address_are_never_throttled(event):
    """Every captain of the hall behind one Wi-Fi address: only failures count."""
    for team in event.teams.all():
        link = link_of(team)
        assert page().post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 302


@override_settings(THROTTLE_PIN_CLIENT={"failures": 2, "window": 900}, TRUSTED_PROXY_COUNT=0)
def test_a_forged_x_forwarded_for_does_not_escape_the_throttle(event):
    links = [link_of(team) for team in event.teams.order_by("pk")]
    for i, link in enumerate(links[:2]):
        forged = page(HTTP_X_FORWARDED_FOR=f"10.9.9.{i}")
        assert forged.post(f"/c/{link.token}/", {"pin": wrong(link.pin)}).status_code == 403
    forged = page(HTTP_X_FORWARDED_FOR="10.9.9.99")
    assert forged.post(f"/c/{links[2].token}/", {"pin": links[2].pin}).status_code == 429


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_trusted_proxy_the_address_it_saw_counts():
    from django.test import RequestFactory

    from accounts.throttle import client_ip

    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7"
    )
    assert client_ip(request) == "203.0.113.7"  # not the 6.6.6.6 the client wrote itself
    with override_settings(TRUSTED_PROXY_COUNT=0):
        assert client_ip(request) == "10.0.0.2"


# --- revocation takes effect at once -------------------------------------------------------------
def test_a_new_link_kills_the_old_one_at_once_even_for_an_unlocked_browser(event, organizer):
    team = event.teams.first()
    old = link_of(team)
    captain = page()
    assert captain.post(f"/c/{old.token}/", {"pin": old.pin}).status_code == 302
    assert captain.get(f"/c/{old.token}/").status_code == 200
    assert api_get(event, old, old.pin).json()["code"] != "link_revoked"

    desk = page()
    desk.force_login(organizer)
    desk.post(f"/organize/{event.slug}/teams/{team.pk}/new-link/", {"confirm": "1"})

    assert captain.get(f"/c/{old.token}/").status_code == 404
    assert api_get(event, old, old.pin).json()["code"] == "link_revoked"
    new = link_of(team)
    assert new.token != old.token
    assert page().post(f"/c/{new.token}/", {"pin": new.pin}).status_code == 302


# --- logins --------------------------------------------------------------------------------------
def login(client, email, password):
    return client.post("/accounts/login/", {"username": email, "password": password})


def test_failed_logins_lock_the_account_from_that_address_with_a_clear_message(organizer):
    for _ in range(5):
        assert login(page(), "org@example.org", "wrong-password").status_code == 200
    # Now even the right password waits from this address: the message says how long.
    response = login(page(), "org@example.org", "pw-organizer-1")
    assert response.status_code == 429
    text = response.content.decode()
    assert "Too many failed logins: try again in 15 minutes." in text
    assert int(response["Retry-After"]) > 0
    assert "_auth_user_id" not in response.wsgi_request.session
    # The API's token endpoint shares the count.
    answer = APIClient(REMOTE_ADDR=ME, HTTP_ACCEPT_LANGUAGE="en").post(
        "/api/v1/auth/token/",
        {"email": "org@example.org", "password": "pw-organizer-1"},
        format="json",
    )
    assert answer.status_code == 429
    assert "Too many failed logins" in answer.json()["detail"]


def test_a_stranger_never_locks_the_owner_out(organizer):
    """Issue 33, finding 8: five wrong passwords locked an organizer out for 15 minutes, from
    anywhere. Now the owner's own device (it logged in before) and the owner elsewhere get in
    while the stranger's address stays locked."""
    owner = page()  # the organizer's phone at the hall: the same Wi-Fi address as the stranger
    assert login(owner, "org@example.org", "pw-organizer-1").status_code == 302
    owner.post("/accounts/logout/")
    for _ in range(12):
        login(page(), "org@example.org", "wrong-password")
    assert login(page(), "org@example.org", "pw-organizer-1").status_code == 429
    assert login(owner, "org@example.org", "pw-organizer-1").status_code == 302
    assert login(page(OTHER), "org@example.org", "pw-organizer-1").status_code == 302


def test_a_stranger_with_many_addresses_never_locks_the_owner_out_from_a_second_address(
    organizer,
):
    """Issue 51, finding 7: ten addresses times five wrong passwords used up the account's
    total, and the owner, from an address of their own, was locked out for 15 minutes."""
    for i in range(10):
        for _ in range(5):
            login(page(f"192.0.2.{i + 1}"), "org@example.org", "wrong-password")
    assert login(page("192.0.2.1"), "org@example.org", "pw-organizer-1").status_code == 429
    assert login(page(OTHER), "org@example.org", "pw-organizer-1").status_code == 302


@override_settings(THROTTLE_LOGIN_ACCOUNT_TOTAL={"failures": 8, "window": 900})
def test_a_guesser_spread_over_addresses_gets_one_try_per_address_past_the_total(organizer):
    for i in range(8):
        login(page(f"192.0.2.{i // 4 + 1}"), "org@example.org", "wrong-password")
    # Past the total, every address has one try left per window, then waits.
    assert login(page("192.0.2.1"), "org@example.org", "wrong-password").status_code == 200
    assert login(page("192.0.2.1"), "org@example.org", "pw-organizer-1").status_code == 429
    assert login(page("192.0.2.50"), "org@example.org", "wrong-password").status_code == 200
    assert login(page("192.0.2.50"), "org@example.org", "pw-organizer-1").status_code == 429
    assert login(page("192.0.2.51"), "org@example.org", "pw-organizer-1").status_code == 302


def test_an_ipv6_line_counts_as_one_address(organizer):
    for i in range(5):
        login(page(f"2001:db8:1:2::{i + 1}"), "org@example.org", "wrong-password")
    assert login(page("2001:db8:1:2::99"), "org@example.org", "pw-organizer-1").status_code == 429
    assert login(page("2001:db8:9:9::1"), "org@example.org", "pw-organizer-1").status_code == 302


def test_a_forged_device_cookie_counts_like_no_cookie(organizer):
    for _ in range(5):
        login(page(), "org@example.org", "wrong-password")
    forged = page()
    forged.cookies["huche_device"] = "eyJkIjoieCIsImEiOltdfQ:forged:signature"
    assert login(forged, "org@example.org", "pw-organizer-1").status_code == 429


@override_settings(THROTTLE_LOGIN_CLIENT={"failures": 3, "window": 900})
def test_failed_logins_from_one_address_are_throttled_whatever_the_account(organizer):
    for i in range(3):
        login(page(), f"someone{i}@example.org", "guess")
    assert login(page(), "org@example.org", "pw-organizer-1").status_code == 429
    assert login(page(OTHER), "org@example.org", "pw-organizer-1").status_code == 302


def test_a_successful_login_clears_the_account_count(organizer):
    for _ in range(4):
        login(page(), "org@example.org", "wrong-password")
    assert login(page(), "org@example.org", "pw-organizer-1").status_code == 302
    for _ in range(4):
        login(page(), "org@example.org", "wrong-password")
    assert login(page(), "org@example.org", "pw-organizer-1").status_code == 302


# --- the admin's login: the same counters ----------------------------------------------------
def admin_login(client, email, password):
    return client.post(
        "/admin/login/?next=/admin/", {"username": email, "password": password, "next": "/admin/"}
    )


def test_the_admin_login_is_throttled_like_the_site_login(staff):
    """Finding 6 of issue 22: 30 wrong passwords at /admin/login/, then the right one, was
    accepted, and the site's login never heard of those failures."""
    for _ in range(30):
        assert "_auth_user_id" not in admin_login(page(), staff.email, "wrong").wsgi_request.session
    browser = page()
    response = admin_login(browser, staff.email, "pw-staff-1")
    assert response.status_code == 200
    assert "Too many failed logins: try again in 15 minutes." in response.content.decode()
    assert "_auth_user_id" not in browser.session
    # Both logins share one count per account and address.
    assert login(page(), staff.email, "pw-staff-1").status_code == 429


def test_failed_site_logins_count_at_the_admin_login_and_a_success_clears_them(staff):
    for _ in range(4):
        login(page(), staff.email, "wrong")
    assert admin_login(page(), staff.email, "pw-staff-1").status_code == 302
    for _ in range(4):
        admin_login(page(), staff.email, "wrong")
    assert login(page(), staff.email, "pw-staff-1").status_code == 302


# --- the cache down: fail open, logged -----------------------------------------------------------
def test_the_throttle_fails_open_when_the_cache_is_down(event, monkeypatch, caplog):
    """Failing closed would lock every captain out when Redis dies mid-event; the per-link
    lockout (in the database) still holds."""
    from django.core.cache import cache as real_cache

    def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    for op in ("get", "get_many", "add", "incr", "set", "delete", "delete_many"):
        monkeypatch.setattr(real_cache, op, down)
    monkeypatch.setattr(Limit, "_add", down)  # on Redis the counters use its client directly
    link = link_of(event.teams.first())
    with caplog.at_level(logging.WARNING, logger="accounts.throttle"):
        assert page().post(f"/c/{link.token}/", {"pin": wrong(link.pin)}).status_code == 403
        assert page().post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 302
    assert "cache unavailable" in caplog.text
    for _ in range(MAX_FAILED_ATTEMPTS):
        page().post(f"/c/{link.token}/", {"pin": wrong(link.pin)})
    link.refresh_from_db()
    assert link.locked_until is not None
