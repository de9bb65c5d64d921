"""Standings are computed from confirmed results in a constant number of SQL queries."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import compute

pytestmark = pytest.mark.django_db


def play(event, organizer, rounds: int):
    rng = random.Random(5)
    desk = reporting.Actor(user=organizer)
    for _ in range(rounds):
        round_ = seating.seat_next_round(event, organizer)
        for game in round_.games.filter(team_b__isnull=False):
            loser = rng.randint(60, 120)
            scores = (121, loser) if rng.random() < 0.5 else (loser, 121)
            reporting.submit(
                game, desk, Report.Kind.FINAL, {"score_a": scores[0], "score_b": scores[1]}
            )


@pytest.mark.parametrize("teams", [6, 40])
def test_standings_queries_do_not_grow_with_the_event(
    make_event, organizer, teams, django_assert_max_num_queries
):
    event = make_event(teams, name=f"Q{teams}")
    play(event, organizer, 3)
    with django_assert_max_num_queries(2):
        standings = compute(event)
    assert len(standings.standings.rows) == teams


def test_the_public_standings_page_costs_the_same_for_any_size(make_event, organizer, client):
    counts = {}
    for teams in (6, 30):
        event = make_event(teams, name=f"P{teams}")
        play(event, organizer, 2)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/e/{event.slug}/standings/").status_code == 200
        counts[teams] = len(queries)
    assert counts[6] == counts[30]
