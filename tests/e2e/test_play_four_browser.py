"""The four-handed FADOQ game in a real browser on a 390 x 844 phone: a whole game to 121
played by tapping (one card to the crib, coached), the four seats around the table with the
partner's cards played, one peg pair per team, screenshots in test-artifacts/, no horizontal
scroll."""

from __future__ import annotations

import pytest

from games.cards import parse_cards
from games.cribbage.discard import analyze_discards
from games.cribbage.record import replay
from games.models import PracticeGame

from .conftest import ARTIFACTS
from .test_play_browser import NO_SIDEWAYS, act

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The element is on the screen: inside the viewport and not under the sticky status bar.
ON_SCREEN = (
    "sel => { const r = document.querySelector(sel).getBoundingClientRect();"
    " const bar = document.querySelector('#play-area [data-status]');"
    " const top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;"
    " return r.top >= top - 1 && r.bottom <= window.innerHeight; }"
)


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-CA", has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


def discard_worst_then_best(page, coached: bool) -> None:
    cards = page.locator(".card-choice input").evaluate_all("bs => bs.map(b => b.value)")
    assert len(cards) == 5
    # The crib is the team's when the player or the partner deals.
    ours = page.locator(".seat-you .dealer-badge, .seat-partner .dealer-badge").count() > 0
    choices = analyze_discards(parse_cards(cards), dealer=ours, players=4).choices
    (card,) = choices[-1 if not coached else 0].discard
    button = page.locator("[data-discard]")
    assert button.is_disabled()  # waits for exactly one card
    page.click(f".card-choice:has(input[value='{card}']) .pcard")
    assert button.is_enabled()


def test_a_whole_four_handed_game_on_a_phone(phone, shot, live_server):
    page = phone
    page.goto(f"{live_server.url}/play/")
    page.check("input[name=players][value='4']")
    page.check("input[name=level][value=easy]")
    page.check("input[name=partner_level][value=easy]")
    assert page.is_checked("input[name=rules][value=FADOQ]")  # FADOQ rules by default
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "play4-home")
    page.click("main form button[type=submit]")
    page.wait_for_selector("[data-awaiting]")
    assert "à quatre, règles FADOQ" in page.inner_text("main")
    coached = partner_seen = shown = False
    for _ in range(500):
        awaiting = page.get_attribute("[data-awaiting]", "data-awaiting")
        if awaiting == "over":
            break
        if awaiting == "discard":
            assert page.locator("[data-seat]").count() == 4
            discard_worst_then_best(page, coached)
            if not coached:
                shot(page, "play4-discard")
            act(page, lambda: page.click("[data-discard]"))
            if not coached:
                coaching = page.locator("[data-coaching]")
                assert coaching.is_visible() and "poor" in coaching.get_attribute("class")
                shot(page, "play4-coaching")
                coached = True
        elif awaiting in ("play", "go"):
            in_series = page.locator(".series .by", has_text="Partenaire")
            # Measured with the verdict on a card that was not the best (the tallest the play
            # area gets), as the player's taps make such cards in every game.
            poor_verdict = page.locator("[data-play-coaching].poor").count()
            if not partner_seen and in_series.count() and poor_verdict:
                # The partner's cards played: in the series with its name, and on its seat.
                assert page.locator(".seat-partner [data-laid] .mini").count() >= 1
                assert page.locator(".board .peg").count() == 4  # one pair per team
                # What the phone shows without scrolling, measured before this turn's
                # full-page screenshot (the `shot` fixture puts the scroll back after one).
                # The card to lay is put on screen by the focus as the answer comes in: a
                # state waited for, with the page's usual timeout.
                if awaiting == "play":
                    page.wait_for_function(ON_SCREEN, arg=".card-button:not([disabled])")
                    assert page.locator(".seat-you.turn").count() == 1
                assert page.evaluate(ON_SCREEN, ".series")  # beside the hand, on screen
                assert page.evaluate(NO_SIDEWAYS)
                page.screenshot(path=str(ARTIFACTS / "play4-play-screen.png"))
                # The partner's cards on the count line: the team's colour (dashed) and the
                # word "Partenaire", never the opponents' red border.
                laid = page.locator(".series .laid[data-partner]").first
                assert "theirs" not in laid.get_attribute("class")
                assert laid.locator(".by").inner_text() == "Partenaire"
                style = laid.locator(".pcard").evaluate(
                    "c => [getComputedStyle(c).borderTopStyle, getComputedStyle(c).borderTopColor]"
                )
                red = page.locator(".series .laid.theirs .pcard, .seat.theirs").first.evaluate(
                    "c => getComputedStyle(c).borderTopColor"
                )
                assert style[0] == "dashed" and style[1] != red
                shot(page, "play4-play")
                partner_seen = True
            if awaiting == "play":
                act(page, lambda: page.locator(".card-button:not([disabled])").first.tap())
            else:
                act(page, lambda: page.locator(".play-action button[type=submit]").first.tap())
        else:
            if awaiting == "deal" and page.locator("[data-show]").count() and not shown:
                assert page.locator("[data-show]").count() >= 4  # four hands and the crib
                assert page.evaluate(NO_SIDEWAYS)
                shot(page, "play4-show")
                shown = True
            act(page, lambda: page.locator(".play-action button[type=submit]").first.tap())
    else:
        raise AssertionError("the game did not end")
    assert coached and partner_seen and shown
    assert page.locator("[data-result]").is_visible()
    heading = page.inner_text("#result-title")
    assert "Votre équipe gagne!" in heading or "Les adversaires gagnent." in heading
    assert "121" in page.inner_text(".score-line")
    assert page.locator(".board .peg").count() == 4
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "play4-result")
    final = replay(PracticeGame.objects.get().state["record"])
    assert final.rules.name == "FADOQ" and max(final.scores) == 121
