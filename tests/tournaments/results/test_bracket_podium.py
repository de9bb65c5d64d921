"""The bracket decides the podium (issue 50): before it ends no team has a medal and the pages
say so; once played out the champion, the finalist and third place (the third-place match's
winner, or both semi-final losers) are the medals and the final places everywhere (standings,
podium page, CSV, API). A qualifier who withdraws during the bracket loses its match by
forfeit, recorded by the desk, and the opponent goes on."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from tests.builders.finished_event import play_series, report_all
from tournaments.audit import AuditAction
from tournaments.models import AuditEntry, Event, Game, Report, Round
from tournaments.results import bracket_play
from tournaments.results.bracket_withdraw import withdraw
from tournaments.standings.service import compute

pytestmark = pytest.mark.django_db


def _seated(make_event, organizer, **fields):
    fields = {
        "scoring_system": "game_points",
        "movement": "random_draw",
        "number_of_games": 3,
        "bracket": Event.Bracket.FIXED,
        "bracket_qualifiers": 5,
        "bracket_best_of": 3,
        **fields,
    }
    event = make_event(10, **fields)
    play_series(event, organizer)
    cut = bracket_play.the_cut(event)
    bracket_play.seat_bracket(event, organizer, settled=list(cut.tied) or None)
    return event, list(bracket_play.bracket_group(event).teams)


def _play_out(event, organizer):
    for _ in range(40):  # the team listed first (the higher seed) wins every game
        waiting = bracket_play.open_bracket_games(event)
        if not waiting:
            return
        report_all(waiting, organizer)


def _medals(event):
    return [(r.rank, r.team, r.medal) for r in compute(event).standings.rows if r.medal]


def test_the_bracket_not_played_out_gives_no_medal_and_the_podium_says_why(
    make_event, organizer, client
):
    event, seeds = _seated(make_event, organizer, visibility=Event.Visibility.LIVE)
    data = compute(event)
    assert _medals(event) == [] and data.bracket_pending
    # The series leader is still first in the series order, without a medal.
    assert data.standings.rows[0].medal is None
    page = client.get(reverse("tournaments:podium", args=[event.slug])).content.decode()
    assert "Le podium se décide au tableau à élimination" in page  # French by default
    body = client.get(f"/api/v1/events/{event.slug}/standings/").json()
    assert body["podium_by_bracket"] is True
    assert all(row["medal"] is None for row in body["rows"])


def test_with_a_third_place_match_the_medals_are_the_brackets(make_event, organizer, client):
    event, seeds = _seated(
        make_event, organizer, bracket_third_place=True, visibility=Event.Visibility.LIVE
    )
    _play_out(event, organizer)
    # 5 qualifiers: seeds 1-3 on a bye, 4 beats 5; semis 1 v 4 and 2 v 3; the higher seed wins
    # every game: champion 1, finalist 2, seed 3 beats seed 4 for third.
    assert _medals(event) == [
        (1, seeds[0], "gold"),
        (2, seeds[1], "silver"),
        (3, seeds[2], "bronze"),
    ]
    data = compute(event)
    assert not data.bracket_pending
    # The rest follow in their series order, ranked from 4th.
    ranks = [r.rank for r in data.standings.rows[3:]]
    assert ranks[0] == 4 and ranks == sorted(ranks)
    # Competition ranks: a row not tied with the one above is ranked by its position.
    rows = data.standings.rows
    assert all(r.rank == i + 1 for i, r in enumerate(rows) if i >= 3 and not r.tied)
    body = client.get(f"/api/v1/events/{event.slug}/standings/").json()
    assert body["podium_by_bracket"] is False
    assert [(r["rank"], r["team"]["id"], r["medal"]) for r in body["rows"][:3]] == _medals(event)
    page = client.get(reverse("tournaments:podium", args=[event.slug])).content.decode()
    names = [data.teams[t].name for t in seeds[:3]]
    assert page.index(names[0]) < page.index(names[1]) < page.index(names[2])


def test_without_a_third_place_match_both_semi_final_losers_share_bronze(
    make_event, organizer, client
):
    event, seeds = _seated(make_event, organizer, visibility=Event.Visibility.LIVE)
    _play_out(event, organizer)
    medals = _medals(event)
    assert medals[:2] == [(1, seeds[0], "gold"), (2, seeds[1], "silver")]
    assert sorted(medals[2:]) == sorted([(3, seeds[2], "bronze"), (3, seeds[3], "bronze")])
    rows = compute(event).standings.rows
    assert rows[2].tied and rows[3].tied and rows[4].rank == 5
    # The CSV export says the same final places: the champion's line first, then the finalist.
    client.force_login(organizer)
    response = client.get(reverse("tournaments:export", args=[event.slug, "standings"]))
    assert response.status_code == 200
    text = b"".join(response.streaming_content).decode("utf-8-sig")
    lines = [
        line
        for line in csv.reader(io.StringIO(text), delimiter=text[0:200].count(";") and ";" or ",")
        if line
    ]
    teams = compute(event).teams
    body = "\n".join(";".join(line) for line in lines[1:3])
    assert body.index(teams[seeds[0]].name) < body.index(teams[seeds[1]].name)


def test_a_qualifier_withdrawing_mid_match_loses_it_by_forfeit(make_event, organizer):
    event, seeds = _seated(make_event, organizer)
    game = next(g for g in bracket_play.open_bracket_games(event) if g.playoff_match == "R2-M2")
    gone = game.team_b  # seed 3, against seed 2
    report_all([game], organizer, score_b=90)  # seed 2 wins game 1 (1-0)
    withdraw(gone, organizer)
    state = bracket_play.bracket_state(event)
    match = next(m for m in state.rounds[1] if m.id == "R2-M2")
    assert match.winner == game.team_a_id  # the opponent advances
    assert (match.state.wins_a, match.state.wins_b) == (2, 0)
    games = list(
        Game.objects.filter(round__kind=Round.Kind.BRACKET, playoff_match="R2-M2").order_by("pk")
    )
    forfeits = [g.confirmed_report for g in games if g.confirmed_report.kind == "forfeit"]
    assert len(forfeits) == 1
    assert forfeits[0].channel == Report.Channel.OFFICIAL
    assert forfeits[0].by_user_id == organizer.pk
    assert forfeits[0].detail.get("withdrawn") == "b"
    assert AuditEntry.objects.filter(event=event, action=AuditAction.TEAM_WITHDRAW).exists()
    # The final (seed 1 side against seed 2) can be seated once the other semi is played.
    _play_out(event, organizer)
    assert bracket_play.bracket_state(event).champion == seeds[0]


def test_a_waiting_qualifier_who_withdraws_forfeits_the_match_seated_later(make_event, organizer):
    event, seeds = _seated(make_event, organizer)
    # Seed 1 is on a bye, waiting for 4 v 5: it withdraws before its semi-final is seated.
    withdraw(event.teams.get(pk=seeds[0]), organizer)
    _play_out(event, organizer)
    state = bracket_play.bracket_state(event)
    semi = state.rounds[1][0]
    assert semi.team_a == seeds[0] and semi.winner == semi.team_b
    reports = [g.confirmed_report for g in state.games[semi.id]]
    assert [r.kind for r in reports] == ["forfeit", "forfeit"]
    assert all(r.by_user_id == organizer.pk for r in reports)


def test_where_to_sit_follows_the_bracket_and_ends_on_its_final(make_event, organizer, client):
    """Once the bracket was played out, « Où suis-je assis? » showed qualifying's last round
    again (« Ronde 3 »), as if it were being played."""
    event, seeds = _seated(make_event, organizer, visibility=Event.Visibility.LIVE)
    url = reverse("tournaments:seating", args=[event.slug])
    during = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Tableau, ronde" in during and "Ronde 3" not in during
    _play_out(event, organizer)
    after = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Ronde 3" not in after
    final = Game.objects.filter(round__event=event, round__kind=Round.Kind.BRACKET).latest(
        "round__number"
    )
    assert final.label in after
