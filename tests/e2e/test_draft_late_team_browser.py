"""Issue 34 (points 11 and 13) in a real browser, in French, on a phone (390×844) and a laptop
(1366×768): a draft event hidden from a visitor until "Publier l'événement" (asked first); a
team arriving after round 1, the organizer choosing what the missed round counts and the team's
page saying it; the event with its results deleted, its name typed, asked first.
Screenshots: ``test-artifacts/issue34-*.png`` (copies in /tmp/day-c/ when it exists)."""

from __future__ import annotations

import datetime
import shutil
from pathlib import Path

import pytest

from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.models import AuditEntry, Event, Report, Team
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
COPIES = Path("/tmp/day-c")


def organizer_page(browser, base, viewport):
    page = browser.new_context(viewport=viewport, locale="fr-CA").new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "org@example.org")
    page.fill("input[name=password]", "pw-organizer-1")
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    return page


def snap(shot, page, name):
    path = shot(page, f"issue34-{name}")
    if COPIES.is_dir() and path.exists():
        shutil.copy(path, COPIES / path.name)


def draft_with_round_one(organizer, name):
    event = create_event(organizer, name=name, date=datetime.date(2026, 11, 24), draft=True)
    for i in range(1, 5):
        add_team(event, organizer, name=f"Équipe {i}", captain=f"Cap {i}", partner=f"Par {i}")
    round_ = seat_next_round(event, organizer)
    for game in round_.games.exclude(team_b=None):
        reporting.submit(
            game,
            reporting.Actor(user=organizer),
            Report.Kind.FINAL,
            {"score_a": 121, "score_b": 98},
        )
    return event


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_draft_publish_late_team_and_deletion(live_server, browser, shot, organizer, size):
    event = draft_with_round_one(organizer, f"Essai {size}")
    base = live_server.url
    visitor = browser.new_context(viewport=VIEWPORTS[size], locale="fr-CA").new_page()
    assert visitor.goto(f"{base}/e/{event.slug}/").status == 404
    page = organizer_page(browser, base, VIEWPORTS[size])

    # the draft, then "Publier l'événement", asked first
    page.goto(f"{base}/organize/{event.slug}/")
    banner = page.locator("[data-draft]")
    assert "Brouillon" in banner.inner_text()
    snap(shot, page, f"draft-{size}")
    page.click("[data-draft] button")
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for()
    assert f"Publier Essai {size} ?" in dialog.inner_text()
    snap(shot, page, f"publish-asked-{size}")
    page.click("[data-confirm-yes]")
    page.locator(".messages .success").wait_for()
    assert "L’événement est publié" in page.locator(".messages").inner_text()
    assert page.locator("[data-draft]").count() == 0
    assert visitor.goto(f"{base}/e/{event.slug}/").status == 200

    # a late team: the question, the FADOQ choice, the note on its page
    page.goto(f"{base}/organize/{event.slug}/teams/")
    choice = page.locator("#add-team [data-late-choice]")
    assert "Cette équipe arrive en retard : la ronde 1 est déjà placée." in (choice.inner_text())
    page.fill("#id_team-name", "Les Retardataires")
    page.fill("#id_team-captain", "Léo Tardif")
    page.fill("#id_team-partner", "Léa Tardif")
    choice.get_by_label("À la façon FADOQ", exact=False).check()
    snap(shot, page, f"late-team-choice-{size}")
    page.click("#add-team button[type=submit]")
    page.locator(".messages .success").wait_for()
    late = Team.objects.get(event=event, name="Les Retardataires")
    assert (late.joined_round, late.missed_rounds) == (2, "bye")
    visitor.goto(f"{base}/e/{event.slug}/teams/{late.pk}/")
    note = visitor.locator("[data-late-note]").inner_text()
    assert "Arrivée à la ronde 2 : ronde 1 comptée comme une exemption" in note
    snap(shot, visitor, f"late-team-page-{size}")

    # deletion of the event with its results: the name typed, asked first
    page.goto(f"{base}/organize/{event.slug}/settings/")
    page.fill("#confirm-name", f"Essai {size}")
    page.click("#delete-event button[type=submit]")
    dialog.wait_for()
    assert "Rien n’est perdu" in dialog.inner_text()
    snap(shot, page, f"delete-asked-{size}")
    page.click("[data-confirm-yes]")
    page.locator(".messages .success").wait_for()
    # French spacing: no-break spaces inside the guillemets
    assert f"«\u00a0Essai {size}\u00a0» est supprimé." in page.locator(".messages").inner_text()
    assert not Event.objects.filter(pk=event.pk).exists()
    assert AuditEntry.objects.get(action="event.delete").before["reports"] == 2
    snap(shot, page, f"deleted-{size}")
    page.context.close()
    visitor.context.close()
