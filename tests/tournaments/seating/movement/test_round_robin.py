"""Round robin (Berger tables): everyone meets everyone once, byes spread, schedule enforced."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tests.tournaments.seating.movement import assert_everyone_once, context, play
from tournaments.seating.movement import MovementError, RoundRobin, berger_schedule, rounds_needed

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


def test_withdrawal_and_late_entry_are_refused():
    teams = [1, 2, 3, 4]
    first = ROUND_ROBIN.seat(context(1, teams, seed=3))
    history = play(first, 1, [True, True])
    with pytest.raises(MovementError, match="same teams in every round .*no longer present: 4"):
        ROUND_ROBIN.seat(context(2, [1, 2, 3], history, seed=3))
    with pytest.raises(MovementError, match="not in the earlier rounds: 5"):
        ROUND_ROBIN.seat(context(2, [1, 2, 3, 4, 5], history, seed=3))


def test_history_from_another_seed_is_refused():
    teams = list(range(1, 9))
    first = ROUND_ROBIN.seat(context(1, teams, seed=3))
    history = play(first, 1, [True] * 4)
    other = next(s for s in range(100) if ROUND_ROBIN.seat(context(1, teams, seed=s)) != first)
    with pytest.raises(MovementError, match="does not follow the round-robin schedule"):
        ROUND_ROBIN.seat(context(2, teams, history, seed=other))
