"""Round robin (Berger tables): everyone meets everyone once, byes spread, schedule enforced."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tests.tournaments.seating.movement import assert_everyone_once, context, met_pairs, play
from tournaments.seating.movement import (
    MovementError,
    PlayedGame,
    RoundRobin,
    berger_schedule,
    rounds_needed,
)
from tournaments.seating.movement.round_robin import RosterChanged, positions_from_round_one

ROUND_ROBIN = RoundRobin()


def run_event(teams, seed=3, **extra):
    """Seat and play every scheduled round through the public interface."""
    history, draws = [], []
    for r in range(1, rounds_needed(len(teams)) + 1):
        draw = ROUND_ROBIN.seat(context(r, teams, history, seed=seed, **extra))
        draws.append(draw)
        history += play(draw, r, [True] * len(draw.pairings))
    return draws, history


@pytest.mark.parametrize("count", range(3, 11))
def test_every_pair_meets_exactly_once(count):
    teams = [10 * t for t in range(1, count + 1)]
    draws, _ = run_event(teams)
    for draw in draws:
        assert_everyone_once(draw, teams)  # at most one game per team per round
    meetings = Counter(frozenset((p.team_a, p.team_b)) for d in draws for p in d.pairings)
    assert set(meetings) == {frozenset(pair) for pair in combinations(teams, 2)}
    assert set(meetings.values()) == {1}
    byes = Counter(d.bye for d in draws if d.bye is not None)
    # Odd count: n rounds of one bye each, once per team; even count: no bye at all.
    assert byes == (Counter(teams) if count % 2 else Counter())


@pytest.mark.parametrize(("count", "rounds"), [(2, 1), (3, 3), (4, 3), (5, 5), (6, 5), (10, 9)])
def test_rounds_needed(count, rounds):
    assert rounds_needed(count) == rounds
    assert ROUND_ROBIN.max_rounds(count) == rounds


def test_berger_table_for_six_matches_the_published_one():
    # FIDE Handbook, Berger tables for 5-6 players (colours aside).
    published = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    schedule = berger_schedule([1, 2, 3, 4, 5, 6])
    assert [[{p.team_a, p.team_b} for p in d.pairings] for d in schedule] == [
        [set(g) for g in games] for games in published
    ]
    # With five players, whoever the table above pairs with player 6 has the bye.
    five = berger_schedule([1, 2, 3, 4, 5])
    assert [d.bye for d in five] == [1, 4, 2, 5, 3]


def test_seeded_order_gives_the_berger_positions():
    draw = ROUND_ROBIN.seat(context(1, [7, 8, 9, 10], seeded_order=(10, 9, 8, 7)))
    assert [(p.table, {p.team_a, p.team_b}) for p in draw.pairings] == [(1, {10, 7}), (2, {9, 8})]


def test_round_beyond_the_schedule_is_refused():
    teams = [1, 2, 3, 4, 5]
    _, history = run_event(teams)
    with pytest.raises(MovementError, match="round 6 is beyond the round-robin schedule: 5 teams"):
        ROUND_ROBIN.seat(context(6, teams, history, seed=3))


def test_a_team_that_withdraws_leaves_its_opponent_of_each_round_resting():
    teams = list(range(1, 9))  # 8 teams: 7 rounds, no bye until team 5 leaves after round 2
    history = []
    for number in (1, 2):
        draw = ROUND_ROBIN.seat(context(number, teams, history, seed=3))
        history += play(draw, number, [True] * len(draw.pairings))
    full = berger_schedule(positions_from_round_one(tuple(history)))
    present = [t for t in teams if t != 5]
    met = met_pairs(history)
    for number in range(3, 8):
        draw = ROUND_ROBIN.seat(context(number, present, history, seed=3))
        assert_everyone_once(draw, present)
        planned = full[number - 1]
        meets_5 = next(p for p in planned.pairings if 5 in (p.team_a, p.team_b))
        assert draw.bye == (meets_5.team_b if meets_5.team_a == 5 else meets_5.team_a)
        history += play(draw, number, [True] * len(draw.pairings))
    met = met_pairs(history)
    # every pair of the seven who stayed met exactly once
    assert all(frozenset((a, b)) in met for a in present for b in present if a < b)
    games = [frozenset((g.team_a, g.team_b)) for g in history if g.team_b is not None]
    assert len(games) == len(set(games))


def test_a_late_entry_or_a_second_resting_team_is_refused_with_the_teams_named():
    teams = [1, 2, 3, 4]
    first = ROUND_ROBIN.seat(context(1, teams, seed=3))
    history = play(first, 1, [True, True])
    with pytest.raises(RosterChanged, match="keeps the teams of round 1: 5 joined later") as late:
        ROUND_ROBIN.seat(context(2, [1, 2, 3, 4, 5], history, seed=3))
    assert late.value.new == (5,)
    # five teams (one rests each round); one leaves: some round would rest two teams
    teams = [1, 2, 3, 4, 5]
    history = []
    refused = None
    for number in range(1, 6):
        present = teams if number == 1 else [1, 2, 3, 4]
        try:
            draw = ROUND_ROBIN.seat(context(number, present, history, seed=3))
        except RosterChanged as error:
            refused = error
            break
        history += play(draw, number, [True] * len(draw.pairings))
    assert refused is not None and refused.gone == (5,) and len(refused.idle) == 2


def test_the_schedule_follows_round_one_as_it_was_played():
    teams = list(range(1, 9))
    first = ROUND_ROBIN.seat(context(1, teams, seed=3))
    history = play(first, 1, [True] * 4)
    other = next(s for s in range(100) if ROUND_ROBIN.seat(context(1, teams, seed=s)) != first)
    # the recorded round 1 decides, whatever seed is given afterwards
    assert ROUND_ROBIN.seat(context(2, teams, history, seed=other)) == ROUND_ROBIN.seat(
        context(2, teams, history, seed=3)
    )
    second = ROUND_ROBIN.seat(context(2, teams, history, seed=3))
    wrong = [
        PlayedGame(2, 1, second.pairings[0].team_a, second.pairings[1].team_a, None),
        PlayedGame(2, 2, second.pairings[0].team_b, second.pairings[1].team_b, None),
    ]
    wrong = [PlayedGame(g.round, g.table, g.team_a, g.team_b, g.team_a) for g in wrong]
    rest = [
        PlayedGame(2, k + 3, p.team_a, p.team_b, p.team_a)
        for k, p in enumerate(second.pairings[2:])
    ]
    with pytest.raises(MovementError, match="does not follow the round-robin schedule"):
        ROUND_ROBIN.seat(context(3, teams, history + wrong + rest, seed=3))
