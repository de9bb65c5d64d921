"""The two-handed pro's discard: each keep valued by the whole deal, played out on sampled cards.

The exact discard analysis values a keep by its hand and crib over the starter, with the
opponent's two cards in the crib drawn at random. Real opponents do not throw at random: they
keep 5s, pairs and fifteens and throw the rest, so the dealer's crib is poorer than random
throws make it and the non-dealer's gift to it is worth more or less with what goes beside it;
and the opponent's hand, its pegging and its throw all come from the same six cards.

So each keep is valued over the same sampled deals (common random numbers: the keeps differ
by their own cards only): the opponent's six cards drawn from the unseen, its keep drawn as
players keep (:mod:`.keeps`), the play played out on both kept hands (:mod:`.pegging`), then
for every starter left (the starter never changes the play, only his heels) the show in its
order: his heels, the play, the non-dealer's hand, the dealer's hand and crib, each step won
the moment a side reaches the target, else the next deal's chance from the win table
(:mod:`.winprob`). The keep with the best mean chance of winning is kept.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Card
from games.cribbage.fast import score_total

from . import keeps, pegging, winprob

__all__ = ["Deal", "best_keep", "sample_deals"]

JACK = 11


@dataclass(frozen=True, slots=True)
class Deal:
    """One imagined deal: the opponent's four kept cards and two thrown (card indices)."""

    kept: tuple[int, ...]
    thrown: tuple[int, ...]


def _rank(index: int) -> int:
    return index // 4 + 1


def sample_deals(
    unseen: Sequence[int], *, crib_is_theirs: bool, samples: int, rng: random.Random
) -> list[Deal]:
    """``samples`` opponent deals from the ``unseen`` card indices, each kept as players keep."""
    deals = []
    for _ in range(samples):
        dealt = rng.sample(list(unseen), 6)
        kept_ranks = list(
            keeps.sample_keep([_rank(i) for i in dealt], crib_is_theirs=crib_is_theirs, rng=rng)
        )
        kept, thrown = [], []
        for i in dealt:
            if _rank(i) in kept_ranks:
                kept_ranks.remove(_rank(i))
                kept.append(i)
            else:
                thrown.append(i)
        deals.append(Deal(tuple(kept), tuple(thrown)))
    return deals


def best_keep(
    hand: Sequence[Card],
    keeps_to_try: Sequence[tuple[Card, ...]],
    *,
    i_deal: bool,
    scores: tuple[int, int],
    target: int,
    unseen_ranks: Sequence[int],
    deals: Sequence[Deal],
    screen: tuple[int, int] | None = None,
) -> tuple[Card, ...]:
    """The keep (of ``keeps_to_try``) with the best mean chance of winning over ``deals``.

    ``screen=(d, k)``: every keep is first valued over the first ``d`` deals only, and the
    ``k`` best of them over all the deals (many keeps, each looked at, the likely ones closely)."""
    mine = [c.index for c in hand]
    # What every keep shares (the opponent's hands, the chance once a deal is known) is worked
    # out once: near the end every keep is tried, and a discard must stay under a second.
    shared = _Shared(mine, deals)

    def value(keep: tuple[Card, ...], first: int, last: int) -> float:
        return keep_value(
            [c.index for c in keep],
            [i for i in mine if i not in {c.index for c in keep}],
            i_deal=i_deal,
            scores=scores,
            target=target,
            unseen_ranks=unseen_ranks,
            deals=deals,
            shared=shared,
            span=(first, last),
        )

    values = {}
    if screen is not None and screen[1] < len(keeps_to_try) and screen[0] < len(deals):
        first = screen[0]
        early = {keep: value(keep, 0, first) for keep in keeps_to_try}
        keeps_to_try = sorted(keeps_to_try, key=lambda k: -early[k])[: screen[1]]
        for keep in keeps_to_try:
            rest = value(keep, first, len(deals))
            values[keep] = (early[keep] * first + rest * (len(deals) - first)) / len(deals)
    else:
        values = {keep: value(keep, 0, len(deals)) for keep in keeps_to_try}
    best, best_value = keeps_to_try[0], -1.0
    for keep in keeps_to_try:
        if values[keep] > best_value + 1e-12:
            best, best_value = keep, values[keep]
    return best


class _Shared:
    """For one discard: each deal's starters and the opponent's hand with each, and the chance
    after each (play, show) already met: the same for every keep tried."""

    def __init__(self, mine: Sequence[int], deals: Sequence[Deal]) -> None:
        held = set(mine)
        self.starters: list[list[int]] = []
        self.their_hands: list[dict[int, int]] = []
        for deal in deals:
            gone = held | set(deal.kept) | set(deal.thrown)
            starters = [s for s in range(52) if s not in gone]
            self.starters.append(starters)
            self.their_hands.append({s: score_total(deal.kept, s) for s in starters})
        self.chances: dict[tuple[object, ...], float] = {}


def keep_value(
    keep: Sequence[int],
    thrown: Sequence[int],
    *,
    i_deal: bool,
    scores: tuple[int, int],
    target: int,
    unseen_ranks: Sequence[int],
    deals: Sequence[Deal],
    shared: _Shared | None = None,
    span: tuple[int, int] | None = None,
) -> float:
    """The mean chance of winning with this keep over the imagined deals (``span``: those
    from the first index to before the second) and every starter."""
    if shared is None:
        shared = _Shared([*keep, *thrown], deals)
    my_ranks = [_rank(i) for i in keep]
    leader = 1 if i_deal else 0  # seat 0 is this player; the non-dealer leads
    need = (target - scores[0], target - scores[1])
    my_hands = {s: score_total(keep, s) for s in range(52) if s not in keep and s not in thrown}
    chances = shared.chances
    first, last = span or (0, len(deals))
    total = 0.0
    for deal, starters, their_hands in zip(
        deals[first:last], shared.starters[first:last], shared.their_hands[first:last], strict=True
    ):
        points, winner = pegging.play_out(
            [my_ranks[:], [_rank(i) for i in deal.kept]],
            [],
            0,
            leader,
            None,
            set(),
            unseen_ranks,
            need,
        )
        crib = (*thrown, *deal.thrown)
        chance = 0.0
        for starter in starters:
            show = (
                my_hands[starter],
                their_hands[starter],
                score_total(crib, starter, crib=True),
                _rank(starter) == JACK,
            )
            key = (points[0], points[1], winner, *show)
            if key not in chances:
                chances[key] = _after_starter(
                    scores, points, winner, i_deal, target, *show[:3], heels=show[3]
                )
            chance += chances[key]
        total += chance / len(starters)
    return total / (last - first)


def _after_starter(
    scores: tuple[int, int],
    played: list[int],
    winner: int | None,
    i_deal: bool,
    target: int,
    my_hand: int,
    their_hand: int,
    crib: int,
    *,
    heels: bool,
) -> float:
    """This player's chance once one deal is known: his heels, the play, then the show."""
    mine, theirs = scores
    if heels:  # the dealer's two for his heels come before the play
        if i_deal:
            mine += 2
        else:
            theirs += 2
        if mine >= target or theirs >= target:
            return 1.0 if mine >= target else 0.0
    if winner is not None:
        return 1.0 if winner == 0 else 0.0
    mine, theirs = mine + played[0], theirs + played[1]
    if i_deal:  # the non-dealer counts first, then the dealer's hand and crib
        theirs += their_hand
        if theirs >= target:
            return 0.0
        mine += my_hand + crib
        if mine >= target:
            return 1.0
    else:
        mine += my_hand
        if mine >= target:
            return 1.0
        theirs += their_hand + crib
        if theirs >= target:
            return 0.0
    # The next deal is dealt by the other side.
    return winprob.win_chance(mine, theirs, i_deal=not i_deal, target=target)
