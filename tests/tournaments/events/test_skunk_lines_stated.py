"""Issue 34, point 7: the pétrin lines (90 and under, 60 and under for a double, in a game to
121; 30 and under in a game to 61) are stated on the event's settings page, its public page and
the printed score sheets, in the words of RULES.md, and in the docs."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from tournaments.models import Event
from tournaments.seating.rounds import seat_next_round

pytestmark = pytest.mark.django_db

LINES_121 = "Partie en 121 points : pétrin quand le perdant a 90 points ou moins ; double pétrin à 60 points ou moins."
LINES_61 = "Partie en 61 points : pétrin quand le perdant a 30 points ou moins."


def french(client: Client, path: str) -> str:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="fr-ca")
    assert response.status_code == 200, path
    return response.content.decode()


def test_the_lines_are_on_the_settings_the_public_page_and_the_sheets(event, organizer):
    seat_next_round(event, organizer)
    client = Client()
    assert LINES_121 in french(client, f"/e/{event.slug}/")
    client.force_login(organizer)
    assert LINES_121 in french(client, f"/organize/{event.slug}/settings/")
    sheets = french(client, f"/organize/{event.slug}/rounds/1/print/")
    assert sheets.count(LINES_121) == event.rounds.get().games.exclude(team_b=None).count()


def test_a_61_point_event_states_its_own_line(event, organizer):
    Event.objects.filter(pk=event.pk).update(rule_set="STANDARD_2P_61")
    page = french(Client(), f"/e/{event.slug}/")
    assert LINES_61 in page and "double pétrin" not in page


def test_the_docs_state_the_lines():
    text = Path("docs/tournament-day.md").read_text(encoding="utf-8")
    assert "**90 points or fewer**" in text and "**60 or fewer**" in text
    assert "**30 or fewer**" in text
