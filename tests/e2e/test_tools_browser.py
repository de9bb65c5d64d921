"""The public tools in a real browser (Chromium via Playwright) against a live server.

The pages are in French by default (the browser's locale is fr-CA): the assertions read
numbers, cards and the page structure, not the wording, so they hold in either language.
"""

from __future__ import annotations

import json
import re

import pytest

from games.crapette import Deal
from games.crapette.record import FORMAT

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_typed_hand_is_counted(page, shot, live_server):
    page.goto(f"{live_server.url}/tools/hand/")
    # French letters on the French page (C is cœur): 5♥ 5♣ 5♠ V♦ and the 5♦.
    page.fill("#id_cards", "5C 5T 5P VK 5K")
    page.click("main form button[type=submit]")
    assert page.locator("[data-total]").inner_text() == "29"
    shown = page.locator("#result h2 .playing-card").all_inner_texts()
    assert shown == ["5♥", "5♣", "5♠", "V♦", "5♦"]  # what was read, shown back the French way
    rows = page.locator("#result tbody tr")
    assert rows.count() == 15  # 8 fifteens, 6 pairs, nobs
    assert page.locator("[data-announce]").is_visible()
    shot(page, "tools-hand")
    # On a 360 px phone the points column is on screen, not cut off in a sideways box.
    page.set_viewport_size({"width": 360, "height": 740})
    box = page.locator("#result .scroll")
    assert box.evaluate("e => e.scrollWidth <= e.clientWidth"), box.evaluate(
        "e => [e.scrollWidth, e.clientWidth]"
    )
    assert page.locator("#result thead th.num").is_visible()


def test_cards_tapped_in_the_picker_fill_the_field(page, shot, live_server):
    page.goto(f"{live_server.url}/tools/hand/")
    picker = page.locator(".cards-picker")
    assert picker.is_visible()  # shown by tools.js
    for card in ("2S", "4H", "6D", "8C", "KS"):
        picker.locator(f"button[data-card='{card}']").click()
    # The cards as the buttons show them (R for roi), read the same in either language.
    assert page.input_value("#id_cards") == "2♠ 4♥ 6♦ 8♣ R♠"
    assert picker.locator("button[aria-pressed=true]").count() == 5
    picker.locator("button[data-card='AS']").click()  # a sixth card is refused
    assert page.input_value("#id_cards") == "2♠ 4♥ 6♦ 8♣ R♠"
    picker.locator("button[data-card='4H']").click()  # tapping again removes it
    assert page.input_value("#id_cards") == "2♠ 6♦ 8♣ R♠"
    page.fill("#id_cards", "2P 6K 8T RP 4C")  # typed French letters light the same buttons
    assert picker.locator("button[data-card='4H'][aria-pressed=true]").count() == 1
    page.click("main form button[type=submit]")
    # All pips even: nothing scores; the total says 0 before the "nineteen" custom.
    assert page.locator("[data-total]").inner_text() == "0"
    shot(page, "tools-hand-nineteen")


def test_a_bad_card_is_shown_in_place(page, live_server):
    page.goto(f"{live_server.url}/tools/hand/")
    page.fill("#id_cards", "5H 5T 5S ZZ 5D")
    page.click("main form button[type=submit]")
    error = page.locator(".error[role=alert]")
    assert "ZZ" in error.inner_text()
    assert page.input_value("#id_cards") == "5H 5T 5S ZZ 5D"


def test_a_discard_analysis_is_shown(page, shot, live_server):
    page.goto(f"{live_server.url}/tools/discard/")
    page.fill("#id_cards", "5H 5♣ 5S JD 4D 6D")
    page.check("input[name=role][value=dealer]")
    page.click("main form button[type=submit]")
    rows = page.locator("table.discard-choices tbody tr")
    assert rows.count() == 7  # 15 choices, those equal but for suits on one row
    best = rows.first
    assert best.locator("[data-same-but-suits]").inner_text() == (
        "ou la même avec d’autres couleurs (2 autres façons)"
    )
    # For the dealer, 5-5-4-6 kept and 5-J to the own crib is best (tests/games/cribbage/test_discard.py).
    keep = best.locator("[data-keep] .playing-card").all_inner_texts()
    assert keep == ["5♥", "5♣", "4♦", "6♦"]
    assert best.locator("svg.bars rect").count() >= 3
    net = best.locator("td.num strong").inner_text()
    assert re.fullmatch(r"22[.,]65", net)
    shot(page, "tools-discard")


def test_an_invalid_record_is_rejected_with_its_reason(page, shot, live_server):
    record = {"format": FORMAT, "version": 1, "deal": Deal.from_seed(5).as_dict(),
              "moves": ["T", "C>F"]}  # fmt: skip
    page.goto(f"{live_server.url}/tools/crapette/")
    page.fill("#id_record_text", json.dumps(record))
    page.click("main form button[type=submit]")
    assert page.locator("[data-verdict=invalid]").is_visible()
    reason = page.locator("[data-reason]").inner_text()
    assert "2" in reason and "C>F" in reason and "Valet de Carreau" in reason  # in French
    assert "crapette" in page.locator("[data-position]").inner_text()
    shot(page, "tools-crapette-invalid")
