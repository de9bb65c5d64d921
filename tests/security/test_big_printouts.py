"""A big event's printout never holds a web worker (issue 51, finding 1: one slip printout of a
3,000-team event took 31.6 s; three at once ended in WORKER TIMEOUT).

The attack: an organizer asks for the slips and the score sheets of a big event, again and
again, several at once. The bound: the request draws no QR code and renders no slip or sheet
(the background task does, once per version), runs a handful of queries whatever the size,
and an organizer has at most two printouts being prepared at once. The threshold is lowered
here (``HUCHE_PRINT_ASYNC_TEAMS``, 150 by default) so the event stays quick to build."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournaments.models import OutboxTask, PrintJob
from tournaments.seating.rounds import seat_next_round

pytestmark = pytest.mark.django_db
TEAMS = 24
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def _small_threshold(settings):
    settings.HUCHE_PRINT_ASYNC_TEAMS = 10


@pytest.fixture
def desk(organizer):
    client = Client(**EN)
    client.force_login(organizer)
    return client


def run_queued():
    from tournaments.tasks import build_printout

    for row in OutboxTask.objects.filter(name="build_printout", done_at__isnull=True):
        build_printout.apply(args=[*row.args, row.pk])


def test_a_big_events_slips_are_written_off_the_request_once_per_version(make_event, desk):
    event = make_event(TEAMS)
    url = f"/organize/{event.slug}/slips/print/"
    with (
        mock.patch("tournaments.outbox._send", return_value=False),
        mock.patch("tournaments.publishing.printing.qr_svg") as drawn,
        CaptureQueriesContext(connection) as queries,
    ):
        first = desk.get(url)
        again = desk.get(url)
    assert first.status_code == again.status_code == 202
    assert "The slips of 24 teams are being prepared" in first.content.decode()
    assert '<meta http-equiv="refresh"' in first.content.decode()  # the page polls
    assert drawn.call_count == 0 and 'class="slip"' not in first.content.decode()
    assert len(queries) < 60  # a handful per request, whatever the number of teams
    assert PrintJob.objects.filter(event=event).count() == 1  # asked twice, queued once

    run_queued()  # the worker writes the document
    with (
        mock.patch("tournaments.publishing.printing.qr_svg") as drawn,
        CaptureQueriesContext(connection) as queries,
    ):
        ready = desk.get(url)
    page = ready.content.decode()
    assert ready.status_code == 200 and drawn.call_count == 0
    assert page.count('class="slip"') == TEAMS and "<svg" in page
    assert len(queries) < 60

    # A new link is a new version: a new document, never the old PIN.
    team = event.teams.first()
    desk.post(f"/organize/{event.slug}/teams/{team.pk}/new-link/", {"confirm": "1"})
    with mock.patch("tournaments.outbox._send", return_value=False):
        assert desk.get(url).status_code == 202
    run_queued()
    new_pin = team.links.get(revoked_at=None).pin
    assert new_pin[:3] in desk.get(url).content.decode().replace(" ", "")


def test_one_teams_slip_stays_immediate(make_event, desk):
    event = make_event(TEAMS)
    team = event.teams.first()
    response = desk.get(f"/organize/{event.slug}/slips/print/?team={team.pk}")
    assert response.status_code == 200 and response.content.decode().count('class="slip"') == 1
    assert desk.get(f"/organize/{event.slug}/slips/print/?team=x").status_code == 404


def test_a_big_rounds_score_sheets_too(make_event, desk, organizer):
    event = make_event(TEAMS)
    seat_next_round(event, organizer)
    url = f"/organize/{event.slug}/rounds/1/print/"
    with mock.patch("tournaments.outbox._send", return_value=False):
        assert desk.get(url).status_code == 202
    run_queued()
    page = desk.get(url).content.decode()
    assert page.count('class="sheet-page"') == TEAMS // 2


def test_an_organizer_has_at_most_two_printouts_being_prepared(make_event, desk, organizer):
    events = [make_event(TEAMS, name=f"Gros tournoi {n}") for n in range(3)]
    with mock.patch("tournaments.outbox._send", return_value=False):
        answers = [desk.get(f"/organize/{e.slug}/slips/print/") for e in events]
    assert [a.status_code for a in answers] == [202, 202, 429]
    assert "2 of your printouts are still being prepared" in answers[2].content.decode()
    assert PrintJob.objects.count() == 2
    run_queued()  # two done: the third may be asked for
    with mock.patch("tournaments.outbox._send", return_value=False):
        assert desk.get(f"/organize/{events[2].slug}/slips/print/").status_code == 202
    run_queued()
    assert desk.get(f"/organize/{events[2].slug}/slips/print/").status_code == 200


def test_small_events_print_at_once(make_event, desk, settings):
    settings.HUCHE_PRINT_ASYNC_TEAMS = 150
    event = make_event(6)
    page = desk.get(f"/organize/{event.slug}/slips/print/")
    assert page.status_code == 200 and page.content.decode().count('class="slip"') == 6
    assert not PrintJob.objects.exists()
