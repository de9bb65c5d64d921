"""Issue 49, point 6: the organizer's list said « Terminé (13 équipes) » for 8 teams in play and
1 withdrawn (the waiting list, cancellations and absentees counted) and « Inscriptions
(0 équipes) » before anyone registered. Now: the teams registered and the waiting list before
round 1, the teams that played once finished, in words with proper plurals."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tests.builders.finished_event import ready_to_close
from tournaments.events import closing, public_registration, teams
from tournaments.events.public_registration import Entry
from tournaments.models import Team

pytestmark = pytest.mark.django_db
State = Team.Registration


def listed(organizer, event) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    bare = re.sub(r"<[^>]+>", "", client.get("/organize/").content.decode())
    page = html.unescape(" ".join(bare.split()))
    start = page.index(event.name)
    return page[start : page.index(")", start) + 1]


def test_no_team_yet_is_said_in_words(make_event, organizer):
    event = make_event(0, name="Omnium vide")
    line = listed(organizer, event)
    assert "aucune équipe inscrite pour l’instant" in line and "0 équipes" not in line


def test_registered_and_waiting_are_counted_apart_from_withdrawn_and_refused(make_event, organizer):
    event = make_event(0, name="Omnium", registration_open=True, registration_capacity=2)
    for n in range(1, 5):
        public_registration.register(
            event, Entry(f"É{n}", f"Cap {n}", f"Part {n}", contact_phone="555"), by_organizer=True
        )
    public_registration.set_state(Team.objects.get(name="É1"), organizer, State.WITHDRAWN)
    line = listed(organizer, event)  # É2, É3 registered (É3 moved up), É4 waiting
    assert "(2 équipes inscrites, 1 en liste d’attente)" in line


def test_a_finished_event_counts_the_teams_that_played(make_event, organizer):
    event = make_event(6, name="Omnium fini")
    teams.add_team(event, organizer, name="Absente", captain="A", partner="B")
    Team.objects.filter(name="Absente").update(registration=State.ABSENT)
    event = ready_to_close(event, organizer)
    closing.close_event(event, organizer)
    line = listed(organizer, event)
    assert "(6 équipes ont joué)" in line, line
