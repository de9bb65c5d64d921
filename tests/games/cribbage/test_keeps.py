"""The model of how players keep their cards (pro's inference from the opponent's discard),
held to the exact scoring, to the standard player's real discards and to probability."""

from __future__ import annotations

import random
import statistics
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, prod

import pytest

from games.cards import DECK, parse_cards
from games.cribbage.computer import computer, computer_action, keeps
from games.cribbage.computer import levels as level_code
from games.cribbage.computer.view import view_of
from games.cribbage.discard import analyze_discards
from games.cribbage.game import GameState, Phase
from games.cribbage.rules import STANDARD_2P_121
from games.cribbage.scoring import score_hand


@pytest.mark.parametrize("text", ["5H 5C 10D JS", "2H 3C 4D 9S", "7H 8C 8D 9S", "AH 4C JD KS"])
def test_a_hand_of_four_suits_is_valued_at_its_exact_mean_over_the_starter(text):
    """Four suits: no flush; a jack's nobs is then exactly 12 starters in 48."""
    hand = parse_cards(text)
    starters = [c for c in DECK if c not in hand]
    exact = Fraction(sum(score_hand(hand, s).total for s in starters), len(starters))
    ranks = tuple(sorted(int(c.rank) for c in hand))
    assert keeps.hand_value(ranks) == pytest.approx(float(exact), abs=1e-9)


def test_a_pair_of_fives_is_worth_more_in_the_crib_than_a_king_and_a_two():
    assert keeps.crib_value((5, 5)) > keeps.crib_value((2, 13)) + 3


def _p4(ranks: tuple[int, ...]) -> float:
    """The chance that four cards drawn from a full deck have these ranks."""
    return prod(comb(4, ranks.count(r)) for r in set(ranks)) / comb(52, 4)


@pytest.mark.parametrize("players, keeps_per_deal", [(2, comb(6, 4)), (4, comb(5, 4))])
@pytest.mark.parametrize("crib_is_theirs", [True, False])
def test_the_likelihoods_make_a_distribution_of_the_kept_hands(
    players, keeps_per_deal, crib_is_theirs
):
    """Summed over every four ranks, the chance of drawing them times the chance of keeping
    them, times the ways four of the dealt cards can be chosen, is 1: some hand is kept."""
    total = sum(
        _p4(kept) * keeps.keep_likelihood(kept, crib_is_theirs=crib_is_theirs, players=players)
        for kept in combinations_with_replacement(range(1, 14), 4)
        if max(kept.count(r) for r in kept) <= 4
    )
    assert total * keeps_per_deal == pytest.approx(1.0, abs=2e-3)


@pytest.mark.parametrize("players, dealt", [(2, 6), (4, 5)])
def test_the_model_keeps_what_the_standard_player_keeps(players, dealt):
    """The standard player keeps the exact analysis's best; the model's likeliest keep has the
    same ranks in at least 9 deals out of 10 (suits: flushes are outside the model)."""
    rng = random.Random(26)
    same = 0
    deals = 300
    for _ in range(deals):
        cards = rng.sample(DECK, dealt)
        theirs = rng.random() < 0.5
        best = analyze_discards(cards, dealer=theirs, players=players).best.keep
        ranks = [int(c.rank) for c in cards]
        likeliest = max(keeps._keeps(ranks, theirs), key=lambda k: k[1])[0]
        same += likeliest == tuple(sorted(int(c.rank) for c in best))
    assert same >= 0.9 * deals


def test_players_keep_fives_and_fifteens_not_odd_cards():
    """Dealt 2 more cards, a player keeps 5 5 10 J most times; 2 7 9 K almost never."""
    good = keeps.keep_likelihood([5, 5, 10, 11], crib_is_theirs=False, players=2)
    poor = keeps.keep_likelihood([2, 7, 9, 13], crib_is_theirs=False, players=2)
    assert good > 0.4 and poor < 0.01


def test_the_shipped_table_is_the_model():
    rng = random.Random(4)
    hands = list(combinations_with_replacement(range(1, 14), 4))
    for kept in rng.sample([h for h in hands if max(h.count(r) for r in h) <= 4], 8):
        for dealt, players in ((6, 2), (5, 4)):
            for theirs in (True, False):
                shipped = keeps.keep_likelihood(kept, crib_is_theirs=theirs, players=players)
                assert shipped == pytest.approx(keeps.likelihood(kept, theirs, dealt), rel=1e-3)


@pytest.mark.parametrize("dealer", [0, 1])
def test_pro_imagines_opponent_hands_as_players_keep_them(dealer):
    """When pro lays a card, the opponent hands it imagines (with the cards the opponent has
    laid) are worth far more in the show than random unseen cards: players keep good hands."""
    imagined = random_cards = 0.0
    deals = 30
    standard = computer("standard")
    for seed in range(deals):
        game = GameState(STANDARD_2P_121, seed=seed, first_dealer=dealer)
        while game.phase is not Phase.PLAY or game.to_act != 0:
            game.apply(computer_action(game, game.to_act, standard))
        view = view_of(game, 0)
        unseen = [int(c.rank) for c in view.unseen()]
        laid = [int(c.rank) for seat, c in view.laid if seat == 1]
        rng = random.Random(seed)
        hands = level_code._possible_holdings(view, unseen, rng, 48)
        blind = [rng.sample(unseen, 4 - len(laid)) for _ in range(200)]
        imagined += statistics.mean(keeps.hand_value(tuple(sorted(laid + h))) for h in hands)
        random_cards += statistics.mean(keeps.hand_value(tuple(sorted(laid + h))) for h in blind)
    assert imagined / deals > random_cards / deals + 2
