"""The officials' desk follows the tables by itself, like the public pages, and never wipes what
an official is typing: the page's clock is driven by the test (no waiting)."""

from __future__ import annotations

import datetime
import re

import pytest

from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


START = datetime.datetime(2026, 11, 28, 18, 0, tzinfo=datetime.UTC)


def paused_clock(page) -> None:
    """The page's clock stands still: its timers (live.js's poll) fire only on
    ``page.clock.run_for``, never by real time racing the test."""
    page.clock.install(time=START)
    page.clock.pause_at(START + datetime.timedelta(seconds=1))


def report(game, team, a, b):
    reporting.submit(
        game, reporting.Actor(team=team), Report.Kind.FINAL, {"score_a": a, "score_b": b}
    )


def test_the_desk_refreshes_itself_but_not_over_a_form_being_filled(
    live_server, page, shot, event, organizer, official
):
    round_ = seating.seat_next_round(event, organizer)
    first, second = round_.games.filter(team_b__isnull=False).order_by("table")[:2]
    report(first, first.team_a, 121, 99)

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", official.email)
    page.fill("#id_password", "pw-official-1")
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    paused_clock(page)
    page.goto(f"{live_server.url}/organize/{event.slug}/desk/")
    row = f"#desk tr[data-table='{first.table}']"
    assert page.locator(f"{row} .status-reported").count() == 1
    page.evaluate("window.notReloaded = true")

    # The other captain agrees: the game is confirmed; the desk shows it without a reload.
    report(first, first.team_b, 121, 99)
    page.clock.run_for(16_000)
    page.wait_for_selector(f"{row} .status-confirmed")
    assert page.evaluate("window.notReloaded") is True
    assert "121–99" in page.locator(row).inner_text()
    shot(page, "desk-refreshed")

    # An official starts typing in a form inside the refreshed part: it is left alone...
    page.evaluate("""() => {
        const form = document.createElement('form');
        form.id = 'note-form';
        form.innerHTML = '<input id="note" name="note">';
        document.getElementById('live').appendChild(form);
    }""")
    page.fill("#note", "Table 2 : à vérifier")
    page.evaluate("""() => { window.fetches = 0; const real = window.fetch;
        window.fetch = (...args) => { window.fetches += 1; return real(...args); }; }""")
    report(second, second.team_a, 121, 70)
    page.clock.run_for(16_000)
    page.clock.run_for(16_000)
    assert page.evaluate("window.fetches") == 0  # not even asked: nothing can come back over it
    assert page.input_value("#note") == "Table 2 : à vérifier"
    assert page.locator(f"#desk tr[data-table='{second.table}'] .status-waiting").count() == 1

    # ...and once it is left as it was, the desk follows the tables again.
    page.fill("#note", "")
    page.locator("#note").blur()
    page.clock.run_for(16_000)
    page.wait_for_selector(f"#desk tr[data-table='{second.table}'] .status-reported")
    assert page.evaluate("window.fetches") >= 1
    assert page.evaluate("window.notReloaded") is True


def test_the_desk_says_since_when_it_lost_the_server_and_catches_up(
    live_server, page, shot, event, organizer, official
):
    round_ = seating.seat_next_round(event, organizer)
    first, second = round_.games.filter(team_b__isnull=False).order_by("table")[:2]
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", official.email)
    page.fill("#id_password", "pw-official-1")
    page.click("main button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    # The page's timers run only when the test says so (issue 49: with the clock running by
    # itself, a poll fired by real time under load was still in flight when the network went,
    # and the banner's poll never came within the wait).
    paused_clock(page)
    page.goto(f"{live_server.url}/organize/{event.slug}/desk/")
    page.evaluate("window.notReloaded = true")
    banner = page.locator("[data-offline-since]")
    assert banner.is_hidden()
    assert page.evaluate("document.getElementById('live').dataset.refreshedAt") is None

    page.context.set_offline(True)  # the hall's Wi-Fi, or the laptop, is gone
    page.clock.run_for(16_000)  # the one poll: its fetch fails at once, offline
    banner.wait_for(state="visible")
    assert re.match(r"Hors ligne depuis \d{1,2}\s+h\s+\d{2} :", banner.inner_text())
    row = f"#desk tr[data-table='{first.table}']"
    assert page.locator(f"{row} .status-waiting").count() == 1  # what it showed stays
    page.evaluate("""() => {
        const form = document.createElement('form');
        form.innerHTML = '<input id="note" name="note">';
        document.getElementById('live').appendChild(form);
    }""")
    page.fill("#note", "Table 1 : pointage au crayon")
    shot(page, "desk-offline")

    report(first, first.team_a, 121, 99)
    page.context.set_offline(False)
    page.clock.run_for(16_000)
    banner.wait_for(state="hidden")  # the server answers again...
    assert page.input_value("#note") == "Table 1 : pointage au crayon"  # ...nothing typed is wiped
    assert page.locator(f"{row} .status-waiting").count() == 1
    page.fill("#note", "")
    page.locator("#note").blur()
    page.clock.run_for(16_000)
    page.wait_for_selector(f"{row} .status-reported")  # and it catches up
    assert page.evaluate("window.notReloaded") is True
