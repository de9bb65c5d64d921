"""Issue 34, points 2, 6 and 12 in a real browser: an official settles a dispute at the desk
with a note; the captain whose claim was overruled reads, on a phone (390 x 844, French),
"L'arbitre a tranché : 104–121 (votre déclaration : 121–117)" and why, on the home page and the
game's page; and Back after sending a score never shows the stale "waiting" state."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from tests.conftest import link_of
from tests.e2e.conftest import CHROMIUM, FLAGS
from tournaments.models import Game, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SCREENS = Path("/tmp/day-a")
NOTE = "Feuille vérifiée à la table 1 : Les Pétroles ont bien 121."


def phone(browser, live_server, team):
    """A phone whose captain has entered the PIN (the session of a test client that did)."""
    client = Client()
    link = link_of(team)
    assert client.post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 302
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-CA", is_mobile=True, has_touch=True
    )
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    return context.new_page(), f"{live_server.url}/c/{link.token}/"


def words(text: str) -> str:
    """As read: one space between words, the word joiners (a score kept on one line) gone."""
    return " ".join(text.replace("\u2060", "").split())


def snap(page, name, shot):
    shot(page, name)
    SCREENS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


@pytest.fixture
def game(event, organizer) -> Game:
    game = seating.seat_next_round(event, organizer).games.exclude(team_b=None).first()
    game.team_a.name, game.team_b.name = "Les Rois du Crib", "Les Pétroles"
    game.team_a.save(update_fields=["name"])
    game.team_b.save(update_fields=["name"])
    return Game.objects.select_related("team_a", "team_b", "round__event").get(pk=game.pk)


def test_the_overruled_captain_reads_the_decision_and_why_on_a_phone(
    live_server, browser, shot, game, official
):
    for team, (a, b) in ((game.team_a, (121, 117)), (game.team_b, (104, 121))):
        reporting.submit(
            game,
            reporting.Actor(team=team, channel=Report.Channel.LINK),
            Report.Kind.FINAL,
            {"score_a": a, "score_b": b},
        )
    # The official settles it at the desk, with the note.
    desk = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-CA")
    page = desk.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", official.email)
    page.fill("#id_password", "pw-official-1")
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    page.goto(f"{live_server.url}/organize/{game.round.event.slug}/desk/games/{game.pk}/")
    page.fill("#score_a", "104")
    page.fill("#score_b", "121")
    page.fill("#note", NOTE)
    page.click("form:has(#note) button[type=submit]")
    page.wait_for_selector(".messages")
    assert NOTE in page.locator("main").inner_text()  # the desk's history says why
    snap(page, "desk-settled-with-note-1920", shot)

    page, home = phone(browser, live_server, game.team_a)
    page.goto(home)
    verdict = page.locator("[data-verdict]").first
    verdict.wait_for()
    said = words(verdict.inner_text())
    assert "L'arbitre a tranché : 104–121 (votre déclaration : 121–117)." in said
    assert f"Note de l'arbitre : {NOTE}" in said
    assert "plus rien à faire" not in page.locator("main").inner_text()
    assert verdict.is_visible() and verdict.bounding_box()["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    snap(page, "captain-overruled-home-390", shot)
    page.goto(f"{home}games/{game.pk}/")
    said = words(page.locator("[data-verdict]").inner_text())
    assert page.locator("#final-form").count() == 0  # nothing left to send: no form offered
    assert "L'arbitre a tranché : 104–121 (votre déclaration : 121–117)." in said
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    snap(page, "captain-overruled-game-390", shot)


@pytest.fixture
def with_back_forward_cache(browser):
    """Chromium as on a phone, keeping pages for the back button (Playwright turns it off)."""
    launched = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=FLAGS,
        headless=True,
        ignore_default_args=["--disable-back-forward-cache"],
    )
    yield launched
    launched.close()


def test_back_after_sending_shows_the_game_as_it_now_is(
    live_server, with_back_forward_cache, shot, game
):
    page, home = phone(with_back_forward_cache, live_server, game.team_a)
    page.goto(home)
    card = page.locator(f".captain-game[data-game='{game.pk}']")
    assert "En attente" in card.inner_text()
    card.locator("a.button").click()
    page.fill("#score_us", "121")
    page.fill("#score_them", "99")
    page.click("#final-form button[type=submit]")
    page.wait_for_selector("[data-send-status] [data-receipt]")
    page.go_back(wait_until="commit")  # a page restored from that cache fires no "load"
    page.wait_for_url(home, wait_until="commit")
    card = page.locator(f".captain-game[data-game='{game.pk}']")
    card.wait_for()
    assert "En attente" not in card.inner_text()
    assert card.locator("[data-receipt]").count() == 1  # the receipt of what was just sent
    snap(page, "captain-back-after-send-390", shot)
