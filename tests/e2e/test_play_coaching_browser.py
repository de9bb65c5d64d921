"""The coaching of the play in a real browser, on a 360 x 740 phone in French: a whole 61-point
game against easy and a whole four-handed FADOQ game against easy (play coaching on by
default), every card laid by tapping it; after each one the verdict on the page is checked
against the engine's own computation from the player's view before the card, is on the screen
below the sticky status bar, and says a cost above 0 whenever the card was not the best; the
end lists the worst three plays. Screenshots in test-artifacts/."""

from __future__ import annotations

import re

import pytest

from games.cards import parse_cards
from games.cribbage.computer import view_of
from games.cribbage.play_coaching_seats import coach_view
from games.models import PracticeGame
from games.play.cribbage.display import precision, rounded
from games.play.cribbage.table import HUMAN, Table
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_play_browser import NO_SIDEWAYS, act

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def small_phone(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, locale="fr-CA", has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


def engines_advice(card: str):
    """What the engine says of laying ``card`` now, from the player's view (the stored game):
    two-handed against the one opponent, three- and four-handed over the other seats' cards."""
    table = Table.from_state(PracticeGame.objects.get().state)
    view = view_of(table.game, HUMAN)
    return coach_view(view, parse_cards(card)[0])


VERDICT_PLACE = """() => {
  const v = document.querySelector('[data-play-coaching]');
  const bar = document.querySelector('#play-area [data-status]');
  if (!v) return 'no verdict';
  const r = v.getBoundingClientRect(), b = bar.getBoundingClientRect();
  if (r.top < b.bottom - 1) return `the verdict's top (${Math.round(r.top)} px) is under the `
    + `status bar (bottom ${Math.round(b.bottom)} px)`;
  if (r.top > window.innerHeight - 20) return `the verdict is below the screen (${Math.round(r.top)} px)`;
  return '';
}"""


def test_whole_games_with_play_coaching_on_a_small_french_phone(small_phone, shot, live_server):
    page = small_phone
    page.goto(f"{live_server.url}/play/")
    page.check("input[name=level][value=easy]")
    page.check("input[name=target][value='61']")
    page.check("input[name=players][value='2']")
    assert not page.locator("[data-four-handed]").is_visible()  # « À deux »: no four-handed options
    shot(page, "play-coaching-home-360")
    page.click("main form button[type=submit]")
    page.wait_for_selector("[data-awaiting]")
    plays = poor = 0
    for _ in range(400):
        awaiting = page.get_attribute("[data-awaiting]", "data-awaiting")
        if awaiting == "over":
            break
        if awaiting == "discard":
            for card in page.locator(".card-choice input").evaluate_all(
                "bs => bs.map(b => b.value)"
            )[:2]:
                page.click(f".card-choice:has(input[value='{card}']) .pcard")
            act(page, lambda: page.click("[data-discard]"))
            continue
        if awaiting != "play":
            act(page, lambda: page.locator(".play-action button[type=submit]").first.tap())
            continue
        buttons = page.locator(".card-button:not([disabled])")
        # The first card that fits, or the last one every other time: some plays are poor.
        pick = buttons.first if plays % 2 == 0 else buttons.last
        card = pick.get_attribute("value")
        expected = engines_advice(card)
        act(page, lambda p=pick: p.tap())
        plays += 1
        if page.locator("[data-result]").count():
            break  # the card won the game
        if check_verdict(page, card, expected):
            poor += 1
            if poor == 1:
                shot(page, "play-coaching-poor-card-360")
    else:
        raise AssertionError("the game did not end")
    assert plays >= 8 and poor >= 1
    page.wait_for_selector("[data-result]")
    assert page.evaluate(NO_SIDEWAYS)
    summary = page.locator("[data-play-summary]")
    assert summary.count() == 1 and "Meilleure carte" in summary.inner_text()
    stored = PracticeGame.objects.get().state["plays"]
    worst = sorted((a for a in stored if not a["is_best"]), key=lambda a: -a["loss"])[:3]
    cards = page.locator("[data-worst-plays] dd[data-card]").evaluate_all(
        "ds => ds.map(d => d.dataset.card)"
    )
    assert cards == [a["card"] for a in worst]
    page.locator("[data-worst-plays]").scroll_into_view_if_needed()
    shot(page, "play-coaching-summary-360")


DISCARD_VERDICT_PLACE = VERDICT_PLACE.replace("[data-play-coaching]", "[data-coaching]")


def test_the_discard_verdict_stays_below_the_status_bar_through_the_play(small_phone, live_server):
    """Play not coached (standard): the discard's verdict, shown during the whole play, never
    slides under the sticky status bar however many cards are laid."""
    page = small_phone
    page.goto(f"{live_server.url}/play/")
    page.check("input[name=level][value=standard]")
    page.check("input[name=players][value='2']")
    page.click("main form button[type=submit]")
    page.wait_for_selector("[data-awaiting]")
    plays = 0
    for _ in range(60):
        awaiting = page.get_attribute("[data-awaiting]", "data-awaiting")
        if awaiting == "discard":
            for card in page.locator(".card-choice input").evaluate_all(
                "bs => bs.map(b => b.value)"
            )[:2]:
                page.click(f".card-choice:has(input[value='{card}']) .pcard")
            act(page, lambda: page.click("[data-discard]"))
        elif awaiting == "play":
            act(page, lambda: page.locator(".card-button:not([disabled])").first.tap())
            plays += 1
            assert not page.locator("[data-play-coaching]").count()
            # Asked for the next card (a go leaves less room: the button wins there).
            next_step = page.get_attribute("[data-awaiting]", "data-awaiting")
            if page.locator("[data-coaching]").count() and next_step == "play":
                fault = page.evaluate(DISCARD_VERDICT_PLACE)
                if fault:
                    page.screenshot(path=str(ARTIFACTS / "discard-verdict-fault-360.png"))
                assert fault == ""
        elif plays >= 4:
            break
        else:
            act(page, lambda: page.locator(".play-action button[type=submit]").first.tap())
    assert plays >= 4


def check_verdict(page, card: str, expected) -> bool:
    """The verdict of ``card`` on the page against the engine's ``expected``: True when the
    card was not the best (its cost then shown above 0, as the exact cost rounds)."""
    verdict = page.locator("[data-play-coaching]")
    assert verdict.get_attribute("data-card") == card
    assert verdict.get_attribute("data-best-card") == str(expected.best_card)
    assert verdict.get_attribute("data-is-best") == ("1" if expected.is_best else "0")
    fault = page.evaluate(VERDICT_PLACE)
    if fault:
        page.screenshot(path=str(ARTIFACTS / "play-coaching-fault-360.png"))
    assert fault == ""
    text = verdict.inner_text().replace("\xa0", " ")  # « Mieux : » holds its colon
    if expected.is_best:
        assert "Pas la meilleure carte" not in text
        return False
    assert "Pas la meilleure carte." in text and "Mieux : poser" in text
    shown = re.search(r"Votre carte coûte ([-\d,]+)", text).group(1)
    best, mine = float(expected.best), float(expected.expected)
    assert shown == str(rounded(best - mine, precision(best, mine))).replace(".", ",")
    assert shown.strip("0,") != ""
    return True


def test_a_whole_four_handed_game_with_play_coaching_on_a_small_french_phone(
    small_phone, shot, live_server
):
    page = small_phone
    page.goto(f"{live_server.url}/play/")
    page.check("input[name=players][value='4']")
    page.check("input[name=level][value=easy]")
    page.check("input[name=partner_level][value=easy]")
    page.click("main form button[type=submit]")
    page.wait_for_selector("[data-awaiting]")
    plays = poor = 0
    for _ in range(600):
        awaiting = page.get_attribute("[data-awaiting]", "data-awaiting")
        if awaiting == "over":
            break
        if awaiting == "discard":
            card = page.locator(".card-choice input").first.get_attribute("value")
            page.click(f".card-choice:has(input[value='{card}']) .pcard")
            act(page, lambda: page.click("[data-discard]"))
            continue
        if awaiting != "play":
            act(page, lambda: page.locator(".play-action button[type=submit]").first.tap())
            continue
        buttons = page.locator(".card-button:not([disabled])")
        pick = buttons.first if plays % 2 == 0 else buttons.last
        card = pick.get_attribute("value")
        expected = engines_advice(card)
        act(page, lambda p=pick: p.tap())
        plays += 1
        if page.locator("[data-result]").count():
            break  # the card won the game
        if check_verdict(page, card, expected):
            poor += 1
            if poor == 1:
                page.locator("[data-play-coaching] details summary").click()
                how = page.locator("[data-play-coaching] details").inner_text()
                assert "votre équipe moins ceux de l'équipe adverse" in how
                shot(page, "play-coaching-four-poor-card-360")
    else:
        raise AssertionError("the game did not end")
    assert plays >= 15 and poor >= 1
    page.wait_for_selector("[data-result]")
    assert page.evaluate(NO_SIDEWAYS)
    summary = page.locator("[data-play-summary]")
    assert summary.count() == 1 and "Meilleure carte" in summary.inner_text()
    stored = PracticeGame.objects.get().state["plays"]
    assert len(stored) == plays and all(a["players"] == 4 for a in stored)
    worst = sorted((a for a in stored if not a["is_best"]), key=lambda a: -a["loss"])[:3]
    cards = page.locator("[data-worst-plays] dd[data-card]").evaluate_all(
        "ds => ds.map(d => d.dataset.card)"
    )
    assert cards == [a["card"] for a in worst]
    page.locator("[data-worst-plays]").scroll_into_view_if_needed()
    shot(page, "play-coaching-four-summary-360")
