"""The computer benchmark's win rate and interval, worked by hand."""

from __future__ import annotations

import math

import pytest

from benchmarks.bench_computer import (
    cards_of,
    deal_effect,
    interval,
    main,
    paired_interval,
)


def test_the_two_games_of_a_pair_get_the_same_cards_and_pairs_differ():
    assert cards_of(6, paired=True) == cards_of(7, paired=True) != cards_of(8, paired=True)
    assert cards_of(6, paired=False) != cards_of(7, paired=False)


def test_pairs_that_each_split_one_all_give_one_half_and_no_doubt():
    won = {0: True, 1: False, 2: False, 3: True, 4: True, 5: False}
    assert paired_interval(won) == (0.5, 0.5, 0.5)
    p, low, high = interval(3, 6)  # the same games as if unpaired: a wide interval
    assert p == 0.5 and high - low > 0.7


def test_the_paired_interval_is_the_normal_interval_of_the_pair_scores():
    won = {0: True, 1: False, 2: True, 3: True}  # pair scores 1/2 and 1
    p, low, high = paired_interval(won)
    half = 1.96 * (math.sqrt(2) / 4) / math.sqrt(2)  # standard deviation of (0.5, 1) is √2/4
    assert p == 0.75
    assert (low, high) == pytest.approx((0.75 - half, 0.75 + half))


def test_more_four_handed_games_must_start_on_a_pair(capsys):
    """An odd first game would split a pair of games on the same cards: refused in words
    before any game is played."""
    with pytest.raises(SystemExit, match="must be even"):
        main(["--games", "0", "--four-games", "2", "--four-first-game", "3"])
    assert "four-handed" not in capsys.readouterr().out


def test_a_level_against_itself_on_the_same_deal_changes_nothing():
    """The deal diagnostic plays one deal's cards three times: a level paired with itself
    makes the same choices on the same cards, so it adds exactly nothing to the margin."""
    assert [deal_effect(("standard", "standard", index)) for index in range(3)] == [0.0] * 3
