"""Random draw (the ACC's way): a new draw each game, no avoidable rematch, the bye rotated."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.seating.movement import (
    assert_everyone_once,
    context,
    met_pairs,
    play,
    rematches,
)
from tournaments.seating.movement import PlayedGame, RandomDraw, get_movement

DRAW = RandomDraw()


def every_pairing(teams):
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for k, partner in enumerate(rest):
        for others in every_pairing(rest[:k] + rest[k + 1 :]):
            yield [(first, partner), *others]


def fewest_possible_rematches(players, history) -> int:
    """By brute force over every pairing of the players (and every choice of bye)."""
    met = met_pairs(history)
    byes = Counter(g.team_a for g in history if g.team_b is None)
    players = sorted(players)
    restable = [None]
    if len(players) % 2:
        least = min(byes[p] for p in players)
        restable = [p for p in players if byes[p] == least]
    best = None
    for bye in restable:
        playing = [p for p in players if p != bye]
        for pairing in every_pairing(playing):
            count = sum(frozenset(pair) in met for pair in pairing)
            best = count if best is None else min(best, count)
    return best


def run(players, rounds, seed=11):
    history: list[PlayedGame] = []
    for number in range(1, rounds + 1):
        draw = DRAW.seat(context(number, players, history, seed=seed))
        assert_everyone_once(draw, players)
        history += play(draw, number, [number % 2 == 0] * len(draw.pairings))
    return history


def test_it_is_registered_for_the_event_form_and_the_api():
    assert get_movement("random_draw") is not None
    assert "random" in get_movement("random_draw").label.lower()


def test_an_acc_qualifier_of_40_players_plays_12_games_without_a_rematch():
    history = run(list(range(1, 41)), 12)
    pairs = [frozenset((g.team_a, g.team_b)) for g in history if g.team_b is not None]
    assert len(pairs) == 12 * 20 and len(set(pairs)) == len(pairs)
    games = Counter(t for pair in pairs for t in pair)
    assert set(games.values()) == {12}  # every player the same number of games


def test_thirteen_players_each_rest_once_in_thirteen_games():
    history = run(list(range(101, 114)), 13)
    byes = Counter(g.team_a for g in history if g.team_b is None)
    assert sorted(byes) == list(range(101, 114)) and set(byes.values()) == {1}


def test_the_draw_is_reproducible_but_new_each_round_and_independent_of_the_listing_order():
    players = list(range(1, 21))
    one = DRAW.seat(context(1, players, seed=5))
    assert DRAW.seat(context(1, list(reversed(players)), seed=5)) == one
    history = play(one, 1, [True] * 10)
    two = DRAW.seat(context(2, players, history, seed=5))
    assert two != one and rematches(two, history) == 0
    # another seed draws another first round: not the registration order paired 1 v 2, 3 v 4
    firsts = {DRAW.seat(context(1, players, seed=s)).pairings[0] for s in range(8)}
    assert len(firsts) > 1


def test_a_player_who_arrives_late_or_leaves_is_seated_and_the_bye_stays_fair():
    history = run([1, 2, 3, 4, 5], 2)  # 5 players: two byes given
    rested = {g.team_a for g in history if g.team_b is None}
    # player 5 leaves, 6 and 7 arrive: six present, no bye; then 7 players again
    present = [1, 2, 3, 4, 6, 7]
    draw = DRAW.seat(context(3, present, history))
    assert_everyone_once(draw, present)
    history += play(draw, 3, [True] * 3)
    present = [1, 2, 3, 4, 6, 7, 8]
    draw = DRAW.seat(context(4, present, history))
    assert_everyone_once(draw, present)
    assert draw.bye not in rested  # a player who already rested never before one who has not


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(min_value=3, max_value=9),
    rounds=st.integers(min_value=1, max_value=8),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_each_round_has_the_fewest_rematches_any_draw_could_have(players, rounds, seed):
    roster = list(range(1, players + 1))
    history: list[PlayedGame] = []
    for number in range(1, rounds + 1):
        draw = DRAW.seat(context(number, roster, history, seed=seed))
        assert_everyone_once(draw, roster)
        assert rematches(draw, history) == fewest_possible_rematches(roster, history)
        history += play(draw, number, [True] * len(draw.pairings))
