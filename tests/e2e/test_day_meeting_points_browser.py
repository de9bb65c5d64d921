"""Issue 49's whole-day browser test: where the features meet, in a real browser, in French and
in English. An organizer who signed up as ``Ginette.Lavoie@FADOQ-Mauricie.ca`` logs in typing
exactly that; a team dropped with « Retirer les absents » arrives after round 1 and is brought
back in one step from the check-in page, its name unchanged; the projector shows the late team
on one line at 1920 × 1080 (French) and 1366 × 768 (English), the phone card's title short; a
captain's hand-by-hand sheet whose last deal has both teams reaching 121 in the play is asked
who pegged out first, and the receipt says what was left out; the open result format, downloaded
from the event page, carries the playoff and its group.

Screenshots: ``test-artifacts/meet-*.png``. Nothing waits a fixed time.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from django.core.cache import cache

from accounts.models import User
from tests.builders.results_events import BUILDERS
from tests.builders.sheets import DEALS
from tests.conftest import link_of
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_captain_browser import fill_sheet
from tournaments.events import check_in
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.models import Event, Report, Team
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TYPED = "Ginette.Lavoie@FADOQ-Mauricie.ca"
PASSWORD = "Cribbage-Mauricie-26"
LATE = "Les Éclairs de Trois-Rivières"
SCREENS = {
    "1920": ({"width": 1920, "height": 1080}, "fr-CA"),
    "1366": ({"width": 1366, "height": 768}, "en"),
}


def person(browser, viewport, locale="fr-CA"):
    page = browser.new_context(viewport=viewport, locale=locale).new_page()
    page.set_default_timeout(20_000)
    return page


def the_day(ginette) -> Event:
    """Seven teams; Les Éclairs did not come and was dropped; round 1 seated and played."""
    event = create_event(
        ginette,
        name="Omnium de la Mauricie",
        date=datetime.date(2026, 11, 28),
        venue="Salle FADOQ",
        visibility="live",  # the hall's screen shows the standings as they come
    )
    names = ["Les As", "Le Pétrin", "Les Valets", "Les Quinze-Deux", "L'Équipe à Léo", "Zénith"]
    for n, name in enumerate(names, start=1):
        add_team(event, ginette, name=name, captain=f"Capitaine {n}", partner=f"Partenaire {n}")
    late = add_team(event, ginette, name=LATE, captain="Cécile Roy", partner="Marc Roy")
    Team.objects.filter(pk=late.pk).update(contact_email="cecile.roy@example.org")
    check_in.open_check_in(event, ginette)
    for team in event.teams.exclude(pk=late.pk):
        check_in.check_in(team, ginette)
    check_in.drop_absentees(event, ginette)
    desk = reporting.Actor(user=ginette)
    for game in seat_next_round(event, ginette).games.exclude(team_b=None):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 98})
    return event


def test_the_day_where_the_features_meet(live_server, browser, shot):
    cache.clear()
    base = live_server.url
    ginette = User.objects.create_user(TYPED, PASSWORD, display_name="Ginette Lavoie")
    event = the_day(ginette)

    # 1. She types her address as she wrote it when she signed up.
    laptop = person(browser, {"width": 1366, "height": 768})
    laptop.goto(f"{base}/accounts/login/")
    laptop.fill("input[name=username]", TYPED)
    laptop.fill("input[name=password]", PASSWORD)
    laptop.click("main button[type=submit]")
    laptop.wait_for_url(lambda url: "/accounts/login/" not in url)
    shot(laptop, "meet-logged-in")

    # 2. The dropped team arrives after round 1: back in one step, its name unchanged.
    laptop.goto(f"{base}/organize/{event.slug}/check-in/")
    back = laptop.locator(f'#returning form[data-team="{LATE}"]')
    assert "Cécile Roy & Marc Roy" in back.inner_text()
    back.get_by_label("À la façon FADOQ", exact=False).check()
    shot(laptop, "meet-bring-back")
    back.locator("button[type=submit]").click()
    message = laptop.locator(".messages .success")
    message.wait_for()
    assert f"{LATE} est de retour, présente" in message.inner_text()
    team = Team.objects.get(event=event, name=LATE)
    assert (team.registration, team.joined_round, team.contact_email) == (
        "registered",
        2,
        "cecile.roy@example.org",
    )
    assert laptop.locator("#returning").count() == 0
    shot(laptop, "meet-brought-back")
    round_2 = seat_next_round(event, ginette)
    assert round_2.games.filter(team_a=team).exists() or round_2.games.filter(team_b=team).exists()
    cache.clear()

    # 3. The projector: one line per team, no sideways overflow, in French and in English.
    for size, (viewport, locale) in SCREENS.items():
        screen = person(browser, viewport, locale)
        screen.goto(f"{base}/e/{event.slug}/standings/?display=projector")
        table = screen.locator("table.standings")
        table.wait_for()
        assert screen.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), size
        row = table.locator("tbody tr", has_text=LATE)
        note = row.locator("[data-late-note]")
        assert note.inner_text() == (
            "Arrivée à la ronde 2" if locale == "fr-CA" else "Arrived at round 2"
        )
        heights = table.locator("tbody tr").evaluate_all(
            "rows => rows.map(r => r.getBoundingClientRect().height)"
        )
        # the late team's row: the name and the note under it, not a column of its own
        others = sorted(heights)[: len(heights) // 2]
        assert row.bounding_box()["height"] < 2.5 * max(others), (size, heights)
        shot(screen, f"meet-projector-{size}")
        widths = row.locator("td").evaluate_all(
            "cells => cells.map(c => [c.getBoundingClientRect().width, c.innerText.slice(0, 40)])"
        )
        assert table.bounding_box()["width"] <= viewport["width"], widths
        shot(screen, f"meet-projector-{size}")
        screen.context.close()
    phone = person(browser, {"width": 390, "height": 844})
    phone.goto(f"{base}/e/{event.slug}/standings/")
    card = phone.locator("table.standings tbody tr", has_text=LATE)
    title = card.locator("td").nth(1)
    shot(phone, "meet-phone-card")
    # The card's title: the name on a line or two, then the two short notes (before: the
    # late-entry sentence inside the name made it six lines long).
    note_lines = card.locator(".late-note").evaluate_all(
        "notes => notes.map(n => n.getBoundingClientRect().height / parseFloat(getComputedStyle(n).lineHeight))"
    )
    assert all(round(lines) <= 2 for lines in note_lines), note_lines
    name = card.locator("td a").first
    name_lines = name.evaluate(
        "a => a.getBoundingClientRect().height / parseFloat(getComputedStyle(a).lineHeight)"
    )
    assert round(name_lines) <= 2, name_lines
    assert title.inner_text().startswith(LATE)

    # 4. A sheet whose last deal has both teams reaching 121 in the play.
    game = round_2.games.exclude(team_b=None).exclude(team_a=team).exclude(team_b=team).first()
    link = link_of(game.team_a)
    phone.goto(f"{base}/c/{link.token}/")
    phone.fill("#id_pin", link.pin)
    phone.click("main button[type=submit]")
    phone.locator(f"a[href$='/games/{game.pk}/']").first.click()
    phone.wait_for_selector("#final-form")
    phone.locator("a[href='?mode=sheet']").click()
    phone.wait_for_selector("#sheet-form")
    deals = [dict(d, hands=list(d["hands"])) for d in DEALS]
    deals[5] = dict(deals[5], pegging={"a": 29, "b": 42}, hands=[], crib=None)
    fill_sheet(phone, deals, us="a")
    phone.click("#sheet-form button[type=submit]")
    phone.wait_for_selector("#form-error")
    assert (
        "les deux camps atteignent 121 pendant le jeu" in phone.locator("#form-error").inner_text()
    )
    asked = phone.locator("[data-deal='6'] details.pegged-out")
    assert asked.evaluate("d => d.open") is True
    shot(phone, "meet-sheet-asked")
    phone.locator("[data-deal='6']").screenshot(path=str(ARTIFACTS / "meet-sheet-asked-deal-6.png"))
    asked.locator("input[value=us]").check()
    phone.click("#sheet-form button[type=submit]")
    receipt = phone.locator("[data-send-status] [data-receipt]")
    receipt.wait_for()
    report = game.reports.get()
    assert (report.score_a, report.score_b) == (121, 79)
    assert "121 – 79" in receipt.inner_text()
    assert "42 points de jeu inscrits pour" in receipt.locator("[data-sheet-note]").inner_text()
    shot(phone, "meet-sheet-receipt")
    receipt.screenshot(path=str(ARTIFACTS / "meet-sheet-receipt-part.png"))

    # 5. The playoff in the open result format, downloaded from the event page (English).
    played = BUILDERS["fadoq_with_playoffs"](ginette)
    cache.clear()
    english = person(browser, {"width": 1366, "height": 768}, "en")
    english.goto(f"{base}/accounts/login/")
    english.fill("input[name=username]", TYPED.upper())
    english.fill("input[name=password]", PASSWORD)
    english.click("main button[type=submit]")
    english.wait_for_url(lambda url: "/accounts/login/" not in url)
    english.goto(f"{base}/e/{played.slug}/")
    with english.expect_download() as download:
        english.click("a[href$='/results.json']")
    document = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    groups = {g["id"] for g in document["playoff_groups"]}
    playoff = [r for r in document["rounds"] if r["kind"] == "playoff"]
    assert groups and playoff and all(r["playoff_group"] in groups for r in playoff)
    shot(english, "meet-results-export-en")
