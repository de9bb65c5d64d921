"""The practice table on the smallest phones, measured after every action: whole two-, three-
and four-handed cribbage games and the end of a Crapette game at 360 x 740, the status bar
(scores, whose turn, the count, the latest news) always inside the screen and no sideways
scroll (``act`` measures it after each tap; the whole-game tests of test_play_browser,
test_play_three_browser and test_play_four_browser measure the same at 390 x 844). Also: the
"thinking" sign and the lost connection shown in the status bar, the winner and the final
board at the top at the end, the player's cards while cutting, the record link of a finished
Crapette game without a reload. French pages; screenshots in test-artifacts/.

Kept short for CI: the two-handed game is one of 61 points, the Crapette game starts a few
dozen moves before its end.
"""

from __future__ import annotations

from collections import deque

import pytest

from games.crapette import Computer, Level, Player
from games.models import PracticeGame
from games.play.crapette.table import CrapetteTable

from .conftest import ARTIFACTS
from .test_play_browser import act, status_fault
from .test_play_four_browser import ON_SCREEN

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}
# The element's top is on the screen, just under the status bar: what the eye meets first.
AT_THE_TOP = (
    "sel => { const r = document.querySelector(sel).getBoundingClientRect();"
    " const bar = document.querySelector('#play-area [data-status]').getBoundingClientRect();"
    " return r.top >= bar.bottom - 1 && r.top < window.innerHeight / 2; }"
)


def inside_the_screen(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def phone_page(browser, size):
    context = browser.new_context(viewport=size, locale="fr-CA", has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def start_cribbage(page, url: str, players: int, target: int = 121) -> None:
    page.goto(f"{url}/play/?new=1")
    page.check(f"input[name=players][value='{players}']")
    page.check("input[name=level][value=easy]")
    page.check(f"input[name=target][value='{target}']")
    page.click("main form button[type=submit]")
    page.wait_for_selector("[data-awaiting]")
    assert status_fault(page) == ""


def play_cribbage_to_the_end(page, name: str) -> set[str]:
    """Tap through a whole game (the first cards to the crib, the first card that may be laid);
    ``act`` measures the status bar and the width after each tap. The states met."""
    seen: set[str] = set()
    for _ in range(900):
        awaiting = page.get_attribute("[data-awaiting]", "data-awaiting")
        if awaiting == "over":
            return seen
        if awaiting not in seen:
            page.screenshot(path=str(ARTIFACTS / f"{name}-{awaiting}.png"))
            seen.add(awaiting)
        if awaiting == "discard":
            for card in range(int(page.get_attribute("[data-discard]", "data-discard"))):
                page.locator(".card-choice .pcard").nth(card).click()
            act(page, lambda: page.click("[data-discard]"))
        elif awaiting == "play":
            # The card to lay is on the screen, not under the status bar.
            page.wait_for_function(ON_SCREEN, arg=".card-button:not([disabled])")
            act(page, lambda: page.locator(".card-button:not([disabled])").first.tap())
        else:
            if awaiting == "cut":
                # Asked to cut: the player still sees the four cards kept.
                assert page.locator("[data-kept] .pcard").count() == 4
                assert inside_the_screen(page, "[data-kept]")
            act(page, lambda: page.locator(".play-action button[type=submit]").first.tap())
    raise AssertionError("the game did not end")


def the_end_at_the_top(page, name: str) -> None:
    """The winner and the final board at the top of the screen, the winner in the status bar."""
    assert page.evaluate(AT_THE_TOP, "[data-result]")
    assert page.evaluate(ON_SCREEN, "[data-result] .board")
    winner = page.inner_text("[data-status] [data-turn-text]")
    assert winner and page.inner_text("#result-title").startswith(winner)  # then a skunk, if any
    assert status_fault(page) == ""
    page.screenshot(path=str(ARTIFACTS / f"{name}-over.png"))


@pytest.mark.parametrize(("players", "target"), [(2, 61), (3, 121), (4, 121)])
def test_a_whole_game_on_a_360_phone_keeps_the_status_bar_on_screen(
    browser, live_server, players, target
):
    page = phone_page(browser, SMALL)
    name = f"status{players}-360"
    start_cribbage(page, live_server.url, players, target)
    seen = play_cribbage_to_the_end(page, name)
    assert {"discard", "play", "deal"} <= seen
    the_end_at_the_top(page, name)


def test_the_thinking_sign_and_the_lost_connection_show_in_the_status_bar(browser, live_server):
    page = phone_page(browser, PHONE)
    start_cribbage(page, live_server.url, 2, 61)
    # A slow answer (the network is made to take 1.5 s): the sign shows, then goes with it.
    page.evaluate(
        "() => { const f = window.fetch; window.fetch = (...a) =>"
        " new Promise(r => setTimeout(() => r(f(...a)), 1500)); }"
    )
    before = page.get_attribute("input[name=move]", "value")
    page.locator(".play-action button[type=submit]").first.tap()
    page.wait_for_selector("[data-status] [data-thinking]:not([hidden])")
    assert inside_the_screen(page, "[data-thinking]")
    assert page.inner_text("[data-thinking]") == "L'ordinateur réfléchit…"
    page.screenshot(path=str(ARTIFACTS / "status-thinking.png"))
    page.wait_for_function(
        "m => document.querySelector('input[name=move]').value !== m", arg=before
    )
    assert page.locator("[data-thinking]:not([hidden])").count() == 0
    # The Wi-Fi lost: said in the status bar, on screen (not in the page's header above).
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.context.set_offline(True)
    page.locator(".play-action button[type=submit]").first.tap()  # deal (or cut again)
    page.wait_for_selector("[data-status] [data-offline]:not([hidden])")
    assert "Connexion perdue" in page.inner_text("[data-status] [data-offline]")
    assert status_fault(page) == ""
    page.screenshot(path=str(ARTIFACTS / "status-offline.png"))
    page.context.set_offline(False)
    page.wait_for_selector("[data-offline][hidden]", state="attached")


# --- Crapette ----------------------------------------------------------------------------------

ME = Computer(Player.A, Level.STANDARD)


def player_move(table: CrapetteTable) -> tuple[str, str]:
    """The player's move as the page's buttons say it: (source, target) or ("", action)."""
    move = ME.choose(table.state)
    if move.kind.value == "transfer":
        return move.source, move.target
    return "", {"T": "turn", "R": "recycle", "P": "pass"}[str(move)]


def step(table: CrapetteTable) -> None:
    if not table.players_turn:
        table.act("step")
        return
    source, target = player_move(table)
    if source:
        table.act("move", source, target)
    else:
        table.act(target)


def near_the_end(seed: int, left: int) -> CrapetteTable:
    """A Crapette game ``left`` actions before its end (played by the engine on both sides)."""
    table = CrapetteTable.new("standard", "always", seed=seed)
    states: deque[dict] = deque(maxlen=left)
    while not table.is_over:
        states.append(table.to_state())
        step(table)
    return CrapetteTable.from_state(states[0])


def test_the_end_of_a_crapette_game_on_a_360_phone(browser, live_server):
    table = near_the_end(seed=7, left=40)
    game = PracticeGame.objects.create(kind="crapette", level="standard",
                                       state=table.to_state(), options={})  # fmt: skip
    page = phone_page(browser, SMALL)
    # The computer's moves one tap at a time ("Next move"), so each one is measured.
    page.add_init_script("localStorage.setItem('huche.crapette.pace', 'step')")
    page.goto(f"{live_server.url}/play/crapette/{game.pk}/")
    assert status_fault(page) == ""
    shots = 0
    for _ in range(400):
        game.refresh_from_db()
        table = CrapetteTable.from_state(game.state)
        if table.is_over:
            break
        if not table.players_turn:
            act(page, lambda: page.locator("[data-step]").tap())
        else:
            source, target = player_move(table)
            if source:
                page.locator(f"#play-area [data-source='{source}']").first.tap()
                place = page.locator(f"#play-area [data-target='{target}']:not([disabled])")
                act(page, lambda place=place: place.first.tap())
            else:
                act(page, lambda target=target: page.locator(
                    f"#play-area button[value='{target}']").first.tap())  # fmt: skip
        if shots < 3 and page.locator("[data-last]").count():
            page.screenshot(path=str(ARTIFACTS / f"status-crapette-360-{shots}.png"))
            shots += 1
    else:
        raise AssertionError("the Crapette game did not end")
    # The end: the score and the record's link at once, without a reload.
    assert page.locator("[data-score]").is_visible()
    assert page.locator("#play-area [data-record]").is_visible()
    assert status_fault(page) == ""
    page.screenshot(path=str(ARTIFACTS / "status-crapette-360-over.png"))
    with page.expect_download() as download:
        page.click("#play-area [data-record]")
    assert download.value.suggested_filename == f"crapette-{game.pk}.json"


def test_a_crapette_call_is_explained_in_the_status_bar_on_a_390_phone(browser, live_server):
    """Spot check at 390 x 844: the computer's "Crapette !" on the player, with the reason, in
    the status bar on screen."""
    from .test_crapette_browser import opening

    table, _bad, forget = opening()
    game = PracticeGame.objects.create(kind="crapette", level="standard",
                                       state=table.to_state(), options={})  # fmt: skip
    page = phone_page(browser, PHONE)
    page.add_init_script("localStorage.setItem('huche.crapette.pace', 'step')")
    page.goto(f"{live_server.url}/play/crapette/{game.pk}/")
    assert status_fault(page) == ""
    page.locator(f"#play-area [data-source='{forget[0]}']").tap()
    act(page, lambda: page.locator(f"#play-area [data-target='{forget[1]}']").first.tap())
    call = page.locator(".cr-status [data-call]")
    assert "Crapette\u202f!" in call.inner_text()  # a non-breaking space before « ! »
    assert inside_the_screen(page, ".cr-status [data-call]")
    page.screenshot(path=str(ARTIFACTS / "status-crapette-390-call.png"))
