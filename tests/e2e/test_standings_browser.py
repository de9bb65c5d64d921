"""The public standings of the demo event, before and after the organizer releases them."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tournaments.models import Event
from tournaments.standings.service import release

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_demo_standings_before_and_after_release(live_server, page, shot):
    call_command("load_demo", quiet=True)
    event = Event.objects.get(slug="demo-fadoq")
    page.goto(f"{live_server.url}/e/{event.slug}/standings/")
    assert page.locator("table.standings").count() == 0
    assert page.locator(".warning-banner").count() == 1
    shot(page, "standings-before-release")

    organizer = event.roles.get(role="organizer").user
    release(event, organizer)
    page.goto(f"{live_server.url}/e/{event.slug}/standings/")
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 6
    assert page.locator("svg.chart").count() == 1
    shot(page, "standings-after-release")


def test_the_language_switch_works_on_the_shared_standings_page(live_server, page):
    """The standings page an anonymous phone gets is the one stored for everyone (issue 54):
    it carries no CSRF token and sets no cookie, and the switch works."""
    call_command("load_demo", quiet=True)
    event = Event.objects.get(slug="demo-fadoq")
    release(event, event.roles.get(role="organizer").user)
    page.goto(f"{live_server.url}/e/{event.slug}/standings/")
    assert page.locator("input[name=csrfmiddlewaretoken]").count() == 0
    assert not page.context.cookies()
    lang = page.locator("html").get_attribute("lang")
    other = "en" if lang.startswith("fr") else "fr"
    page.click(f"form.lang button[value={other}]")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang").startswith(other)
    assert page.locator("table.standings tbody tr").count() == 6
