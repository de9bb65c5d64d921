"""The officials' desk: a withdrawn team's pending game (forfeit or bye), and a disputed
hand-by-hand sheet read deal by deal."""

from __future__ import annotations

from html import unescape

import pytest
from django.core.cache import cache
from django.test import Client

from tests.builders.sheets import sheet
from tournaments.errors import RuleError
from tournaments.events.teams import withdraw_team
from tournaments.models import AuditEntry, Event, Game, Report
from tournaments.results import forfeits, reporting
from tournaments.results.sheet_compare import compare
from tournaments.seating import rounds as seating
from tournaments.standings.service import event_standings

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # cached standings are keyed by event id and version, both reused by tests


@pytest.fixture
def left_game(event, organizer):
    """Round 1 seated; the second team of table 1 withdraws before reporting."""
    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.exclude(team_b=None).order_by("table").first()
    withdraw_team(game.team_b, organizer)
    return Game.objects.select_related("round__event", "team_a", "team_b").get(pk=game.pk)


def desk(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(user)
    return client


def row_of(standings, team):
    return standings.standings.row(team.pk).metrics


def test_the_desk_says_what_happens_and_offers_forfeit_or_bye(left_game, official):
    event = left_game.round.event
    client = desk(official)
    listing = unescape(client.get(f"/organize/{event.slug}/desk/").content.decode())
    assert f"L'équipe {left_game.team_b.name} s'est retirée : forfait ou exemption" in listing
    page = unescape(
        client.get(f"/organize/{event.slug}/desk/games/{left_game.pk}/").content.decode()
    )
    card = page.split('id="withdrawal"')[1].split("</div>")[0]
    assert "s'est retirée" in card
    assert f"{left_game.team_a.name} gagne par forfait (121–0, sans pétrin)" in card
    assert f"Une exemption pour {left_game.team_a.name} (vaut sa moyenne" in card


def test_a_forfeit_is_a_win_for_the_team_still_in_without_skunk(left_game, official):
    event = left_game.round.event
    client = desk(official)
    client.post(
        f"/organize/{event.slug}/desk/games/{left_game.pk}/", {"action": "forfeit", "confirm": "1"}
    )
    left_game.refresh_from_db()
    assert left_game.status == Game.Status.CONFIRMED
    report = left_game.confirmed_report
    assert (report.kind, report.score_a, report.score_b, report.skunk) == ("forfeit", 121, 0, 0)
    assert report.by_user == official
    event.refresh_from_db()
    standings = event_standings(event)
    winner, loser = row_of(standings, left_game.team_a), row_of(standings, left_game.team_b)
    assert (winner["points"], winner["wins"], winner["skunks_inflicted"]) == (121, 1, 0)
    assert (loser["points"], loser["losses"]) == (0, 1)
    assert AuditEntry.objects.filter(event=event, action="result.confirm").exists()
    page = client.get(f"/organize/{event.slug}/desk/games/{left_game.pk}/").content.decode()
    assert 'id="withdrawal"' not in page  # settled: nothing more to offer


def test_a_bye_credits_the_team_still_in_and_not_the_withdrawn_one(left_game, official):
    event = left_game.round.event
    desk(official).post(
        f"/organize/{event.slug}/desk/games/{left_game.pk}/", {"action": "bye", "confirm": "1"}
    )
    left_game.refresh_from_db()
    assert left_game.status == Game.Status.BYE and left_game.confirmed_report is None
    event.refresh_from_db()
    standings = event_standings(event)
    assert row_of(standings, left_game.team_a)["byes"] == 1
    assert row_of(standings, left_game.team_b)["byes"] == 0
    assert row_of(standings, left_game.team_b)["games_played"] == 0
    entry = AuditEntry.objects.get(event=event, action="result.withdrawal_bye")
    assert entry.after["bye_for"] == left_game.team_a_id and entry.actor == official


def test_only_an_official_settles_and_only_a_withdrawal(left_game, event, organizer):
    with pytest.raises(RuleError) as captain:
        reporting.submit(
            left_game, reporting.Actor(team=left_game.team_a), "forfeit", {"winner": "a"}
        )
    assert captain.value.status == 403
    other = left_game.round.games.exclude(pk=left_game.pk).exclude(team_b=None).first()
    with pytest.raises(RuleError) as refused:
        forfeits.award_forfeit(other, reporting.Actor(user=organizer))
    assert refused.value.code == "no_withdrawal"
    assert not Report.objects.filter(kind="forfeit").exists()


def test_a_withdrawn_teams_game_no_longer_blocks_the_series(left_game, organizer):
    from tests.builders.finished_event import report_all

    event = left_game.round.event
    report_all(left_game.round.games.exclude(pk=left_game.pk), organizer)
    with pytest.raises(RuleError):  # table 1 is still open
        seating.seat_next_round(Event.objects.get(pk=event.pk), organizer)
    forfeits.count_as_bye(left_game, reporting.Actor(user=organizer))
    seating.seat_next_round(Event.objects.get(pk=event.pk), organizer)  # now it seats


# --- a disputed sheet, deal by deal --------------------------------------------------------------


@pytest.fixture
def disputed_sheets(event, organizer):
    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.exclude(team_b=None).order_by("table").first()
    reporting.submit(game, reporting.Actor(team=game.team_a), "sheet", {"sheet": sheet()})
    # B's captain wrote 8 for B's pegging in deal 4 (A's sheet: 6): 121-87 against 121-85.
    reporting.submit(
        game,
        reporting.Actor(team=game.team_b),
        "sheet",
        {"sheet": sheet({(3, "pegging"): {"a": 4, "b": 8}})},
    )
    game.refresh_from_db()
    assert game.status == Game.Status.DISPUTED
    return game


def test_the_comparison_finds_the_first_deal_where_the_sheets_part(disputed_sheets):
    reports = disputed_sheets.reports.order_by("version")
    found = compare(reports)
    assert found.first_difference == 4
    totals = [[(c.total_a, c.total_b) for c in row.cells] for row in found.rows]
    # The totals the sheet's author checked by hand (sheets_data), and B's version 2 points up
    # for B from deal 4 on.
    assert [t[0] for t in totals] == [(20, 8), (33, 28), (53, 39), (69, 61), (92, 79), (121, 85)]
    assert [t[1] for t in totals] == [(20, 8), (33, 28), (53, 39), (69, 63), (92, 81), (121, 87)]
    assert [row.differs for row in found.rows] == [False, False, False, True, False, False]


def test_the_desk_shows_the_disputed_sheets_deal_by_deal(disputed_sheets, official):
    event = disputed_sheets.round.event
    page = unescape(
        desk(official)
        .get(f"/organize/{event.slug}/desk/games/{disputed_sheets.pk}/")
        .content.decode()
    )
    table = page.split('id="deal-by-deal"')[1].split("</table>")[0]
    assert "Les feuilles diffèrent d'abord à la donne 4." in table
    assert table.count("<tr") == 7  # the header and six deals
    assert "69–61" in table and "69–63" in table and "121–85" in table and "121–87" in table
    # « de » contracted before the name (issue 49, point 13): « capitaine d’Équipe 2 »
    assert f"capitaine d’{disputed_sheets.team_a.name}" in table
    # Deciding from the desk: choose captain A's version.
    first = disputed_sheets.reports.order_by("version").first()
    desk(official).post(
        f"/organize/{event.slug}/desk/games/{disputed_sheets.pk}/",
        {"action": "confirm", "report": first.pk},
    )
    disputed_sheets.refresh_from_db()
    assert disputed_sheets.confirmed_report == first


# --- the API ---------------------------------------------------------------------------------------


def test_api_settles_a_withdrawal(left_game, official, api_client):
    from tests.builders.scene import captain, logged_in

    url = f"/api/v1/games/{left_game.pk}/withdrawal/"
    captain(api_client, left_game.team_a)
    assert api_client.post(url, {"how": "forfeit"}, format="json").status_code == 403
    logged_in(api_client, official)
    assert api_client.post(url, {"how": "never"}, format="json").status_code == 400
    done = api_client.post(url, {"how": "forfeit"}, format="json")
    assert done.status_code == 200 and done.json() == {"id": left_game.pk, "status": "confirmed"}
    again = api_client.post(url, {"how": "bye"}, format="json")
    assert again.status_code == 400 and again.json()["code"] == "no_withdrawal"
    paths = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    assert "post" in paths["/api/v1/games/{id}/withdrawal/"]


def test_api_standings_say_provisional_until_the_series_is_complete(
    left_game, official, api_client
):
    from tests.builders.scene import logged_in

    logged_in(api_client, official)
    body = api_client.get(f"/api/v1/events/{left_game.round.event.slug}/standings/").json()
    assert body["provisional"] is True and body["medal_ties"] == []
