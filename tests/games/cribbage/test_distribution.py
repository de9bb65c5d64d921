"""The exhaustive distribution of show scores over all 12,994,800 hand + starter combinations."""

from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from math import comb

import pytest

from games.cards import DECK, Card, Rank, Suit
from games.cribbage import hand_distribution, score_hand, score_total
from games.cribbage.fast import distribution_mean, rank_pattern_distribution

# RULES.md section 2, published by several independent sources.
RULES_TABLE = {
    0: 1_009_008, 1: 99_792, 2: 2_813_796, 3: 505_008, 4: 2_855_676, 5: 697_508,
    6: 1_800_268, 7: 751_324, 8: 1_137_236, 9: 361_224, 10: 388_740, 11: 51_680,
    12: 317_340, 13: 19_656, 14: 90_100, 15: 9_168, 16: 58_248, 17: 11_196, 18: 2_708,
    19: 0, 20: 8_068, 21: 2_496, 22: 444, 23: 356, 24: 3_680, 25: 0, 26: 0, 27: 0,
    28: 76, 29: 4,
}  # fmt: skip
ALL_COMBINATIONS = 12_994_800  # C(52, 4) x 48


@pytest.mark.slow
def test_hand_distribution_is_the_published_table():
    assert hand_distribution() == RULES_TABLE
    assert sum(RULES_TABLE.values()) == ALL_COMBINATIONS == comb(52, 4) * 48


@pytest.mark.slow
def test_fast_scorer_on_every_combination_gives_the_published_table():
    # The per-hand hot path (used by discard analysis), one combination at a time: ~8 s.
    counts = Counter()
    for hand in combinations(range(52), 4):
        for starter in range(52):
            if starter not in hand:
                counts[score_total(hand, starter)] += 1
    assert counts == Counter({score: n for score, n in RULES_TABLE.items() if n})


@pytest.mark.slow
def test_hand_mean_is_the_published_mean():
    mean = distribution_mean(hand_distribution())
    assert mean == Fraction(61_974_180, 12_994_800)
    assert round(float(mean), 6) == 4.769152


@pytest.mark.slow
def test_crib_scores_never_19_25_26_27_and_29_four_times():
    crib = hand_distribution(crib=True)
    assert sum(crib.values()) == ALL_COMBINATIONS
    assert [crib[s] for s in (19, 25, 26, 27)] == [0, 0, 0, 0]
    assert crib[29] == 4 and max(s for s, n in crib.items() if n) == 29


@pytest.mark.slow
def test_crib_differs_from_hand_exactly_by_the_unmatched_four_card_flushes():
    # Independently of the fast code: score every hand whose 4 cards share a suit and whose
    # starter does not (a 4-card hand flush the starter does not match) with score_hand. Those
    # score 4 less in the crib; every other combination scores the same. Suits are symmetric,
    # so one suit is enough: hearts, times 4.
    hearts = [c for c in DECK if c.suit is Suit.HEARTS]
    others = [c for c in DECK if c.suit is not Suit.HEARTS]
    flush_hand_totals = Counter()
    for hand in combinations(hearts, 4):
        for starter in others:
            flush_hand_totals[score_hand(hand, starter).total] += 4
    assert sum(flush_hand_totals.values()) == 4 * comb(13, 4) * 39  # 111,540

    expected_crib = Counter(RULES_TABLE)
    for total, n in flush_hand_totals.items():
        expected_crib[total] -= n
        expected_crib[total - 4] += n
    assert hand_distribution(crib=True) == dict(expected_crib)
    crib_points = sum(s * n for s, n in hand_distribution(crib=True).items())
    assert crib_points == 61_974_180 - 4 * 111_540


def _brute_force(hand_ranks, starter_rank, crib):
    # Every choice of suits, scored by the itemized scorer.
    counts = Counter()
    for suits in product(Suit, repeat=5):
        cards = [Card(Rank(r), s) for r, s in zip((*hand_ranks, starter_rank), suits, strict=True)]
        if len(set(cards)) < 5:
            continue
        hand, starter = cards[:4], cards[4]
        # Count each 4-card set once: the ranks come in ascending order, so keep only the
        # order where equal ranks also have ascending suits (the sorted order).
        if hand != sorted(hand):
            continue
        counts[score_hand(hand, starter, crib=crib).total] += 1
    return dict(counts)


@pytest.mark.parametrize(
    ("hand_ranks", "starter_rank"),
    [
        ((5, 5, 5, 11), 5),  # the 29 hand
        ((1, 2, 3, 11), 4),  # distinct ranks with a jack: flushes and nobs overlap
        ((1, 2, 3, 11), 11),  # jack starter and a jack in hand: no nobs, no 5-card flush
        ((2, 4, 6, 8), 13),  # flushes alone
        ((11, 11, 3, 9), 7),  # two jacks
        ((11, 11, 11, 11), 5),  # four jacks: nobs whatever the starter's suit
        ((4, 4, 4, 4), 5),  # four of a kind
        ((3, 5, 7, 9), 5),  # starter pairs a hand card: no 5-card flush
    ],
)
@pytest.mark.parametrize("crib", [False, True])
def test_closed_form_suit_counting_matches_brute_force(hand_ranks, starter_rank, crib):
    ranks = tuple(sorted(hand_ranks))
    assert rank_pattern_distribution(ranks, starter_rank, crib=crib) == _brute_force(
        ranks, starter_rank, crib
    )


def test_rank_pattern_rejects_five_of_a_rank():
    with pytest.raises(ValueError, match="at most 4 cards of any rank"):
        rank_pattern_distribution((5, 5, 5, 5), 5)
