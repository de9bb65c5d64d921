"""Game points and wins (the ACC's ways): a bye is no game, so it was worth nothing, and the
player resting lost 2 game points against the field just before the one-in-four cut (found in
a walk-through: « Points pour une exemption » set to 5 changed nothing). The event now says
whether a bye counts as a win (2 game points, a win, no spread); the ACC presets tick it,
events made before keep a bye worth nothing, and an archive carries the choice."""

from __future__ import annotations

import pytest
from django.db import transaction

from tournaments.archives.transfer import checksum, export_event, import_event
from tournaments.events.late_teams import bye_words
from tournaments.events.presets import PRESETS
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import compute

pytestmark = pytest.mark.django_db


def play_round(round_, organizer):
    desk = reporting.Actor(user=organizer)
    for game in round_.games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 100})


@pytest.mark.parametrize("counts", [True, False])
def test_the_resting_team_is_credited_a_win_when_the_event_says_so(make_event, organizer, counts):
    event = make_event(5, scoring_system="game_points", bye_counts_as_win=counts)
    round_ = seating.seat_next_round(event, organizer)
    play_round(round_, organizer)
    resting = round_.games.get(team_b__isnull=True).team_a
    row = compute(event).standings.row(resting.pk).metrics
    assert row["byes"] == 1 and row["spread"] == 0
    assert (row["game_points"], row["wins"]) == ((2, 1) if counts else (0, 0))
    winner = round_.games.filter(team_b__isnull=False).first().team_a
    assert compute(event).standings.row(winner.pk).metrics["game_points"] == 2
    assert bye_words(event) == (
        "a bye, counted as a win (2 game points)"
        if counts
        else "a bye, which counts for nothing in these standings"
    )


def test_the_acc_presets_count_a_bye_as_a_win_and_fadoq_keeps_its_points():
    assert PRESETS["acc_qualifier"].values["bye_counts_as_win"] is True
    assert PRESETS["acc_club_night"].values["bye_counts_as_win"] is True
    assert PRESETS["fadoq"].values["bye_counts_as_win"] is False


def test_the_choice_travels_in_the_archive_and_older_archives_keep_a_bye_worth_nothing(
    make_event, staff
):
    with transaction.atomic():
        event = make_event(5, scoring_system="game_points", bye_counts_as_win=True)
        archive = export_event(event)
        transaction.set_rollback(True)
    old = {**archive, "event": dict(archive["event"])}
    assert import_event(archive, staff, confirmed=True).event.bye_counts_as_win is True
    del old["event"]["bye_counts_as_win"]  # written before the choice existed
    old["event"]["uid"] = "0f8fad5b-d9cb-469f-a165-70867728950e"
    old.pop("signature", None)
    old["checksum"] = checksum(old)
    assert import_event(old, staff, confirmed=True).event.bye_counts_as_win is False
