"""The OpenAPI schema documents the tournaments API, captains' headers included."""

from __future__ import annotations

import pytest
from drf_spectacular.validation import validate_schema

PATHS = [
    "/api/v1/auth/token/",
    "/api/v1/events/",
    "/api/v1/events/{slug}/",
    "/api/v1/events/{slug}/release/",
    "/api/v1/events/{slug}/number-of-games/",
    "/api/v1/events/{slug}/playoffs/",
    "/api/v1/events/{slug}/standings/",
    "/api/v1/events/{slug}/audit/",
    "/api/v1/events/{slug}/teams/",
    "/api/v1/events/{slug}/teams/import/",
    "/api/v1/events/{slug}/teams/{id}/withdraw/",
    "/api/v1/events/{slug}/teams/{id}/new-link/",
    "/api/v1/events/{slug}/teams/{id}/unlock/",
    "/api/v1/events/{slug}/rounds/",
    "/api/v1/events/{slug}/rounds/{number}/",
    "/api/v1/events/{slug}/games/",
    "/api/v1/games/{id}/",
    "/api/v1/games/{id}/reports/",
    "/api/v1/reports/{id}/confirm/",
    "/api/v1/disputes/{id}/decide/",
]


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/?format=json")
    assert response.status_code == 200
    return response.json()


def test_the_schema_is_valid_openapi(schema):
    validate_schema(schema)


@pytest.mark.parametrize("path", PATHS)
def test_every_endpoint_is_documented(schema, path):
    assert path in schema["paths"]


def test_captains_headers_are_documented(schema):
    schemes = schema["components"]["securitySchemes"]
    assert schemes["captainLink"] == {
        "type": "apiKey",
        "in": "header",
        "name": "X-Captain-Link",
        "description": "A captain's private link token (on the captain's slip, the "
        "last part of the link printed with the PIN).",
    }
    assert schemes["captainPin"]["name"] == "X-Captain-Pin"
    submit = schema["paths"]["/api/v1/games/{id}/reports/"]["post"]
    assert {"captainLink": [], "captainPin": []} in submit["security"]


def test_hidden_standings_and_filters_are_documented(schema):
    standings = schema["paths"]["/api/v1/events/{slug}/standings/"]["get"]
    assert "not_released" in standings["responses"]["403"]["description"]
    games = schema["paths"]["/api/v1/events/{slug}/games/"]["get"]
    assert {"round", "status", "table", "team"} <= {p["name"] for p in games["parameters"]}


# --- issue 25: what the schema says is what the server does -------------------------------------


def _schema_in(language: str) -> dict:
    from rest_framework.test import APIClient

    response = APIClient(HTTP_ACCEPT_LANGUAGE=language).get("/api/schema/?format=json")
    assert response.status_code == 200
    return response.json()


@pytest.mark.django_db
def test_the_schema_is_the_same_english_whatever_the_language_asked():
    french, english = _schema_in("fr-CA"), _schema_in("en")
    assert french == english
    status = french["components"]["schemas"]["GameStatusEnum"]
    assert "Confirmée" not in str(status) and "Confirmed" in str(
        french["paths"]["/api/v1/events/{slug}/games/"]["get"]["parameters"]
    )
    bye = french["components"]["schemas"]["EventCreateRequest"]["properties"]["bye_points"]
    assert bye["title"] == "Points for a bye"  # the model's label, French on the pages


def test_the_error_schema_has_the_fields_errors_really_carry(schema):
    error = schema["components"]["schemas"]["Error"]["properties"]
    assert {"detail", "code", "field", "errors", "reasons", "line"} <= set(error)
    assert error["reasons"]["type"] == "array"


def test_no_description_is_an_internal_note(schema):
    import json

    text = json.dumps(schema)
    assert "A view under" not in text
    assert "``" not in text  # reStructuredText of docstrings: notes for developers


def test_the_team_filter_of_games_is_an_id(schema):
    parameters = schema["paths"]["/api/v1/events/{slug}/games/"]["get"]["parameters"]
    team = next(p for p in parameters if p["name"] == "team")
    assert team["schema"]["type"] == "integer"


def test_the_limits_are_the_servers(schema):
    components = schema["components"]["schemas"]
    games = components["EventCreateRequest"]["properties"]["number_of_games"]
    assert (games["minimum"], games["maximum"]) == (1, 30)
    team = components["TeamCreateRequest"]["properties"]
    assert [team[f]["maxLength"] for f in ("name", "captain", "captain_member_number")] == [
        60,
        60,
        40,
    ]
    assert components["Team"]["properties"]["name"]["maxLength"] == 60
    rule_set = components["EventCreateRequest"]["properties"]["rule_set"]
    assert "maxLength" not in rule_set  # a name from the list, not any 40 characters
    enum = components[rule_set["allOf"][0]["$ref"].rsplit("/", 1)[1]]["enum"]
    assert "FADOQ" in enum and "STANDARD_2P_121" in enum


def test_the_new_endpoints_are_documented(schema):
    for path in (
        "/api/v1/leagues/",
        "/api/v1/leagues/{slug}/",
        "/api/v1/leagues/{league}/seasons/",
        "/api/v1/leagues/{league}/seasons/{slug}/",
        "/api/v1/leagues/{league}/players/",
        "/api/v1/leagues/{league}/players/{id}/",
        "/api/v1/captain/",
        "/api/v1/archives/",
        "/api/v1/events/{slug}/archive/",
    ):
        assert path in schema["paths"], path
    assert "delete" in schema["paths"]["/api/v1/events/{slug}/"]
