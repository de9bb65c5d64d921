"""The registrations API (issue 36): a club's script registers, sees, changes and withdraws its
own registration by its token and nothing else; the organizer lists and moves; the desk checks in."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments.models import Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(make_event):
    return make_event(0, registration_open=True, registration_capacity=1)


def body(n: int, **changes) -> dict:
    return {
        "name": f"Les As {n}",
        "captain": f"Gisèle {n}",
        "partner": f"Rita {n}",
        "captain_member_number": f"{n}01",
        "contact_phone": "450 555-0100",
    } | changes


def test_a_script_registers_and_handles_only_its_own_registration(open_event, api_client):
    first = api_client.post(
        f"/api/v1/events/{open_event.slug}/registrations/", body(1), format="json"
    )
    second = api_client.post(
        f"/api/v1/events/{open_event.slug}/registrations/", body(2), format="json"
    )
    assert first.status_code == 201 and first.json()["registration"] == "registered"
    assert second.json()["registration"] == "waiting"
    token = first.json()["token"]

    mine = APIClient().get(f"/api/v1/registrations/{token}/")
    assert mine.json()["name"] == "Les As 1" and "Les As 2" not in mine.content.decode()
    changed = APIClient().put(
        f"/api/v1/registrations/{token}/", body(1, club="FADOQ Joliette"), format="json"
    )
    assert changed.status_code == 200 and changed.json()["club"] == "FADOQ Joliette"
    gone = APIClient().post(f"/api/v1/registrations/{token}/withdraw/")
    assert gone.json()["registration"] == "withdrawn"
    assert Team.objects.get(name="Les As 2").registration == "registered"  # moved up
    assert APIClient().get("/api/v1/registrations/nope-not-a-token-xxxxxxxx/").status_code == 404


def test_every_fault_at_once_and_a_closed_registration(open_event, api_client, make_event):
    api_client.post(f"/api/v1/events/{open_event.slug}/registrations/", body(1), format="json")
    refused = api_client.post(
        f"/api/v1/events/{open_event.slug}/registrations/",
        body(2, name="LES AS 1", partner="", captain_member_number="101", contact_phone=""),
        format="json",
    )
    assert refused.status_code == 400
    fields = {e["field"] for e in refused.json()["errors"]}
    assert fields == {"name", "partner", "captain_member_number", "contact_email"}
    closed = make_event(0, name="Fermé")
    answer = api_client.post(f"/api/v1/events/{closed.slug}/registrations/", body(3), format="json")
    assert answer.status_code == 403 and answer.json()["code"] == "registration_closed"


def test_the_limit_answers_429(open_event, api_client, settings):
    settings.THROTTLE_REGISTRATION_CLIENT = {"failures": 1, "window": 3600}
    api_client.post(f"/api/v1/events/{open_event.slug}/registrations/", body(1), format="json")
    again = api_client.post(
        f"/api/v1/events/{open_event.slug}/registrations/", body(2), format="json"
    )
    assert again.status_code == 429 and "Retry-After" in again.headers


def test_the_organizer_lists_and_moves_the_desk_checks_in(
    open_event, api_client, organizer, other_organizer
):
    made = api_client.post(
        f"/api/v1/events/{open_event.slug}/registrations/", body(1), format="json"
    )
    url = f"/api/v1/events/{open_event.slug}/registrations/"
    assert APIClient().get(url).status_code == 401
    stranger = APIClient()
    stranger.force_authenticate(other_organizer)
    assert stranger.get(url).status_code == 404
    org = APIClient()
    org.force_authenticate(organizer)
    assert [r["name"] for r in org.get(url).json()] == ["Les As 1"]
    moved = org.post(f"{url}{made.json()['id']}/state/", {"registration": "refused"}, format="json")
    assert moved.status_code == 400 and moved.json()["field"] == "registration_reason"
    paid = org.post(
        f"{url}{made.json()['id']}/state/",
        {"registration": "registered", "paid": True},
        format="json",
    )
    assert paid.json()["paid"] is True

    checked = org.post(
        f"/api/v1/events/{open_event.slug}/check-ins/", {"code": made.json()["link"]}, format="json"
    )
    assert checked.status_code == 200 and checked.json()["checked_in"] is True
    self_check = APIClient().post(f"/api/v1/registrations/{made.json()['token']}/check-in/")
    assert self_check.status_code == 400 and self_check.json()["code"] == "check_in_closed"
