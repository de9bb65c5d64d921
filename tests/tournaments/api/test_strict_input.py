"""Every write endpoint of the API refuses a field it does not know, naming it (issue 25: a
misspelt or unsupported field used to be dropped silently, the script believing it had set
it); an address under /api/ that matches nothing answers JSON, never Django's HTML pages."""

from __future__ import annotations

import pytest
from django.test import override_settings

from tests.builders.scene import API, build_scene, logged_in
from tournaments.models import Event, League, Season, Team

UNKNOWN = "seasn"  # a plausible typo of a real field


@pytest.fixture
def schema(api_client):
    return api_client.get("/api/schema/?format=json").json()


def _write_operations(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            if method in ("post", "patch", "put") and "application/json" in content:
                yield method, path


def test_the_walk_covers_the_endpoints_a_script_writes_to(schema):
    found = {f"{m} {p}" for m, p in _write_operations(schema)}
    assert {
        "post /api/v1/events/",
        "patch /api/v1/events/{slug}/",
        "post /api/v1/events/{slug}/teams/",
        "post /api/v1/games/{id}/reports/",
        "post /api/v1/archives/",
        "patch /api/v1/leagues/{league}/seasons/{slug}/",
        "post /api/v1/tools/hand/",
    } <= found
    assert len(found) >= 25


def test_every_write_endpoint_names_an_unknown_field(
    schema, api_client, event, organizer, official, other_organizer, staff
):
    scene = build_scene(event, organizer, official, other_organizer, staff)
    league = League.objects.create(name="Ligue", slug="ligue", created_by=staff)
    Season.objects.create(league=league, name="2026", slug="2026")
    logged_in(api_client, staff)
    practice = {
        kind: api_client.post(f"{API}play/{kind}/", {"level": "easy"}, format="json").json()
        for kind in ("cribbage", "crapette")
    }
    Team.objects.filter(pk=scene.team_a.pk).update(registration_token="a-registration-token-1")
    values = {
        "slug": event.slug,
        "league": "ligue",
        "season": "2026",
        "team": scene.team_a.pk,
        "token": "a-registration-token-1",
    }
    ids = {
        "/registrations/": scene.team_a.pk,
        "/games/": scene.game.pk,
        "/teams/": scene.team_a.pk,
        "/disputes/": scene.dispute.pk,
        "/reports/": scene.report.pk,
    }
    refused = {}
    for method, path in _write_operations(schema):
        url = path.replace("{slug}", "2026" if "/seasons/" in path else event.slug)
        for name, value in values.items():
            url = url.replace("{" + name + "}", str(value))
        if "{game_id}" in url:
            kind = "crapette" if "/crapette/" in url else "cribbage"
            url = url.replace("{game_id}", str(practice[kind]["id"]))
        if "{id}" in url:
            url = url.replace("{id}", str(next(v for k, v in ids.items() if k in url)))
        before = Event.objects.count()
        response = getattr(api_client, method)(url, {UNKNOWN: 1}, format="json")
        body = response.json()
        refused[f"{method} {path}"] = (response.status_code, body.get("detail", ""))
        assert response.status_code == 400, (path, response.status_code, body)
        assert UNKNOWN in body["detail"] and "allowed fields" in body["detail"], (path, body)
        assert Event.objects.count() == before
    assert len(refused) >= 25


def test_a_misspelt_setting_is_refused_not_ignored(api_client, organizer, event):
    logged_in(api_client, organizer)
    response = api_client.patch(
        f"{API}events/{event.slug}/", {"venue": "Gymnase", "tiebreak": ["wins"]}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "tiebreak"
    assert body["code"] == "unknown_field"
    assert body["detail"].startswith("tiebreak: Unknown field “tiebreak”: allowed fields are ")
    assert "tiebreaks" in body["detail"] and "season" in body["detail"]
    event.refresh_from_db()
    assert event.venue == "Salle communautaire"  # nothing changed, not even the known field


def test_a_read_only_field_is_not_writable(api_client, organizer, event):
    logged_in(api_client, organizer)
    response = api_client.patch(f"{API}events/{event.slug}/", {"status": "finished"}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "status"


# --- addresses and methods ------------------------------------------------------------------


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize(
    "path", ["/api/v1/nowhere/", "/api/v1/events/x/teams/1/nothing/", "/api/v2/events/", "/api/"]
)
def test_an_unknown_api_address_answers_json_even_in_debug(client, db, path, debug):
    with override_settings(DEBUG=debug):
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == "not_found"
    assert body["detail"].startswith("No such address in the API: ")
    assert b"<html" not in response.content.lower()


def test_an_unknown_api_address_is_in_french_for_a_french_client(client, db):
    body = client.get("/api/v1/nowhere/", HTTP_ACCEPT_LANGUAGE="fr-CA").json()
    assert body["detail"].startswith("Cette adresse n'existe pas dans l'API\xa0: /api/v1/nowhere/.")


def test_a_method_the_endpoint_does_not_take_is_json(api_client, event):
    response = api_client.put(f"{API}events/{event.slug}/", {}, format="json")
    assert response.status_code == 405
    assert response["Content-Type"] == "application/json"
    assert response.json()["detail"]


def test_a_page_error_outside_the_api_stays_a_page(client, db):
    response = client.get("/nowhere/")
    assert response.status_code == 404
    assert "text/html" in response["Content-Type"]


def test_an_action_without_fields_refuses_any(
    api_client, event, organizer, official, other_organizer, staff
):
    scene = build_scene(event, organizer, official, other_organizer, staff)
    logged_in(api_client, organizer)
    team = f"{API}events/{event.slug}/teams/{scene.team_a.pk}/"
    for url in (
        f"{API}events/{event.slug}/close/",
        f"{API}events/{event.slug}/playoffs/",
        f"{team}withdraw/",
        f"{team}new-link/",
        f"{team}unlock/",
        f"{API}reports/{scene.report.pk}/confirm/",
    ):
        response = api_client.post(url, {"forse": True}, format="json")
        assert response.status_code == 400, (url, response.json())
        assert response.json()["detail"] == (
            "forse: Unknown field “forse”: this action takes no fields."
        )
    scene.team_a.refresh_from_db()
    assert scene.team_a.withdrawn_at is None
    scene.game.refresh_from_db()
    assert scene.game.status == "reported"
