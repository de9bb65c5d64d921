"""Pro's pegging search (games.cribbage.computer.pegging.search_out): the best order of its own
cards against a known hand played by the standard heuristic."""

from __future__ import annotations

import itertools
import random

import pytest

from games.cribbage.computer import pegging, play_search


def margin(points: list[int], winner: int | None) -> float:
    return points[0] - points[1]


def test_alone_it_finds_the_best_order_worked_out_by_hand():
    # The other seat is out: 10-5 makes 15 (2), the second 5 pairs (2), last card (1) = 5;
    # any other order makes 3 (5-5 pair then 20, or 5-10 fifteen then a lone 5 at 20).
    unseen = pegging.unseen_by_rank([])
    best = pegging.search_out([[5, 5, 10], []], [], 0, 0, None, set(), unseen, (99, 99), margin)
    assert best == 5


@pytest.mark.parametrize("seed", range(40))
def test_the_search_is_never_worse_than_the_heuristic_it_searches_around(seed):
    """A maximum over every order of seat 0's cards includes the order the heuristic plays."""
    rng = random.Random(seed)
    deck = [r for r in range(1, 14) for _ in range(4)]
    rng.shuffle(deck)
    hands = [sorted(deck[:4]), sorted(deck[4:8])]
    unseen = pegging.unseen_by_rank(deck[:4])
    turn = seed % 2
    points, winner = pegging.play_out(
        [h[:] for h in hands], [], 0, turn, None, set(), unseen, (99, 99)
    )
    searched = pegging.search_out(
        [h[:] for h in hands], [], 0, turn, None, set(), unseen, (99, 99), margin
    )
    assert searched >= margin(points, winner)


def test_alone_the_search_equals_the_best_of_every_order():
    """With the other seat out of cards, every order of seat 0's cards scored by hand (15 and
    31, pairs, runs, go and last card) against the search. Four cards: only the last can fail
    to fit (three cards make at most 30), so every order is a legal one."""
    unseen = pegging.unseen_by_rank([])
    rng = random.Random(7)
    for _ in range(30):
        hand = [rng.randint(1, 13) for _ in range(4)]
        best = max(_alone(order) for order in itertools.permutations(hand))
        found = pegging.search_out([hand[:], []], [], 0, 0, None, set(), unseen, (99, 99), margin)
        assert found == best, hand


def _alone(order: tuple[int, ...]) -> int:
    """One seat laying ``order`` with nobody to answer: a card that does not fit restarts the
    count after a go point for the last card laid; the last card of all scores 1."""
    points, series, count = 0, [], 0
    for rank in order:
        pips = min(rank, 10)
        if count + pips > 31:
            points += 1  # the go
            series, count = [], 0
        points += pegging.peg_points(series, rank, count)
        series.append(rank)
        count += pips
        if count == 31:
            series, count = [], 0
    return points + (1 if count else 0)


# --- the search over every holding at once (play_search) ---------------------------------------


def _deal(seed: int) -> tuple[list[int], list[list[int]], list[int]]:
    rng = random.Random(seed)
    deck = [r for r in range(1, 14) for _ in range(4)]
    rng.shuffle(deck)
    mine = sorted(deck[:4])
    holdings = [sorted(rng.sample(deck[4:], 4)) for _ in range(6)]
    return mine, holdings, pegging.unseen_by_rank(mine)


def _card_values(mine, holdings, unseen, turn_leaf=margin):
    return play_search.card_values(
        mine,
        holdings,
        [turn_leaf] * len(holdings),
        series=[],
        count=0,
        last=None,
        passed=set(),
        unseen=unseen,
        need=(99, 99),
    )


@pytest.mark.parametrize("seed", range(20))
def test_against_one_known_hand_the_search_is_the_best_order(seed):
    """One holding: nothing is hidden, so the best card's value is the best of every order of
    its cards (pegging.search_out, itself held to orders worked out by hand above)."""
    mine, holdings, unseen = _deal(seed)
    theirs = holdings[0]
    best = max(_card_values(mine, [theirs], unseen).values())
    searched = pegging.search_out(
        [mine[:], theirs[:]], [], 0, 0, None, set(), unseen, (99, 99), margin
    )
    assert best == pytest.approx(searched)


@pytest.mark.parametrize("seed", range(20))
def test_it_never_peeks_and_never_does_worse_than_the_heuristic(seed):
    """Over several holdings the search cannot beat seeing each holding (the mean of each
    one's best order), nor do worse than playing the heuristic after its first card."""
    mine, holdings, unseen = _deal(seed)
    values = _card_values(mine, holdings, unseen)
    peeking = sum(
        pegging.search_out([mine[:], h[:]], [], 0, 0, None, set(), unseen, (99, 99), margin)
        for h in holdings
    ) / len(holdings)
    assert max(values.values()) <= peeking + 1e-9
    for rank, value in values.items():
        rest = mine[:]
        rest.remove(rank)
        heuristic = 0.0
        for h in holdings:
            play = pegging.PlayOut([mine[:], h[:]], [], 0, 0, None, set(), (99, 99))
            if not (play.lay(rank) or play.advance()):
                while play.hands[0] or play.hands[1]:
                    if play.act(unseen) or play.advance():
                        break
            heuristic += margin(play.points, play.winner)
        assert value >= heuristic / len(holdings) - 1e-9
