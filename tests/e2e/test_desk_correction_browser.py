"""A released result changed at the desk, in Chromium, in French, on a phone: the question is
asked in place (« Changer un résultat déjà public ? »), « Non » changes nothing, « Oui »
confirms the very version whose button was pressed (the dialog's re-sending used to drop the
button's name and value: the server would not know which version)."""

from __future__ import annotations

import pytest

from tournaments.models import Report
from tournaments.results import reporting
from tournaments.results.desk import DeskDecision, decide_at_desk
from tournaments.seating import rounds as seating
from tournaments.standings.service import release

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_released_result_is_changed_only_once_the_question_is_answered(
    live_server, page, shot, event, organizer, official
):
    game = seating.seat_next_round(event, organizer).games.exclude(team_b=None).first()
    first = reporting.submit(
        game, reporting.Actor(team=game.team_a), Report.Kind.FINAL, {"score_a": 121, "score_b": 100}
    ).report
    second = reporting.submit(
        game, reporting.Actor(team=game.team_b), Report.Kind.FINAL, {"score_a": 115, "score_b": 121}
    ).report
    desk = reporting.Actor(user=official, channel=Report.Channel.OFFICIAL)
    decide_at_desk(game, desk, DeskDecision.CONFIRM, report=first)
    release(event, organizer)

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", official.email)
    page.fill("#id_password", "pw-official-1")
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/organize/{event.slug}/desk/games/{game.pk}/")
    button = page.locator(f"button[name=report][value='{second.pk}']")
    button.click()
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for(state="visible")
    assert "Changer un résultat déjà public ?" in dialog.inner_text()
    shot(page, "desk-correct-released-question")
    dialog.locator("[data-confirm-no]").click()
    game.refresh_from_db()
    assert game.confirmed_report_id == first.pk
    button.click()
    dialog.locator("[data-confirm-yes]").click()
    page.wait_for_load_state()
    page.locator(".messages").wait_for()
    game.refresh_from_db()
    assert game.confirmed_report_id == second.pk
