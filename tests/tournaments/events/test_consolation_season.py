"""The consolation event (issue 50) is made in the qualifier's season, its entries linked to
the same players (their season record is one), singles kept singles, guests kept guests."""

from __future__ import annotations

import datetime

import pytest

from accounts.models import EventRole, User
from accounts.roles import grant
from tests.builders.finished_event import play_series
from tests.builders.results_events import league_season
from tournaments.events.consolation import make_consolation
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.models import Event, Team
from tournaments.results import bracket_play

pytestmark = pytest.mark.django_db


def _qualifier(organizer, *, singles: bool, season=None) -> Event:
    event = create_event(
        organizer,
        name="Qualificatif ACC",
        date=datetime.date(2026, 11, 21),
        season=season,
        scoring_system="game_points",
        movement="random_draw",
        number_of_games=3,
        bracket=Event.Bracket.FIXED,
        bracket_qualifiers=5,
        bracket_best_of=3,
        entry=Event.Entry.SINGLES if singles else Event.Entry.PAIRS,
        **({"rule_set": "STANDARD_2P_121"} if singles else {}),
    )
    for i in range(1, 11):
        add_team(
            event,
            organizer,
            name="" if singles else f"Équipe {i}",
            captain=f"Joueur {i}",
            partner="" if singles else f"Partenaire {i}",
        )
    play_series(event, organizer)
    cut = bracket_play.the_cut(event)
    bracket_play.seat_bracket(event, organizer, settled=list(cut.tied) or None)
    return event


def _missed(event):
    qualified = set(bracket_play.bracket_group(event).teams)
    return [t for t in event.teams.order_by("id") if t.pk not in qualified]


def test_a_singles_consolation_is_in_the_same_season_with_the_same_players(organizer):
    season = league_season(organizer)
    event = _qualifier(organizer, singles=True, season=season)
    guest = _missed(event)[0]
    Team.objects.filter(pk=guest.pk).update(captain_guest=True)
    made = make_consolation(event, organizer)
    assert made.season_id == season.pk and made.singles
    entries = {t.captain_player_id: t for t in made.teams.all()}
    missed = _missed(event)
    assert sorted(entries) == sorted(t.captain_player_id for t in missed)
    assert all(t.partner_player_id is None and t.partner == "" for t in entries.values())
    assert entries[guest.captain_player_id].captain_guest
    assert sum(t.captain_guest for t in entries.values()) == 1


def test_a_pairs_consolation_links_both_players(organizer):
    season = league_season(organizer)
    event = _qualifier(organizer, singles=False, season=season)
    made = make_consolation(event, organizer)
    pairs = sorted((t.captain_player_id, t.partner_player_id) for t in made.teams.all())
    assert pairs == sorted((t.captain_player_id, t.partner_player_id) for t in _missed(event))
    assert not made.singles and made.season_id == season.pk


def test_outside_a_season_the_names_are_kept_on_new_players(organizer):
    event = _qualifier(organizer, singles=True)
    made = make_consolation(event, organizer)
    assert made.season_id is None
    assert sorted(made.teams.values_list("captain", flat=True)) == sorted(
        t.captain for t in _missed(event)
    )


def test_a_co_organizer_who_is_no_league_organizer_makes_it_outside_the_season(organizer):
    """Putting an event in a season is the league's organizers' right (``place_event``): the
    event's co-organizer gets the consolation outside it, its players new ones."""
    season = league_season(organizer)
    event = _qualifier(organizer, singles=True, season=season)
    helper = User.objects.create_user("coorg@example.org", "pw-coorg-1")
    grant(helper, event, EventRole.Role.ORGANIZER)
    made = make_consolation(event, helper)
    assert made.season_id is None
    missed = {t.captain_player_id for t in _missed(event)}
    assert missed.isdisjoint({t.captain_player_id for t in made.teams.all()})
