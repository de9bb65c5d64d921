"""The end of an event and its officials, in a real browser on a phone (390 px wide, French):
appoint an official, the desk's withdrawal and deal-by-deal pages, close the event, the public
page with its podium. No page scrolls sideways; screenshots in test-artifacts/."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache

from accounts.models import User
from tests.builders.finished_event import play_playoffs, play_series, report_all
from tests.builders.sheets import sheet
from tournaments.events.creation import create_event, set_number_of_games
from tournaments.events.teams import add_team, withdraw_team
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import release

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("window.innerWidth"), page.url


def fits(page, selector: str) -> None:
    """The element lies within the phone's width (a wide table scrolls inside its own box).

    Used on the desk pages, whose older parts (the status badge) are being reworked for phones
    separately; what this change adds must fit regardless."""
    box = page.locator(selector).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (selector, box)


def make(name: str, organizer) -> object:
    event = create_event(
        organizer, name=name, date=datetime.date(2026, 11, 21), venue="Salle des Chevaliers", seed=7
    )
    for i, team in enumerate(
        [
            "Les Rois du Crib",
            "Les Pétroles",
            "Les As de Saint-Jérôme",
            "Les Valets",
            "Les Quinze-Deux",
            "Les Capots",
        ],
        start=1,
    ):
        add_team(event, organizer, name=team, captain=f"Capitaine {i}", partner=f"Partenaire {i}")
    return event


def test_officials_desk_and_closing_on_a_phone(live_server, browser, shot):
    cache.clear()  # cached standings are keyed by event id and version, reused across tests
    organizer = User.objects.create_user(
        "org@example.org", "pw-organizer-1", display_name="Lucie Organisatrice"
    )
    event = make("Omnium de la Toussaint", organizer)
    context = browser.new_context(viewport=PHONE, locale="fr-CA")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "org@example.org")
    page.fill("#id_password", "pw-organizer-1")
    page.click("form.card button[type=submit]")

    # Invite an official: the invitation link is shown to copy or print.
    page.goto(f"{live_server.url}/organize/{event.slug}/officials/")
    page.fill("#id_email", "gilles@example.org")
    page.fill("#id_name", "Gilles Officiel")
    page.click("form.card button[type=submit]")
    assert "/invitation/" in page.input_value("#invitation-link")
    shot(page, "lifecycle-1-officials-phone")
    no_sideways_scroll(page)

    # Round 1: a team withdraws at table 1, captains dispute their sheets at table 2.
    round_ = seating.seat_next_round(event, organizer)
    left, sheets = round_.games.exclude(team_b=None).order_by("table")[:2]
    withdraw_team(left.team_b, organizer)
    reporting.submit(sheets, reporting.Actor(team=sheets.team_a), "sheet", {"sheet": sheet()})
    reporting.submit(
        sheets,
        reporting.Actor(team=sheets.team_b),
        "sheet",
        {"sheet": sheet({(3, "pegging"): {"a": 4, "b": 8}})},
    )
    page.goto(f"{live_server.url}/organize/{event.slug}/desk/games/{left.pk}/")
    assert page.locator("#withdrawal button").count() == 2
    shot(page, "lifecycle-2-desk-withdrawal-phone")
    fits(page, "#withdrawal")
    page.locator("#withdrawal button").first.click()  # win by forfeit
    page.locator("[data-confirm-yes]").click()  # asked first: a bye is no longer offered after
    assert page.locator(".messages .success").count() == 1

    page.goto(f"{live_server.url}/organize/{event.slug}/desk/games/{sheets.pk}/")
    assert page.locator("table.deal-by-deal tbody tr").count() == 6
    assert page.locator("table.deal-by-deal tr.differs").count() == 1
    shot(page, "lifecycle-3-desk-deal-by-deal-phone")
    fits(page, "#deal-by-deal + p + .scroll")
    page.locator("button[form=confirm-version]").first.click()  # keep captain A's version

    # The rest of a 2-game series, its playoff and the release, then close from the dashboard.
    set_number_of_games(event, organizer, 2)
    report_all(round_.games.all(), organizer)
    play_series(event, organizer)
    play_playoffs(event, organizer)
    event.refresh_from_db()
    release(event, organizer)
    page.goto(f"{live_server.url}/organize/{event.slug}/")
    page.click(f"form[action='/organize/{event.slug}/close/'] button")
    page.click("[data-confirm-yes]")  # it asks first (the question: test_tournament_day)
    page.wait_for_selector("#finish .big")
    assert "Terminé" in page.locator("#finish").inner_text()
    shot(page, "lifecycle-4-dashboard-finished-phone")
    no_sideways_scroll(page)

    public = browser.new_context(viewport=PHONE, locale="fr-CA").new_page()
    public.goto(f"{live_server.url}/e/{event.slug}/")
    podium = public.locator("#finished li")
    assert podium.count() == 3
    assert "Or" in podium.first.inner_text()
    shot(public, "lifecycle-5-public-finished-phone")
    no_sideways_scroll(public)
    context.close()
