"""A round robin goes on after a team withdraws (its opponents rest), and a round it cannot seat
is refused in the organizer's words, with the teams' names (issue 50: "naming internal id")."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.builders.finished_event import report_all
from tournaments.errors import RuleError
from tournaments.events.teams import withdraw_team
from tournaments.models import Game
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def test_after_a_withdrawal_the_round_robin_seats_the_rest_and_the_lone_team_rests(
    make_event, organizer
):
    event = make_event(4, movement="round_robin", number_of_games=3)
    report_all(seating.seat_next_round(event, organizer).games.all(), organizer)
    gone = event.teams.get(name="Équipe 4")
    withdraw_team(gone, organizer)
    met = set()
    for _ in (2, 3):
        round_ = seating.seat_next_round(event, organizer)
        games = list(round_.games.all())
        assert not any(gone.pk in (g.team_a_id, g.team_b_id) for g in games)
        played = [g for g in games if g.team_b_id is not None]
        assert len(played) == 1 and len(games) == 2  # one game, one team resting
        met.add(frozenset((played[0].team_a_id, played[0].team_b_id)))
        report_all(games, organizer)
    assert len(met) == 2  # no rematch among the three who stayed
    assert Game.objects.filter(round__event=event, team_b__isnull=True).count() == 2


def test_a_round_it_cannot_seat_is_refused_with_the_teams_names_in_french(make_event, organizer):
    event = make_event(5, movement="round_robin", number_of_games=5)
    report_all(seating.seat_next_round(event, organizer).games.all(), organizer)
    withdraw_team(event.teams.get(name="Équipe 5"), organizer)
    refusal = None
    with translation.override("fr-ca"):
        for _ in range(4):
            try:
                report_all(seating.seat_next_round(event, organizer).games.all(), organizer)
            except RuleError as error:
                refusal = str(error)
                break
    assert refusal is not None
    assert refusal.startswith("Un tournoi toutes rondes fait reposer une équipe par ronde")
    gone, idle = refusal.split("laisserait")
    assert gone.endswith("depuis le départ d’Équipe 5, cette ronde ")  # French contraction
    assert idle.count("Équipe ") == 2  # the two teams without an opponent, by name
