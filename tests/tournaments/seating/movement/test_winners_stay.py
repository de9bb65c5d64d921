"""Winners stay (RULES.md section 5), checked against an independent brute force of the rules.

The oracle below restates the rules from RULES.md and enumerates every seating they allow; it
shares no code with ``tournaments.seating.movement.winners_stay``.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.seating.movement import assert_everyone_once, context, met_pairs, play
from tournaments.seating.movement import (
    Pairing,
    PlayedGame,
    RoundDraw,
    WinnersStay,
    repeat_pairings,
)

WINNERS_STAY = WinnersStay()

# -- the independent oracle -----------------------------------------------------------------------


def admissible_seatings(teams, history, round_number):
    """Every seating the rules allow, as ({table: frozenset of its two teams}, bye).

    The rules, restated: len(teams) // 2 tables numbered from 1, one bye if the count is odd.
    The bye goes to a team with the fewest byes among the present teams, and to a previous
    winner that still has its table only when no other team qualifies. Every previous winner
    whose table still exists keeps it, unless it has the bye. Everyone else sits anywhere.
    """
    tables = len(teams) // 2
    previous = [g for g in history if g.round == round_number - 1 and g.team_b is not None]
    staying = {g.table: g.winner for g in previous if g.winner in teams and g.table <= tables}
    if len(teams) % 2:
        byes = Counter(g.team_a for g in history if g.team_b is None)
        least = min(byes[t] for t in teams)
        may_rest = [t for t in teams if byes[t] == least]
        resters = [t for t in may_rest if t not in staying.values()] or may_rest
    else:
        resters = [None]
    for bye in resters:
        anchors = {table: w for table, w in staying.items() if w != bye}
        movers = [t for t in teams if t not in anchors.values() and t != bye]
        seats = [t for t in range(1, tables + 1) for _ in range(1 if t in anchors else 2)]
        for order in permutations(movers):
            at = {table: [w] for table, w in anchors.items()}
            for table, team in zip(seats, order, strict=True):
                at.setdefault(table, []).append(team)
            yield {table: frozenset(pair) for table, pair in at.items()}, bye


def plain_rotation(teams, history, round_number):
    """Winners stay, the loser of table t goes to t + 1, the last table's loser to the bye
    (odd count) or to table 1, the team back from a bye to table 1. None if that does not
    make a full seating (late entries, closed tables, a clash at table 1...)."""
    tables, odd = len(teams) // 2, len(teams) % 2
    at, resting, placed = defaultdict(list), [], set()
    for g in history:
        if g.round != round_number - 1:
            continue
        if g.team_b is None:
            if g.team_a in teams:
                at[1].append(g.team_a)
                placed.add(g.team_a)
            continue
        loser = g.team_b if g.winner == g.team_a else g.team_a
        if g.winner in teams:
            at[g.table].append(g.winner)
            placed.add(g.winner)
        if loser in teams:
            if g.table < tables:
                at[g.table + 1].append(loser)
            elif odd:
                resting.append(loser)
            else:
                at[1].append(loser)
            placed.add(loser)
    full = sorted(at) == list(range(1, tables + 1)) and all(len(v) == 2 for v in at.values())
    if placed != set(teams) or not full or len(resting) != odd:
        return None
    return {t: frozenset(pair) for t, pair in at.items()}, (resting[0] if odd else None)


def seating_of(draw: RoundDraw):
    return {p.table: frozenset((p.team_a, p.team_b)) for p in draw.pairings}, draw.bye


def count_rematches(seating, met, last=frozenset()) -> tuple[int, int]:
    """(rematches of the previous round, rematches of any earlier round)."""
    pairs = seating[0].values()
    return sum(pair in last for pair in pairs), sum(pair in met for pair in pairs)


def check_round(draw, teams, history, round_number, *, exact=True):
    """The draw seats everyone once, obeys the rules and, if exact, has the fewest rematches of
    the previous round, then the fewest rematches; when the plain rotation is among the best
    seatings, it is the one chosen."""
    assert_everyone_once(draw, teams)
    options = list(admissible_seatings(teams, history, round_number))
    mine = seating_of(draw)
    assert mine in options, f"round {round_number}: {draw} breaks the winners-stay rules"
    if exact:
        met = met_pairs(history)
        last = met_pairs([g for g in history if g.round == round_number - 1])
        fewest = min(count_rematches(o, met, last) for o in options)
        assert count_rematches(mine, met, last) == fewest
        plain = plain_rotation(teams, history, round_number)
        if plain in options and count_rematches(plain, met, last) == fewest:
            assert mine == plain


def simulate(movement, data, roster_by_round, seed, *, exact=True):
    """Seat and play every round with winners drawn by hypothesis; returns the history."""
    history: list[PlayedGame] = []
    for r, teams in enumerate(roster_by_round, start=1):
        draw = movement.seat(context(r, teams, history, seed=seed))
        if r == 1:
            assert_everyone_once(draw, teams)
        else:
            check_round(draw, teams, history, r, exact=exact)
        n = len(draw.pairings)
        history += play(draw, r, data.draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    return history


# -- simulated events -----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_seven_teams_eight_rounds(seed, data):
    teams = list(range(1, 8))
    history = simulate(WINNERS_STAY, data, [teams] * 8, seed)
    for r in range(1, 9):  # nobody has a second bye before everyone has had one
        byes = Counter(g.team_a for g in history if g.round <= r and g.team_b is None)
        counts = [byes[t] for t in teams]
        assert max(counts) - min(counts) <= 1
    byes = Counter(g.team_a for g in history if g.team_b is None)
    assert sorted(byes[t] for t in teams) == [1, 1, 1, 1, 1, 1, 2]


@pytest.mark.parametrize("count", [6, 8])
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), data=st.data())
def test_even_counts_have_no_bye(count, seed, data):
    history = simulate(WINNERS_STAY, data, [list(range(1, count + 1))] * 8, seed)
    assert not [g for g in history if g.team_b is None]


@st.composite
def changing_rosters(draw):
    """Eight rounds from 6 to 9 teams, a withdrawal or a late entry between some rounds."""
    teams = list(range(1, draw(st.integers(6, 9)) + 1))
    rosters, next_id = [list(teams)], 100
    for _ in range(7):
        change = draw(st.sampled_from(["none", "none", "withdraw", "enter"]))
        if change == "withdraw" and len(teams) > 5:
            teams.remove(draw(st.sampled_from(teams)))
        elif change == "enter" and len(teams) < 10:
            teams.append(next_id)
            next_id += 1
        rosters.append(list(teams))
    return rosters


@settings(max_examples=80, deadline=None)
@given(rosters=changing_rosters(), seed=st.integers(0, 2**32), data=st.data())
def test_withdrawals_and_late_entries(rosters, seed, data):
    simulate(WINNERS_STAY, data, rosters, seed)


@settings(max_examples=40, deadline=None)
@given(rosters=changing_rosters(), seed=st.integers(0, 2**32), data=st.data())
def test_large_event_search_obeys_the_rules_on_small_events_too(rosters, seed, data):
    """The search used for big events (forced here) keeps winners and byes right."""
    simulate(WinnersStay(exact_limit=0), data, rosters, seed, exact=False)


# -- hand-worked rounds ---------------------------------------------------------------------------


def seated(draw):
    return [(p.table, {p.team_a, p.team_b}) for p in draw.pairings], draw.bye


def play_round_one(teams, a_wins):
    draw = WINNERS_STAY.seat(context(1, teams, seeded_order=tuple(teams)))
    return play(draw, 1, a_wins)


def test_losers_move_one_table_on_even_count():
    teams = list(range(1, 9))
    history = play_round_one(teams, [True] * 4)  # 1, 3, 5, 7 win tables 1-4
    draw = WINNERS_STAY.seat(context(2, teams, history))
    assert seated(draw) == ([(1, {1, 8}), (2, {3, 2}), (3, {5, 4}), (4, {7, 6})], None)
    assert [p.team_a for p in draw.pairings] == [1, 3, 5, 7]  # the winner is listed first


def test_last_loser_takes_the_bye_and_the_rested_team_enters_at_table_one():
    teams = list(range(1, 8))
    history = play_round_one(teams, [True] * 3)  # 1 v 2, 3 v 4, 5 v 6; 7 rests
    draw = WINNERS_STAY.seat(context(2, teams, history))
    assert seated(draw) == ([(1, {1, 7}), (2, {3, 2}), (3, {5, 4})], 6)


def test_rematch_is_avoided_by_moving_losers_elsewhere():
    # Round 1: 1 v 2, 3 v 4, 5 v 6 (1, 3, 5 win). Round 2: 1 v 6, 3 v 2, 5 v 4, won by 6, 2, 5.
    # The plain rotation would seat 1 (loser at table 1) against 2 again at table 2. 1 has met
    # 2 and 6, so it must face 5 at table 3; then 3 (met 2) faces 6 and 4 faces 2.
    teams = list(range(1, 7))
    history = play_round_one(teams, [True] * 3)
    second = WINNERS_STAY.seat(context(2, teams, history))
    assert seated(second) == ([(1, {1, 6}), (2, {3, 2}), (3, {5, 4})], None)
    history += play(second, 2, [False, False, True])
    third = WINNERS_STAY.seat(context(3, teams, history))
    assert seated(third) == ([(1, {6, 3}), (2, {2, 4}), (3, {5, 1})], None)


def test_an_unavoidable_rematch_is_not_the_game_just_played():
    # Five teams, rounds 1-3 played; in round 3 team 1 beat team 2 at table 2 and 3 rested.
    # Round 4: 4 rests (everyone else has had a bye); 5 and 1 keep their tables; 2 and 3 move.
    # Every seating has one rematch: 1 v 2 again (the game just played) or 1 v 3 (round 2).
    history = [
        PlayedGame(1, 1, 3, 4, 4),
        PlayedGame(1, 2, 5, 1, 1),
        PlayedGame(1, None, 2, None, None),
        PlayedGame(2, 1, 4, 2, 4),
        PlayedGame(2, 2, 1, 3, 1),
        PlayedGame(2, None, 5, None, None),
        PlayedGame(3, 1, 4, 5, 5),
        PlayedGame(3, 2, 1, 2, 1),
        PlayedGame(3, None, 3, None, None),
    ]
    draw = WINNERS_STAY.seat(context(4, [1, 2, 3, 4, 5], history))
    assert seated(draw) == ([(1, {5, 2}), (2, {1, 3})], 4)
    assert repeat_pairings(draw, history) == 1


def test_unbeaten_winner_takes_the_bye_when_every_other_team_has_had_one():
    teams = [1, 2, 3]
    history = play_round_one(teams, [True])  # 1 beats 2; 3 rests
    second = WINNERS_STAY.seat(context(2, teams, history))
    assert seated(second) == ([(1, {1, 3})], 2)
    history += play(second, 2, [True])  # 1 beats 3
    third = WINNERS_STAY.seat(context(3, teams, history))
    assert seated(third) == ([(1, {2, 3})], 1)  # 2 and 3 had a bye: 1 leaves its table


def test_withdrawn_winner_frees_its_table_and_the_last_table_closes():
    teams = list(range(1, 9))
    history = play_round_one(teams, [True] * 4)  # 1, 3, 5, 7 win tables 1-4
    present = [t for t in teams if t != 3]  # the winner of table 2 withdraws
    draw = WINNERS_STAY.seat(context(2, present, history))
    check_round(draw, present, history, 2)
    tables = {p.table: {p.team_a, p.team_b} for p in draw.pairings}
    assert sorted(tables) == [1, 2, 3]  # 7 teams: three tables and a bye
    assert 1 in tables[1] and 5 in tables[3]
    assert draw.bye in {2, 4, 6, 8}  # a loser rests, not a winner
    assert 3 not in draw.seated_teams()


def test_late_entry_takes_a_seat_at_the_new_table():
    teams = list(range(1, 8))
    history = play_round_one(teams, [True] * 3)  # 1 v 2, 3 v 4, 5 v 6; 7 rests
    draw = WINNERS_STAY.seat(context(2, teams + [8], history))
    assert seated(draw) == ([(1, {1, 7}), (2, {3, 2}), (3, {5, 4}), (4, {6, 8})], None)


def test_repeat_pairings_counts_pairs_that_met_before():
    history = [
        PlayedGame(1, 1, 1, 2, 1),
        PlayedGame(1, 2, 3, 4, 4),
        PlayedGame(1, None, 5, None, None),
    ]
    draw = RoundDraw(pairings=(Pairing(1, 2, 1), Pairing(2, 3, 5), Pairing(3, 4, 3)), bye=None)
    assert repeat_pairings(draw, history) == 2  # 2 v 1 and 4 v 3 again; 3 and 5 never met
    assert repeat_pairings(draw, history[2:]) == 0  # a bye is not a meeting


# -- scale --------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1000, 1001])
def test_large_event_stays_valid_for_eight_rounds(count):
    teams = list(range(1, count + 1))
    rng = random.Random(count)
    history: list[PlayedGame] = []
    for r in range(1, 9):
        draw = WINNERS_STAY.seat(context(r, teams, history, seed=count))
        assert_everyone_once(draw, teams)
        if r > 1:
            tables = {p.table: {p.team_a, p.team_b} for p in draw.pairings}
            for g in history:
                if g.round == r - 1 and g.team_b is not None and g.winner != draw.bye:
                    assert g.winner in tables[g.table]
            byes = Counter(g.team_a for g in history if g.team_b is None)
            if draw.bye is not None:
                assert byes[draw.bye] == min(byes[t] for t in teams)
            # Each team has met at most 7 of about a thousand: no rematch is ever needed.
            assert repeat_pairings(draw, history) == 0
        history += play(draw, r, [rng.random() < 0.5 for _ in draw.pairings])
