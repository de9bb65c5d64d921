"""Issue 50, round 2: the check-in page and the desk of a singles night in French on a phone
(390 × 844): "joueur" where a pairs event says "équipe", nothing wider than the screen.
Screenshots: singles-check-in-fr.png, singles-desk-fr.png (looked at, see the report)."""

from __future__ import annotations

import pytest

from accounts.models import User
from tests.tournaments.events.test_singles_words import TEAM_WORDS, singles_evening

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"


def test_the_check_in_and_the_desk_of_a_singles_night_say_joueur(live_server, browser, shot):
    organizer = User.objects.create_user("org@example.org", "pw-organizer-1")
    event, _players, _season = singles_evening(organizer)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-CA")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "org@example.org")
    page.fill("input[name=password]", "pw-organizer-1")
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)

    page.goto(f"{live_server.url}/organize/{event.slug}/check-in/")
    text = page.inner_text("main")
    assert "Joueurs hors du tournoi" in text and "ramenez-le, présent" in text
    assert "Gilles Lavoie · absent (retiré avant la ronde 1)" in text and "pour ce joueur" in text
    assert not TEAM_WORDS.findall(text), TEAM_WORDS.findall(text)
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "singles-check-in-fr")

    page.goto(f"{live_server.url}/organize/{event.slug}/desk/")
    text = page.inner_text("main")
    assert "Échanger ce joueur" in text and "Échanger les deux joueurs" in text
    assert "…avec celui-ci" in text
    assert not TEAM_WORDS.findall(text), TEAM_WORDS.findall(text)
    assert page.evaluate(NO_SIDEWAYS)
    shot(page, "singles-desk-fr")
    context.close()
