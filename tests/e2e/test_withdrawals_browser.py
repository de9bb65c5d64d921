"""Issue 25, withdrawals and byes, as people see them: a 7-team day (a bye every round) where
the team resting in round 3 withdraws. The dashboard says how many play and how many withdrew
and what "3 of 3" counts; the printed sheets name the bye; the public standings after round 1
say what the bye is worth instead of showing the resting team beaten (phone and projector).

Screenshots: ``test-artifacts/byes-*.png``."""

from __future__ import annotations

import pytest

from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


def play_round(round_, organizer):
    desk = reporting.Actor(user=organizer)
    for game in round_.games.filter(team_b__isnull=False):
        reporting.submit(
            game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 90 + (game.table or 0)}
        )


def organizer_page(browser, base, viewport):
    context = browser.new_context(viewport=viewport, locale="fr-CA")
    page = context.new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "org@example.org")
    page.fill("input[name=password]", "pw-organizer-1")
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    return page


def test_a_bye_and_a_withdrawal_in_words(live_server, browser, shot, make_event, organizer):
    event = make_event(7, visibility="live")
    first = seating.seat_next_round(event, organizer)
    resting = first.games.get(team_b__isnull=True).team_a
    play_round(first, organizer)

    spectator = browser.new_context(viewport=PHONE, locale="fr-CA", is_mobile=True).new_page()
    spectator.goto(f"{live_server.url}/e/{event.slug}/standings/")
    note = spectator.locator("[data-bye-pending]")
    assert note.count() == 1 and "moyenne" in note.inner_text()
    shot(spectator, "byes-standings-after-round-1-phone")
    projector = browser.new_context(viewport=PROJECTOR, locale="fr-CA").new_page()
    projector.goto(f"{live_server.url}/e/{event.slug}/standings/?display=projector")
    assert "moyenne" in projector.locator("[data-bye-pending]").inner_text()
    shot(projector, "byes-standings-after-round-1-projector")

    play_round(seating.seat_next_round(event, organizer), organizer)
    third = seating.seat_next_round(event, organizer)
    leaving = third.games.get(team_b__isnull=True).team_a
    withdraw_from_the_teams_page(browser, live_server.url, shot, event, leaving)

    for name, viewport in (("phone", PHONE), ("projector", PROJECTOR)):
        page = organizer_page(browser, live_server.url, viewport)
        page.goto(f"{live_server.url}/organize/{event.slug}/")
        assert "6 équipes en jeu, 1 retirée" in page.locator("[data-team-count]").inner_text()
        assert "parties terminées : 0 sur 3" in page.locator("[data-round-progress]").inner_text()
        shot(page, f"byes-dashboard-withdrawal-{name}")
        page.context.close()

    page = organizer_page(browser, live_server.url, {"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/organize/{event.slug}/rounds/3/print/")
    page.emulate_media(media="print")
    sheet = page.locator("section.sheet-page").first
    assert leaving.name in sheet.locator("[data-bye]").inner_text()
    shot(page, "byes-printed-sheet")
    assert resting.pk != 0


def withdraw_from_the_teams_page(browser, base, shot, event, team):
    """On a phone: "Retirer" asks first, in the page; "Annuler" changes nothing; "Oui" acts."""
    page = organizer_page(browser, base, PHONE)
    page.goto(f"{base}/organize/{event.slug}/teams/")
    withdraw = f"form[action='/organize/{event.slug}/teams/{team.pk}/withdraw/'] button"
    page.click(withdraw)
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for()
    assert f"Retirer {team.name} ?" in dialog.inner_text()
    assert "Un retrait est définitif." in dialog.inner_text()
    shot(page, "confirm-withdraw-asked-phone")
    page.click("[data-confirm-no]")
    dialog.wait_for(state="hidden")
    team.refresh_from_db()
    assert team.withdrawn_at is None  # cancelled: nothing changed
    page.click(withdraw)
    assert page.locator("[data-confirm-yes]").inner_text() == f"Oui, retirer {team.name}"
    page.click("[data-confirm-yes]")
    page.locator(".messages .success").wait_for()
    team.refresh_from_db()
    assert team.withdrawn_at is not None
    page.context.close()


def test_without_javascript_a_page_asks(live_server, browser, shot, make_event, organizer):
    event = make_event(6)
    team = event.teams.order_by("pk").first()
    old = team.links.get(revoked_at__isnull=True).pk
    context = browser.new_context(viewport=PHONE, locale="fr-CA", java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "org@example.org")
    page.fill("input[name=password]", "pw-organizer-1")
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/organize/{event.slug}/teams/")
    page.click(f"form[action='/organize/{event.slug}/teams/{team.pk}/new-link/'] button")
    page.wait_for_selector("#confirm-step")
    assert f"Donner un nouveau lien et un nouveau NIP à {team.name} ?" in page.inner_text("h1")
    shot(page, "confirm-new-link-page-phone")
    assert team.links.get(revoked_at__isnull=True).pk == old
    page.click("#confirm-yes")
    page.wait_for_selector(".messages .success")
    assert team.links.get(revoked_at__isnull=True).pk != old
    context.close()
