"""The captain's receipt: a short number derived from the stored report, the time the desk got
it in the event's time zone, and what happens next under the event's confirmation rule."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.utils import translation

from tournaments.models import Event, Report
from tournaments.results import reporting
from tournaments.results.receipts import Receipt, receipt_number
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def first_game(event, organizer):
    return seating.seat_next_round(event, organizer).games.filter(team_b__isnull=False).first()


def report(game, team, a, b, key=""):
    actor = reporting.Actor(team=team)
    payload = {"score_a": a, "score_b": b}
    return reporting.submit(game, actor, Report.Kind.FINAL, payload, idempotency_key=key).report


def test_the_number_is_short_stable_and_differs_from_report_to_report(event, organizer):
    game = first_game(event, organizer)
    one = report(game, game.team_a, 121, 99, "k1")
    two = report(game, game.team_b, 121, 98, "k2")
    assert re.fullmatch(r"[A-Z2-7]{4}-[A-Z2-7]{4}", receipt_number(one))
    assert receipt_number(Report.objects.get(pk=one.pk)) == receipt_number(one)
    assert receipt_number(one) != receipt_number(two)


def test_the_receipt_reads_from_our_side_with_the_time_in_the_event_time_zone(event, organizer):
    game = first_game(event, organizer)
    stored = report(game, game.team_b, 121, 99)
    Report.objects.filter(pk=stored.pk).update(
        created_at=datetime(2026, 11, 24, 19, 32, tzinfo=UTC)
    )
    stored.refresh_from_db()
    with translation.override("fr-ca"):
        receipt = Receipt.of(stored, game.team_b)
        assert receipt.received_at == "14\xa0h\xa032"  # America/Montreal, Quebec style
        assert receipt.next_step == "Ensuite : l'autre capitaine le confirme."
    assert (receipt.score_us, receipt.score_them) == (99, 121)  # team B reads its own first


def test_what_happens_next_follows_the_confirmation_rule(make_event, organizer):
    event = make_event(4, name="Officiel", confirmation=Event.Confirmation.CAPTAIN_AND_OFFICIAL)
    game = first_game(event, organizer)
    ours = report(game, game.team_a, 121, 99)
    assert Receipt.of(ours, game.team_a).next_step == "Next: the official confirms it."


def test_a_disputed_report_says_to_see_the_officials(event, organizer):
    game = first_game(event, organizer)
    report(game, game.team_a, 121, 99)
    theirs = report(game, game.team_b, 121, 90)
    game.refresh_from_db()
    assert "an official will settle it" in Receipt.of(theirs, game.team_b, game).next_step
