"""Swiss movement: equal standing meets, no avoidable rematch, fair byes (brute-force checked)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.seating.movement import assert_everyone_once, context, met_pairs, play
from tournaments.seating.movement import MovementError, PlayedGame, Swiss, repeat_pairings

SWISS = Swiss()


def all_pairings(teams):
    """Every way to split ``teams`` into pairs, each pair led by its best-ranked team."""
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for k, partner in enumerate(rest):
        for others in all_pairings(rest[:k] + rest[k + 1 :]):
            yield [(first, partner), *others]


def expected_pairs(ranked, met):
    """The Swiss rule by brute force: fewest rematches; then, reading top down, each team's
    partner as high in the ranking as possible (1 v 2, 3 v 4, … when nobody has met)."""
    rank = {t: i for i, t in enumerate(ranked)}

    def key(pairing):
        rematches = sum(frozenset(p) in met for p in pairing)
        return rematches, [rank[b] for _, b in pairing]

    return min(all_pairings(ranked), key=key)


@st.composite
def swiss_rounds(draw):
    """A small event (3..10 teams) after 1..7 random rounds, and a ranking for the next."""
    teams = list(range(1, draw(st.integers(3, 10)) + 1))
    history = []
    for r in range(1, draw(st.integers(1, 7)) + 1):
        order = draw(st.permutations(teams))
        for k in range(0, len(order) - 1, 2):
            a, b = order[k], order[k + 1]
            history.append(PlayedGame(r, k // 2 + 1, a, b, draw(st.sampled_from([a, b]))))
        if len(order) % 2:
            history.append(PlayedGame(r, None, order[-1], None, None))
    return teams, history, list(draw(st.permutations(teams)))


@settings(max_examples=300, deadline=None)
@given(swiss_rounds())
def test_pairing_is_the_brute_force_best(event):
    teams, history, ranking = event
    r = max(g.round for g in history) + 1
    draw = SWISS.seat(context(r, teams, history, ranking=ranking))
    assert_everyone_once(draw, teams)
    ranked = list(ranking)
    if len(teams) % 2:  # the lowest-ranked team among those with the fewest byes rests
        byes = Counter(g.team_a for g in history if g.team_b is None)
        least = min(byes[t] for t in teams)
        assert draw.bye == [t for t in ranking if byes[t] == least][-1]
        ranked.remove(draw.bye)
    met = met_pairs(history)
    best = expected_pairs(ranked, met)
    assert repeat_pairings(draw, history) == sum(frozenset(p) in met for p in best)
    assert [{p.team_a, p.team_b} for p in draw.pairings] == [set(p) for p in best]
    assert [p.table for p in draw.pairings] == list(range(1, len(best) + 1))


def pairs(draw):
    return [(p.table, p.team_a, p.team_b) for p in draw.pairings]


def round_one(*games):
    return [PlayedGame(1, k + 1, a, b, a) for k, (a, b) in enumerate(games)]


def test_equal_standing_pairs_neighbours_top_down():
    history = round_one((5, 8), (3, 2), (1, 7))
    draw = SWISS.seat(context(2, [1, 2, 3, 5, 7, 8], history, ranking=[5, 3, 8, 1, 2, 7]))
    assert pairs(draw) == [(1, 5, 3), (2, 8, 1), (3, 2, 7)] and draw.bye is None


def test_top_team_moves_down_to_avoid_a_rematch():
    history = round_one((1, 2), (3, 4))
    draw = SWISS.seat(context(2, [1, 2, 3, 4], history, ranking=[1, 2, 3, 4]))
    assert pairs(draw) == [(1, 1, 3), (2, 2, 4)]


def test_backtracks_when_the_greedy_choice_forces_a_rematch_lower_down():
    # Met: 1-3, 2-4, 5-6. Greedy 1 v 2, 3 v 4 would leave 5 v 6 again: 3 must take 5 instead.
    history = round_one((5, 6), (1, 3), (2, 4))
    draw = SWISS.seat(context(2, list(range(1, 7)), history, ranking=[1, 2, 3, 4, 5, 6]))
    assert pairs(draw) == [(1, 1, 2), (2, 3, 5), (3, 4, 6)]


def test_unavoidable_rematch_is_accepted_once():
    history = round_one((1, 2), (3, 4)) + [
        PlayedGame(2, 1, 1, 3, 1),
        PlayedGame(2, 2, 2, 4, 2),
        PlayedGame(3, 1, 1, 4, 1),
        PlayedGame(3, 2, 2, 3, 2),
    ]
    draw = SWISS.seat(context(4, [1, 2, 3, 4], history, ranking=[1, 2, 3, 4]))
    assert repeat_pairings(draw, history) == 2  # everyone has met everyone
    assert pairs(draw) == [(1, 1, 2), (2, 3, 4)]


def test_bye_goes_to_the_lowest_ranked_team_without_one():
    history = round_one((1, 2), (3, 4)) + [PlayedGame(1, None, 5, None, None)]
    draw = SWISS.seat(context(2, [1, 2, 3, 4, 5], history, ranking=[1, 2, 3, 4, 5]))
    assert draw.bye == 4  # 5 is last but already rested
    history += [PlayedGame(2, None, 4, None, None)] + [
        PlayedGame(2, p.table, p.team_a, p.team_b, p.team_a) for p in draw.pairings
    ]
    third = SWISS.seat(context(3, [1, 2, 3, 4, 5], history, ranking=[5, 4, 3, 2, 1]))
    assert third.bye == 1  # 1 is now last among those without a bye


def test_withdrawn_team_in_the_ranking_is_skipped():
    history = round_one((1, 2), (3, 4), (5, 6))
    draw = SWISS.seat(context(2, [1, 2, 3, 5, 6], history, ranking=[1, 4, 3, 2, 5, 6]))
    assert draw.bye == 6 and pairs(draw) == [(1, 1, 3), (2, 2, 5)]


@pytest.mark.parametrize(
    ("ranking", "message"),
    [
        ([], "swiss round 2 needs a ranking of the present teams, best first"),
        ([1, 2, 3], "ranking must list every present team: missing 4"),
        ([1, 2, 3, 4, 2], "team 2 is listed twice in ranking"),
    ],
)
def test_bad_ranking_is_refused(ranking, message):
    history = round_one((1, 2), (3, 4))
    with pytest.raises(MovementError, match=message):
        SWISS.seat(context(2, [1, 2, 3, 4], history, ranking=ranking))


@pytest.mark.parametrize("count", [1000, 1001])
def test_large_event_stays_valid_without_rematches(count):
    teams = list(range(1, count + 1))
    rng = random.Random(count)
    history: list[PlayedGame] = []
    wins: Counter[int] = Counter()
    for r in range(1, 9):
        ranking = sorted(teams, key=lambda t: (-wins[t], t))
        draw = SWISS.seat(context(r, teams, history, ranking=ranking, seed=count))
        assert_everyone_once(draw, teams)
        if r > 1:
            assert ranking[0] in (draw.pairings[0].team_a, draw.pairings[0].team_b)
            assert repeat_pairings(draw, history) == 0  # at most 7 met out of ~1000
            byes = Counter(g.team_a for g in history if g.team_b is None)
            if draw.bye is not None:
                assert byes[draw.bye] == 0  # fewer than 1000 byes so far: always a fresh one
        games = play(draw, r, [rng.random() < 0.5 for _ in draw.pairings])
        wins.update(g.winner for g in games if g.winner is not None)
        history += games
