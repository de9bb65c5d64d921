"""A captain on a phone: link, PIN, a hand-by-hand sheet with one impossible count, the error
shown in place, the fix, and the officials' desk showing the game as reported."""

from __future__ import annotations

import pytest

from tests.builders.sheets import DEALS
from tests.conftest import link_of
from tournaments.results.receipts import receipt_number
from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def fill_sheet(page, deals, *, us: str):
    """Type the sheet as the captain of side ``us`` would (dealer is 'us' or 'them')."""
    them = "b" if us == "a" else "a"
    for n, deal in enumerate(deals, start=1):
        side = "us" if deal["dealer"] == us else "them"
        page.check(f"input[name='d{n}-dealer'][value='{side}']")
        if deal["heels"]:
            page.check(f"input[name='d{n}-heels']")
        page.fill(f"#d{n}-peg_us", str(deal["pegging"][us]))
        page.fill(f"#d{n}-peg_them", str(deal["pegging"][them]))
        for i, count in enumerate(deal["hands"], start=1):
            page.fill(f"#d{n}-h{i}", str(count))
        if deal.get("crib") is not None:
            page.fill(f"#d{n}-crib", str(deal["crib"]))


def test_captain_reports_a_sheet_and_the_desk_sees_it(
    live_server, page, shot, event, organizer, official
):
    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.filter(team_b__isnull=False).order_by("table").first()
    team = game.team_a
    link = link_of(team)

    page.goto(f"{live_server.url}/c/{link.token}/")
    page.fill("#id_pin", "000000" if link.pin != "000000" else "111111")
    page.click("main button[type=submit]")
    page.wait_for_selector("[role=alert]")  # wrong PIN: said in place
    page.fill("#id_pin", link.pin)
    page.click("main button[type=submit]")
    page.locator(f"a[href$='/games/{game.pk}/']").click()
    page.wait_for_selector("#final-form")
    page.locator("a[href='?mode=sheet']").click()
    page.wait_for_selector("#sheet-form")
    shot(page, "captain-sheet-empty")

    deals = [dict(d, hands=list(d["hands"])) for d in DEALS]
    deals[2]["hands"][1] = 19  # an impossible count
    fill_sheet(page, deals, us="a")
    page.click("#sheet-form button[type=submit]")
    page.wait_for_selector("#form-error")
    error = page.locator("#form-error")
    assert "19" in error.inner_text()
    assert page.locator("#d3-h2[aria-invalid=true]").count() == 1
    shot(page, "captain-sheet-error")

    page.fill("#d3-h2", "12")
    page.click("#sheet-form button[type=submit]")
    # The receipt, in place: the score, when the desk got it, its number, what comes next.
    receipt = page.locator("[data-send-status] [data-receipt]")
    receipt.wait_for()
    assert game.reports.count() == 1
    report = game.reports.get()
    assert (report.score_a, report.score_b) == (121, 85)
    assert "121 – 85" in receipt.inner_text()
    assert receipt.locator("[data-receipt-number]").inner_text() == receipt_number(report)
    shot(page, "captain-sheet-receipt")
    page.locator("[data-send-status] a.button").click()
    page.wait_for_url(f"**/c/{link.token}/")
    home_receipt = page.locator(f".captain-game[data-game='{game.pk}'] [data-receipt-number]")
    assert home_receipt.inner_text() == receipt_number(report)
    shot(page, "captain-home-reported")

    page.context.clear_cookies()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", official.email)
    page.fill("#id_password", "pw-official-1")
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/organize/{event.slug}/desk/")
    row = page.locator(f"#desk tr[data-table='{game.table}'] .status-reported")
    assert row.count() == 1
    shot(page, "officials-desk-reported")
    # The official finds the captain's receipt number beside that version.
    page.goto(f"{live_server.url}/organize/{event.slug}/desk/games/{game.pk}/")
    assert page.locator("[data-receipt-number]").inner_text() == receipt_number(report)
    # A table with no report yet: « En attente de déclaration » in large type wraps on the
    # phone, never past its edge.
    waiting = round_.games.filter(team_b__isnull=False, status="waiting").first()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/organize/{event.slug}/desk/games/{waiting.pk}/")
    badge = page.locator("main p.big .status")
    assert badge.inner_text() == "En attente de déclaration"
    box = badge.bounding_box()
    assert box and box["x"] + box["width"] <= page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_long_team_names_of_the_dealer_choice_are_read_whole_on_a_phone(
    live_server, browser, shot, event, organizer
):
    """Issue 34, point 17: the dealer's drop-down cut long team names at 390 px; the choice is
    now two radio buttons whose labels wrap."""
    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.filter(team_b__isnull=False).order_by("table").first()
    long_name = "Les Valets de cœur du Club de l'Âge d'Or de Saint-Honoré-de-Chicoutimi"
    game.team_b.name = long_name
    game.team_b.save(update_fields=["name"])
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-CA")
    page = context.new_page()
    link = link_of(game.team_a)
    page.goto(f"{live_server.url}/c/{link.token}/")
    page.fill("#id_pin", link.pin)
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/c/{link.token}/games/{game.pk}/?mode=sheet")
    choice = page.locator("input[name='d1-dealer'][value='them']").locator("xpath=..")
    assert choice.inner_text().strip() == long_name  # the whole name, not cut
    box = choice.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.check("input[name='d1-dealer'][value='them']")
    shot(page, "captain-sheet-long-dealer-name")
    context.close()


def test_an_old_refusal_is_not_left_beside_new_figures(live_server, page, event, organizer):
    """The server refused 100 – 90 (no side at 121); the captain then types "abc", which the
    browser itself refuses before sending: the old reason is no longer shown beside it."""
    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.filter(team_b__isnull=False).order_by("table").first()
    link = link_of(game.team_a)
    page.goto(f"{live_server.url}/c/{link.token}/")
    page.fill("#id_pin", link.pin)
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/c/{link.token}/games/{game.pk}/?mode=final")
    page.fill("#score_us", "100")
    page.fill("#score_them", "90")
    page.evaluate("document.getElementById('final-form').submit()")  # as the server gets it
    page.wait_for_selector("#form-error")
    assert "100" in page.inner_text("#form-error")
    page.fill("#score_us", "abc")
    page.click("#final-form button[type=submit]")
    assert page.locator("#form-error").is_hidden()
    assert page.evaluate("!document.getElementById('score_us').validity.valid")
    assert game.reports.count() == 0


def test_each_hand_of_the_sheet_names_the_team_holding_it(
    live_server, page, shot, event, organizer
):
    """« Main 1 (à gauche du donneur) » asked the captain to work out whose hand that is; once
    the deal's dealer is chosen, each hand, the crib and their card boxes name the team that
    holds them, follow a change of dealer, and come back with a kept draft after a reload."""
    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.filter(team_b__isnull=False).order_by("table").first()
    us, them = game.team_a.name, game.team_b.name
    link = link_of(game.team_a)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/c/{link.token}/")
    page.fill("#id_pin", link.pin)
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/c/{link.token}/games/{game.pk}/?mode=sheet")

    def label(box: str) -> str:
        return " ".join(page.locator(f"label[for='d1-{box}']").inner_text().split())

    assert label("h1") == "Main 1 (à gauche du donneur)"  # no dealer yet: the role alone
    assert us not in label("crib") and them not in label("crib")
    page.check("input[name='d1-dealer'][value='us']")
    assert label("h1") == f"Main 1 (à gauche du donneur : {them})"
    assert label("h2") == f"Main 2 (partenaire du donneur : {us})"
    assert label("h3") == f"Main 3 (à droite du donneur : {them})"
    assert label("h4") == f"Main 4 (donneur : {us})"
    assert label("crib") == f"Crib (donneur : {us})"
    page.check("input[name='d1-dealer'][value='them']")
    assert label("h1") == f"Main 1 (à gauche du donneur : {us})"
    assert label("crib") == f"Crib (donneur : {them})"
    page.locator("[data-deal='1'] details summary").last.click()  # the optional cards
    assert label("h1cards").endswith(f"({us})") and label("cribcards").endswith(f"({them})")
    # Deal 2, still without a dealer, names nobody.
    assert " ".join(page.locator("label[for='d2-h4']").inner_text().split()) == "Main 4 (donneur)"
    page.fill("#d1-peg_us", "3")  # kept as typed; the reload brings the draft back
    page.reload()
    page.wait_for_selector("#sheet-form")
    assert page.locator("#d1-peg_us").input_value() == "3"
    assert label("h1") == f"Main 1 (à gauche du donneur : {us})"
    # Only what was typed opens its folded part: not "who pegged out first", never answered.
    assert page.locator("[data-deal='1'] details.pegged-out").evaluate("d => !d.open")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "captain-sheet-hands-named")
