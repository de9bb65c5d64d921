"""A club's singles night in English (issue 50), on a laptop and on phones at 390 × 844:
the event made from the form (singles refused with the four-hand rule set first), 14 players
entered by one paste, round 1 seated, a game reported from one player's phone and confirmed
from the other's, the other tables at the desk, and the standings shown.

The figures checked are written here: the phone's game is won 121–85, a skunk (the loser at 90
or under), worth 3 game points; the six tables reported at the desk are won 121–100 (2 points).
"""

from __future__ import annotations

import pytest

from accounts.models import User
from tests.conftest import link_of
from tests.e2e.conftest import ARTIFACTS
from tournaments.events.drafts import publish_event
from tournaments.models import Event, Game, Report
from tournaments.results import reporting

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
PLAYERS = [
    "Art Bowman",
    "Betty Cole",
    "Carl Dunn",
    "Dora Ellis",
    "Ed Foster",
    "Fay Gibson",
    "Gus Hart",
    "Hazel Irwin",
    "Ike Jones",
    "Joan Keller",
    "Karl Lane",
    "Lena Moss",
    "Mel Nash",
    "Nora Owens",
]
NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


def phone(browser):
    context = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def test_a_singles_night_entered_by_paste_reported_from_a_phone(live_server, browser, shot):
    base = live_server.url
    director = User.objects.create_user("director@example.org", "pw-director-1")
    desk = phone(browser)  # the director runs the night from a phone too
    desk.goto(f"{base}/accounts/login/")
    desk.fill("input[name=username]", "director@example.org")
    desk.fill("input[name=password]", "pw-director-1")
    desk.click("main button[type=submit]")
    desk.wait_for_url(lambda url: "/accounts/login/" not in url)

    # 1. The form: singles with the four-hand rule set is refused in words, then two-handed.
    desk.goto(f"{base}/organize/new/")
    desk.fill("#id_name", "Legion Branch 57 club night")
    desk.fill("#id_date", "2026-12-02")
    desk.fill("#id_number_of_games", "9")
    desk.check("input[name=rule_set][value=FADOQ]")
    desk.check("input[name=entry][value=singles]")
    desk.check("input[name=scoring_system][value=game_points]")
    desk.check("input[name=movement][value=random_draw]")
    desk.check("input[name=visibility][value=live]")
    desk.click("main form.card button[type=submit]")
    refusal = desk.locator("#id_entry-set .errorlist")
    refusal.wait_for()
    assert "two- and three-handed" in refusal.inner_text()
    assert desk.evaluate(NO_SIDEWAYS)
    shot(desk, "singles-form-refused-390")
    assert not Event.objects.exists()
    desk.check("input[name=rule_set][value=STANDARD_2P_121]")
    desk.click("main form.card button[type=submit]")
    desk.wait_for_url("**/teams/")
    event = Event.objects.get()
    assert (event.entry, event.rule_set) == ("singles", "STANDARD_2P_121")

    # 2. One paste, one name a line: 14 entries named after their players.
    assert desk.locator("#add-team h2").inner_text() == "Add a player"
    assert desk.locator("input[name='team-partner']").count() == 0
    desk.fill("#id_import-text", "\n".join(PLAYERS))
    desk.locator("form[action$='/teams/import/'] button[type=submit]").click()
    desk.locator(".messages").wait_for()
    assert "14 players entered." in desk.locator(".messages").inner_text()
    assert sorted(event.teams.values_list("name", flat=True)) == PLAYERS
    assert set(event.teams.values_list("partner", flat=True)) == {""}
    assert "Captain" not in desk.locator("main table").inner_text()
    assert desk.evaluate(NO_SIDEWAYS)
    shot(desk, "singles-players-pasted-390")

    # 3. Published, round 1 seated from the dashboard: 7 tables of two.
    publish_event(event, director)
    desk.goto(f"{base}/organize/{event.slug}/")
    desk.locator("form[action$='/rounds/next/'] button[type=submit]").first.click()
    desk.locator(".messages").wait_for()
    games = list(Game.objects.filter(round__event=event).order_by("table"))
    assert len(games) == 7 and all(g.team_b_id for g in games)
    desk.goto(f"{base}/organize/{event.slug}/rounds/1/print/")
    assert desk.locator("[data-sheet='two-hand']").count() == 7
    assert "Hand 4" not in desk.content() and "Captain A" not in desk.content()
    shot(desk, "singles-two-hand-sheet-390")
    # The first table's sheet alone, to look at (the whole round is 7 pages long).
    ARTIFACTS.mkdir(exist_ok=True)
    desk.locator("section.sheet-page").first.screenshot(
        path=str(ARTIFACTS / "singles-two-hand-sheet-table-1-390.png")
    )

    # 4. Table 1: the player reports from their phone, the opponent confirms on theirs.
    game = games[0]
    player = phone(browser)
    link = link_of(game.team_a)
    player.goto(f"{base}/c/{link.token}/")
    assert "your slip" in player.locator("label[for=id_pin]").inner_text()
    player.fill("#id_pin", link.pin)
    player.click("main button[type=submit]")
    home = player.locator("main").inner_text()
    assert "captain" not in home.lower() and "team" not in home.lower()
    player.locator(f"a[href$='/games/{game.pk}/']").click()
    assert "(you)" in player.locator("label[for=score_us]").inner_text()
    player.fill("#score_us", "121")
    player.fill("#score_them", "85")
    player.click("#final-form button[type=submit]")
    receipt = player.locator("[data-send-status] [data-receipt]")
    receipt.wait_for()
    assert "Next: your opponent confirms it." in receipt.inner_text()
    assert player.evaluate(NO_SIDEWAYS)
    shot(player, "singles-phone-reported-390")

    opponent = phone(browser)
    other = link_of(game.team_b)
    opponent.goto(f"{base}/c/{other.token}/")
    opponent.fill("#id_pin", other.pin)
    opponent.click("main button[type=submit]")
    button = opponent.locator("button.confirm-result")
    button.wait_for()
    assert f"Reported by {game.team_a.name}." in opponent.locator("main").inner_text()
    assert button.inner_text().startswith(f"Confirm: {game.team_b.name} 85 – 121")
    shot(opponent, "singles-phone-confirm-390")
    button.click()
    opponent.locator(".messages").wait_for()
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED

    # 5. The other six tables at the desk: 121–100, no skunk.
    official = reporting.Actor(user=director, channel=Report.Channel.OFFICIAL)
    for other_game in games[1:]:
        reporting.submit(other_game, official, Report.Kind.FINAL, {"score_a": 121, "score_b": 100})

    # 6. The standings on a phone: "Player", the skunk winner alone on top with 3 points.
    viewer = phone(browser)
    viewer.goto(f"{base}/e/{event.slug}/standings/")
    table = viewer.locator("table.standings")
    table.wait_for()
    headers = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    assert headers[1] == "Player"
    rows = table.locator("tbody tr")
    assert rows.count() == 14
    first = rows.first.inner_text()
    assert game.team_a.name in first and "3" in first.split(game.team_a.name, 1)[1]
    winners = {g.team_a.name for g in games[1:]}
    second_block = " ".join(rows.nth(i).inner_text() for i in range(1, 7))
    assert all(name in second_block for name in winners)
    assert viewer.evaluate(NO_SIDEWAYS)
    shot(viewer, "singles-standings-390")
