"""Issue 25: a three-team medal tie explained before its first game and its running score, on
the organizer's phone, a spectator's phone and the hall's projector (1920 x 1080, French).

Screenshots: ``test-artifacts/playoff-words-*.png``."""

from __future__ import annotations

import pytest

from tournaments.events.creation import set_number_of_games
from tournaments.events.settings import update_event
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import release, seat_playoff_games

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


def report(game, a_wins: bool, organizer) -> None:
    scores = {"score_a": 121, "score_b": 100} if a_wins else {"score_a": 100, "score_b": 121}
    reporting.submit(game, reporting.Actor(user=organizer), Report.Kind.FINAL, scores)


def screens(browser, base, shot, event, when: str) -> dict[str, str]:
    texts = {}
    organizer = browser.new_context(viewport=PHONE, locale="fr-CA", is_mobile=True).new_page()
    organizer.goto(f"{base}/accounts/login/")
    organizer.fill("input[name=username]", "org@example.org")
    organizer.fill("input[name=password]", "pw-organizer-1")
    organizer.click("main button[type=submit]")
    organizer.goto(f"{base}/organize/{event.slug}/")
    organizer.locator("[data-playoff-words]").scroll_into_view_if_needed()
    texts["dashboard"] = organizer.locator("[data-playoff-words]").inner_text()
    shot(organizer, f"playoff-words-{when}-dashboard-phone")
    spectator = browser.new_context(viewport=PHONE, locale="fr-CA", is_mobile=True).new_page()
    spectator.goto(f"{base}/e/{event.slug}/standings/")
    texts["phone"] = spectator.locator("[data-playoff-words]").inner_text()
    shot(spectator, f"playoff-words-{when}-standings-phone")
    projector = browser.new_context(viewport=PROJECTOR, locale="fr-CA").new_page()
    projector.goto(f"{base}/e/{event.slug}/standings/?display=projector")
    texts["projector"] = projector.locator("[data-playoff-words]").inner_text()
    shot(projector, f"playoff-words-{when}-projector")
    for page in (organizer, spectator, projector):
        page.context.close()
    return texts


def test_a_three_team_tie_in_words(live_server, browser, shot, make_event, organizer):
    event = make_event(6)
    # The stepladder here; the whole-day test plays the round robin (the default).
    update_event(event, organizer, {"playoff_format": "stepladder"})
    set_number_of_games(event, organizer, 2)
    release(event, organizer)
    for _ in range(2):  # the team listed first wins every table: three end level on 242
        for game in seating.seat_next_round(event, organizer).games.exclude(team_b=None):
            report(game, True, organizer)

    for where, text in screens(browser, live_server.url, shot, event, "before").items():
        assert "sont à égalité de points pour les places 1 à 3" in text, where
        assert "Match 1 :" in text and "Match 2 :" in text and "la gagnante du match 1" in text
        assert "Pas commencé : partie 1 à jouer." in text

    [game] = seat_playoff_games(event, organizer)
    report(game, False, organizer)
    for where, text in screens(browser, live_server.url, shot, event, "after-game-1").items():
        assert f"{game.team_b.name} mène 1–0." in text, where
