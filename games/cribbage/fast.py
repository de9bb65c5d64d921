"""Table-driven show scorer on card indices, and the exhaustive score distribution.

A second, independent implementation of RULES.md section 2, built for speed (discard analysis
scores thousands of hands; the distribution covers all 12,994,800 hand + starter combinations).
It shares no code with :mod:`games.cribbage.scoring`; the tests hold the two against each other.

The idea: fifteens, pairs and runs depend only on the multiset of the five ranks (6,175 of them),
so they are computed once per rank multiset into a table keyed by ``rank_code`` (a base-5 number
whose digit r counts the cards of rank r: adding per-card weights gives it, in any card order).
Flush and nobs depend on suits and are checked per hand.

Cards are the indices of :attr:`games.cards.Card.index`: 0-51, rank-major (rank = i // 4 + 1,
suit = i % 4).

>>> from games.cards import parse_card
>>> idx = lambda text: parse_card(text).index
>>> score_total([idx("5H"), idx("5C"), idx("5S"), idx("JD")], idx("5D"))
29
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod

RANKS = range(1, 14)  # ace low ... king
JACK = 11
_JACK_INDEX = (JACK - 1) * 4  # index of the jack of the first suit; + suit for the others
HANDS_WITH_STARTER = comb(52, 4) * 48  # 12,994,800

# RANK_WEIGHT[r] is the base-5 digit of rank r in a rank code (at most 4 cards of a rank).
RANK_WEIGHT = (0, *(5 ** (r - 1) for r in RANKS))
# The same weight looked up by card index, to skip the division in the hot path.
CARD_WEIGHT = tuple(RANK_WEIGHT[i // 4 + 1] for i in range(52))


def pips(rank: int) -> int:
    return min(rank, 10)


def rank_code(ranks: Iterable[int]) -> int:
    """The table key of a multiset of ranks (1-13): order does not matter.

    >>> rank_code([5, 5, 11]) == rank_code([11, 5, 5]) == 2 * 5**4 + 5**10
    True
    """
    return sum(RANK_WEIGHT[r] for r in ranks)


def rank_points(counts: Sequence[int]) -> int:
    """Fifteens, pairs and runs of five cards given as counts per rank (``counts[r]``, r 1-13).

    Counted from the rank histogram (not by listing card sets, as :mod:`scoring` does):

    - fifteens: the number of card subsets with pips totalling 15, by a subset-sum count where
      ``comb(count, k)`` picks k of the cards of one rank;
    - pairs: ``comb(count, 2)`` per rank;
    - runs: a stretch of L >= 3 consecutive present ranks gives L points for each choice of one
      card per rank, i.e. L times the product of the counts (five cards hold at most one).

    >>> counts = [0] * 14
    >>> for r in (6, 7, 8, 8, 9): counts[r] += 1
    >>> rank_points(counts)  # 3 fifteens (6), a pair (2), a double run of four (8)
    16
    """
    ways = [1] + [0] * 15  # ways[s]: subsets with pip total s (only totals up to 15 matter)
    for r in RANKS:
        n = counts[r]
        if n:
            p = pips(r)
            new = ways[:]
            for k in range(1, n + 1):
                for s in range(16 - k * p):
                    new[s + k * p] += ways[s] * comb(n, k)
            ways = new
    points = 2 * ways[15]
    points += sum(2 * comb(counts[r], 2) for r in RANKS)
    stretch = []
    for r in (*RANKS, 14):  # 14: a sentinel that ends the last stretch
        if r < 14 and counts[r]:
            stretch.append(counts[r])
            continue
        if len(stretch) >= 3:
            points += len(stretch) * prod(stretch)
        stretch = []
    return points


@cache
def rank_table() -> dict[int, int]:
    """``rank_code`` of every possible 5-card rank multiset -> its fifteen/pair/run points.

    Built at first use, in memory (6,175 entries, a few tens of milliseconds).
    """
    table = {}
    for ranks in combinations_with_replacement(RANKS, 5):
        counts = [0] * 14
        for r in ranks:
            counts[r] += 1
        if max(counts) <= 4:  # five of a rank does not exist
            table[rank_code(ranks)] = rank_points(counts)
    return table


def score_total(hand: Sequence[int], starter: int, crib: bool = False) -> int:
    """The show total of 4 hand card indices plus the starter index (0-51).

    The hot path for discard analysis and the distribution: it trusts its input (4 distinct
    indices, starter not among them). Use :func:`games.cribbage.score_hand` for checked input
    and an itemized score.
    """
    a, b, c, d = hand
    total = rank_table()[
        CARD_WEIGHT[a] + CARD_WEIGHT[b] + CARD_WEIGHT[c] + CARD_WEIGHT[d] + CARD_WEIGHT[starter]
    ]
    suit = a & 3
    if b & 3 == suit and c & 3 == suit and d & 3 == suit:
        if starter & 3 == suit:
            total += 5
        elif not crib:
            total += 4  # a 4-card flush counts in the hand only
    nobs = _JACK_INDEX + (starter & 3)  # the jack of the starter's suit
    if nobs in (a, b, c, d):  # never true when the starter is that jack itself
        total += 1
    return total


def starter_totals(hand: Sequence[int], crib: bool = False) -> dict[int, int]:
    """The total of the hand with each of the 48 possible starters: ``{starter_index: total}``."""
    held = set(hand)
    return {s: score_total(hand, s, crib) for s in range(52) if s not in held}


def rank_pattern_distribution(
    hand_ranks: Sequence[int], starter_rank: int, *, crib: bool = False
) -> dict[int, int]:
    """How many (hand, starter) pairs with these ranks score each total: ``{total: count}``.

    Counts the suit choices in closed form instead of listing them. With ``h[r]`` hand cards of
    rank r and the starter of rank s (pairs: ``prod(comb(4, h[r])) * (4 - h[s])``):

    - flush of four only: 4 distinct hand ranks, the hand all of one suit (4 ways), the starter
      of another suit (3 ways: the hand's card of rank s, if any, has the hand's suit) -> 12;
    - flush of five: 4 distinct hand ranks, none equal to s -> 4 (one per suit);
    - nobs: the hand holds the jack of the starter's suit (s not a jack). Fix the starter's suit
      (4 ways by symmetry): that jack is in the hand, the other jacks come from 3 suits, the
      rank-s cards from the 3 suits other than the starter's, the rest freely;
      a flush of five with a jack always has nobs too; a flush of four never does.

    >>> rank_pattern_distribution([5, 5, 5, 11], 5)  # the 29 hand: 4 of the 16 pairs
    {28: 12, 29: 4}
    """
    h = [0] * 14
    for r in hand_ranks:
        h[r] += 1
    if sum(h) != 4 or max(h) > 4 or h[starter_rank] >= 4:
        raise ValueError(
            f"ranks {list(hand_ranks)} + starter {starter_rank}: need 4 hand ranks and at most "
            "4 cards of any rank in all"
        )
    pairs = prod(comb(4, h[r]) for r in RANKS) * (4 - h[starter_rank])
    distinct = max(h) == 1
    flush4 = 12 if distinct else 0
    flush5 = 4 if distinct and h[starter_rank] == 0 else 0
    flush5_nobs = flush5 if h[JACK] else 0
    nobs = 0
    if starter_rank != JACK and h[JACK]:
        others = prod(comb(4, h[r]) for r in RANKS if r not in (JACK, starter_rank))
        nobs = 4 * comb(3, h[JACK] - 1) * comb(3, h[starter_rank]) * others
    nobs_only = nobs - flush5_nobs

    base = rank_table()[rank_code((*hand_ranks, starter_rank))]
    counts = {
        base + 1: nobs_only,
        base + 5: flush5 - flush5_nobs,
        base + 6: flush5_nobs,
    }
    plain = pairs - flush5 - nobs_only
    if crib:
        counts[base] = plain  # a 4-card flush scores nothing in the crib
    else:
        counts[base] = plain - flush4
        counts[base + 4] = flush4
    return {total: n for total, n in sorted(counts.items()) if n}


@cache
def _distribution(crib: bool) -> tuple[tuple[int, int], ...]:
    totals = dict.fromkeys(range(30), 0)
    for hand_ranks in combinations_with_replacement(RANKS, 4):
        for starter_rank in RANKS:
            if hand_ranks.count(starter_rank) < 4:
                for total, n in rank_pattern_distribution(
                    hand_ranks, starter_rank, crib=crib
                ).items():
                    totals[total] += n
    return tuple(totals.items())


def hand_distribution(crib: bool = False) -> dict[int, int]:
    """``{score: number of (4 cards, starter) combinations}`` over all 12,994,800, scores 0-29.

    >>> dist = hand_distribution()
    >>> dist[0], dist[29], sum(dist.values())
    (1009008, 4, 12994800)
    """
    return dict(_distribution(crib))


def distribution_mean(distribution: dict[int, int]) -> Fraction:
    """The exact mean score of a distribution (a :class:`~fractions.Fraction`)."""
    return Fraction(sum(score * n for score, n in distribution.items()), sum(distribution.values()))
