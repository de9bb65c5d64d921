"""A captain's phone (390 x 844): the other captain's report read from our side, confirmed
with the one big button that names both teams."""

from __future__ import annotations

import pytest

from tests.conftest import link_of
from tournaments.models import Game, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_captain_confirms_the_other_captains_score(
    live_server, browser, shot, event, organizer
):
    game = (
        seating.seat_next_round(event, organizer)
        .games.filter(team_b__isnull=False)
        .order_by("table")
        .first()
    )
    us, them = game.team_a, game.team_b
    us.name, them.name = "Les Rois du Crib", "Les Pétroles"
    us.save(update_fields=["name"])
    them.save(update_fields=["name"])
    reporting.submit(
        game,
        reporting.Actor(team=them, channel=Report.Channel.LINK),
        Report.Kind.FINAL,
        {"score_a": 121, "score_b": 110},
    )

    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-CA", is_mobile=True, has_touch=True
    )
    page = context.new_page()
    link = link_of(us)
    page.goto(f"{live_server.url}/c/{link.token}/")
    page.fill("#id_pin", link.pin[:4])  # too short: said in place, no attempt spent
    page.click("main button[type=submit]")
    alert = page.locator("[role=alert]")
    alert.wait_for()
    assert "6 chiffres" in alert.inner_text() and "aucun essai" in alert.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "captain-pin-too-short-390")
    link.refresh_from_db()
    assert link.failed_attempts == 0
    pin = f"{link.pin[:4]} {link.pin[4:]}"  # typed as "4612 24"
    page.fill("#id_pin", pin)
    page.click("main button[type=submit]")
    button = page.locator("button.confirm-result")
    button.wait_for()
    assert button.inner_text().strip() == "Confirmer : Les Rois du Crib 121 – 110 Les Pétroles"
    assert (
        page.locator(".score-line").first.inner_text().strip()
        == "Les Rois du Crib 121 – 110 Les Pétroles"
    )
    assert button.bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "captain-confirm-390")
    button.click()
    page.wait_for_selector(".messages")
    shot(page, "captain-confirmed-390")
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED
    context.close()
