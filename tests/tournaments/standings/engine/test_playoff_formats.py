"""Issue 25: the formats of a medal tie of three or more teams (round robin or stepladder, each
match a best of three or a single game), checked against schedules and orders worked by hand."""

import pytest

from tournaments.standings.engine import compute_standings
from tournaments.standings.engine.playoffs import (
    ROUND_ROBIN,
    STEPLADDER,
    PlayoffFormat,
    last_match_outcomes,
    playable_matches,
    playoff_order,
    playoff_plan,
    robin_lines,
)
from tournaments.standings.engine.records import GameResult, PlayoffGame, StandingsError
from tournaments.standings.engine.systems import StandingsConfig

ROBIN_3 = PlayoffFormat(ROUND_ROBIN, best_of=3)
ROBIN_1 = PlayoffFormat(ROUND_ROBIN, best_of=1)
SEEDS = (7, 4, 9)  # 7 the top seed, 9 the third


def game(match, a, b, winner, loser_score=100):
    """One game to 121; the loser scored ``loser_score``."""
    won_a = winner == a
    return PlayoffGame(
        match, a, b, winner, 121 if won_a else loser_score, loser_score if won_a else 121
    )


def shape(plan):
    return [(m.match, m.team_a, m.team_b, m.status) for m in plan]


def test_three_team_round_robin_is_three_matches_one_at_a_time_top_two_seeds_last():
    # Each team plays the two others: 4 v 9, then 7 v 9, then 7 v 4 (s2-s3, s1-s3, s1-s2).
    # Each team is in two of the three matches, so only one match can be played at a time.
    plan = playoff_plan(set(SEEDS), SEEDS, [], ROBIN_3)
    assert shape(plan) == [
        ("A", 4, 9, "to_play"),
        ("B", 7, 9, "waiting"),
        ("C", 7, 4, "waiting"),
    ]
    assert (plan[1].waits_for, plan[2].waits_for) == ("A", "B")  # 9 in A; 7 in B, 4 in A
    # A decided (9 beats 4 2-0): B may start; C still waits, 7 is playing B.
    plan = playoff_plan(set(SEEDS), SEEDS, [game("A", 4, 9, 9), game("A", 4, 9, 9)], ROBIN_3)
    assert shape(plan) == [("A", 4, 9, "decided"), ("B", 7, 9, "to_play"), ("C", 7, 4, "waiting")]
    assert playoff_order(plan, SEEDS) is None


def test_round_robin_without_a_cycle_is_ordered_by_matches_won():
    # 9 beats 4 2-0 and 7 2-1; 7 beats 4 2-0.  Matches won: 9 two, 7 one, 4 none.
    played = [game("A", 4, 9, 9), game("A", 4, 9, 9)]
    played += [game("B", 7, 9, 9), game("B", 7, 9, 7), game("B", 7, 9, 9)]
    played += [game("C", 7, 4, 7), game("C", 7, 4, 7)]
    plan = playoff_plan(set(SEEDS), SEEDS, played, ROBIN_3)
    assert playoff_order(plan, SEEDS) == (9, 7, 4)  # the third seed takes 1st place


def test_round_robin_cycle_split_by_games_won_then_the_match_between_the_two_left():
    # A cycle: 9 beats 4 2-1, 7 beats 9 2-0, 4 beats 7 2-1: one match won each.
    # Games won: 7 = 2 + 1 = 3, 4 = 1 + 2 = 3, 9 = 2 + 0 = 2  -> 9 is 3rd.
    # 7 and 4 are still level: their own match (4 beat 7) puts 4 first, although 7's points
    # spread is far better (7: +61 +61 -2 +61 -3 = +178; 4: -21 +1 -31 +2 -61 +3 = -107).
    played = [game("A", 4, 9, 9, 100), game("A", 4, 9, 4, 120), game("A", 4, 9, 9, 90)]
    played += [game("B", 7, 9, 7, 60), game("B", 7, 9, 7, 60)]
    played += [game("C", 7, 4, 4, 119), game("C", 7, 4, 7, 60), game("C", 7, 4, 4, 118)]
    plan = playoff_plan(set(SEEDS), SEEDS, played, ROBIN_3)
    lines = robin_lines(plan, SEEDS)
    assert {t: (lines[t].matches_won, lines[t].games_won) for t in SEEDS} == {
        7: (1, 3),
        4: (1, 3),
        9: (1, 2),
    }
    assert (lines[7].spread, lines[4].spread) == (178, -107)
    assert playoff_order(plan, SEEDS) == (4, 7, 9)


def test_single_game_cycle_split_by_points_spread():
    # One game each: 9 beats 4 121-100, 7 beats 9 121-90, 4 beats 7 121-111.
    # Spread: 7 = +31 - 10 = +21; 9 = +21 - 31 = -10; 4 = -21 + 10 = -11.
    played = [game("A", 4, 9, 9, 100), game("B", 7, 9, 7, 90), game("C", 7, 4, 4, 111)]
    plan = playoff_plan(set(SEEDS), SEEDS, played, ROBIN_1)
    assert [m.status for m in plan] == ["decided"] * 3
    assert playoff_order(plan, SEEDS) == (7, 9, 4)


def test_single_game_cycle_level_on_everything_falls_back_on_the_seeding():
    # Every game 121-100: one win, one game, spread +21 - 21 = 0 for each: seeds decide.
    played = [game("A", 4, 9, 9), game("B", 7, 9, 7), game("C", 7, 4, 4)]
    plan = playoff_plan(set(SEEDS), SEEDS, played, ROBIN_1)
    assert playoff_order(plan, SEEDS) == (7, 4, 9)


def test_four_team_round_robin_plays_two_matches_at_a_time():
    # Circle method, seed 1 fixed: round 1 = 2v3, 1v4; round 2 = 2v4, 1v3; round 3 = 3v4, 1v2.
    seeds = (10, 20, 30, 40)
    plan = playoff_plan(set(seeds), seeds, [], ROBIN_1)
    assert [(m.match, m.team_a, m.team_b) for m in plan] == [
        ("A", 20, 30),
        ("B", 10, 40),
        ("C", 20, 40),
        ("D", 10, 30),
        ("E", 30, 40),
        ("F", 10, 20),
    ]
    assert [m.match for m in playable_matches(plan)] == ["A", "B"]
    plan = playoff_plan(set(seeds), seeds, [game("A", 20, 30, 30)], ROBIN_1)
    assert [m.match for m in playable_matches(plan)] == ["B"]  # C waits for 40 (in B)
    # Wins: 30 beats 20, 40, 10 (3); 10 beats 40, 20 (2); 20 beats 40 (1); 40 none.
    played = [game("A", 20, 30, 30), game("B", 10, 40, 10), game("C", 20, 40, 20)]
    played += [game("D", 10, 30, 30), game("E", 30, 40, 30), game("F", 10, 20, 10)]
    plan = playoff_plan(set(seeds), seeds, played, ROBIN_1)
    assert playoff_order(plan, seeds) == (30, 10, 20, 40)


def test_single_game_stepladder_and_two_team_single_game():
    single = PlayoffFormat(STEPLADDER, best_of=1)
    plan = playoff_plan(set(SEEDS), SEEDS, [game("A", 4, 9, 9)], single)
    assert shape(plan) == [("A", 4, 9, "decided"), ("B", 7, 9, "to_play")]
    plan = playoff_plan(set(SEEDS), SEEDS, [game("A", 4, 9, 9), game("B", 7, 9, 7)], single)
    assert playoff_order(plan, SEEDS) == (7, 9, 4)
    # Two teams: one match whatever the format; a single game decides it.
    plan = playoff_plan({1, 2}, (1, 2), [game("A", 1, 2, 2)], ROBIN_1)
    assert shape(plan) == [("A", 1, 2, "decided")] and playoff_order(plan, (1, 2)) == (2, 1)
    with pytest.raises(StandingsError, match=r"game 2 is not allowed \(best of 1: first to 1"):
        playoff_plan({1, 2}, (1, 2), [game("A", 1, 2, 2), game("A", 1, 2, 1)], ROBIN_1)


def test_bad_formats_and_games_out_of_turn_are_refused():
    with pytest.raises(StandingsError, match="format 'knockout' is not allowed; allowed: round_"):
        PlayoffFormat("knockout")
    with pytest.raises(StandingsError, match="best of 2: allowed 3 or 1"):
        PlayoffFormat(ROUND_ROBIN, best_of=2)
    with pytest.raises(StandingsError, match="must wait for match A, which is not decided"):
        playoff_plan(set(SEEDS), SEEDS, [game("B", 7, 9, 7)], ROBIN_3)
    with pytest.raises(StandingsError, match="names match 'D'; the matches of this group are A"):
        playoff_plan(set(SEEDS), SEEDS, [game("D", 7, 9, 7)], ROBIN_3)


# Three teams that beat each other in a circle, each 121-100: level on points, wins, spread and
# head-to-head; lots seed them 2, 3, 1.
CIRCLE = [
    GameResult(1, 1, 2, 121, 100),
    GameResult(2, 2, 3, 121, 100),
    GameResult(3, 3, 1, 121, 100),
]


def test_standings_give_the_medals_by_the_round_robin():
    config = StandingsConfig("fadoq", drawn_lots={1: 3, 2: 1, 3: 2}, playoff=ROBIN_1)
    [tie] = compute_standings([1, 2, 3], CIRCLE, config).medal_ties
    # Seeds 2, 3, 1: A = 3 v 1, B = 2 v 1, C = 2 v 3.
    assert [(m.match, m.team_a, m.team_b) for m in tie.matches] == [
        ("A", 3, 1),
        ("B", 2, 1),
        ("C", 2, 3),
    ]
    assert tie.format == ROBIN_1 and [m.match for m in tie.playable] == ["A"]
    # 1 wins both its games (2 wins), 3 beats 2: 1 gold, 3 silver, 2 (the top seed) bronze.
    played = [game("A", 3, 1, 1), game("B", 2, 1, 1), game("C", 2, 3, 3)]
    standings = compute_standings([1, 2, 3], CIRCLE, config, played)
    assert [(r.rank, r.team, r.medal) for r in standings.rows] == [
        (1, 1, "gold"),
        (2, 3, "silver"),
        (3, 2, "bronze"),
    ]
    assert standings.medal_ties == ()


def test_what_the_last_round_robin_match_means_for_the_places():
    # 9 beat 4 2-0 and lost to 7 0-2: 7 v 4 is left. If 7 wins, 7 has 2 matches (1st), 9 one
    # (2nd), 4 none (3rd). If 4 wins, a cycle: games won 7 = 2 + (0 or 1), 9 = 2, 4 = (2) + 0:
    # 4 wins 2-0 -> 7 2, 9 2, 4 2: all level, the spread decides; so it depends on the games.
    played = [game("A", 4, 9, 9), game("A", 4, 9, 9), game("B", 7, 9, 7), game("B", 7, 9, 7)]
    plan = playoff_plan(set(SEEDS), SEEDS, played, ROBIN_3)
    assert last_match_outcomes(plan, SEEDS) == {7: (7, 9, 4), 4: None}
    # Single games: 9 beat 4 by 21, 7 beat 9 by 21. If 4 beats 7: one win each, spread 7 = +21
    # - m, 9 = 0, 4 = -21 + m (m = 4's margin): m = 1 -> 7, 9, 4; m = 121 -> 4, 9, 7.
    played = [game("A", 4, 9, 9), game("B", 7, 9, 7)]
    plan = playoff_plan(set(SEEDS), SEEDS, played, ROBIN_1)
    assert last_match_outcomes(plan, SEEDS) == {7: (7, 9, 4), 4: None}
    # Nothing played: two matches left, nothing to say yet.
    assert last_match_outcomes(playoff_plan(set(SEEDS), SEEDS, [], ROBIN_1), SEEDS) is None
