"""Schemathesis fuzzes the OpenAPI schema against a running Huche (pytest-django's live
server: a real HTTP server in a thread, on the test database) with data in it.

Every operation of ``/api/schema/`` is called with bodies, queries and headers generated from
the schema — valid ones (positive) and invalid ones (negative: wrong types, missing fields,
values out of range) — as an anonymous caller, as the organizer (API token) and as a captain
(link + PIN headers); path parameters are either the scene's real objects or generated.
Asserted: no answer is a server error (5xx), and every 4xx answer says what was wrong (a JSON
body with a non-empty ``detail``). Bounded: a few examples per operation and mode.
"""

from __future__ import annotations

import json

import pytest
import requests
import schemathesis
from django.core.cache import cache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from tests.builders.scene import build_scene
from tests.conftest import link_of

pytestmark = pytest.mark.django_db(transaction=True)

EXAMPLES = 6


def known_path_parameters(path: str, scene) -> dict:
    """The scene's real objects for the operation's path parameters."""
    values = {"slug": scene.event.slug, "number": 1, "league": "ligue-fadoq"}
    if path.startswith("/api/v1/games/"):
        values["pk"] = scene.game.pk
    elif path.startswith("/api/v1/reports/"):
        values["pk"] = scene.report.pk
    elif path.startswith("/api/v1/disputes/"):
        values["pk"] = scene.dispute.pk
    elif "/teams/{pk}" in path:
        values["pk"] = scene.team_a.pk
    return values


def explains(response: requests.Response) -> str | None:
    """Why a 4xx answer does not say what was wrong (None: it does)."""
    try:
        body = response.json()
    except ValueError:
        return f"not JSON: {response.text[:200]!r}"
    if not isinstance(body, dict) or not str(body.get("detail", "")).strip():
        return f"no detail: {json.dumps(body)[:200]}"
    return None


def test_fuzzing_the_api_finds_no_server_error(
    live_server, event, organizer, official, other_organizer, staff
):
    from rest_framework.authtoken.models import Token

    scene = build_scene(event, organizer, official, other_organizer, staff)
    raw = requests.get(f"{live_server.url}/api/schema/?format=json", timeout=30).json()
    schema = schemathesis.openapi.from_dict(raw)
    link = link_of(scene.team_a)
    callers = {
        "anonymous": {},
        "organizer": {"Authorization": f"Token {Token.objects.create(user=organizer).key}"},
        "captain": {"X-Captain-Link": link.token, "X-Captain-Pin": link.pin},
    }
    session = requests.Session()
    problems: list[str] = []
    calls = 0

    def call(case, headers):
        nonlocal calls
        cache.clear()  # the tools' anonymous throttle would answer 429 to most calls
        calls += 1
        response = case.call(base_url=live_server.url, session=session, headers=headers, timeout=30)
        where = f"{case.method} {case.formatted_path} {case.query or ''} {case.body!r:.200}"
        if response.status_code >= 500:
            problems.append(f"{response.status_code} {where} -> {response.text[:300]}")
        elif 400 <= response.status_code < 500 and response.status_code != 405:
            reason = explains(response)
            if reason:
                problems.append(f"{response.status_code} without explanation {where}: {reason}")

    for result in schema.get_all_operations():
        operation = result.ok()
        known = {
            name: value
            for name, value in known_path_parameters(operation.path, scene).items()
            if name in {p.name for p in operation.path_parameters}
        }
        strategies = st.one_of(
            operation.as_strategy(GenerationMode.POSITIVE, path_parameters=known or None),
            operation.as_strategy(GenerationMode.NEGATIVE, path_parameters=known or None),
            operation.as_strategy(GenerationMode.NEGATIVE),
        )

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=strategies, caller=st.sampled_from(sorted(callers)))
        def fuzz(case, caller):
            call(case, callers[caller])

        fuzz()
        # the captain's link may have been locked by fuzzed PINs in headers: unlock it
        type(link).objects.filter(pk=link.pk).update(failed_attempts=0, locked_until=None)

    assert calls > 50
    assert not problems, "\n".join(problems[:30])


@pytest.mark.django_db
def test_every_paged_list_states_and_enforces_its_page_size_bounds(
    client, event, organizer, official, other_organizer, staff
):
    """Each ``limit``/``offset`` of the schema has its bounds, and the API keeps them: the
    largest page is served, one more or a number too large for the database is a clear 400."""
    from tournaments.api.pagination import MAX_LIMIT, MAX_OFFSET
    from tournaments.models import League

    scene = build_scene(event, organizer, official, other_organizer, staff)
    League.objects.create(name="Ligue", slug="ligue-fadoq", created_by=organizer).organizers.add(
        organizer
    )
    schema = client.get("/api/schema/?format=json").json()
    paged = []
    for path, operations in schema["paths"].items():
        parameters = {p["name"]: p for p in operations.get("get", {}).get("parameters", [])}
        if "limit" not in parameters:
            continue
        assert parameters["limit"]["schema"]["minimum"] == 1
        assert parameters["limit"]["schema"]["maximum"] == MAX_LIMIT
        assert parameters["offset"]["schema"]["maximum"] == MAX_OFFSET
        paged.append(path.format(**known_path_parameters(path, scene)))
    assert len(paged) >= 4
    client.force_login(organizer)  # the audit list is the organizer's
    for path in paged:
        assert client.get(f"{path}?limit={MAX_LIMIT}").status_code == 200, path
        for query in (
            f"limit={MAX_LIMIT + 1}",
            "limit=99999999999999999999",
            f"offset={MAX_OFFSET + 1}",
            "offset=99999999999999999999",
        ):
            response = client.get(f"{path}?{query}")
            assert response.status_code == 400, (path, query, response.content[:200])
            assert response.json()["detail"].startswith(query.split("=")[0])
