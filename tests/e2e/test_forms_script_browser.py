"""static/huche/forms.js: the behaviours that were inline handlers before the CSP refused them
(issue 22, finding 11) still work: the desk's round menu opens the chosen round, withdrawing a
team asks first; and the browser reports no Content-Security-Policy violation on the way."""

from __future__ import annotations

import pytest

from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def violations(page) -> list:
    page.add_init_script(
        "window.cspViolations = [];"
        "document.addEventListener('securitypolicyviolation', e => window.cspViolations.push("
        "e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' line ' + e.lineNumber));"
    )
    seen: list = []
    page.on(
        "console",
        lambda message: (
            seen.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return seen


def test_the_desk_round_menu_and_the_withdraw_question_work_under_the_csp(
    live_server, page, shot, event, organizer
):
    console = violations(page)
    seating.seat_next_round(event, organizer)
    seating.seat_next_round(event, organizer, force=True)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", organizer.email)
    page.fill("#id_password", "pw-organizer-1")
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)

    page.goto(f"{live_server.url}/organize/{event.slug}/desk/?round=2")
    page.select_option("#round", "1")
    page.wait_for_url("**/desk/?round=1")
    assert page.locator("#round").input_value() == "1"
    assert page.evaluate("window.cspViolations") == []

    page.goto(f"{live_server.url}/organize/{event.slug}/teams/")
    # Withdrawing asks first in the page's own dialog (confirm.js, issue 25), under the CSP.
    withdraw = page.locator("form[data-ask] button", has_text="Retirer").first
    withdraw.click()
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for(state="visible")
    assert "Retirer" in dialog.inner_text()
    dialog.locator("[data-confirm-no]").click()
    page.wait_for_timeout(300)
    assert event.teams.filter(withdrawn_at__isnull=False).count() == 0  # cancelled: nothing
    shot(page, "teams-withdraw-question")
    assert page.evaluate("window.cspViolations") == []
    assert console == []
