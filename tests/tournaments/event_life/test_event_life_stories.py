"""The state machine's findings, each written out as a plain story so that CI replays it
forever (issue 49). Stories of issue 49's numbered points still open are marked
``xfail(strict=True)``: when a point is fixed, its story passes, the mark must go, and its
number leaves ``known.OPEN_ISSUE_49_POINTS`` so the machine checks that case too."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client

from tests.builders.finished_event import play_series, report_all
from tests.builders.results_events import fadoq_with_playoffs, league_season
from tests.builders.sheets import sheet
from tests.tournaments.event_life import recount as rc
from tests.tournaments.event_life.machine import both_peg_sheet, visible_text
from tournaments.archives import open_format
from tournaments.errors import RuleError
from tournaments.events import check_in, comeback, public_registration
from tournaments.events.creation import create_event, set_number_of_games
from tournaments.events.teams import add_team
from tournaments.models import Event, Game, Report
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round
from tournaments.standings.service import event_standings, seat_playoff_games

pytestmark = pytest.mark.django_db


def test_the_machines_recount_adds_a_sheet_as_typed():
    assert rc.sheet_total(sheet()) == (121, 85)
    assert rc.sheet_total(both_peg_sheet()) == (121, 84)


def test_the_machines_recount_counts_byes_at_the_teams_average_halves_up():
    games = [rc.Played(1, 1, 2, (121, 100)), rc.Played(2, 1, None), rc.Played(2, 2, 3, (121, 94))]
    tallies = rc.recount([1, 2, 3], games, {3: (2, "forfeit")}, {})
    assert tallies[1].points == 121 + 121 and tallies[1].wins == 1
    assert tallies[2].points == 100 + 121 and tallies[2].wins == 1
    assert tallies[3].points == 94 and tallies[3].scores == [94, 0]  # round 1 lost by forfeit


def test_a_team_registering_online_once_check_in_is_open_is_not_marked_present(
    make_event, organizer
):
    """Found by the machine: the public form went through the desk's add_team, which marks a
    team present once check-in is open, so a team registering from home at 8 a.m. was seated
    in round 1 and could not be dropped as absent."""
    event = make_event(3, registration_open=True)
    check_in.open_check_in(event, organizer)
    for team in event.teams.all():
        check_in.check_in(team, organizer)
    team = public_registration.register(
        event,
        public_registration.Entry("Les Tardifs", "Ginette", "Réal", contact_email="g@example.org"),
    )
    assert team.checked_in_at is None
    assert list(check_in.absentees(event)) == [team]
    assert check_in.drop_absentees(event, organizer) == [team]


def test_a_late_team_is_in_the_standings_and_their_csv_at_once(make_event, organizer):
    """Found by the machine: adding a team did not change the event's version, so the cached
    standings (pages, CSV) left a late team out until the next result was confirmed."""
    event = make_event(4, number_of_games=2)
    report_all(seat_next_round(event, organizer).games.all(), organizer)
    client = Client()
    client.force_login(organizer)
    url = f"/organize/{event.slug}/export/standings.csv"
    assert "Retardataires" not in client.get(url).getvalue().decode()  # the standings cached
    add_team(
        event, organizer, name="Retardataires", captain="Lucie", partner="Marc", missed_rounds="bye"
    )
    assert "Retardataires" in client.get(url).getvalue().decode()
    fresh = Event.objects.get(pk=event.pk)
    assert len(event_standings(fresh).standings.rows) == 5


def test_a_team_dropped_as_absent_comes_back_late_under_its_own_name(make_event, organizer):
    event = make_event(5)
    check_in.open_check_in(event, organizer)
    teams = list(event.teams.order_by("pk"))
    for team in teams[:4]:
        check_in.check_in(team, organizer)
    check_in.drop_absentees(event, organizer)
    seat_next_round(event, organizer)
    late = teams[4]
    with pytest.raises(RuleError, match="bring it back with its players and contact"):
        add_team(
            event,
            organizer,
            name=late.name,
            captain=late.captain,
            partner=late.partner,
            missed_rounds="bye",
        )
    comeback.bring_back(late, organizer, "bye")  # the check-in page's "Bring back"
    back = event.teams.entered().get(name=late.name)
    assert back.pk == late.pk and back.joined_round == 2
    assert (back.captain_player_id, back.partner_player_id) == (
        late.captain_player_id,
        late.partner_player_id,
    )


def test_a_last_deal_where_both_sides_peg_is_never_silently_changed(make_event, organizer):
    event = make_event(4)
    game = seat_next_round(event, organizer).games.exclude(team_b=None).order_by("table")[0]
    try:
        outcome = reporting.submit(
            game,
            reporting.Actor(team=game.team_a),
            Report.Kind.SHEET,
            {"sheet": both_peg_sheet()},
        )
    except RuleError:
        return  # the form asks who pegged out first: acceptable, nothing recorded
    report = outcome.report
    assert (report.score_a, report.score_b) == rc.sheet_total(both_peg_sheet()), (
        "the score recorded is what the captain typed"
    )


def test_the_result_format_carries_the_playoff_group(organizer):
    document = open_format.results_document(fadoq_with_playoffs(organizer), organizer)
    playoff_rounds = [r for r in document["rounds"] if r["kind"] == "playoff"]
    assert playoff_rounds and document["playoff_groups"]
    assert all(r["playoff_group"] is not None for r in playoff_rounds)


def test_the_organizers_list_counts_the_teams_in_the_event(make_event, organizer):
    event = make_event(5)
    check_in.open_check_in(event, organizer)
    for team in event.teams.order_by("pk")[:4]:
        check_in.check_in(team, organizer)
    check_in.drop_absentees(event, organizer)  # the fifth team did not come
    client = Client()
    client.force_login(organizer)
    html = client.get("/organize/", HTTP_ACCEPT_LANGUAGE="fr-ca").content.decode()
    shown = visible_text(re.findall(r"<span data-event-count>(.*?)</span>", html, re.S)[0])
    assert shown == "4 équipes inscrites"  # the absent team not counted


def test_a_draft_is_not_listed_on_its_public_season_page(organizer):
    season = league_season(organizer)
    create_event(
        organizer,
        name="Brouillon de novembre",
        date=datetime.date(2026, 11, 28),
        draft=True,
        season=season,
    )
    page = Client().get(f"/s/{season.league.slug}/{season.slug}/")
    assert page.status_code == 200
    assert "Brouillon de novembre" not in page.content.decode()


def test_who_plays_the_playoff_is_not_shown_before_the_release(make_event, organizer):
    event = make_event(6)
    set_number_of_games(event, organizer, 2)
    play_series(event, organizer)
    event.refresh_from_db()
    games = seat_playoff_games(event, organizer)
    assert games, "the builder's event needs a playoff"
    anonymous = Client()
    for url in (f"/e/{event.slug}/", f"/e/{event.slug}/seating/"):
        text = visible_text(anonymous.get(url).content.decode())
        for game in Game.objects.filter(pk__in=[g.pk for g in games]):
            assert not (game.team_a.name in text and "arrage" in text), url
