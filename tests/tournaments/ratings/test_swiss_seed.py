"""The event's "round 1 by rating" option: the service passes the players' ratings to Swiss."""

from __future__ import annotations

import datetime

import pytest

from tests.builders.season import build_season
from tournaments.events.creation import create_event
from tournaments.events.settings import update_event
from tournaments.events.teams import add_team
from tournaments.ratings import service
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def test_round_1_by_rating_seats_the_top_half_against_the_bottom_half(
    organizer, django_capture_on_commit_callbacks, tasks_in_process
):
    with django_capture_on_commit_callbacks(execute=True):
        season, people, _events, _hidden = build_season(organizer)
    event = create_event(
        organizer, name="Suisse de mai", date=datetime.date(2027, 5, 15), seed=9, season=season
    )
    update_event(event, organizer, {"movement": "swiss", "seed_by_rating": True})
    pairs = [("Alice", "Bruno"), ("Carole", "Denis"), ("Élise", "Francis"), ("Gisèle", "Henri")]
    teams = {
        a: add_team(
            event, organizer, name=f"{a} et {b}", captain_player=people[a], partner_player=people[b]
        )
        for a, b in pairs
    }

    def strength(a, b):
        return sum(service.player_rating(people[p]).now.mu for p in (a, b))

    ranked = sorted(pairs, key=lambda pair: -strength(*pair))
    round_ = seating.seat_next_round(event, organizer)
    tables = [(g.team_a_id, g.team_b_id) for g in round_.games.order_by("table")]
    first, second, third, fourth = (teams[a].pk for a, _b in ranked)
    assert tables == [(first, third), (second, fourth)]


def test_without_the_option_round_1_is_the_draw(event, organizer):
    update_event(event, organizer, {"movement": "swiss"})
    drawn = seating.seat_next_round(event, organizer)
    assert drawn.games.count() == 3  # six teams, the seed's draw (test_swiss covers its order)
    assert not event.seed_by_rating
