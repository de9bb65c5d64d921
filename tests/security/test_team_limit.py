"""A team limit per event, held by every path that adds teams (issue 51, finding 1: six imports
of 500 made a 3,000-team event). The limit is lowered to a few teams here; it is
``HUCHE_MAX_TEAMS_PER_EVENT`` (1,000 by default)."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from tests.builders.archive_rows import build_demo
from tests.tournaments.archives.test_transfer import archives_of, grant_somewhere
from tournaments.archives.transfer import import_event
from tournaments.errors import RuleError
from tournaments.events.csv_import import import_teams
from tournaments.events.team_limit import max_teams
from tournaments.events.teams import add_team
from tournaments.models import Event, Team

pytestmark = pytest.mark.django_db
LIMIT = 4
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def _limit(settings):
    settings.HUCHE_MAX_TEAMS_PER_EVENT = LIMIT
    cache.clear()
    yield
    cache.clear()


def full(make_event):
    return make_event(LIMIT)


def test_the_default_limit_is_a_thousand(settings):
    del settings.HUCHE_MAX_TEAMS_PER_EVENT
    assert max_teams() == 1000


def test_the_organizers_form_and_the_api_refuse_a_team_past_the_limit(make_event, organizer):
    event = full(make_event)
    client = Client(**EN)
    client.force_login(organizer)
    response = client.post(
        f"/organize/{event.slug}/teams/",
        {"team-name": "De trop", "team-captain": "Jean", "team-partner": "Luc"},
    )
    assert response.status_code == 200
    assert "An event holds at most 4 teams: this one has 4" in response.content.decode()
    api = APIClient(**EN)
    api.force_authenticate(organizer)
    answer = api.post(
        f"/api/v1/events/{event.slug}/teams/",
        {"name": "De trop", "captain": "Jean", "partner": "Luc"},
        format="json",
    )
    assert answer.status_code == 400 and "at most 4 teams" in str(answer.json())
    assert event.teams.count() == LIMIT


def test_the_csv_import_refuses_the_whole_list_past_the_limit(make_event, organizer):
    event = make_event(2)
    rows = "\n".join(f"Équipe CSV {n},Jean {n},Luc {n}" for n in range(3))
    with pytest.raises(RuleError, match="at most 4 teams: this one has 2, so 3 more"):
        import_teams(event, organizer, "team,captain,partner\n" + rows)
    assert event.teams.count() == 2  # all or nothing
    two = "Équipe CSV 0,Jean 0,Luc 0\nÉquipe CSV 1,Jean 1,Luc 1"
    assert len(import_teams(event, organizer, "team,captain,partner\n" + two)) == 2


def test_late_teams_and_public_registration_are_held_too(make_event, organizer):
    event = make_event(
        LIMIT - 1,
        registration_open=True,
        registration_deadline=timezone.now() + datetime.timedelta(days=1),
    )
    public = Client(REMOTE_ADDR="203.0.113.5", **EN)
    form = {
        "name": "Les As",
        "captain": "Gisèle",
        "partner": "Rita",
        "contact_email": "as@example.org",
    }
    assert public.post(f"/e/{event.slug}/register/", form).status_code == 302
    response = public.post(f"/e/{event.slug}/register/", form | {"name": "Les Rois"})
    assert response.status_code == 400
    assert "An event holds at most 4 teams" in response.content.decode()
    with pytest.raises(RuleError, match="at most 4 teams"):
        add_team(event, organizer, name="En retard", captain="A", partner="B", missed_rounds="")


def test_refused_teams_free_their_room(make_event, organizer):
    event = full(make_event)
    refused = Team.objects.filter(pk=event.teams.first().pk)
    assert refused.update(registration=Team.Registration.REFUSED) == 1
    add_team(event, organizer, name="À la place", captain="A", partner="B")


def test_an_archive_with_more_teams_than_the_limit_is_refused(db, organizer, settings):
    settings.HUCHE_MAX_TEAMS_PER_EVENT = 1000  # the demo, made elsewhere
    (archive,) = archives_of(build_demo)
    settings.HUCHE_MAX_TEAMS_PER_EVENT = LIMIT
    grant_somewhere(organizer)
    assert len(archive["teams"]) > LIMIT
    with pytest.raises(RuleError, match="at most 4 teams"):
        import_event(archive, organizer, confirmed=True)
    assert not Event.objects.filter(uid=archive["event"]["uid"]).exists()
