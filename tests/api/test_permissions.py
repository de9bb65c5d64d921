"""Who may call what: the API's permission specification, one row per endpoint.

The scene (see ``tests.api.Scene``): round 1 of a 6-team event is seated; at table 1 captain A
reported 121–100 and captain B has not answered yet; at table 2 the captains disagree.

Reading a row: ``401`` nobody identified; ``403`` identified but not allowed (captains, and
officials where only the organizer may act; standings before the release); ``404`` the
event's private endpoints asked by a user with no role in the event (another organizer); ``400``
allowed, but the service refuses the request as it stands (the playoffs before the series ends).
"""

from __future__ import annotations

import pytest

from . import ROLES, as_role, build_scene

SLUG_TEAM = "events/{slug}/teams/{team_a}"

#   method   endpoint under /api/v1/                 anon capA capB offl org  othr staff
MATRIX = [
    ("GET",   "events/",                               200, 200, 200, 200, 200, 200, 200),
    ("POST",  "events/",                               401, 403, 403, 201, 201, 201, 201),
    ("GET",   "events/{slug}/",                        200, 200, 200, 200, 200, 200, 200),
    ("PATCH", "events/{slug}/",                        401, 403, 403, 403, 200, 404, 200),
    ("POST",  "events/{slug}/release/",                401, 403, 403, 403, 200, 404, 200),
    ("POST",  "events/{slug}/number-of-games/",        401, 403, 403, 200, 200, 404, 200),
    ("POST",  "events/{slug}/rounds/",                 401, 403, 403, 201, 201, 404, 201),
    ("POST",  "events/{slug}/playoffs/",               401, 403, 403, 400, 400, 404, 400),
    ("GET",   "events/{slug}/standings/",              403, 403, 403, 200, 200, 403, 200),
    ("GET",   "events/{slug}/audit/",                  401, 403, 403, 403, 200, 404, 200),
    ("GET",   "events/{slug}/teams/",                  200, 200, 200, 200, 200, 200, 200),
    ("POST",  "events/{slug}/teams/",                  401, 403, 403, 201, 201, 404, 201),
    ("POST",  "events/{slug}/teams/import/",           401, 403, 403, 201, 201, 404, 201),
    ("POST",  SLUG_TEAM + "/withdraw/",                401, 403, 403, 200, 200, 404, 200),
    ("POST",  SLUG_TEAM + "/new-link/",                401, 403, 403, 201, 201, 404, 201),
    ("POST",  SLUG_TEAM + "/unlock/",                  401, 403, 403, 200, 200, 404, 200),
    ("GET",   "events/{slug}/rounds/",                 200, 200, 200, 200, 200, 200, 200),
    ("GET",   "events/{slug}/rounds/1/",               200, 200, 200, 200, 200, 200, 200),
    ("GET",   "events/{slug}/games/?status=reported",  200, 200, 200, 200, 200, 200, 200),
    ("GET",   "games/{game}/",                         200, 200, 200, 200, 200, 200, 200),
    ("POST",  "games/{game}/reports/",                 401, 200, 201, 201, 201, 403, 201),
    ("POST",  "reports/{report}/confirm/",             401, 403, 200, 200, 200, 403, 200),
    ("POST",  "disputes/{dispute}/decide/",            401, 403, 403, 200, 200, 404, 200),
    # Public: only released events count, for every caller (the rule is in the answer).
    ("GET",   "leagues/club/seasons/2026/standings/",  200, 200, 200, 200, 200, 200, 200),
    ("GET",   "players/{player}/",                     200, 200, 200, 200, 200, 200, 200),
]

# What the POST and PATCH rows send. Reporting 121-100 again: captain A already reported it
# (a retry: 200, the stored report), captain B agrees with it (a new report, 201).
BODIES = {
    ("POST", "events/"): {"name": "Omnium d'hiver", "date": "2026-12-12"},
    ("PATCH", "events/{slug}/"): {"venue": "Gymnase"},
    ("POST", "events/{slug}/number-of-games/"): {"number_of_games": 9},
    ("POST", "events/{slug}/rounds/"): {"force": True},
    ("POST", "events/{slug}/teams/"): {"name": "Les Nouveaux", "captain": "Rita",
                                       "partner": "Gilles"},
    ("POST", "events/{slug}/teams/import/"): {"text": "Les As, Paul, Jeanne\n"
                                                      "Les Valets, Yves, Lise"},
    ("POST", "games/{game}/reports/"): {"kind": "final", "score_a": 121, "score_b": 100},
    ("POST", "disputes/{dispute}/decide/"): {"report": "{dispute_report}"},
}

CASES = [
    pytest.param(method, endpoint, role, expected, id=f"{method} {endpoint} as {role}")
    for method, endpoint, *statuses in MATRIX
    for role, expected in zip(ROLES, statuses, strict=True)
]


def _fill(body, ids):
    if body is None:
        return None
    return {key: int(value.format(**ids)) if isinstance(value, str) and value.startswith("{")
            else value for key, value in body.items()}


@pytest.fixture
def scene(event, organizer, official, other_organizer, staff):
    from tournaments.models import League, Season

    league = League.objects.create(name="Club", slug="club")
    event.season = Season.objects.create(league=league, name="2026", slug="2026")
    event.save(update_fields=["season"])
    return build_scene(event, organizer, official, other_organizer, staff)


@pytest.mark.parametrize(("method", "endpoint", "role", "expected"), CASES)
def test_who_may_call_what(api_client, scene, method, endpoint, role, expected):
    client = as_role(api_client, scene, role)
    call = getattr(client, method.lower())
    body = BODIES.get((method, endpoint), {}) if method != "GET" else None
    kwargs = {} if body is None else {"data": _fill(body, scene.ids()), "format": "json"}
    response = call(scene.url(endpoint), **kwargs)
    assert response.status_code == expected, response.content
    if expected >= 400:
        assert response.json()["detail"], "every refusal says why"
        assert response.json()["code"]
