"""Deeply nested JSON is refused in words, not a 500 (issue 33, finding 8).

A thousand nested ``[`` made Python's JSON decoder raise ``RecursionError``, which escaped DRF's
parser: a bare 500 on every JSON endpoint, anonymously. The API's parser
(``common.api_input.JSONParser``) answers 400 with the limit instead.
"""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token

from common.api_input import MAX_JSON_DEPTH, json_depth
from tests.conftest import link_of

pytestmark = pytest.mark.django_db

THOUSAND = "[" * 1000 + "]" * 1000
DEEPER = '{"a": ' * 50_000 + "1" + "}" * 50_000

ANONYMOUS = [
    "/api/v1/tools/hand/",
    "/api/v1/tools/discard/",
    "/api/v1/tools/crapette/check/",
    "/api/v1/auth/token/",
    "/api/v1/play/cribbage/",
    "/api/v1/play/crapette/",
]


def _refused_in_words(response) -> None:
    assert response.status_code == 400, response.content[:200]
    body = response.json()
    assert body["code"] == "too_deep"
    assert f"at most {MAX_JSON_DEPTH} levels" in body["detail"]


@pytest.mark.parametrize("url", ANONYMOUS)
@pytest.mark.parametrize("body", [THOUSAND, DEEPER], ids=["1000-arrays", "50000-objects"])
def test_anonymous_endpoints_refuse_deep_json_in_words(api_client, url, body):
    response = api_client.post(url, body, content_type="application/json")
    _refused_in_words(response)


def test_the_organizers_endpoints_refuse_it_too(api_client, event, organizer):
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=organizer).key}")
    for url in ("/api/v1/events/", f"/api/v1/events/{event.slug}/teams/import/"):
        _refused_in_words(api_client.post(url, THOUSAND, content_type="application/json"))
    patch = api_client.patch(
        f"/api/v1/events/{event.slug}/", DEEPER, content_type="application/json"
    )
    _refused_in_words(patch)


def test_a_captains_report_refuses_it_too(api_client, event, organizer):
    from tournaments.seating.rounds import seat_next_round

    game = seat_next_round(event, organizer).games.exclude(team_b=None).first()
    link = link_of(game.team_a)
    api_client.credentials(HTTP_X_CAPTAIN_LINK=link.token, HTTP_X_CAPTAIN_PIN=link.pin)
    sheet = {"kind": "sheet", "sheet": json.loads("[" * 40 + "]" * 40)}
    response = api_client.post(
        f"/api/v1/games/{game.pk}/reports/", json.dumps(sheet), content_type="application/json"
    )
    _refused_in_words(response)
    assert not game.reports.exists()


def test_a_document_as_deep_as_the_limit_is_read():
    assert json_depth(json.loads("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH)) == MAX_JSON_DEPTH
    assert json_depth({"a": [1, {"b": []}], "c": 2}) == 4
    assert json_depth(7) == 0
