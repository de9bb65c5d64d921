"""A team that withdraws gets nothing for the rounds it did not finish, its bye included."""

from __future__ import annotations

import pytest

from tournaments.events.teams import withdraw_team
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import compute

pytestmark = pytest.mark.django_db


def play_round(round_, organizer):
    desk = reporting.Actor(user=organizer)
    for game in round_.games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 95})


def points(event, team) -> int:
    return compute(event).standings.row(team.pk).metrics["points"]


@pytest.mark.parametrize("bye_points", [None, 111])
def test_a_team_withdrawing_while_on_its_bye_gets_no_bye_points(make_event, organizer, bye_points):
    event = make_event(7, bye_points=bye_points)
    for _ in range(2):
        play_round(seating.seat_next_round(event, organizer), organizer)
    third = seating.seat_next_round(event, organizer)
    resting = third.games.get(team_b__isnull=True).team_a
    after_two = compute(event).series[resting.pk][1]

    withdraw_team(resting, organizer)

    resting.refresh_from_db()
    assert resting.withdrawn_after_round == 2  # round 3 was under way
    play_round(third, organizer)
    play_round(seating.seat_next_round(event, organizer), organizer)
    standings = compute(event).standings
    assert standings.row(resting.pk).metrics["points"] == after_two
    assert standings.order[-1] == resting.pk  # below every team that played on


def test_a_team_withdrawing_between_rounds_keeps_the_bye_it_finished(make_event, organizer):
    event = make_event(7, bye_points=111)
    first = seating.seat_next_round(event, organizer)
    play_round(first, organizer)
    resting = first.games.get(team_b__isnull=True).team_a
    withdraw_team(resting, organizer)
    resting.refresh_from_db()
    assert resting.withdrawn_after_round == 1
    assert points(event, resting) == 111
