"""The projector view on a screen too short for the whole list: it pages itself, a screenful
at a time, then goes back to the top (the page's clock is driven by the test)."""

from __future__ import annotations

import pytest

from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_long_seating_list_pages_itself_on_the_projector(
    live_server, browser, shot, make_event, organizer
):
    event = make_event(24)  # 12 tables: more than a short screen holds
    seating.seat_next_round(event, organizer)
    context = browser.new_context(viewport={"width": 1920, "height": 540}, locale="fr-CA")
    page = context.new_page()
    try:
        page.clock.install()
        page.goto(f"{live_server.url}/e/{event.slug}/seating/?display=projector")
        assert not page.locator("header.site").is_visible()
        bottom = page.evaluate("document.documentElement.scrollHeight - window.innerHeight")
        assert bottom > 540
        assert page.evaluate("window.scrollY") == 0
        seen = []
        for _ in range(12):
            page.clock.run_for(12_000)
            seen.append(page.evaluate("window.scrollY"))
            if seen[-1] == 0:
                break
        assert seen[0] > 0  # the first step shows the next screenful
        assert seen == sorted(seen[:-1]) + [0]  # always further down, then back to the top
        assert max(seen) >= bottom - 2  # the last tables were shown
        shot(page, "projector-seating-paged")
    finally:
        context.close()
