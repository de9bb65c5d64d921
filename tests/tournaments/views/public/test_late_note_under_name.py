"""Issue 49, point 3: a late team's note sits under its name, in a few words that may wrap,
never appended to the name in a cell that does not wrap (the projector grew to 2,738 px; the
phone card's title was six lines long). The whole choice stays on the team's page and in the
note's title."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from tournaments.events import teams
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def test_the_standings_show_the_late_note_under_the_name_in_a_few_words(event, organizer):
    desk = reporting.Actor(user=organizer)
    for game in seating.seat_next_round(event, organizer).games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 100})
    late = teams.add_team(
        event,
        organizer,
        name="Les Retardataires",
        captain="Léo",
        partner="Léa",
        missed_rounds="bye",
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)  # before the release only the event's people see them
    for display in ("", "?display=projector"):
        page = client.get(f"/e/{event.slug}/standings/{display}")
        html = page.content.decode()
        link = re.search(rf'<a href="/e/{event.slug}/teams/{late.pk}/">(.*?)</a>(.*?)</td>', html)
        assert link is not None
        assert link.group(1) == "Les Retardataires"
        note = re.search(
            r'<span class="late-note" data-late-note title="([^"]*)">([^<]*)</span>', link.group(2)
        )
        assert note is not None, link.group(2)
        assert note.group(2) == "Arrivée à la ronde 2"
        assert "exemption" in note.group(1)
