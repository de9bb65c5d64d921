"""The schema's limits are the server's (issue 25: it said ``number_of_games`` was 0 to int64
when the server takes 1 to 30, names up to 120 when registration takes 60).

For each request body below, every ``minimum``, ``maximum``, ``minLength``, ``maxLength`` and
``maxItems`` the schema documents (read from the schema, not repeated here) is tried twice on
a fresh event: a value at the limit is accepted, a value just beyond it is refused with a 400
naming the field, and nothing is changed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from tests.builders.scene import API, logged_in
from tournaments.models import Event, League, Season, Team
from tournaments.seating.rounds import seat_next_round

LIMITS = ("minimum", "maximum", "minLength", "maxLength", "maxItems")
_letters = itertools.count()


def text(length: int) -> str:
    """A fresh string of ``length`` letters (names must not repeat within an event)."""
    n = next(_letters)
    stem = "".join(chr(ord("a") + (n // 26**i) % 26) for i in range(3))
    return (stem * (length // 3 + 1))[:length]


@dataclass
class Where:
    """One request body: how to reach it on a fresh event, and a valid body to vary."""

    component: str
    method: str
    url: Callable  # (event, context) -> str
    base: Callable  # () -> dict: the other fields a valid request needs


def _game(event, organizer):
    return seat_next_round(event, organizer).games.exclude(team_b=None).first()


WHERE = [
    Where(
        "EventCreateRequest",
        "post",
        lambda e, c: f"{API}events/",
        lambda: {"name": text(8), "date": "2027-01-09"},
    ),
    Where("PatchedEventSettingsRequest", "patch", lambda e, c: f"{API}events/{e.slug}/", dict),
    Where(
        "NumberOfGamesRequest", "post", lambda e, c: f"{API}events/{e.slug}/number-of-games/", dict
    ),
    Where(
        "TeamCreateRequest",
        "post",
        lambda e, c: f"{API}events/{e.slug}/teams/",
        lambda: {"name": text(10), "captain": text(6), "partner": text(6)},
    ),
    Where(
        "PatchedTeamEditRequest",
        "patch",
        lambda e, c: f"{API}events/{e.slug}/teams/{e.teams.first().pk}/",
        dict,
    ),
    Where("LeagueCreateRequest", "post", lambda e, c: f"{API}leagues/", dict),
    Where(
        "SeasonSettingsRequest",
        "post",
        lambda e, c: f"{API}leagues/{c['league'].slug}/seasons/",
        lambda: {"name": text(6)},
    ),
    Where(
        "PatchedSeasonSettingsRequest",
        "patch",
        lambda e, c: f"{API}leagues/{c['league'].slug}/seasons/{c['season'].slug}/",
        dict,
    ),
    Where(
        "ReportSubmitRequest",
        "post",
        lambda e, c: f"{API}games/{_game(e, c['organizer']).pk}/reports/",
        lambda: {"kind": "final", "score_a": 121, "score_b": 90},
    ),
]


def at_and_beyond(limit: str, bound, spec: dict):
    """A value at the limit, and one just beyond it, for a property documented as ``spec``."""
    if limit == "minimum":
        return bound, bound - 1
    if limit == "maximum":
        return bound, bound + 1
    if limit == "maxLength":
        return text(bound), text(bound + 1)
    if limit == "minLength":
        return text(bound), text(bound - 1)
    item = (
        spec["items"].get("minimum", 0) if spec.get("items", {}).get("type") == "integer" else "x"
    )
    return [item] * bound, [item] * (bound + 1)


def cases(schema):
    components = schema["components"]["schemas"]
    for where in WHERE:
        for name, spec in components[where.component]["properties"].items():
            if "enum" in spec or "allOf" in spec:
                continue  # a name from a list: the list is the limit
            for limit in LIMITS:
                if limit in spec:
                    yield where, name, limit, spec
            for limit in ("minimum", "maximum"):
                if limit in spec.get("items", {}):
                    yield where, name, f"items.{limit}", spec


@pytest.fixture
def schema(api_client):
    return api_client.get("/api/schema/?format=json").json()


def test_the_cases_cover_the_limits_the_issue_named(schema):
    named = {(w.component, n, lim) for w, n, lim, _s in cases(schema)}
    assert ("EventCreateRequest", "number_of_games", "minimum") in named
    assert ("EventCreateRequest", "number_of_games", "maximum") in named
    assert ("TeamCreateRequest", "name", "maxLength") in named
    assert ("TeamCreateRequest", "captain_member_number", "maxLength") in named
    assert len(named) >= 35


def _context(organizer):
    league = League.objects.create(name="Ligue", slug=text(5), created_by=organizer)
    league.organizers.add(organizer)
    season = Season.objects.create(league=league, name="2026", slug="2026")
    return {"league": league, "season": season, "organizer": organizer}


def _snapshot():
    return (
        set(Event.objects.values_list("slug", "name", "venue", "number_of_games", "bye_points")),
        set(Team.objects.values_list("name", "captain", "partner")),
        {str(row) for row in Season.objects.values_list("name", "best_of", "placement_points")},
        League.objects.count(),
    )


def test_each_documented_limit_is_enforced_exactly(schema, api_client, organizer, make_event):
    client = logged_in(api_client, organizer)
    checked = []
    for where, name, limit, spec in cases(schema):
        event = make_event(4, name=text(12))
        context = _context(organizer)
        if limit.startswith("items."):
            bound = spec["items"][limit[6:]]
            at, beyond = at_and_beyond(limit[6:], bound, spec)
            at, beyond = [at], [beyond]
        else:
            at, beyond = at_and_beyond(limit, spec[limit], spec)
        url = where.url(event, context)
        accepted = getattr(client, where.method)(url, {**where.base(), name: at}, format="json")
        assert accepted.status_code in (200, 201), (where.component, name, limit, accepted.json())
        before = _snapshot()
        refused = getattr(client, where.method)(url, {**where.base(), name: beyond}, format="json")
        assert refused.status_code == 400, (where.component, name, limit, refused.json())
        assert refused.json()["field"].split(".")[0] == name, (name, refused.json())
        assert _snapshot() == before
        checked.append((where.component, name, limit))
    assert len(checked) >= 35, checked
