"""The organizer's pages on a day with a bye every round and a withdrawal (issue 25): how many
teams play, what the round's progress means, the bye on the printed sheets, the withdrawn team
in the standings CSV, a rematch no seating could avoid."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from tournaments.events.teams import withdraw_team
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def french(organizer) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    return client


def play_round(round_, organizer, *, a_wins=True):
    desk = reporting.Actor(user=organizer)
    scores = {"score_a": 121, "score_b": 95} if a_wins else {"score_a": 95, "score_b": 121}
    for game in round_.games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, scores)


def text(response) -> str:
    return " ".join(response.content.decode().split())


def test_the_dashboard_counts_the_teams_playing_and_withdrawn(make_event, organizer, french):
    event = make_event(7)
    first = seating.seat_next_round(event, organizer)
    page = text(french.get(f"/organize/{event.slug}/"))
    assert "7 équipes en jeu" in page and "retirée" not in page
    assert "(parties terminées : 0 sur 3)" in page  # the bye is not a game to wait for

    play_round(first, organizer)
    withdraw_team(event.teams.first(), organizer)
    page = text(french.get(f"/organize/{event.slug}/"))
    assert "6 équipes en jeu, 1 retirée" in page and "7 équipes" not in page
    assert "(parties terminées : 3 sur 3)" in page


def test_the_printed_sheets_name_the_team_with_the_bye(make_event, organizer, french):
    event = make_event(7)
    round_ = seating.seat_next_round(event, organizer)
    resting = round_.games.get(team_b__isnull=True).team_a
    page = french.get(f"/organize/{event.slug}/rounds/1/print/").content.decode()
    sheets = page.split('<section class="sheet-page"')[1:]
    assert len(sheets) == 3
    for sheet in sheets:  # every table's printed page says who rests, not only the screen
        bye = sheet.split("data-bye>")[1].split("</p>")[0]
        assert "Exemptée cette ronde (sans table) :" in bye and resting.name in bye


def test_the_standings_csv_marks_the_withdrawn_team(make_event, organizer, french):
    event = make_event(6)
    play_round(seating.seat_next_round(event, organizer), organizer)
    leaving = event.teams.order_by("pk").last()
    withdraw_team(leaving, organizer)
    response = french.get(f"/organize/{event.slug}/export/standings.csv")
    content = b"".join(response.streaming_content).decode()[1:]
    rows = list(csv.reader(io.StringIO(content), delimiter=";"))
    column = rows[0].index("Retrait")
    marks = {row[1]: row[column] for row in rows[1:]}
    assert marks.pop(leaving.name) == "retirée après la ronde 1"
    assert set(marks.values()) == {""}


def test_a_rematch_no_seating_could_avoid_is_said_on_the_dashboard(make_event, organizer, french):
    event = make_event(4)
    for _ in range(2):  # winners stay: 1 and 3 keep tables 1 and 2 and never meet
        play_round(seating.seat_next_round(event, organizer), organizer)
    page = text(french.get(f"/organize/{event.slug}/"))
    assert "déjà affrontées" not in page
    third = seating.seat_next_round(event, organizer)
    page = text(french.get(f"/organize/{event.slug}/"))
    assert third.games.count() == 2
    # Both tables are rematches of round 1 (the alternative was round 2's games again).
    assert page.count("se sont déjà affrontées à la ronde 1.") == 2
    assert "à la ronde 2" not in page
    assert page.count("Aucun placement ne permettait d'éviter cette revanche.") == 2
