"""The three-handed game in a real browser on a 390 x 844 phone: a whole game to 121 played by
tapping (one card to the crib, coached), the player and two opponents around the table (each
alone, each its own colour), one peg pair per player on the board, whose turn it is, whose crib
the coaching names; the same table on a 1366 x 768 laptop. Screenshots in test-artifacts/, no
horizontal scroll."""

from __future__ import annotations

import pytest

from games.cards import parse_cards
from games.cribbage.discard import analyze_discards
from games.cribbage.record import replay
from games.models import PracticeGame

from .conftest import ARTIFACTS
from .test_play_browser import NO_SIDEWAYS, act
from .test_play_four_browser import ON_SCREEN

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-CA", has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


def discard_worst_then_best(page, coached: bool) -> bool:
    """Choose the worst card first (coached as such), then the best; whether the player deals."""
    cards = page.locator(".card-choice input").evaluate_all("bs => bs.map(b => b.value)")
    assert len(cards) == 5
    mine = page.locator(".seat-you .dealer-badge").count() > 0  # the crib is the dealer's alone
    choices = analyze_discards(parse_cards(cards), dealer=mine, players=3).choices
    (card,) = choices[-1 if not coached else 0].discard
    button = page.locator("[data-discard]")
    assert button.is_disabled()  # waits for exactly one card
    page.click(f".card-choice:has(input[value='{card}']) .pcard")
    assert button.is_enabled()
    return mine


def test_a_whole_three_handed_game_on_a_phone(phone, shot, live_server, browser):
    page = phone
    page.goto(f"{live_server.url}/play/")
    page.check("input[name=players][value='3']")
    page.check("input[name=level][value=easy]")
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "play3-home")
    page.click("main form button[type=submit]")
    page.wait_for_selector("[data-awaiting]")
    assert "à trois" in page.inner_text(".play-meta")
    coached = both_seen = shown = False
    for _ in range(700):
        awaiting = page.get_attribute("[data-awaiting]", "data-awaiting")
        if awaiting == "over":
            break
        if awaiting == "discard":
            assert page.locator("[data-seat]").count() == 3
            assert page.locator("[data-seat=partner]").count() == 0
            mine = discard_worst_then_best(page, coached)
            if not coached:
                shot(page, "play3-discard")
            act(page, lambda: page.click("[data-discard]"))
            if not coached:
                coaching = page.locator("[data-coaching]")
                assert coaching.is_visible() and "poor" in coaching.get_attribute("class")
                text = coaching.inner_text()
                if not mine:  # the crib of the opponent who deals, named by where they sit
                    assert "Le crib est à l'adversaire à votre" in text
                assert "ordinateur" not in text
                shot(page, "play3-coaching")
                coached = True
        elif awaiting in ("play", "go"):
            left = page.locator(".series .by", has_text="Gauche").count()
            right = page.locator(".series .by", has_text="Droite").count()
            # Measured with the verdict on a card that was not the best (the tallest the play
            # area gets), as the player's taps make such cards in every game.
            poor_verdict = page.locator("[data-play-coaching].poor").count()
            if not both_seen and left and right and awaiting == "play" and poor_verdict:
                both_seen = the_play_on_screen(page, shot, browser)
                if not both_seen:
                    continue
            if awaiting == "play":
                act(page, lambda: page.locator(".card-button:not([disabled])").first.tap())
            else:
                act(page, lambda: page.locator(".play-action button[type=submit]").first.tap())
        else:
            if awaiting == "deal" and page.locator("[data-show]").count() and not shown:
                assert page.locator("[data-show]").count() >= 4  # three hands and the crib
                assert page.evaluate(NO_SIDEWAYS)
                shot(page, "play3-show")
                shown = True
            act(page, lambda: page.locator(".play-action button[type=submit]").first.tap())
    else:
        raise AssertionError("the game did not end")
    assert coached and both_seen and shown
    assert page.locator("[data-result]").is_visible()
    heading = page.inner_text("#result-title")
    assert heading.startswith(("Vous gagnez", "L'adversaire à votre gauche gagne.",
                               "L'adversaire à votre droite gagne."))  # fmt: skip
    assert "121" in page.inner_text(".score-line")
    assert page.locator(".board .peg").count() == 6
    assert page.locator(".stats thead th").count() == 4  # a column per player
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "play3-result")
    final = replay(PracticeGame.objects.get().state["record"])
    assert final.rules.name == "THREE_PLAYER" and max(final.scores) == 121


def the_play_on_screen(page, shot, browser) -> bool:
    """Both opponents have laid a card and the player is to lay one: the three seats, a peg
    pair per player, the cards laid, whose turn, on the phone's screen without scrolling (and
    the same table on a laptop)."""
    # Both opponents' cards in the series with their names, and on their seats.
    assert page.locator(".seat-left [data-laid] .mini").count() >= 1
    assert page.locator(".seat-right [data-laid] .mini").count() >= 1
    assert page.locator(".board .peg").count() == 6  # a peg pair per player
    assert page.locator(".score-line [data-score]").count() == 3
    assert page.evaluate(NO_SIDEWAYS)
    # What the phone shows without scrolling: the card to lay (focus scrolls it there, after the
    # coaching just after the discard: waited for as a state), the cards laid, the board, whose
    # turn; measured before the full-page screenshot (which moves an emulated phone's scroll).
    page.wait_for_function(ON_SCREEN, arg=".card-button:not([disabled])")
    # Your seat, the cards laid and the board fit on the screen together (where the page is
    # scrolled to depends on the coaching above them: measured as a span, not a position).
    span = page.evaluate(
        "() => document.querySelector('.board').getBoundingClientRect().bottom"
        " - document.querySelector('.seat-you').getBoundingClientRect().top"
    )
    page.screenshot(path=str(ARTIFACTS / "play3-play-screen.png"))
    assert 0 < span <= page.viewport_size["height"], span
    assert page.locator(".seat-you.turn").count() == 1
    assert "à vous" in page.inner_text(".seat-you")
    shot(page, "play3-play")
    laptop(browser, page.url)
    return True


def laptop(browser, url: str) -> None:
    """The same game on a 1366 x 768 laptop: the seats, the count and the hand on screen."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-CA")
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_selector("[data-awaiting]")
        page.screenshot(path=str(ARTIFACTS / "play3-laptop.png"))
        assert page.evaluate(NO_SIDEWAYS)
        for selector in ("[data-seats]", ".play-action .hand"):
            assert page.evaluate(ON_SCREEN, selector), selector
    finally:
        context.close()
