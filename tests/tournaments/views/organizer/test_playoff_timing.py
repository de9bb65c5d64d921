"""The dashboard and the public standings offer a medal playoff only when it makes sense."""

from __future__ import annotations

import pytest
from django.test import Client

from tournaments.events.creation import set_number_of_games
from tournaments.events.teams import withdraw_team
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import event_standings, release, seat_playoff_games

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    cache.clear()  # cached standings are keyed by event id and version, both reused by tests


TIE_BANNER = "Égalité pour une place sur le podium"
PLAYOFF_BUTTON = "partie de barrage</button>"  # "Placer la première/prochaine partie…"


def play_round(event, organizer):
    """Seat the next round; every team listed first at its table wins 121-100."""
    round_ = seating.seat_next_round(event, organizer)
    for game in round_.games.exclude(team_b=None):
        reporting.submit(
            game,
            reporting.Actor(user=organizer),
            Report.Kind.FINAL,
            {"score_a": 121, "score_b": 100},
        )
    return round_


@pytest.fixture
def two_game_event(event, organizer):
    set_number_of_games(event, organizer, 2)
    release(event, organizer)
    return event


def pages(event, organizer):
    staff = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    staff.force_login(organizer)
    dashboard = staff.get(f"/organize/{event.slug}/").content.decode()
    public = Client(HTTP_ACCEPT_LANGUAGE="fr-CA").get(f"/e/{event.slug}/standings/")
    return dashboard, public.content.decode()


def test_no_playoff_and_provisional_standings_until_the_series_is_complete(
    two_game_event, organizer
):
    event = two_game_event
    seating.seat_next_round(event, organizer)  # round 1 seated, nothing played: all tied on 0
    dashboard, public = pages(event, organizer)
    assert "Égalités pour une médaille" not in dashboard and PLAYOFF_BUTTON not in dashboard
    assert "Classement provisoire" in public and TIE_BANNER not in public

    round_ = event.rounds.get(number=1)
    for game in round_.games.exclude(team_b=None):
        reporting.submit(
            game,
            reporting.Actor(user=organizer),
            Report.Kind.FINAL,
            {"score_a": 121, "score_b": 100},
        )
    dashboard, public = pages(event, organizer)  # round 1 of 2 played: three teams on 121
    assert PLAYOFF_BUTTON not in dashboard
    assert "Classement provisoire" in public and TIE_BANNER not in public
    with pytest.raises(reporting.RuleError) as refused:
        seat_playoff_games(event, organizer)
    assert refused.value.code == "series_open"

    play_round(event, organizer)  # the last round: six teams on three totals, a medal tie
    dashboard, public = pages(event, organizer)
    assert "Classement provisoire" not in public
    assert TIE_BANNER in public
    assert "Égalités pour une médaille" in dashboard and PLAYOFF_BUTTON in dashboard


def test_a_withdrawn_team_is_not_in_the_medal_playoff(two_game_event, organizer):
    event = two_game_event
    play_round(event, organizer)
    play_round(event, organizer)
    tie = event_standings(event).standings.medal_ties[0]
    leaving = event.teams.get(pk=tie.teams[-1])
    withdraw_team(leaving, organizer)
    standings = event_standings(event).standings
    assert all(leaving.pk not in t.teams for t in standings.medal_ties)
    dashboard, public = pages(event, organizer)
    for banner in public.split(TIE_BANNER)[1:]:
        assert leaving.name not in banner.split("</p>")[0]
    games = seat_playoff_games(event, organizer) if standings.medal_ties else []
    assert all(leaving.pk not in (g.team_a_id, g.team_b_id) for g in games)


def test_lengthening_the_series_makes_the_standings_provisional_again(two_game_event, organizer):
    event = two_game_event
    play_round(event, organizer)
    play_round(event, organizer)
    assert not event_standings(event).standings.provisional
    set_number_of_games(event, organizer, 3)
    assert event_standings(event).standings.provisional
    dashboard, public = pages(event, organizer)
    assert PLAYOFF_BUTTON not in dashboard and "Classement provisoire" in public


def test_once_the_series_is_seated_the_dashboard_offers_no_next_round(two_game_event, organizer):
    event = two_game_event
    play_round(event, organizer)
    dashboard, _ = pages(event, organizer)
    assert "Placer la ronde suivante" in dashboard  # round 2 of 2 still to seat
    play_round(event, organizer)
    dashboard, _ = pages(event, organizer)
    assert "Placer la ronde suivante" not in dashboard  # the series is complete
    games = seat_playoff_games(event, organizer)
    dashboard, _ = pages(event, organizer)
    # the playoff games are named as such, not as identical "table 1" rows
    assert games and "Barrage, match 1, partie 1" in dashboard.split("Parties de barrage")[-1]
