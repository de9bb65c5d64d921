"""Swiss movement: teams of equal standing meet, without a rematch when one can be avoided.

* Round 1 is the common draw (seeded order or the recorded seed), see :mod:`.base`; or, when
  the caller passes ``ratings`` (the event's "round 1 by rating" option), by rating: the
  present teams best-rated first (equal ratings in the order of the seed's draw), the top half
  against the bottom half (1 v n/2+1, 2 v n/2+2, …: the best-rated teams meet later), the
  lowest-rated team resting when the count is odd. An organizer's ``seeded_order`` still wins.
* From round 2, ``ranking`` (best first, computed by the caller) orders the present teams. With
  an odd count the bye goes to the lowest-ranked team among those with the fewest byes, so
  nobody has a second bye before every present team has had one.
* Pairing, top down: the best unpaired team meets the best-ranked unpaired team that still lets
  the rest be paired with the fewest rematches (backtracking down the ranking when a pairing
  would force a rematch further down). Formally: among the pairings with the fewest rematches,
  the one whose list of "partner of the best unpaired team" is smallest in ranking order. With
  no history that is 1 v 2, 3 v 4, … Table 1 holds the top pairing.

Up to :data:`EXACT_LIMIT` teams this is exact (a memoised search over the teams left to pair).
Larger events pair greedily from the top (each team with the best-ranked team it has not met)
and solve the last :data:`TAIL` teams exactly, reopening the last few greedy pairings if the
tail would otherwise need a rematch; near-linear, exact in practice but not proven minimal.
"""

from __future__ import annotations

from collections import Counter

from tournaments.seating.movement.base import (
    Movement,
    MovementContext,
    MovementError,
    Pairing,
    RoundDraw,
    bye_counts,
    draw_in_order,
    fewest_byes,
    first_round_order,
    opponents,
)

EXACT_LIMIT = 20
TAIL = 12


class Swiss(Movement):
    """Pair teams of equal standing, top down; see the module docstring."""

    name = "swiss"
    label = "Swiss: teams of equal standing meet"

    def seat(self, ctx: MovementContext) -> RoundDraw:
        if ctx.round_number == 1:
            if ctx.ratings and ctx.seeded_order is None:
                return top_half_against_bottom(rating_order(ctx))
            return draw_in_order(first_round_order(ctx))
        order = ranked_present_teams(ctx)
        bye = None
        if len(order) % 2:
            may_rest = fewest_byes(order, bye_counts(ctx.history))
            bye = next(t for t in reversed(order) if t in may_rest)
            order.remove(bye)
        pairs = pair_top_down(order, opponents(ctx.history))
        return RoundDraw(
            pairings=tuple(Pairing(i + 1, a, b) for i, (a, b) in enumerate(pairs)), bye=bye
        )


def rating_order(ctx: MovementContext) -> list[int]:
    """The present teams best-rated first; equal ratings keep the order of the seed's draw.

    >>> ctx = MovementContext(round_number=1, teams=(1, 2, 3, 4), seed=0,
    ...                       ratings=((1, 40.0), (2, 55.5), (3, 50.0), (4, 61.0)))
    >>> rating_order(ctx)
    [4, 2, 3, 1]
    """
    rating = dict(ctx.ratings)
    missing = [t for t in ctx.teams if t not in rating]
    if missing:
        raise MovementError(
            "ratings must give every present team a rating: missing " + ", ".join(map(str, missing))
        )
    drawn = first_round_order(ctx)
    place = {team: i for i, team in enumerate(drawn)}
    return sorted(drawn, key=lambda t: (-rating[t], place[t]))


def top_half_against_bottom(order: list[int]) -> RoundDraw:
    """1 v n/2+1 at table 1, 2 v n/2+2 at table 2, …; odd: the last team of ``order`` rests.

    >>> top_half_against_bottom([4, 2, 3, 1, 5])
    RoundDraw(pairings=(Pairing(table=1, team_a=4, team_b=3), Pairing(table=2, team_a=2, team_b=1)), bye=5)
    """
    bye = order[-1] if len(order) % 2 else None
    playing = order[:-1] if bye is not None else order
    half = len(playing) // 2
    pairings = tuple(
        Pairing(table=i + 1, team_a=playing[i], team_b=playing[half + i]) for i in range(half)
    )
    return RoundDraw(pairings=pairings, bye=bye)


def ranked_present_teams(ctx: MovementContext) -> list[int]:
    """The present teams in ranking order; teams ranked but absent (withdrawn) are skipped."""
    if not ctx.ranking:
        raise MovementError(
            f"swiss round {ctx.round_number} needs a ranking of the present teams, best first"
        )
    twice = sorted(t for t, n in Counter(ctx.ranking).items() if n > 1)
    if twice:
        raise MovementError(f"team {twice[0]} is listed twice in ranking; rank each team once")
    ranked = set(ctx.ranking)
    missing = [t for t in ctx.teams if t not in ranked]
    if missing:
        raise MovementError(
            "ranking must list every present team: missing " + ", ".join(map(str, missing))
        )
    present = set(ctx.teams)
    return [t for t in ctx.ranking if t in present]


def pair_top_down(order: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]]:
    """Pair an even list of teams ranked best first; pairs come out best pairing first."""
    if len(order) <= EXACT_LIMIT:
        return _pair_exact(order, met)[1]
    remaining, pairs = list(order), []
    while len(remaining) > TAIL:
        top = remaining.pop(0)
        seen = met.get(top, ())
        k = next((k for k, t in enumerate(remaining) if t not in seen), 0)
        pairs.append((top, remaining.pop(k)))
    cost, tail = _pair_exact(remaining, met)
    reopen = (EXACT_LIMIT - len(remaining)) // 2
    if cost and reopen:  # backtrack: reopen the last greedy pairings and solve a wider tail exactly
        wider = set(remaining).union(*pairs[-reopen:])
        wider_cost, wider_tail = _pair_exact([t for t in order if t in wider], met)
        if wider_cost < cost:
            pairs, tail = pairs[:-reopen], wider_tail
    return pairs + tail


def _pair_exact(order: list[int], met: dict[int, set[int]]) -> tuple[int, list[tuple[int, int]]]:
    """Fewest rematches, then best-ranked partners top down; returns (rematches, pairs)."""
    n = len(order)
    clash = [[order[j] in met.get(order[i], ()) for j in range(n)] for i in range(n)]
    memo: dict[int, tuple[int, int]] = {0: (0, -1)}

    def best(mask: int) -> tuple[int, int]:
        """(fewest rematches, partner of the top team) for the teams left in ``mask``."""
        if mask in memo:
            return memo[mask]
        top = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << top)
        result = (n, -1)
        bits = rest
        while bits:
            j = (bits & -bits).bit_length() - 1
            bits &= bits - 1
            if clash[top][j] >= result[0]:
                continue  # cannot beat the best partner found so far
            cost = clash[top][j] + best(rest & ~(1 << j))[0]
            if cost < result[0]:
                result = (cost, j)
                if cost == 0:
                    break
        memo[mask] = result
        return result

    mask = (1 << n) - 1
    total = best(mask)[0]
    pairs = []
    while mask:
        top = (mask & -mask).bit_length() - 1
        partner = memo[mask][1]
        pairs.append((order[top], order[partner]))
        mask &= ~((1 << top) | (1 << partner))
    return total, pairs
