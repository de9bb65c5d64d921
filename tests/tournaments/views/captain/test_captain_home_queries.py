"""The captain's page costs the same number of SQL queries after one round as after several
(it ran one query per game for the latest report, and one more for who reported it)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import link_of
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def play_round(event, organizer, team) -> None:
    """Seat a round; every game of ``team`` reported by its opponent, waiting to be confirmed
    (the newest report, not a confirmed one, is what the page shows); the others confirmed."""
    desk = reporting.Actor(user=organizer)
    round_ = seating.seat_next_round(event, organizer, force=True)
    for game in round_.games.filter(team_b__isnull=False).select_related("team_a", "team_b"):
        if game.involves(team):
            opponent = game.team_b if game.team_a_id == team.pk else game.team_a
            reporter = reporting.Actor(team=opponent)
        else:
            reporter = desk
        reporting.submit(game, reporter, Report.Kind.FINAL, {"score_a": 121, "score_b": 90})


def queries_of_home(client, team) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as queries:
        page = client.get(f"/c/{link_of(team).token}/", HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 200
    return len(queries), page.content.decode()


def test_the_captains_page_costs_the_same_for_one_round_or_five(event, organizer, captain_client):
    team = event.teams.order_by("id").first()
    client = captain_client(team)
    play_round(event, organizer, team)
    one, page = queries_of_home(client, team)
    assert page.count("confirm-result") == 1
    for _ in range(4):
        play_round(event, organizer, team)
    five, page = queries_of_home(client, team)
    assert page.count("confirm-result") == 5  # every game's newest report, by the other captain
    assert five == one
