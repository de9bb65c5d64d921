"""Club nights in a season (issue 50, part 3): the per-night rules (12+ game points, a fixed
award, a table), the club champion's tiebreaks, guests, a player who misses nights, and a
corrected result. Every expected figure is recounted from the confirmed reports by hand
(tests/builders/club_nights.py: ``recount``), not read from the standings engine."""

from __future__ import annotations

import datetime

import pytest
from django.core.cache import cache

from tests.builders.club_nights import club_night, club_season, desk, recount
from tournaments.errors import RuleError
from tournaments.leagues.season_rules import night_score, parse_night_table
from tournaments.leagues.season_standings import EventScore, SeasonRow, compute_season, rank_rows
from tournaments.leagues.seasons import create_season, update_season
from tournaments.models import Game, Report, Season
from tournaments.results import reporting

pytestmark = pytest.mark.django_db


def expected_table(season, nights, guests_by_night):
    """(name, total, nights qualified, game points, spread) per ranked player, best first by
    the champion's order, then the guests (never a member yet), from the recount."""
    rows: dict[str, dict] = {}
    for night, guests in zip(nights, guests_by_night, strict=True):
        for name, t in recount(night).items():
            row = rows.setdefault(name, {"total": 0, "q": 0, "gp": 0, "spread": 0, "member": False})
            if name in guests:
                continue
            row["member"] = True
            worth = hand_rule(season, t["gp"])
            row["total"] += worth
            row["q"] += worth > 0
            row["gp"] += t["gp"]
            row["spread"] += t["spread"]
    members = sorted(
        (n for n, r in rows.items() if r["member"]),
        key=lambda n: (-rows[n]["total"], -rows[n]["q"], -rows[n]["gp"], -rows[n]["spread"]),
    )
    return [
        (n, rows[n]["total"], rows[n]["q"], rows[n]["gp"], rows[n]["spread"]) for n in members
    ], sorted(n for n, r in rows.items() if not r["member"])


def hand_rule(season, gp):
    if season.aggregation == Season.Aggregation.TABLE:
        return 0 if gp < 12 else 5 if gp < 15 else 8  # the table [[12, 5], [15, 8]]
    if gp < season.night_threshold:
        return 0
    return season.night_fixed_points if season.night_award == "fixed" else gp


def shown(standings):
    ranked = [
        (r.name, r.total, r.nights_qualified, r.game_points, r.spread)
        for r in standings.players
        if r.rank is not None
    ]
    return ranked, sorted(r.name for r in standings.players if r.rank is None)


@pytest.fixture
def season_of_three(organizer):
    """Three nights of 6 games: 14 players; in night 2 Ned misses and Opal plays as a guest;
    in night 3 Mae and Ned miss, Opal plays as a member (she joined), Pat is a guest."""
    cache.clear()
    season, people = club_season(organizer)
    names = list(people)
    regulars = [people[n] for n in names[:14]]
    night1 = club_night(organizer, season, "Night 1", datetime.date(2026, 9, 8), regulars, games=6)
    two = [p for p in regulars if p.name != "Ned Owen"] + [people["Opal Price"]]
    night2 = club_night(
        organizer,
        season,
        "Night 2",
        datetime.date(2026, 9, 15),
        two,
        guests={"Opal Price"},
        games=6,
    )
    three = [p for p in regulars if p.name not in ("Mae Nash", "Ned Owen")]
    three += [people["Opal Price"], people["Pat Quinn"]]
    night3 = club_night(
        organizer,
        season,
        "Night 3",
        datetime.date(2026, 9, 22),
        three,
        guests={"Pat Quinn"},
        games=6,
    )
    return season, people, [night1, night2, night3], [set(), {"Opal Price"}, {"Pat Quinn"}]


def test_the_12_plus_rule_counts_each_members_qualifying_nights(season_of_three):
    season, _people, nights, guests = season_of_three
    standings = compute_season(season)
    assert [e.name for e in standings.events] == ["Night 1", "Night 2", "Night 3"]
    assert shown(standings) == expected_table(season, nights, guests)
    # Someone earned points and someone did not: the rule is exercised both ways.
    counts = [t["gp"] for n in nights for t in recount(n).values()]
    assert max(counts) >= 12 > min(counts)


def test_a_player_who_misses_nights_keeps_the_nights_played(season_of_three):
    season, _people, nights, _guests = season_of_three
    ned = next(r for r in compute_season(season).players if r.name == "Ned Owen")
    assert ned.events_played == 1 and ned.cells[1] is None and ned.cells[2] is None
    gp = recount(nights[0])["Ned Owen"]["gp"]
    assert ned.total == (gp if gp >= 12 else 0)


def test_a_guest_earns_nothing_and_joining_counts_from_that_night(season_of_three):
    season, _people, nights, _guests = season_of_three
    standings = compute_season(season)
    opal = next(r for r in standings.players if r.name == "Opal Price")
    assert opal.rank is not None  # a member from night 3 on
    assert opal.cells[0] is None
    assert opal.cells[1].guest and opal.cells[1].score == 0 and not opal.cells[1].counted
    night3 = recount(nights[2])["Opal Price"]["gp"]
    assert opal.total == (night3 if night3 >= 12 else 0)  # night 2 never counts, even later
    assert opal.game_points == night3
    pat = next(r for r in standings.players if r.name == "Pat Quinn")
    assert (pat.rank, pat.total, pat.tied) == (None, 0, False)
    assert standings.players[-1] is pat  # guests after every ranked player


def test_a_fixed_award_and_a_table(season_of_three):
    season, _people, nights, guests = season_of_three
    season.night_award = Season.NightAward.FIXED
    season.night_fixed_points = 1
    season.save()
    assert shown(compute_season(season)) == expected_table(season, nights, guests)
    season.aggregation = Season.Aggregation.TABLE
    season.night_table = [[12, 5], [15, 8]]
    season.save()
    assert shown(compute_season(season)) == expected_table(season, nights, guests)


def test_a_corrected_result_moves_the_season_points(season_of_three, organizer):
    season, _people, nights, guests = season_of_three
    # Night 1: a game the loser of which would reach 12+ (or drop below) with the win.
    game = (
        Game.objects.filter(round__event=nights[0], status=Game.Status.CONFIRMED)
        .exclude(team_b=None)
        .select_related("confirmed_report", "team_a", "team_b")
        .order_by("round__number", "table")
        .first()
    )
    before = recount(nights[0])
    report = game.confirmed_report
    reporting.submit(
        game,
        desk(organizer),
        Report.Kind.FINAL,
        {"score_a": report.score_b, "score_b": report.score_a},  # the other way round
        note="cards swapped",
    )
    after = recount(nights[0])
    assert after != before
    assert game.reports.count() == 2  # versioned: the first result is kept
    assert shown(compute_season(season)) == expected_table(season, nights, guests)


def row(name, scores):
    return SeasonRow(
        name,
        name,
        [],
        {
            i: EventScore(i, i, 1, False, points, score, counted=True, spread=spread, guest=guest)
            for i, (points, score, spread, guest) in enumerate(scores)
        },
    )


def test_the_champions_tiebreaks_points_nights_game_points_spread():
    """Hand-made rows: equal season points, then each tiebreak in turn."""
    rows = [
        row("Ann", [(12, 12, 10, False), (13, 13, 5, False)]),  # 25 pts, 2 nights, 25 gp
        row("Bob", [(25, 25, 0, False), (4, 0, 0, False)]),  # 25 pts, 1 night
        row("Cy", [(12, 12, 30, False), (13, 13, 1, False), (2, 0, -5, False)]),  # 27 gp
        row("Di", [(12, 12, 40, False), (13, 13, 0, False)]),  # 25 gp, spread 40
        row("Eve", [(12, 12, 40, False), (13, 13, 0, False)]),  # all equal to Di: shared rank
        row("Fay", [(30, 0, 90, True)]),  # a guest only: no rank
        row("Gil", [(9, 0, 0, False)]),
    ]
    for r in rows:
        r.total = sum(s.score for s in r.scores.values() if not s.guest)
    ranked = rank_rows(rows, per_night=True)
    assert [(r.rank, r.tied, r.name) for r in ranked] == [
        (1, False, "Cy"),  # 25 points, 2 nights, 27 game points
        (2, True, "Di"),  # 25, 2, 25, spread 40
        (2, True, "Eve"),
        (4, False, "Ann"),  # 25, 2, 25, spread 15
        (5, False, "Bob"),  # 25 points but 1 night
        (6, False, "Gil"),
        (None, False, "Fay"),
    ]


def test_night_score_rules():
    season = Season(aggregation=Season.Aggregation.THRESHOLD, night_threshold=12)
    assert [night_score(season, 1, gp) for gp in (11, 12, 20)] == [0, 12, 20]
    season.night_award, season.night_fixed_points = Season.NightAward.FIXED, 3
    assert [night_score(season, 1, gp) for gp in (11, 12, 20)] == [0, 3, 3]
    season = Season(aggregation=Season.Aggregation.TABLE, night_table=[[12, 1], [14, 2], [16, 4]])
    assert [night_score(season, 1, gp) for gp in (0, 11, 12, 13, 14, 15, 16, 27)] == [
        0,
        0,
        1,
        1,
        2,
        2,
        4,
        4,
    ]


def test_table_text_and_its_errors():
    assert parse_night_table("12: 1, 14: 2; 16: 4") == [[12, 1], [14, 2], [16, 4]]
    assert parse_night_table([[12, 1], [14, 2]]) == [[12, 1], [14, 2]]
    with pytest.raises(RuleError, match="step 2.*“14”.*night points: season points"):
        parse_night_table("12: 1, 14")
    with pytest.raises(RuleError, match="step 2: 12 night points must be more than.*12"):
        parse_night_table("12: 1, 12: 2")
    with pytest.raises(RuleError, match="step 1: “x” is not a whole number"):
        parse_night_table("x: 1")


def test_season_settings_through_the_service(organizer):
    season, _people = club_season(organizer)
    with pytest.raises(RuleError, match="table of night points needs its steps") as caught:
        update_season(season, organizer, aggregation="table")
    assert caught.value.field == "night_table"
    season.refresh_from_db()
    assert season.aggregation == "threshold"  # nothing changed
    with pytest.raises(RuleError, match="“night_points” or a “fixed”"):
        update_season(season, organizer, night_award="double")
    with pytest.raises(RuleError, match="Guest nights before joining: “-1”"):
        update_season(season, organizer, guest_nights="-1")
    update_season(
        season, organizer, aggregation="table", night_table="12: 2, 15: 5", guest_nights=3
    )
    season.refresh_from_db()
    assert (season.aggregation, season.night_table, season.guest_nights) == (
        "table",
        [[12, 2], [15, 5]],
        3,
    )
    made = create_season(
        season.league,
        organizer,
        name="Fixed",
        aggregation="threshold",
        night_award="fixed",
        night_fixed_points=2,
        night_threshold="10",
    )
    assert (made.night_threshold, made.night_award, made.night_fixed_points) == (10, "fixed", 2)
