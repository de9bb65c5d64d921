"""Random draw: a new draw every game, without a rematch as long as one can be avoided.

How the American Cribbage Congress seats a qualifying event or a club night: "every player
plays the same number of games, each against a different opponent if possible, seated by a
random draw" (docs/acc.md). Each round:

* the present players are shuffled by the event's recorded seed and the round's number, so a
  round is drawn again identically (a reload, another server) but each round differently;
* with an odd count the bye goes to a player among those with the fewest byes so far (the last
  of the draw among them whose rest leaves the fewest rematches): nobody rests twice before
  every present player has rested once, players who arrived late or left included;
* the drawn order is paired with the fewest rematches (the Swiss pairing search,
  :func:`.swiss.pair_top_down`, over the drawn order instead of a ranking): with no history that
  is 1 v 2, 3 v 4, … of the draw; later, a player meets someone already met only when every
  pairing of the players left would force at least as many rematches.

An organizer's ``seeded_order`` still decides round 1.

>>> draw = RandomDraw().seat(MovementContext(round_number=1, teams=(1, 2, 3, 4, 5), seed=7))
>>> sorted(draw.seated_teams())
[1, 2, 3, 4, 5]
"""

from __future__ import annotations

import random

from tournaments.seating.movement.base import (
    Movement,
    MovementContext,
    Pairing,
    RoundDraw,
    bye_counts,
    draw_in_order,
    fewest_byes,
    first_round_order,
    opponents,
)
from tournaments.seating.movement.swiss import pair_top_down


def drawn_order(ctx: MovementContext) -> list[int]:
    """The present players shuffled by the seed and the round: the same inputs, the same draw."""
    order = sorted(ctx.teams)  # independent of the order the caller lists them in
    random.Random(f"{ctx.seed}:{ctx.round_number}").shuffle(order)
    return order


class RandomDraw(Movement):
    """A random draw each round, fewest rematches, the bye rotated; see the module docstring."""

    name = "random_draw"
    label = "Random draw each game, avoiding rematches"

    def seat(self, ctx: MovementContext) -> RoundDraw:
        if ctx.round_number == 1 and ctx.seeded_order is not None:
            return draw_in_order(first_round_order(ctx))
        order = drawn_order(ctx)
        met = opponents(ctx.history)
        if not len(order) % 2:
            return _tables(pair_top_down(order, met), None)
        # The bye: among those with the fewest byes, the last of the draw whose rest lets the
        # others be paired with the fewest rematches.
        may_rest = fewest_byes(order, bye_counts(ctx.history))
        best: tuple[int, list[tuple[int, int]], int] | None = None
        for bye in (t for t in reversed(order) if t in may_rest):
            pairs = pair_top_down([t for t in order if t != bye], met)
            count = sum(1 for a, b in pairs if b in met.get(a, ()))
            if best is None or count < best[0]:
                best = (count, pairs, bye)
            if count == 0:
                break
        assert best is not None  # an odd count has at least one player who may rest
        return _tables(best[1], best[2])


def _tables(pairs: list[tuple[int, int]], bye: int | None) -> RoundDraw:
    return RoundDraw(
        pairings=tuple(Pairing(i + 1, a, b) for i, (a, b) in enumerate(pairs)), bye=bye
    )
