"""Best-of-three matches and the stepladder for tied teams ("un deux de trois")."""

import doctest

import pytest

from tournaments.standings.engine import playoffs
from tournaments.standings.engine.playoffs import (
    match_ids,
    match_state,
    next_match,
    playoff_order,
    playoff_plan,
)
from tournaments.standings.engine.records import PlayoffGame, StandingsError


def games(match, a, b, *winners):
    return [PlayoffGame(match, a, b, w) for w in winners]


def test_two_straight_wins_decide_the_match_and_a_third_game_is_refused():
    state = match_state("A", 3, 2, games("A", 3, 2, 2, 2))
    assert (state.wins_a, state.wins_b) == (0, 2)
    assert state.winner == 2 and state.loser == 3
    assert not state.needs_game
    with pytest.raises(StandingsError, match=r"already decided: team 2 won 2-0; game 3 is not"):
        state.with_game(PlayoffGame("A", 3, 2, 3))


def test_one_game_each_needs_a_decider_and_a_fourth_game_is_refused():
    state = match_state("A", 5, 8, games("A", 5, 8, 5, 8))
    assert state.winner is None and state.needs_game
    state = state.with_game(PlayoffGame("A", 8, 5, 5))  # side order of a game does not matter
    assert (state.wins_a, state.wins_b, state.winner) == (2, 1, 5)
    with pytest.raises(StandingsError, match="game 4 is not allowed"):
        state.with_game(PlayoffGame("A", 5, 8, 8))


def test_a_game_between_other_teams_or_won_by_an_outsider_is_refused():
    with pytest.raises(StandingsError, match="game between 5 and 9 does not belong"):
        match_state("A", 5, 8, games("A", 5, 9, 5))
    with pytest.raises(StandingsError, match="winner 7 is not one of the two teams"):
        PlayoffGame("A", 5, 8, 7)


def test_two_tied_teams_play_one_match_higher_seed_first():
    plan = playoff_plan({2, 3}, seeding=(3, 2), games_so_far=games("A", 3, 2, 3))
    assert [(m.match, m.team_a, m.team_b, m.status) for m in plan] == [("A", 3, 2, "to_play")]
    assert playoff_order(plan) is None
    plan = playoff_plan({2, 3}, (3, 2), games("A", 3, 2, 3, 2, 2))
    assert playoff_order(plan) == (2, 3)  # the lower seed won 2-1


def test_three_team_stepladder_step_by_step():
    seeds = (7, 4, 9)  # 7 best seed
    # Nothing played: A is 2nd seed v 3rd seed; B waits for A's winner to meet the 1st seed.
    plan = playoff_plan(set(seeds), seeds, [])
    assert [(m.match, m.team_a, m.team_b, m.team_b_from, m.status) for m in plan] == [
        ("A", 4, 9, None, "to_play"),
        ("B", 7, None, "A", "waiting"),
    ]
    assert next_match(plan).match == "A"
    # 9 beats 4 2-1: 4 is eliminated first, so it is 3rd; 9 climbs to meet 7.
    played = games("A", 4, 9, 9, 4, 9)
    plan = playoff_plan(set(seeds), seeds, played)
    assert [(m.match, m.team_a, m.team_b, m.status) for m in plan] == [
        ("A", 4, 9, "decided"),
        ("B", 7, 9, "to_play"),
    ]
    assert next_match(plan).match == "B" and playoff_order(plan) is None
    # 9 also beats 7 2-0: 9 first, 7 second, 4 third.
    plan = playoff_plan(set(seeds), seeds, played + games("B", 7, 9, 9, 9))
    assert next_match(plan) is None
    assert playoff_order(plan) == (9, 7, 4)


def test_four_team_stepladder():
    seeds = (10, 20, 30, 40)
    plan = playoff_plan(set(seeds), seeds, [])
    assert [(m.match, m.team_a, m.team_b_from) for m in plan] == [
        ("A", 30, None),
        ("B", 20, "A"),
        ("C", 10, "B"),
    ]
    assert (plan[0].team_b, plan[1].team_b, plan[2].team_b) == (40, None, None)
    # A: 40 beats 30 2-1 -> 30 is 4th.  B: 40 beats 20 2-0 -> 20 is 3rd.
    # C: 10 beats 40 2-1 -> 10 first, 40 second.
    played = games("A", 30, 40, 40, 30, 40) + games("B", 20, 40, 40, 40)
    played += games("C", 10, 40, 10, 40, 10)
    plan = playoff_plan(set(seeds), seeds, played)
    assert [m.winner for m in plan] == [40, 40, 10]
    assert playoff_order(plan) == (10, 40, 20, 30)


def test_plan_refuses_inconsistent_input():
    with pytest.raises(StandingsError, match=r"must list each team of the tied group \[1, 2, 3\]"):
        playoff_plan({1, 2, 3}, (1, 2), [])
    with pytest.raises(StandingsError, match="at least 2 tied teams"):
        playoff_plan({1}, (1,), [])
    with pytest.raises(StandingsError, match="names match 'C'; the matches of this group are A, B"):
        playoff_plan({1, 2, 3}, (1, 2, 3), games("C", 1, 2, 1))
    with pytest.raises(StandingsError, match="winner of match A, which is not decided yet"):
        playoff_plan({1, 2, 3}, (1, 2, 3), games("A", 2, 3, 2) + games("B", 1, 2, 1))
    # Match A is seed 2 v seed 3, so a game of 1 v 3 cannot be part of it.
    with pytest.raises(StandingsError, match="game between 1 and 3 does not belong"):
        playoff_plan({1, 2, 3}, (1, 2, 3), games("A", 1, 3, 1))


def test_match_ids_continue_past_z():
    ids = match_ids(28)
    assert ids[:3] == ("A", "B", "C") and ids[25:] == ("Z", "AA", "AB")


def test_module_examples_run():
    outcome = doctest.testmod(playoffs)
    assert outcome.attempted > 0 and outcome.failed == 0
