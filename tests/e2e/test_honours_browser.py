"""The honours board (palmarès) in French on a phone (390 px: one card per honour, nothing off
the right edge) and on the banquet's projector (1920×1080: every column of every table on the
screen), with the hand-worked season of tests/builders/honours.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.builders.honours import build_honours_season
from tests.e2e.test_every_page_browser import CHECKS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
EXTRA = os.environ.get("HUCHE_SCREENSHOTS")  # a folder for a person to look at, e.g. /tmp/hon

WIDEST = """() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"""
COLUMNS_OFF_SCREEN = """(width) => [...document.querySelectorAll('table.honours')].flatMap(t =>
  [...t.querySelectorAll('thead th, tbody tr:first-child td')].filter(c => {
    const box = c.getBoundingClientRect();
    return box.width === 0 || box.right > width + 1 || box.left < 0;
  }).map(c => t.closest('section').id + ': ' + c.textContent.trim()))"""


def _look(page, shot, name):
    shot(page, name)
    if EXTRA:
        Path(EXTRA).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{EXTRA}/{name}.png", full_page=True)


def test_the_board_on_a_phone_and_on_the_projector(live_server, browser, shot, organizer):
    build_honours_season(organizer)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-CA")
    page = phone.new_page()
    page.goto(f"{live_server.url}/s/fjord/2027/palmares/")
    assert page.locator("h1").inner_text().startswith("Palmarès")
    hands = page.locator("#hands tbody tr")
    assert hands.count() == 5
    assert (
        "5♥ 5♣ 5♠ V♦" in hands.first.inner_text()
    )  # French card letters (issue 49) and "vérifiée" in hands.first.inner_text()
    assert page.evaluate(WIDEST) <= 390  # no sideways scroll
    assert page.evaluate(CHECKS, False) == []  # and 44 px targets, as every page
    _look(page, shot, "honours-phone-fr")
    phone.close()

    screen = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-CA")
    page = screen.new_page()
    page.goto(f"{live_server.url}/s/fjord/2027/palmares/?display=projector")
    assert not page.locator("header.site").is_visible()
    assert page.locator("#hands tbody tr").count() == 5
    assert page.evaluate(WIDEST) <= 1920
    assert page.evaluate(COLUMNS_OFF_SCREEN, 1920) == []
    assert page.evaluate(CHECKS, True) == []
    if EXTRA:  # what the hall sees first
        page.screenshot(path=f"{EXTRA}/honours-projector-fr-first-screen.png")
    _look(page, shot, "honours-projector-fr")
    screen.close()


def test_a_captain_declares_a_29_whose_cards_give_28_and_is_told_beside_the_box(
    live_server, browser, shot, event, organizer
):
    from tests.conftest import link_of
    from tournaments.seating import rounds as seating

    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.filter(team_b__isnull=False).order_by("table").first()
    link = link_of(game.team_a)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-CA")
    page = context.new_page()
    page.goto(f"{live_server.url}/c/{link.token}/")
    page.fill("#id_pin", link.pin)
    page.click("main button[type=submit]")
    page.locator(f"a[href$='/games/{game.pk}/']").click()
    page.fill("#score_us", "121")
    page.fill("#score_them", "100")
    page.locator("details.declared summary").click()
    page.fill("#declared_cards", "5♠ 5♥ 5♣ 5♦")
    page.fill("#declared_starter", "R♥")
    page.fill("#declared_count", "29")
    page.click("#final-form button[type=submit]")
    box = page.locator("#declared_count[aria-invalid=true]")
    box.wait_for()
    note = page.locator("details.declared").inner_text().replace("\u202f", " ")
    assert "les cartes donnent 28, pas 29" in note
    assert page.evaluate(WIDEST) <= 390
    assert page.evaluate(CHECKS, False) == []
    _look(page, shot, "captain-declared-29-refused-phone-fr")
    assert game.reports.count() == 0
    context.close()
