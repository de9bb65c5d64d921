"""The win-probability table (games.cribbage.computer.winprob) against independent facts: the
two sides' chances add up to 1, a chance rises with one's own score and falls with the
opponent's, the end of the board is decided, and whole games played out by the standard level
from a few positions agree with it within the Monte-Carlo error."""

from __future__ import annotations

import math

import pytest

from games.cribbage.computer import computer, computer_action
from games.cribbage.computer.winprob import TARGET, solve, win_chance
from games.cribbage.game import GameState
from games.cribbage.rules import STANDARD_2P_121

TOP = TARGET - 1
ROUNDING = 1e-4  # the table is stored in ten-thousandths


def test_the_two_sides_chances_from_one_position_add_up_to_one():
    for a in range(0, TARGET, 7):
        for b in range(0, TARGET, 5):
            mine = win_chance(a, b, i_deal=True)
            theirs = win_chance(b, a, i_deal=False)
            assert 0.0 <= mine <= 1.0 and mine + theirs == pytest.approx(1.0, abs=ROUNDING)


@pytest.mark.parametrize("i_deal", [True, False])
def test_a_chance_rises_with_ones_score_and_falls_with_the_opponents(i_deal):
    for a in range(TOP):
        for b in range(TOP):
            here = win_chance(a, b, i_deal=i_deal)
            assert win_chance(a + 1, b, i_deal=i_deal) >= here - ROUNDING, (a, b)
            assert win_chance(a, b + 1, i_deal=i_deal) <= here + ROUNDING, (a, b)


def test_the_end_of_the_board():
    # One point short against an opponent far behind: the play alone (it always scores a
    # point, the last card) nearly always brings it, dealer or not.
    assert win_chance(TOP, 0, i_deal=False) > 0.99 and win_chance(TOP, 0, i_deal=True) > 0.99
    assert win_chance(0, TOP, i_deal=False) < 0.01
    # At 0-0 the first dealer is ahead (the crib): a little over half, as self-play finds.
    assert 0.5 < win_chance(0, 0, i_deal=True) < 0.62
    # A 61-point game is read as the last 61 points of a game of 121.
    assert win_chance(30, 40, i_deal=True, target=61) == win_chance(90, 100, i_deal=True)


def test_the_dynamic_programme_on_a_game_of_fixed_deals():
    """Every deal the same, worked out by hand: the non-dealer pegs 1 and counts 10, the
    dealer counts 10; a game to 21."""
    v = solve([(1, 0, 10, 10)], target=21)
    # Deal 1 (A non-dealer): A 11, B 10. Deal 2 (B non-dealer): B 21 in the play or the show
    # before A counts: B pegs 1 (11), counts 10 (21): B wins. So the first non-dealer loses.
    assert v[0][0] == 0.0
    # Non-dealer at 10: the play gives 11 and the hand 21 before the dealer counts: a win.
    assert v[10][0] == 1.0
    # Both reach 21 in the same play: half each.
    assert solve([(1, 1, 0, 0)], target=21)[20][20] == 0.5


POSITIONS = [(100, 110, True), (112, 104, False), (90, 95, False)]


@pytest.mark.slow
@pytest.mark.parametrize(("mine", "theirs", "i_deal"), POSITIONS)
def test_whole_games_from_a_position_agree_with_the_table(mine, theirs, i_deal):
    games, wins = 200, 0
    player = computer("standard")
    for i in range(games):
        game = GameState(
            STANDARD_2P_121,
            seed=f"mc:{mine}:{theirs}:{i}",
            first_dealer=0 if i_deal else 1,
            scores=(mine, theirs),
        )
        while not game.is_over:
            seat = game.to_act
            game.apply(computer_action(game, seat, player))
        wins += game.winner == 0
    observed, expected = wins / games, win_chance(mine, theirs, i_deal=i_deal)
    error = math.sqrt(expected * (1 - expected) / games)
    # Three standard errors of the estimate, plus the model's own approximations (2 points).
    assert abs(observed - expected) <= 3 * error + 0.02, (observed, expected)


def test_the_examples_in_the_module_text():
    import doctest

    from games.cribbage.computer import winprob

    assert doctest.testmod(winprob).failed == 0
