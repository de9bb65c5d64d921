"""Issue 34, point 16 in a real browser: after a three-way playoff, a tied team's captain sees
one distinctly named card per playoff game and how the tie was settled; the public standings
say it too, on a phone and on a wide screen (French)."""

from __future__ import annotations

import pytest

from tests.e2e.test_overruled_captain_browser import phone, snap, words
from tests.tournaments.standings.test_playoff_words import report, tied
from tournaments.models import Event
from tournaments.standings.service import open_playoff_games, seat_playoff_games

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_settled_tie_is_told_to_the_captains_and_the_hall(
    live_server, browser, shot, event, organizer
):
    event, (first, second, third) = tied(event, organizer, "round_robin", 3)
    seat_playoff_games(event, organizer)
    while games := open_playoff_games(event):
        report(games[0], True, organizer)
    event = Event.objects.get(pk=event.pk)
    page, home = phone(browser, live_server, event.teams.get(name=first))
    page.goto(home)
    titles = [words(t) for t in page.locator(".captain-game h2").all_inner_texts()]
    playoff = [t for t in titles if t.startswith("Barrage")]
    assert len(playoff) == 4 and len(set(playoff)) == 4, titles
    settled = page.locator("[data-playoff-settled]")
    assert "le barrage les a départagées" in words(settled.inner_text())
    assert "Classement final : 1re place (or)" in words(settled.inner_text())
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    snap(page, "captain-playoff-settled-390", shot)
    for width, height in ((390, 844), (1920, 1080)):
        public = browser.new_context(viewport={"width": width, "height": height}, locale="fr-CA")
        standings = public.new_page()
        standings.goto(f"{live_server.url}/e/{event.slug}/standings/")
        box = standings.locator("[data-playoff-settled]")
        assert box.is_visible() and "Match 3 :" in words(box.inner_text())
        assert standings.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        snap(standings, f"standings-playoff-settled-{width}", shot)
        public.close()
