"""Cribbage against the computer in a real browser, on a 390 x 844 phone: a whole 61-point game
played by tapping cards, a reload in the middle of a hand that resumes it, the coaching after a
poor discard, screenshots in test-artifacts/, and no horizontal scroll."""

from __future__ import annotations

import pytest

from games.cards import parse_cards
from games.cribbage.discard import analyze_discards
from games.models import PracticeGame
from tests.e2e.conftest import ARTIFACTS, yes_if_asked

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


def on_screen(page, selector: str) -> bool:
    """The element is inside the viewport (not below the bottom of the screen)."""
    box = page.locator(selector).first.bounding_box()
    view = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-CA", has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


def move_number(page) -> str | None:
    box = page.locator("input[name=move]").first
    return box.get_attribute("value") if box.count() else None


# What the phone must show after every action: the status bar (scores, turn, count, the latest
# news) inside the viewport, its log box scrolled to the latest line, and no sideways scroll.
# '' when all is well, else what is wrong (for the assertion's message).
STATUS_FAULT = """width => {
  const bar = document.querySelector('#play-area [data-status], #play-area .cr-status');
  if (!bar) return 'no status bar';
  const r = bar.getBoundingClientRect();
  if (r.height <= 0 || r.top < -1 || r.bottom > window.innerHeight + 1)
    return `the status bar is at ${Math.round(r.top)}..${Math.round(r.bottom)} px, `
      + `the screen is ${window.innerHeight} px high`;
  const wide = document.documentElement.scrollWidth;
  if (wide > Math.min(window.innerWidth, width))
    return `the page scrolls sideways: ${wide} px wide on a ${width} px screen`;
  const log = bar.querySelector('[data-log]');
  if (log && log.scrollTop + log.clientHeight < log.scrollHeight - 2)
    return 'the latest news is scrolled out of the status bar';
  return '';
}"""


def status_fault(page) -> str:
    return page.evaluate(STATUS_FAULT, page.viewport_size["width"])


def act(page, tap) -> None:
    """Tap, then wait until the game area shows the next move (fetch, no reload); then the
    status bar must be on screen and the page must not scroll sideways."""
    before = move_number(page)
    tap()
    page.wait_for_function(
        "m => { const b = document.querySelector('input[name=move]');"
        " return !b || b.value !== m; }",
        arg=before,
    )
    assert status_fault(page) == ""


def test_a_whole_game_on_a_phone(phone, shot, live_server):
    page = phone
    page.goto(f"{live_server.url}/play/")
    page.check("input[name=level][value=easy]")
    page.check("input[name=target][value='61']")
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "play-home")
    page.click("main form button[type=submit]")
    page.wait_for_selector("[data-awaiting]")
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "play-start")
    coached = reloaded = folded = False
    for _ in range(300):
        awaiting = page.get_attribute("[data-awaiting]", "data-awaiting")
        if awaiting == "over":
            break
        if awaiting == "discard":
            cards = page.locator(".card-choice input").evaluate_all("bs => bs.map(b => b.value)")
            i_deal = "Vous donnez" in page.inner_text(".dealer-badge")
            choices = analyze_discards(parse_cards(cards), dealer=i_deal).choices
            # The first discard is the worst choice (to be coached), later ones the best.
            discard = choices[-1 if not coached else 0].discard
            for card in discard:
                page.click(f".card-choice:has(input[value='{card}']) .pcard")
            assert page.locator(".card-choice input:checked").count() == 2
            if not coached:
                shot(page, "play-discard")
            act(page, lambda: page.click("[data-discard]"))
            if not coached:
                coaching = page.locator("[data-coaching]")
                assert coaching.is_visible() and "poor" in coaching.get_attribute("class")
                assert "meilleur écart" in coaching.inner_text()
                # On the screen right after the discard (not below the bottom of the phone),
                # naming the two cards thrown.
                assert on_screen(page, "[data-coaching] [data-thrown]")
                thrown = page.locator("[data-thrown] .pcard").evaluate_all(
                    "cs => cs.map(c => c.dataset.card)"
                )
                assert sorted(thrown) == sorted(map(str, discard))
                page.screenshot(path=str(ARTIFACTS / "play-coaching-phone-screen.png"))
                shot(page, "play-coaching")
                coached = True
        elif awaiting == "play":
            if not reloaded and page.locator(".series .pcard").count() >= 1:
                hand = page.locator(".play-action .pcard").all_inner_texts()
                count = page.inner_text("[data-count]")
                page.reload()
                page.wait_for_selector("[data-awaiting]")
                assert page.locator(".play-action .pcard").all_inner_texts() == hand
                assert page.inner_text("[data-count]") == count
                shot(page, "play-after-reload")
                reloaded = True
            act(page, lambda: page.locator(".card-button:not([disabled])").first.tap())
            # Folded, the verdict's cost is read whole: « (coût : 8,2 points) », never
            # « (coût » at the end of one line and the figure on the next.
            cost = page.locator("details.coaching:not([open]) [data-loss-summary]")
            if cost.count() and cost.is_visible():
                assert cost.evaluate("s => s.getClientRects().length") == 1
                folded = True
        else:
            if awaiting == "deal" and page.locator("[data-show]").count():
                assert page.evaluate(NO_SIDEWAYS)
                shot(page, "play-show")
            act(page, lambda: page.locator(".play-action button[type=submit]").first.tap())
    else:
        raise AssertionError("the game did not end")
    assert coached and reloaded and folded
    # Face cards read V, D, R on a French page (valet, dame, roi), never J, Q, K.
    assert not set(page.locator(".pcard .rank").all_inner_texts()) & {"J", "Q", "K"}
    result = page.locator("[data-result]")
    assert result.is_visible()
    assert "61" in page.inner_text(".score-line")
    assert page.locator(".board .peg").count() == 4
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "play-result")
    with page.expect_download() as download:
        page.click("[data-result] [data-record]")
    assert download.value.suggested_filename.endswith(".json")


def test_the_game_is_played_with_the_keyboard(phone, shot, live_server):
    """Focus follows the game: Enter on the focused button, Space to pick a card, Tab to move."""
    page = phone
    page.goto(f"{live_server.url}/play/")
    page.click("main form button[type=submit]")
    page.wait_for_selector("[data-awaiting]")
    for _ in range(6):  # cut for deal (again after a tie), then deal
        if page.get_attribute("[data-awaiting]", "data-awaiting") == "discard":
            break
        # The browser gives the button its autofocus once the page has rendered, not at once
        # (a busy machine showed it: an Enter before that goes nowhere).
        page.wait_for_function("document.activeElement.matches('#play-area [autofocus]')")
        act(page, lambda: page.keyboard.press("Enter"))
    assert page.get_attribute("[data-awaiting]", "data-awaiting") == "discard"
    assert page.evaluate("document.activeElement.name") == "cards"
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    assert page.locator(".card-choice input:checked").count() == 2
    shot(page, "play-keyboard-discard")
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-discard')"):
            break
    act(page, lambda: page.keyboard.press("Enter"))
    assert page.get_attribute("[data-awaiting]", "data-awaiting") in ("cut", "play", "go")


def test_a_move_made_while_the_wifi_is_down_is_sent_once_it_is_back(phone, shot, live_server):
    page = phone
    page.goto(f"{live_server.url}/play/")
    page.click("main form button[type=submit]")
    page.wait_for_selector("[data-awaiting=cut_for_deal]")
    page.context.set_offline(True)
    page.click(".play-action button[type=submit]")
    page.wait_for_selector("[data-offline]:not([hidden])")
    shot(page, "play-offline")
    assert PracticeGame.objects.get().moves == 0
    page.context.set_offline(False)
    page.wait_for_selector("[data-offline][hidden]", state="attached", timeout=20_000)
    page.wait_for_function("document.querySelector('input[name=move]').value !== '0'")
    assert PracticeGame.objects.get().moves == 1  # sent again, applied once


def test_a_laptop_shows_the_hand_without_scrolling(browser, live_server):
    """1366×768: the header does not push the hand below the screen."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-CA")
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{live_server.url}/play/")
        page.click("main form button[type=submit]")
        page.wait_for_selector("[data-awaiting]")
        for _ in range(40):
            awaiting = page.get_attribute("[data-awaiting]", "data-awaiting")
            if awaiting in ("play", "go"):
                break
            if awaiting == "discard":
                for box in page.locator(".card-choice .pcard").all()[:2]:
                    box.click()
                act(page, lambda: page.click("[data-discard]"))
            else:
                act(page, lambda: page.locator(".play-action button[type=submit]").first.click())
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS / "play-laptop-1366x768.png"))
        assert on_screen(page, ".play-action")
        assert on_screen(page, "[data-coaching]")
        assert on_screen(page, "[data-scores]")
    finally:
        context.close()


def test_a_laptop_header_stays_short_and_within_the_screen_for_an_organizer(
    browser, live_server, django_user_model
):
    """1366×768, logged in (two more menu links): the site menu may take two low lines, never a
    third, and never pushes the page wider than the screen."""
    django_user_model.objects.create_user(email="lise@club.ca", password="Quinze-Deux-9!")
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-CA")
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        for logged_in in (False, True):
            if logged_in:
                page.goto(f"{live_server.url}/accounts/login/")
                page.fill("input[name=username]", "lise@club.ca")
                page.fill("input[name=password]", "Quinze-Deux-9!")
                page.click("main form button[type=submit]")
            page.goto(f"{live_server.url}/play/")
            page.click("main form button[type=submit]")
            yes_if_asked(page)  # the second time, the first game is still in progress
            page.wait_for_selector("[data-awaiting]")
            header = page.evaluate("document.querySelector('header.site').offsetHeight")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 1366, (logged_in, width)
            assert header <= (80 if logged_in else 56), (logged_in, header)
    finally:
        context.close()
