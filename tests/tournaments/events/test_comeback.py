"""Issue 49, point 2: a team dropped with « Retirer les absents » arrives after round 1. One
step brings it back as a late team with its own name, players and contact; the scan, the
registrations page and the teams page all point to that step instead of refusing; the public
standings say it arrived late, not that it did not come."""

from __future__ import annotations

import html
import re

import pytest
from django.core.cache import cache
from django.test import Client

from tournaments.errors import RuleError
from tournaments.events import check_in, comeback, public_registration, teams
from tournaments.models import Report, Team
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db
State = Team.Registration


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def text(response) -> str:
    bare = re.sub(r"<[^>]+>", "", response.content.decode())
    return html.unescape(" ".join(bare.split()))


@pytest.fixture
def day(make_event, organizer):
    """Seven teams, « Les Éclairs » did not come and was dropped; round 1 seated and played."""
    event = make_event(6)
    absent = teams.add_team(
        event, organizer, name="Les Éclairs", captain="Cécile Roy", partner="Marc Roy"
    )
    absent.contact_email = "cecile@example.org"
    absent.save()
    check_in.open_check_in(event, organizer)
    for team in event.teams.exclude(pk=absent.pk):
        check_in.check_in(team, organizer)
    check_in.drop_absentees(event, organizer)
    desk = reporting.Actor(user=organizer)
    for game in seating.seat_next_round(event, organizer).games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 100})
    return event, Team.objects.get(pk=absent.pk)


@pytest.fixture
def french(organizer) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    return client


def test_the_dropped_team_comes_back_in_one_step_with_its_name_players_and_contact(day, organizer):
    event, team = day
    back = comeback.bring_back(team, organizer, "bye")
    assert (back.name, back.captain, back.partner, back.contact_email) == (
        "Les Éclairs",
        "Cécile Roy",
        "Marc Roy",
        "cecile@example.org",
    )
    assert back.active and back.checked_in_at is not None
    assert (back.joined_round, back.missed_rounds) == (2, "bye")
    round_2 = seating.seat_next_round(event, organizer)
    seated = {g.team_a_id for g in round_2.games.all()} | {g.team_b_id for g in round_2.games.all()}
    assert back.pk in seated
    assert check_in.day_story(event) == {"absent": [], "late": [(back, 2)]}


def test_the_choice_of_the_missed_rounds_is_asked_and_nothing_changes_without_it(day, organizer):
    event, team = day
    with pytest.raises(RuleError, match="Round 1 is already seated: choose what it counts"):
        comeback.bring_back(team, organizer, "")
    team.refresh_from_db()
    assert team.registration == State.ABSENT and team.joined_round is None


def test_every_door_points_to_the_same_step_instead_of_refusing(day, organizer):
    event, team = day
    with pytest.raises(RuleError, match="bring it back with its players and contact"):
        check_in.check_in(team, organizer)
    with pytest.raises(RuleError, match="bring it back with its players and contact"):
        public_registration.set_state(team, organizer, State.REGISTERED)
    with pytest.raises(RuleError, match="is the name of a team not in the event"):
        teams.add_team(
            event, organizer, name="Les Éclairs", captain="X", partner="Y", missed_rounds="bye"
        )


def test_the_check_in_page_brings_it_back_and_the_public_standings_say_it_came_late(day, french):
    event, team = day
    page = text(french.get(f"/organize/{event.slug}/check-in/"))
    assert "Les Éclairs — Cécile Roy & Marc Roy" in page and "Ramener" in page
    public = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    before = text(public.get(f"/e/{event.slug}/standings/"))
    assert "Absentes (retirées avant la ronde 1) : Les Éclairs" in before
    response = french.post(
        f"/organize/{event.slug}/check-in/",
        {"action": "comeback", "team": team.pk, "missed_rounds": "bye"},
        follow=True,
    )
    assert "Les Éclairs est de retour, présente" in text(response)
    cache.clear()
    after = text(public.get(f"/e/{event.slug}/standings/"))
    assert "Absentes (retirées avant la ronde 1)" not in after
    assert "Les Éclairs est arrivée en retard : a rejoint le tournoi à la ronde 2." in after
