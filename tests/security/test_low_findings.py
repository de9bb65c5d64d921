"""Issue 51, finding 9: the low findings.

- DRF's own throttles fail open with the cache down, as ``accounts.throttle`` does: the API
  token endpoint and the anonymous tools answer, not 500 (``accounts.api_throttles``).
- A team name that looks like another of the event though spelt with other letters (Cyrillic,
  Greek) is refused, on every path: UTS #39's skeleton (``tournaments.events.lookalikes``).
- A replaced captain's link: its pages kept offline are dropped on the next online load.
- ``Cache-Control: private, no-store`` on every answer holding a private link or a contact.
"""

from __future__ import annotations

import logging
import pathlib
import shutil
import subprocess

import pytest
from django.core.cache import cache as real_cache
from rest_framework.test import APIClient

from tournaments.errors import RuleError
from tournaments.events.csv_import import import_teams
from tournaments.events.team_edit import edit_team
from tournaments.events.teams import add_team

pytestmark = pytest.mark.django_db


# --- the cache down: DRF's throttles fail open -------------------------------------------------


@pytest.fixture
def cache_down(monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    for op in ("get", "get_many", "add", "incr", "set", "set_many", "delete", "delete_many"):
        monkeypatch.setattr(real_cache, op, down)
    from accounts.throttle import Limit

    monkeypatch.setattr(Limit, "_add", down)  # on Redis the counters use its client directly


def test_the_api_token_endpoint_answers_with_the_cache_down(organizer, cache_down, caplog):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    with caplog.at_level(logging.WARNING, logger="accounts.throttle"):
        response = client.post(
            "/api/v1/auth/token/",
            {"email": "org@example.org", "password": "pw-organizer-1"},
            format="json",
        )
    assert response.status_code == 200 and response.json()["token"]
    assert "throttle login not checked, cache unavailable" in caplog.text
    wrong = client.post(
        "/api/v1/auth/token/", {"email": "org@example.org", "password": "nope"}, format="json"
    )
    assert wrong.status_code == 400  # refused in words, not a 500


@pytest.mark.parametrize(
    ("url", "body"),
    [
        ("/api/v1/tools/hand/", {"hand": "5H 5C 5S JD", "starter": "5D"}),
        ("/api/v1/tools/discard/", {"cards": "5H 5C 5S JD 2C 9H", "dealer": True}),
    ],
)
def test_the_anonymous_tools_answer_with_the_cache_down(cache_down, url, body):
    response = APIClient(HTTP_ACCEPT_LANGUAGE="en").post(url, body, format="json")
    assert response.status_code == 200, response.content


# --- look-alike team names ---------------------------------------------------------------------

LOOK_ALIKES = [
    ("Les As", "Les Аs"),  # Cyrillic capital A
    ("Les Pros", "Les Рros"),  # Cyrillic capital ER
    ("Les Sages", "Les Ѕаgеs"),  # Cyrillic S, a, e
    ("POKER", "ΡΟΚΕR"),  # Greek capitals
    ("Les As", "les аs"),  # another case too
]


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_a_look_alike_team_name_is_refused_on_the_page_and_api_path(
    make_event, organizer, first, second
):
    event = make_event(3)
    add_team(event, organizer, name=first, captain="Ginette", partner="Réal")
    with pytest.raises(RuleError) as refused:
        add_team(event, organizer, name=second, captain="Paul", partner="Lise")
    assert refused.value.code == "look_alike"
    assert f"“{first}”" in refused.value.message and "other letters" in refused.value.message
    assert event.teams.count() == 4  # nothing added


def test_the_message_names_the_foreign_letter(make_event, organizer):
    event = make_event(3)
    add_team(event, organizer, name="Les As", captain="Ginette", partner="Réal")
    with pytest.raises(RuleError, match="CYRILLIC CAPITAL LETTER A"):
        add_team(event, organizer, name="Les Аs", captain="Paul", partner="Lise")


def test_a_look_alike_is_refused_when_renaming_and_in_a_csv_list(make_event, organizer):
    event = make_event(3)
    add_team(event, organizer, name="Les As", captain="Ginette", partner="Réal")
    other = event.teams.exclude(name="Les As").first()
    with pytest.raises(RuleError) as refused:
        edit_team(other, organizer, name="Les Аs", captain="Paul", partner="Lise")
    assert refused.value.code == "look_alike"
    other.refresh_from_db()
    assert other.name != "Les Аs"
    before = event.teams.count()
    with pytest.raises(Exception, match="other letters"):
        import_teams(event, organizer, "name,captain,partner\nLes Аs,Paul,Lise\n")
    assert event.teams.count() == before


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Les As", "Les Às"),
        ("Café", "Cafe"),
        ("Les Érables", "Les Erables"),
        ("Les Rois 1", "Les Rois 11"),
    ],
)
def test_french_names_that_differ_stay_two_teams(make_event, organizer, first, second):
    event = make_event(3)
    add_team(event, organizer, name=first, captain="Ginette", partner="Réal")
    add_team(event, organizer, name=second, captain="Paul", partner="Lise")
    assert event.teams.filter(name__in=[first, second]).count() == 2


# --- private, no-store -------------------------------------------------------------------------


def _private(response) -> bool:
    directives = {d.strip() for d in response.get("Cache-Control", "").split(",")}
    return {"private", "no-store"} <= directives and "public" not in directives


@pytest.fixture
def registered(make_event):
    from tests.conftest import link_of

    event = make_event(3, registration_open=True)
    answer = APIClient().post(
        f"/api/v1/events/{event.slug}/registrations/",
        {
            "name": "Les Hiboux",
            "captain": "Gisèle",
            "partner": "Rita",
            "contact_phone": "450 555-0100",
        },
        format="json",
    )
    assert answer.status_code == 201
    return event, answer, link_of(event.teams.order_by("pk").first())


def test_every_answer_holding_a_private_link_or_a_contact_is_private_no_store(
    registered, organizer, client
):
    event, answer, captain = registered
    token = answer.json()["token"]
    assert _private(answer)  # the registration's answer gives its link
    for url in (f"/r/{token}/", f"/api/v1/registrations/{token}/", f"/c/{captain.token}/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert _private(response), (url, response.get("Cache-Control"))
    api = APIClient()
    api.force_authenticate(organizer)
    listed = api.get(f"/api/v1/events/{event.slug}/registrations/")
    assert listed.status_code == 200 and "450 555-0100" in listed.content.decode()
    assert _private(listed)
    client.force_login(organizer)
    page = client.get(f"/organize/{event.slug}/registrations/")
    assert page.status_code == 200 and _private(page)


def test_an_anonymous_public_page_keeps_its_caching(registered, client):
    event, _answer, _captain = registered
    response = client.get(f"/e/{event.slug}/")
    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")


# --- a replaced captain's link: its pages kept offline are dropped ------------------------------

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the service worker's test")
def test_the_service_worker_drops_a_replaced_links_pages_at_the_next_online_load():
    """tests/js/captain-sw.test.js: the worker's copies of a replaced link (404) or of an ended
    unlock (the PIN page) are dropped when any page is loaded with the network; a live link,
    a server error or no network keep them."""
    done = subprocess.run(
        ["node", "--test", "tests/js/captain-sw.test.js"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout and "# pass 4" in done.stdout


def test_every_page_asks_the_worker_to_check_its_copies(client):
    """menu.js is on every page (base.html) and asks the captains' worker, if any, to check."""
    page = client.get("/").content.decode()
    assert "huche/menu" in page
    menu = (ROOT / "static" / "huche" / "menu.js").read_text()
    assert 'getRegistration("/c/")' in menu and "postMessage({ check: true })" in menu
