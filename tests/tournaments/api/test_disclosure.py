"""A captain's link token and PIN reach only the officials and organizers of the event."""

from __future__ import annotations

import pytest

from accounts.models import CaptainLink
from tests.builders.scene import as_role, build_scene

READS = [
    "events/",
    "events/{slug}/",
    "events/{slug}/teams/",
    "events/{slug}/teams/{team_a}/",
    "events/{slug}/rounds/",
    "events/{slug}/rounds/1/",
    "events/{slug}/games/",
    "games/{game}/",
]
WRITES = [
    ("games/{game}/reports/", {"kind": "final", "score_a": 121, "score_b": 100}),
    ("games/{game}/reports/", {"kind": "final", "score_a": 1, "score_b": 1}),
    ("reports/{report}/confirm/", {}),
    ("events/{slug}/teams/{team_a}/new-link/", {}),
    ("events/{slug}/rounds/", {"force": True}),
]


@pytest.fixture
def scene(event, organizer, official, other_organizer, staff):
    return build_scene(event, organizer, official, other_organizer, staff)


def secrets_in(body, tokens: set[str], pins: set[str]) -> list[str]:
    """Every place in a JSON body where a token, a PIN, or a field named so shows up."""
    found = []

    def walk(value, where):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("token", "pin"):
                    found.append(f"{where}.{key}")
                walk(item, f"{where}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{where}[{index}]")
        elif isinstance(value, str) and (value in pins or any(t in value for t in tokens)):
            found.append(where)

    walk(body, "")
    return found


def responses(client, scene):
    for endpoint in READS:
        yield endpoint, client.get(scene.url(endpoint))
    for endpoint, body in WRITES:
        yield endpoint, client.post(scene.url(endpoint), body, format="json")


@pytest.mark.parametrize("role", ["anonymous", "captain_a", "captain_b", "other_organizer"])
def test_no_token_or_pin_for_anyone_outside_the_event_officials(api_client, scene, role):
    links = CaptainLink.objects.all()
    tokens, pins = {link.token for link in links}, {link.pin for link in links}
    client = as_role(api_client, scene, role)
    for endpoint, response in responses(client, scene):
        assert secrets_in(response.json(), tokens, pins) == [], (role, endpoint)


@pytest.mark.parametrize("role", ["official", "organizer", "staff"])
def test_the_events_officials_do_get_the_links(api_client, scene, role):
    client = as_role(api_client, scene, role)
    body = client.get(scene.url("events/{slug}/teams/")).json()
    link = CaptainLink.objects.get(team=scene.team_a, revoked_at__isnull=True)
    assert any(
        team["link"]["token"] == link.token and team["link"]["pin"] == link.pin
        for team in body["results"]
    )
