"""Two captains submitting at the same instant, on real PostgreSQL connections (row locks)."""

from __future__ import annotations

import os
import threading

import pytest
from django.db import connection, connections

from tournaments.models import Game, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        if os.environ.get("DATABASE_URL", "").startswith("postgres"):
            pytest.fail("DATABASE_URL says PostgreSQL but the connection is not")
        pytest.skip("needs PostgreSQL (set DATABASE_URL): SQLite serialises all writes")


def at_once(*calls):
    """Run each call in its own thread (own database connection), released together."""
    barrier = threading.Barrier(len(calls))
    results, errors = [None] * len(calls), []

    def run(i, call):
        try:
            barrier.wait(timeout=10)
            results[i] = call()
        except Exception as exc:  # reported to the test below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert not errors, errors
    return results


def test_two_captains_at_the_same_instant_are_both_stored_and_compared(make_event, organizer):
    event = make_event(4)
    game = seating.seat_next_round(event, organizer).games.order_by("table").first()
    a, b = game.team_a, game.team_b
    at_once(
        lambda: reporting.submit(
            game, reporting.Actor(team=a), Report.Kind.FINAL, {"score_a": 121, "score_b": 97}
        ),
        lambda: reporting.submit(
            game, reporting.Actor(team=b), Report.Kind.FINAL, {"score_a": 104, "score_b": 121}
        ),
    )
    game.refresh_from_db()
    assert sorted(game.reports.values_list("version", flat=True)) == [1, 2]
    assert game.status == Game.Status.DISPUTED
    assert game.disputes.get().reports.count() == 2


def test_a_retry_racing_the_original_stores_one_report(make_event, organizer):
    event = make_event(4)
    game = seating.seat_next_round(event, organizer).games.order_by("table").first()
    submit = lambda: reporting.submit(  # noqa: E731
        game,
        reporting.Actor(team=game.team_a),
        Report.Kind.FINAL,
        {"score_a": 121, "score_b": 97},
        idempotency_key="tap-tap",
    )
    first, second = at_once(submit, submit)
    assert game.reports.count() == 1
    assert first.report.pk == second.report.pk
    assert sorted([first.created, second.created]) == [False, True]


def test_agreeing_reports_at_the_same_instant_confirm_once(make_event, organizer):
    event = make_event(4)
    game = seating.seat_next_round(event, organizer).games.order_by("table").first()
    at_once(
        *[
            (
                lambda team=team: reporting.submit(
                    game,
                    reporting.Actor(team=team),
                    Report.Kind.FINAL,
                    {"score_a": 121, "score_b": 88},
                )
            )
            for team in (game.team_a, game.team_b)
        ]
    )
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED
    assert game.reports.count() == 2
    assert game.confirmed_report.confirmations.count() == 1
