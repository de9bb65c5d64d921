"""An ACC Grass Roots club's season in English (issue 50, part 3): three club nights of 14
singles (9 games, random draw, game points, live results) in a season with the 12+ rule.

Night 1: fourteen members. Night 2: Ned Owen stays home and Opal Price comes as a guest, ticked
at the desk in the browser. Night 3: Mae Nash and Ned stay home, Opal plays as a member (she
joined), Pat Quinn is a guest. Then a confirmed result of night 1 is corrected at the desk.

Each time the season page is read in the browser and checked, row by row, against a recount
written here: game points from the confirmed reports (win 2, skunk win 3 when the loser has 90
or less), a night of 12 or more earns its game points, guest nights earn nothing, and the
club champion's order (season points, nights that earned points, game points, net spread).
Screenshots at 390×844 (a phone) and 1920×1080 (the club's laptop on a screen)."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache

from tests.builders.club_nights import club_night, club_season, desk, recount
from tests.e2e.conftest import ARTIFACTS
from tournaments.models import Game, Report, Team
from tournaments.results import reporting

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-organizer-1"
PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1920, "height": 1080}


def season_recount(nights, guests_by_night):
    """Per player: (name, season points, nights with points, game points, net spread), best
    first by the champion's order; then the names of those who were only ever guests."""
    rows: dict[str, list[int]] = {}
    members: set[str] = set()
    everyone: set[str] = set()
    for night, guests in zip(nights, guests_by_night, strict=True):
        for name, t in recount(night).items():
            everyone.add(name)
            if name in guests:
                continue
            members.add(name)
            total, nights_with, gp, spread = rows.setdefault(name, [0, 0, 0, 0])
            earned = t["gp"] if t["gp"] >= 12 else 0
            rows[name] = [
                total + earned,
                nights_with + (earned > 0),
                gp + t["gp"],
                spread + t["spread"],
            ]
    order = sorted(members, key=lambda n: tuple(-v for v in rows[n]))
    ranked = []
    for index, name in enumerate(order):
        same = index and rows[order[index - 1]] == rows[name]
        rank = ranked[-1][0] if same else index + 1
        ranked.append((rank, name, *rows[name]))
    return ranked, sorted(everyone - members)


def season_on_page(page):
    """The player table as the browser shows it: (rank or "guest", name, total, nights with
    points, game points, net spread)."""
    found = []
    for row in page.locator("#season-players tbody tr").all():
        cells = [c.inner_text().strip() for c in row.locator("td").all()]
        rank, name = cells[0].rstrip("="), cells[1]
        nights_with, gp, spread, total = cells[-4:]
        found.append((rank, name, int(total), int(nights_with), int(gp), int(spread)))
    return found


def check_season(page, base, season, nights, guests):
    cache.clear()
    page.goto(f"{base}/s/{season.league.slug}/{season.slug}/")
    ranked, only_guests = season_recount(nights, guests)
    expected = [(str(r), n, total, q, gp, sp) for r, n, total, q, gp, sp in ranked]
    expected += [("guest", n, 0, 0, 0, 0) for n in only_guests]
    assert season_on_page(page) == expected
    return ranked


def person(browser, viewport, base=None):
    context = browser.new_context(viewport=viewport, locale="en-CA")
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def test_a_club_season_of_three_nights_with_guests_absences_and_a_correction(
    live_server, browser, organizer, shot
):
    base = live_server.url
    season, people = club_season(organizer)
    names = list(people)
    members = [people[n] for n in names[:14]]

    night1 = club_night(
        organizer, season, "Tuesday night 1", datetime.date(2026, 9, 8), members, seed=11
    )
    two = [p for p in members if p.name != "Ned Owen"] + [people["Opal Price"]]
    night2 = club_night(
        organizer, season, "Tuesday night 2", datetime.date(2026, 9, 15), two, seed=12
    )
    three = [p for p in members if p.name not in ("Mae Nash", "Ned Owen")]
    three += [people["Opal Price"], people["Pat Quinn"]]
    night3 = club_night(
        organizer,
        season,
        "Tuesday night 3",
        datetime.date(2026, 9, 22),
        three,
        guests={"Pat Quinn"},
        seed=13,
    )
    nights = [night1, night2, night3]
    for night in nights:
        assert Team.objects.filter(event=night).count() == 14
        assert Game.objects.filter(round__event=night, status="confirmed").count() == 9 * 7

    # The desk (the club's laptop): Opal Price was a guest on night 2.
    laptop = person(browser, SCREEN)
    laptop.goto(f"{base}/accounts/login/")
    laptop.fill("input[name=username]", organizer.email)
    laptop.fill("input[name=password]", PASSWORD)
    laptop.click("main button[type=submit]")
    laptop.wait_for_url(lambda url: "/accounts/login/" not in url)
    laptop.goto(f"{base}/organize/{night2.slug}/guests/")
    assert "4 guest nights are allowed before joining" in laptop.inner_text("main")
    laptop.get_by_label("Opal Price").check()
    laptop.click("#guests button[type=submit]")
    laptop.wait_for_url(f"**/organize/{night2.slug}/guests/")
    assert "The guests of this event are saved." in laptop.inner_text("body")
    assert laptop.get_by_label("Opal Price").is_checked()
    assert laptop.locator("[data-guest-warning]").count() == 0  # 1 guest night of 4 allowed
    guests = [set(), {"Opal Price"}, {"Pat Quinn"}]

    # The night's standings mark the guest.
    laptop.goto(f"{base}/e/{night2.slug}/standings/")
    row = laptop.locator("table.standings tbody tr", has_text="Opal Price")
    assert "(guest)" in row.inner_text()
    assert laptop.locator("[data-guest]").count() == 1

    # The season page, checked against the recount.
    ranked = check_season(laptop, base, season, nights, guests)
    text = laptop.inner_text("main")
    assert (
        "Club nights: a night with 12 points (game points) or more earns its points as season "
        "points; a night below earns none." in text
    )
    assert "Club champion: the most season points; if tied, the most nights that earned" in text
    # The story the table tells: Ned played one night, Opal's guest night earned nothing,
    # Pat (a guest only) is listed without a rank.
    on_page = {row[1]: row for row in season_on_page(laptop)}
    ned = recount(night1)["Ned Owen"]["gp"]
    assert on_page["Ned Owen"][2] == (ned if ned >= 12 else 0)
    opal = recount(night3)["Opal Price"]["gp"]
    assert on_page["Opal Price"][2] == (opal if opal >= 12 else 0)
    assert on_page["Opal Price"][4] == opal  # night 2's game points are not hers to count
    assert on_page["Pat Quinn"][0] == "guest"
    assert any(r[2] == 0 for r in ranked) and any(r[2] > 0 for r in ranked)
    shot(laptop, "club-season-1920")

    # A confirmed result of night 1 corrected at the desk (the cards were swapped): the
    # winner and the loser change places, and the season follows.
    game = (
        Game.objects.filter(round__event=night1, status="confirmed")
        .exclude(team_b=None)
        .select_related("confirmed_report")
        .order_by("round__number", "table")
        .first()
    )
    wrong = game.confirmed_report
    before = recount(night1)
    reporting.submit(
        game,
        desk(organizer),
        Report.Kind.FINAL,
        {"score_a": wrong.score_b, "score_b": wrong.score_a},
        note="score cards swapped",
    )
    assert recount(night1) != before
    check_season(laptop, base, season, nights, guests)
    shot(laptop, "club-season-corrected-1920")

    # On a phone: the same table, no sideways scroll of the page.
    phone = person(browser, PHONE)
    phone.goto(f"{base}/s/{season.league.slug}/{season.slug}/")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert season_on_page(phone) == season_on_page(laptop)
    shot(phone, "club-season-390")
    # What the phone's screen shows: the rules at the top, then a player's card.
    phone.screenshot(path=str(ARTIFACTS / "club-season-390-top.png"))
    phone.locator("#players").scroll_into_view_if_needed()
    phone.evaluate("document.getElementById('players').scrollIntoView()")
    phone.screenshot(path=str(ARTIFACTS / "club-season-390-players.png"))
    phone.goto(f"{base}/e/{night3.slug}/standings/")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert "(guest)" in phone.locator("table.standings tbody tr", has_text="Pat Quinn").inner_text()
    shot(phone, "club-night-3-standings-390")
    phone.locator("table.standings tbody tr", has_text="Pat Quinn").scroll_into_view_if_needed()
    phone.screenshot(path=str(ARTIFACTS / "club-night-3-guest-390.png"))
