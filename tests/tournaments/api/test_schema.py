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
