"""Crapette against the computer in a real browser (Chromium via Playwright), on a 390×844
phone (tap-tap) and on a desktop (drag and drop, then the keyboard): the opening of a game, an illegal move
refused with the engine's reason, a forgotten mandatory move called by the computer
("Crapette !" with the missed move), the computer's turn played card by card, resume after a
reload; no horizontal scroll on the phone. French (the browser's locale is fr-CA).
"""

from __future__ import annotations

import pytest

from games.models import PracticeGame
from games.play.crapette.table import CrapetteTable
from tests.e2e.conftest import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def opening() -> tuple[CrapetteTable, tuple[str, str], tuple[str, str]]:
    """A deal where the player moves first with (a) a case card that does not fit on another
    case and (b) a foundation move available beside an optional move (to forget the first)."""
    for seed in range(300):
        table = CrapetteTable.new("standard", "always", seed=seed)
        state = table.state
        if not table.players_turn or not state.foundation_moves():
            continue
        forget = next((m for m in state.legal_moves() if m.kind.value == "transfer"
                       and not m.is_foundation and not m.ends_turn), None)  # fmt: skip
        cases = state.cases
        bad = next(((str(i + 1), str(j + 1)) for i in range(8) for j in range(8)
                    if i != j and cases[i] and cases[j]
                    and cases[j][-1].rank != cases[i][-1].rank + 1), None)  # fmt: skip
        if forget is not None and bad is not None:
            return table, bad, (forget.source, forget.target)
    raise AssertionError("no such opening in 300 deals")


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_opening_of_a_game(browser, shot, live_server, device):
    table, bad, forget = opening()
    game = PracticeGame.objects.create(kind="crapette", level="standard",
                                       state=table.to_state(), options={})  # fmt: skip
    context = browser.new_context(viewport=PHONE if device == "phone" else DESKTOP,
                                  locale="fr-CA", has_touch=device == "phone")  # fmt: skip
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{live_server.url}/play/crapette/{game.pk}/")
        assert page.locator(".cr-case").count() == 8
        assert page.locator(".cr-foundation").count() == 8
        assert page.locator("[data-turn=player]").is_visible()
        if device == "phone":
            assert no_horizontal_scroll(page)
            small = page.evaluate(
                "[...document.querySelectorAll('#play-area button')]"
                ".filter(b => b.offsetParent && (b.offsetWidth < 44 || b.offsetHeight < 44))"
                ".map(b => b.outerHTML.slice(0, 80))"
            )
            assert small == []
        shot(page, f"crapette-{device}-opening")

        def move(source: str, target: str, keyboard: bool = False) -> None:
            card = page.locator(f"#play-area button[data-source='{source}']")
            place = page.locator(f"#play-area button[data-target='{target}']").first
            if keyboard:  # Tab to a card, Enter; to its place, Enter
                card.focus()
                page.keyboard.press("Enter")
                assert card.get_attribute("aria-pressed") == "true"
                place.focus()
                page.keyboard.press("Enter")
            elif device == "phone":
                card.tap()
                assert "selected" in card.get_attribute("class")
                place.tap()
            else:
                card.drag_to(place)

        # An illegal move: refused with the engine's reason, in words.
        move(*bad)
        error = page.locator("[data-error]")
        error.wait_for()
        assert "ne peut pas aller sur" in error.inner_text()
        assert f"case {bad[1]}" in error.inner_text()
        assert page.locator("[data-turn=player]").is_visible()
        shot(page, f"crapette-{device}-illegal-move")

        # A mandatory move forgotten: the computer calls it and names the missed move.
        missed_source, missed_card = table.state.first_foundation_card()
        move(*forget, keyboard=device == "desktop")
        call = page.locator("[data-call]")
        call.wait_for()
        assert "Crapette\u202f!" in call.inner_text()  # a non-breaking space before « ! »
        assert "devait d'abord aller sur une pile centrale" in call.inner_text()
        if device == "phone":
            assert no_horizontal_scroll(page)
        shot(page, f"crapette-{device}-crapette-call")

        # The computer plays its turn card by card (the page steps it on a timer).
        page.locator("[data-recent]").wait_for(timeout=30_000)
        assert page.locator("[data-call-button]").count() in (0, 1)
        shot(page, f"crapette-{device}-computer-turn")

        # Resume after a reload: the same game, the same position.
        game.refresh_from_db()
        moves_before = game.moves
        page.reload()
        assert page.locator(".cr-case").count() == 8
        game.refresh_from_db()
        assert game.moves >= moves_before
        assert page.locator("input[name=move]").get_attribute("value") == str(game.moves) or (
            game.moves > moves_before
        )  # the timer may step once more after the reload
    finally:
        context.close()


def computer_misses_first() -> CrapetteTable:
    """A deal the computer (easy) opens, missing a mandatory move while its turn goes on."""
    for seed in range(300):
        table = CrapetteTable.new("easy", "always", seed=seed)
        if table.players_turn:
            continue
        probe = CrapetteTable.from_state(table.to_state())
        probe.act("step")
        if probe.computer_fault is not None and not probe.players_turn:
            return table
    raise AssertionError("no such deal in 300 seeds")


def page_top(page, selector: str) -> float:
    """Where the element starts on the page (not on the screen: the page may have scrolled)."""
    return page.evaluate(
        f"document.querySelector('{selector}').getBoundingClientRect().top + window.scrollY"
    )


def on_screen(page, selector: str) -> bool:
    """The element is inside the viewport (not below the bottom of the phone's screen)."""
    box = page.locator(selector).bounding_box()
    view = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]


@pytest.mark.parametrize("pace", ["step", "normal"])
def test_the_player_calls_crapette_on_the_computers_missed_move_on_a_phone(
    browser, live_server, pace
):
    table = computer_misses_first()
    game = PracticeGame.objects.create(kind="crapette", level="easy",
                                       state=table.to_state(), options={})  # fmt: skip
    context = browser.new_context(viewport=PHONE, locale="fr-CA", has_touch=True)
    context.add_init_script(f"window.localStorage.setItem('huche.crapette.pace', '{pace}')")
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{live_server.url}/play/crapette/{game.pk}/")
        table_top = page_top(page, ".cr-table")
        # Why the computer starts, in words; the pace chosen is the one shown.
        assert "L'ordinateur commence" in page.locator("[data-starter]").inner_text()
        assert page.locator("[data-pace]").input_value() == pace
        if pace == "step":
            # Step by step: nothing moves until the player taps "next move".
            assert not page.locator("[data-recent]").count()
            page.locator("[data-step]").tap()
        # The computer's first move skips a card that had to go on a foundation: the page
        # leaves time to call it, with the button on the screen.
        page.locator("form[data-fault]").wait_for()
        assert page_top(page, ".cr-table") == table_top  # the computer's move pushed nothing
        assert on_screen(page, "[data-call-button]")
        assert no_horizontal_scroll(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"crapette-phone-{pace}-computer-missed.png"))
        page.locator("[data-call-button]").tap()
        call = page.locator("[data-call].mine")
        call.wait_for()
        assert "Vous avez crié «\u00a0Crapette\u202f!\u00a0»" in call.inner_text()
        assert "devait d'abord aller sur une pile centrale" in call.inner_text()
        assert page.locator("[data-turn=player]").is_visible()
        page.screenshot(path=str(ARTIFACTS / f"crapette-phone-{pace}-player-called.png"))
        game.refresh_from_db()
        assert game.state["log"][-1] == {"who": "player", "call": True,
                                         **table_after_first_step(table)}  # fmt: skip
    finally:
        context.close()


def table_after_first_step(table: CrapetteTable) -> dict:
    probe = CrapetteTable.from_state(table.to_state())
    probe.act("step")
    return probe.computer_fault or {}


def test_a_laptop_shows_the_whole_table_and_the_call_button(browser, live_server):
    table = computer_misses_first()
    game = PracticeGame.objects.create(kind="crapette", level="easy",
                                       state=table.to_state(), options={})  # fmt: skip
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="fr-CA")
    context.add_init_script("window.localStorage.setItem('huche.crapette.pace', 'step')")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/play/crapette/{game.pk}/")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "crapette-laptop-computer-turn.png"))
        # Both sides of the table, the log and "Crapette !" on a 1366×768 screen, no scrolling;
        # the table uses the width (not phone-sized in a corner).
        assert on_screen(page, ".cr-side.mine")
        assert on_screen(page, ".cr-side.theirs")
        assert on_screen(page, "[data-call-button]")
        assert on_screen(page, "[data-log]")
        assert page.locator(".cr-table").bounding_box()["width"] > 800
    finally:
        context.close()


def test_a_double_tap_keeps_the_card_chosen_and_a_later_tap_says_it_is_put_back(
    browser, live_server
):
    table, _bad, forget = opening()
    game = PracticeGame.objects.create(kind="crapette", level="standard",
                                       state=table.to_state(), options={})  # fmt: skip
    context = browser.new_context(viewport=PHONE, locale="fr-CA", has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/play/crapette/{game.pk}/")
        card = page.locator(f"#play-area button[data-source='{forget[0]}']")
        card.dblclick()  # two taps in a row: the card stays chosen
        assert card.get_attribute("aria-pressed") == "true"
        assert "Carte choisie" in page.locator("[data-selected]").inner_text()
        page.wait_for_timeout(800)  # a second, separate tap puts it back, and says so
        card.tap()
        assert card.get_attribute("aria-pressed") == "false"
        assert "Plus aucune carte choisie" in page.locator("[data-selected]").inner_text()
    finally:
        context.close()
