"""What a player's keep tells about their hand: a model of how players choose the cards they keep.

The pro level infers the opponents' hands from what they did. Before any card is laid, what
they did is their discard: they kept four cards out of six (two-handed) or five (three- and
four-handed) because those four looked best to them. So an opponent's four cards are not four
random cards: a 5, a pair, cards that make fifteens are kept far more often than they are dealt.

The model: a player values each keep like the exact discard analysis does (the hand's mean
over the starter, plus the crib's mean when the crib is theirs, minus it when it is not), but
on ranks only (suits are rare points: flushes are left out, a jack is worth a quarter point of
nobs) and against a full deck, so the values are tables shared by every deal; they choose a
keep with a chance that falls off with its value (``exp(value / TEMPERATURE)``), which covers
both the approximation and a player who does not always find the best keep. The temperature
is fitted to the standard level's discards (the tests hold the model to them).

:func:`keep_likelihood` is the chance that a player keeps a given four ranks when dealt them
plus random others: the weight of an imagined opponent hand. It is read from ``keeps.json``
(every four ranks, both ways the crib can go, six or five cards dealt: about 12 s to compute,
so it is shipped; ``python -m games.cribbage.computer.winprob_build --keeps`` rebuilds it).
:func:`sample_keep` draws a keep from dealt ranks as the model's player would.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Sequence
from functools import cache
from math import comb, prod
from pathlib import Path

from games.cribbage.discard import rank_multisets
from games.cribbage.fast import RANK_WEIGHT, RANKS, rank_code, rank_table

__all__ = ["TEMPERATURE", "crib_value", "hand_value", "keep_likelihood", "sample_keep"]

DATA = Path(__file__).with_name("keeps.json")

TEMPERATURE = 0.4  # points of value that make a keep e times less likely (fitted: tests)
NOBS = 0.25  # a jack's nobs: the starter is of its suit about one time in four
HAND_SIZE = 4
CRIB_SIZE = 4


def _left_after(ranks: Sequence[int]) -> list[int]:
    left = [0] + [4] * 13
    for r in ranks:
        left[r] -= 1
    return left


@cache
def hand_value(kept: tuple[int, ...]) -> float:
    """The mean show of four ranks (sorted) over the starter: fifteens, pairs, runs, nobs."""
    left = _left_after(kept)
    table, code = rank_table(), rank_code(kept)
    total = sum(left[s] * table[code + RANK_WEIGHT[s]] for s in RANKS if left[s])
    return total / sum(left) + NOBS * kept.count(11)


@cache
def crib_value(thrown: tuple[int, ...]) -> float:
    """The mean crib with these ranks thrown (sorted), the other cards and the starter random."""
    table, code = rank_table(), rank_code(thrown)
    ways = rank_multisets(_left_after(thrown), CRIB_SIZE + 1 - len(thrown))
    total = sum(n * table[code + other] for other, n in ways)
    return total / sum(n for _, n in ways) + NOBS * thrown.count(11)


def _keeps(dealt: Sequence[int], crib_is_theirs: bool) -> list[tuple[tuple[int, ...], float]]:
    """Every keep of the dealt ranks (one per choice of cards) with its value to the player."""
    sign = 1.0 if crib_is_theirs else -1.0
    keeps = []
    for chosen in itertools.combinations(range(len(dealt)), HAND_SIZE):
        kept = tuple(sorted(dealt[i] for i in chosen))
        thrown = tuple(sorted(dealt[i] for i in range(len(dealt)) if i not in chosen))
        keeps.append((kept, hand_value(kept) + sign * crib_value(thrown)))
    return keeps


def _chances(keeps: list[tuple[tuple[int, ...], float]]) -> list[float]:
    top = max(v for _, v in keeps)
    weights = [math.exp((v - top) / TEMPERATURE) for _, v in keeps]
    total = sum(weights)
    return [w / total for w in weights]


def sample_keep(
    dealt: Sequence[int], *, crib_is_theirs: bool, rng: random.Random
) -> tuple[int, ...]:
    """Four of the ``dealt`` ranks, drawn as the model's player keeps them."""
    keeps = _keeps(dealt, crib_is_theirs)
    return rng.choices([k for k, _ in keeps], weights=_chances(keeps))[0]


def keep_chance(dealt: Sequence[int], kept: Sequence[int], *, crib_is_theirs: bool) -> float:
    """The model's chance that a player dealt ``dealt`` keeps the ranks ``kept``."""
    keeps = _keeps(dealt, crib_is_theirs)
    target = tuple(sorted(kept))
    return sum(p for (k, _), p in zip(keeps, _chances(keeps), strict=True) if k == target)


def keep_likelihood(kept: Sequence[int], *, crib_is_theirs: bool, players: int) -> float:
    """The chance that a player keeps four cards of these ranks when dealt them and random
    others (two more two-handed, one more three- and four-handed): the weight of an imagined
    hand (four given cards, not any four of these ranks)."""
    dealt = 6 if players == 2 else 5
    return _table()[f"{dealt}{'c' if crib_is_theirs else 'n'}"][rank_code(kept)]


@cache
def _table() -> dict[str, dict[int, float]]:
    shipped = json.loads(DATA.read_text())
    return {
        key: {int(code): chance for code, chance in rows.items()}
        for key, rows in shipped["likelihood"].items()
    }


def likelihood(kept: tuple[int, ...], crib_is_theirs: bool, dealt: int) -> float:
    """:func:`keep_likelihood` computed (the sorted ``kept`` ranks, ``dealt`` cards)."""
    others = rank_multisets(_left_after(kept), dealt - HAND_SIZE)
    total = chance = 0.0
    for code, ways in others:
        extra = [r for r in RANKS for _ in range((code // RANK_WEIGHT[r]) % 5)]
        dealt_ranks = tuple(sorted((*kept, *extra)))
        # The chance of keeping these very cards: the ranks' chance shared among the card sets
        # of the same ranks in the deal (a third 5 dealt: either pair of 5s may be kept).
        alike = prod(comb(dealt_ranks.count(r), kept.count(r)) for r in set(kept))
        chance += ways * _keep_chance(dealt_ranks, kept, crib_is_theirs) / alike
        total += ways
    return chance / total


@cache
def _keep_chance(dealt: tuple[int, ...], kept: tuple[int, ...], crib_is_theirs: bool) -> float:
    return keep_chance(dealt, kept, crib_is_theirs=crib_is_theirs)


def build() -> dict[str, object]:
    """Every entry of ``keeps.json``: each four ranks that exist, by six or five dealt and by
    whose crib it is (rank codes of :mod:`games.cribbage.fast` as keys)."""
    hands = [k for k in itertools.combinations_with_replacement(RANKS, HAND_SIZE) if _exists(k)]
    rows = {
        f"{dealt}{'c' if theirs else 'n'}": {
            str(rank_code(kept)): float(f"{likelihood(kept, theirs, dealt):.4g}") for kept in hands
        }
        for dealt in (6, 5)
        for theirs in (True, False)
    }
    return {"temperature": TEMPERATURE, "likelihood": rows}


def _exists(ranks: tuple[int, ...]) -> bool:
    return all(ranks.count(r) <= 4 for r in set(ranks))
