"""Deleting an event created by mistake, in a browser (issues 25, 34): its name typed, the page
asks what will happen, "Annuler" changes nothing and "Oui" deletes it. Screenshots: ``test-artifacts/delete-event-*.png`` (phone and projector)."""

from __future__ import annotations

import pytest

from tournaments.models import Event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


def organizer_page(browser, base, viewport):
    page = browser.new_context(viewport=viewport, locale="fr-CA").new_page()
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "org@example.org")
    page.fill("input[name=password]", "pw-organizer-1")
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    return page


def test_an_event_without_results_is_deleted_after_the_question(
    live_server, browser, shot, make_event
):
    event = make_event(4, name="Essai du mardi")
    for name, viewport in (("projector", PROJECTOR), ("phone", PHONE)):
        page = organizer_page(browser, live_server.url, viewport)
        page.goto(f"{live_server.url}/organize/{event.slug}/settings/")
        button = f"form[action='/organize/{event.slug}/delete/'] button"
        page.fill("#confirm-name", "Essai du mardi")
        page.click(button)
        dialog = page.locator("#confirm-dialog")
        dialog.wait_for()
        assert "Supprimer Essai du mardi ?" in dialog.inner_text()
        assert "Rien n’est perdu : son archive complète est gardée" in dialog.inner_text()
        shot(page, f"delete-event-asked-{name}")
        page.click("[data-confirm-no]")
        dialog.wait_for(state="hidden")
        assert Event.objects.filter(pk=event.pk).exists()
        if name == "phone":
            page.click(button)
            assert (
                page.locator("[data-confirm-yes]").inner_text() == "Oui, supprimer Essai du mardi"
            )
            page.click("[data-confirm-yes]")
            page.locator(".messages .success").wait_for()
            said = page.locator(".messages").inner_text()
            assert "«\u00a0Essai du mardi\u00a0» est supprimé." in said  # French spacing
            shot(page, "delete-event-done-phone")
            assert not Event.objects.filter(pk=event.pk).exists()
        page.context.close()
