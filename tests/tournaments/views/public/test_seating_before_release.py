"""The public seating page before release (issue 22, finding 12).

"Winners stay at their table" seats each round from the last one's results: whoever reads the
seating of round N learns who won at each table of round N-1. That is inherent to the movement
(players must know where to sit) and documented; the page shows nothing more than the round
being played: before release, once the playoffs are seated, not the last round of the series
too (which tells its winners as well).
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.builders.finished_event import play_series
from tournaments.events.creation import set_number_of_games
from tournaments.standings.service import event_standings, release, seat_playoff_games

pytestmark = pytest.mark.django_db


def headings(event) -> list[str]:
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/e/{event.slug}/seating/").content.decode()
    return [line.strip() for line in html.split("<h2>")[1:] if line]


def test_before_release_the_seating_page_shows_the_round_being_played_only(event, organizer):
    set_number_of_games(event, organizer, 2)
    play_series(event, organizer)
    event.refresh_from_db()
    assert event_standings(event).standings.medal_ties
    seat_playoff_games(event, organizer)
    shown = headings(event)
    assert len(shown) == 1 and shown[0].lower().startswith("playoff")
    release(event, organizer)
    event.refresh_from_db()
    assert len(headings(event)) == 2  # once released, nothing is embargoed any more
