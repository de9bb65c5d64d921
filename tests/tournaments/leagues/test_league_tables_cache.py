"""League pages at federation size (issue 54, round 2): the season standings, the honours
boards and a player's page read a constant number of queries however many seasons and events
there are, and their cached tables (``publishing.league_tables``) follow every change a
visitor would notice: a corrected result, a release, a season rule, a renamed player. (A merge:
``test_players.test_merge_joins_the_season_rows``.)"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from tests.builders.season import EVENTS, build_event, build_season
from tournaments.leagues.honours import league_board, season_board
from tournaments.leagues.player_record import record_of
from tournaments.leagues.season_standings import compute_season
from tournaments.leagues.seasons import update_season
from tournaments.models import Event, Game, Report, Season
from tournaments.results import reporting
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(organizer):
    cache.clear()
    return build_season(organizer)


def _queries(client, url: str) -> int:
    client.get(url)  # computed and cached
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured.captured_queries)


def _another_season(organizer, league, people, slug: str, year: int) -> Season:
    """A season of the same league with the same three events a year later."""
    other = Season.objects.create(league=league, name=f"Saison {year}", slug=slug)
    for name, date, teams, rounds in EVENTS:
        spec = (f"{name} {year}", date.replace(year=year), teams, rounds)
        build_event(organizer, other, spec, people)
    return other


def _correct(event: Event, organizer, score_b: int) -> None:
    """The desk records the first game of round 1 again: 121 to ``score_b``."""
    game = Game.objects.get(round__event=event, round__number=1, table=1)
    Event.objects.filter(pk=event.pk).update(status="running")
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": score_b, "score_b": 121})
    Event.objects.filter(pk=event.pk).update(status="finished")


def test_league_pages_read_the_same_queries_with_more_seasons_and_events(organizer, season, client):
    season, people, _events, _hidden = season
    league = season.league
    alice = people["Alice"]
    urls = [
        f"/s/{league.slug}/{season.slug}/",
        f"/s/{league.slug}/palmares/",
        f"/s/{league.slug}/{season.slug}/palmares/",
        f"/p/{alice.uid}/",
    ]
    before = [_queries(client, url) for url in urls]
    _another_season(organizer, league, people, "2028", 2028)
    _another_season(organizer, league, people, "2029", 2029)
    after = [_queries(client, url) for url in urls]
    assert after == before
    # The new seasons' own pages too: as many queries as the first's.
    assert _queries(client, f"/s/{league.slug}/2029/") == before[0]
    assert before[0] <= 3 and before[1] <= 3 and before[3] <= 8


def test_a_corrected_result_changes_the_season_table_the_board_and_the_record(organizer, season):
    season, people, events, _hidden = season
    alice = people["Alice"]
    as_total = compute_season(season).teams[0].total
    board = season_board(season, min_games=1)
    record = record_of(alice)
    assert (record.wins, record.losses) == (4, 2)
    # January, round 1: Les As beat Les Rois 121–100; the desk corrects it to a loss 90–121.
    _correct(events[0], organizer, 90)
    standings = compute_season(season)
    as_row = next(r for r in standings.teams if r.name == "Les As")
    assert as_row.total == as_total - 121 + 90
    assert (record_of(alice).wins, record_of(alice).losses) == (3, 3)
    after = season_board(season, min_games=1)
    mean = {f.player.name: f.value for f in after.averages}
    assert mean != {f.player.name: f.value for f in board.averages}
    assert mean["Alice"] == round((242 - 121 + 90 + 236 + 239) / 6, 1)


def test_a_release_and_a_hide_change_the_season_table(organizer, season):
    season, people, events, hidden = season
    assert [e.pk for e in compute_season(season).events] == [e.pk for e in events]
    as_total = compute_season(season).teams[0].total
    release(hidden, organizer)  # April: Les As beat Les Rois 121–50
    standings = compute_season(season)
    assert hidden.pk in [e.pk for e in standings.events]
    assert standings.teams[0].name == "Les As" and standings.teams[0].total == as_total + 121
    assert len(league_board(season.league).events) == 4
    Event.objects.filter(pk=hidden.pk).update(status="running")  # reopened: it may be hidden
    hidden.status = "running"
    release(hidden, organizer, released=False)
    standings = compute_season(season)
    assert hidden.pk not in [e.pk for e in standings.events]
    assert standings.teams[0].total == as_total
    assert len(league_board(season.league).events) == 3


def test_a_season_rule_change_changes_the_table(organizer, season):
    season, *_ = season
    assert compute_season(season).teams[0].total == 242 + 236 + 239
    update_season(
        season, organizer, aggregation=Season.Aggregation.PLACEMENT, placement_points="10, 6, 4"
    )
    assert compute_season(Season.objects.get(pk=season.pk)).teams[0].total == 10 + 6 + 6
    update_season(season, organizer, best_of=2)
    assert compute_season(Season.objects.get(pk=season.pk)).teams[0].total == 10 + 6


def test_a_renamed_player_is_renamed_in_the_cached_tables(organizer, season, client):
    season, people, *_ = season
    assert "Alice" in [r.name for r in compute_season(season).players]
    league_board(season.league)
    alice = people["Alice"]
    alice.name = "Alice Tremblay"
    alice.save(update_fields=["name"])
    assert "Alice Tremblay" in [r.name for r in compute_season(season).players]
    assert "Alice" not in [r.name for r in compute_season(season).players]
    page = client.get(f"/s/{season.league.slug}/{season.slug}/").content.decode()
    assert "Alice Tremblay" in page


def test_a_cache_that_lost_the_players_stamp_computes_again(organizer, season):
    season, people, *_ = season
    compute_season(season)
    cache.delete("league-tables:players-stamp")
    people["Bruno"].name = "Bruno Côté"
    people["Bruno"].save(update_fields=["name"])
    cache.delete("league-tables:players-stamp")
    assert "Bruno Côté" in [r.name for r in compute_season(season).players]


def test_the_worker_warms_the_season_tables_and_boards_in_each_language_after_a_release(
    organizer, season, client, monkeypatch
):
    """The refresh the worker runs after a release renders the season's tables and computes the
    honours boards, so that their first visitor (in French or in English) does not: at a
    federation's size that took one to two seconds."""
    from tournaments.tasks import refresh_standings

    season, _people, _events, hidden = season
    assert "season" not in refresh_standings(hidden.pk)  # not released: nothing to warm
    release(hidden, organizer)
    assert refresh_standings(hidden.pk)["season"] == ["fr-ca", "en"]

    def computed(*args, **kwargs):
        raise AssertionError("a visitor computed the season's tables")

    monkeypatch.setattr("tournaments.leagues.season_page.compute_season", computed)
    monkeypatch.setattr("tournaments.leagues.honours._board", computed)
    league = season.league.slug
    for language, heading in (("fr-CA", "Équipes"), ("en", "Teams")):
        page = client.get(f"/s/{league}/{season.slug}/", HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200
        text = page.content.decode()
        assert escape(hidden.name) in text and "Les As" in text and heading in text
        for url in (f"/s/{league}/palmares/", f"/s/{league}/{season.slug}/palmares/"):
            board = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert board.status_code == 200 and escape(hidden.name) in board.content.decode()
