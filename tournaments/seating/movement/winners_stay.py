"""Winners stay: the FADOQ default movement (RULES.md section 5).

"After each game, winners stay at their place (table); the others move." Interpretation:

* The winner of each table keeps that table. The **movers** are everyone else present: the
  losers, the team coming back from a bye, late entries, and winners whose table closed.
* **Plain rotation**: the loser of table *t* goes to table *t + 1*. With an odd count the bye is
  the stop after the last table: the last table's loser takes the bye and the team coming back
  from the bye takes a seat at table 1 (it enters the rotation in a loser's place). With an even
  count the last table's loser goes to table 1.
* **Byes** (hard rule): with an odd count exactly one team has the bye, and only a team with the
  fewest byes among the present teams may take it, so nobody gets a second bye before every
  present team has had one. The bye goes to a mover whenever a mover may take it; only when
  every mover already has more byes does a winner take it. That winner leaves its table, which
  becomes a free table: both of its seats are filled by movers, chosen like every other seat.
  Which winner (if several qualify): the one giving the fewest rematches, then the one at the
  highest-numbered table (the large-event search takes that one directly).
* **Rematches**: among the seatings that respect the two rules above, one with the fewest
  consecutive rematches (pairs that met in the previous round: the loser of a table meeting
  the same winner again) is chosen, then the fewest rematches (pairs that met in any earlier
  round); among those, the one that moves the fewest movers away from their plain-rotation
  table, so the plain rotation wins any tie.
* **Withdrawals and late entries**: a table whose winner is absent is a free table. The number
  of tables is always ``len(teams) // 2``: when the event shrinks the highest-numbered tables
  close and their winners become movers; when it grows, the new tables are free tables.

Search: with at most :data:`EXACT_MOVER_LIMIT` movers (events up to about 28 teams) the seating
is exact, a dynamic programme over subsets of movers (at most 2**14 states). Larger events start
from the plain rotation and repair each rematch by the nearest swap of two movers that lowers
the rematch count; conflicts are rare there (a team has met at most a few of hundreds), so this
stays near-linear and in practice reaches zero rematches, but the minimum is not proven.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

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
    games_of_round,
    opponents,
)

EXACT_MOVER_LIMIT = 14
BYE = 0  # the bye as a stop of the rotation; real tables are numbered from 1
_REMATCH_WEIGHT = 1 << 16  # a rematch outweighs any number of moves away from the rotation
_CONSECUTIVE_WEIGHT = 1 << 32  # a rematch of the previous round outweighs any number of others


@dataclass(frozen=True, slots=True)
class _Met:
    """Who has met whom: in any earlier round, and in the round just before."""

    ever: dict[int, set[int]]
    last: dict[int, set[int]]

    def weight(self, a: int, b: int) -> int:
        """0 for a first meeting, 1 for a rematch, 2 for a rematch of the previous round."""
        if b in self.last.get(a, ()):
            return 2
        return 1 if b in self.ever.get(a, ()) else 0


@dataclass(frozen=True, slots=True)
class _Unit:
    """A place to fill: a table with its staying winner, a free table, or the bye."""

    table: int
    anchor: int | None = None

    @property
    def size(self) -> int:
        return 1 if self.table == BYE or self.anchor is not None else 2


@dataclass(slots=True)
class _Plan:
    """One way to read the constraints of the round: who stays where, who moves, who may rest."""

    tables: int
    anchors: dict[int, int]
    movers: list[int]
    preferred: dict[int, int | None]
    may_rest: set[int]
    units: list[_Unit] = field(init=False)

    def __post_init__(self) -> None:
        self.units = [_Unit(t, self.anchors[t]) for t in sorted(self.anchors)]
        if self.may_rest:
            self.units.append(_Unit(BYE))
        self.units += [_Unit(t) for t in range(1, self.tables + 1) if t not in self.anchors]


class WinnersStay(Movement):
    """Winners keep their table, the others move on; see the module docstring."""

    name = "winners_stay"
    label = "Winners stay, the others move to the next table"

    def __init__(self, exact_limit: int = EXACT_MOVER_LIMIT) -> None:
        self.exact_limit = exact_limit

    def seat(self, ctx: MovementContext) -> RoundDraw:
        if ctx.round_number == 1:
            return draw_in_order(first_round_order(ctx))
        met = _Met(
            opponents(ctx.history), opponents(games_of_round(ctx.history, ctx.round_number - 1))
        )
        plans = _plans(ctx)
        if len(plans[0].movers) <= self.exact_limit:
            # Several plans only when a winner must take the bye; the first cheapest wins.
            solved = [(_solve_exact(plan, met), plan) for plan in plans]
            (_, seating), plan = min(solved, key=lambda solution: solution[0][0])
        else:
            plan = plans[0]
            seating = _solve_greedy(plan, met)
        return _to_draw(plan, seating)


def _plans(ctx: MovementContext) -> list[_Plan]:
    """Anchors, movers and who may rest, read from the previous round (one plan per choice)."""
    tables = len(ctx.teams) // 2
    odd = len(ctx.teams) % 2 == 1
    anchors, movers, preferred = _read_previous_round(ctx, tables, odd)
    if not odd:
        return [_Plan(tables, anchors, movers, preferred, set())]

    may_rest = fewest_byes(ctx.teams, bye_counts(ctx.history))
    resting_movers = may_rest.intersection(movers)
    if resting_movers:
        return [_Plan(tables, anchors, movers, preferred, resting_movers)]
    # Every mover has had more byes than some winner: a winner leaves its table for the bye.
    plans = []
    for table in sorted(anchors, reverse=True):
        winner = anchors[table]
        if winner in may_rest:
            rest = {t: w for t, w in anchors.items() if t != table}
            plans.append(
                _Plan(tables, rest, movers + [winner], preferred | {winner: BYE}, {winner})
            )
    if not plans:  # cannot happen: a team with the fewest byes is a mover or a winner
        raise MovementError(f"round {ctx.round_number}: no team may take the bye")
    return plans


def _read_previous_round(
    ctx: MovementContext, tables: int, odd: bool
) -> tuple[dict[int, int], list[int], dict[int, int | None]]:
    """Winners anchored at their table; the movers (losers, the team back from the bye, winners
    of a closed table, newcomers); and each mover's stop in the plain rotation."""
    present = set(ctx.teams)

    def next_stop(table: int) -> int:
        if table < tables:
            return table + 1
        return BYE if odd else 1

    anchors: dict[int, int] = {}
    losers: list[int] = []
    returners: list[int] = []
    displaced: list[int] = []
    preferred: dict[int, int | None] = {}
    previous = games_of_round(ctx.history, ctx.round_number - 1)
    for game in sorted(previous, key=lambda g: (g.is_bye, g.table or 0)):
        if game.is_bye:
            if game.team_a in present:
                returners.append(game.team_a)
                preferred[game.team_a] = 1
            continue
        table, winner, loser = game.table, game.winner, game.loser
        assert table is not None, "MovementContext refuses a played game without a table"
        if winner is not None and winner in present:
            if table <= tables:
                anchors[table] = winner
            else:  # the event shrank and this table closed
                displaced.append(winner)
        if loser is not None and loser in present:
            losers.append(loser)
            preferred[loser] = next_stop(table)
    known = set(anchors.values()).union(losers, returners, displaced)
    newcomers = [t for t in ctx.teams if t not in known]
    return anchors, losers + returners + displaced + newcomers, preferred


def _cost(plan: _Plan, unit: _Unit, members: tuple[int, ...], met: _Met) -> int:
    """Rematches (weighted) plus moves away from the plain rotation for one filled unit."""
    moved = sum(
        1 for m in members if plan.preferred.get(m) is not None and plan.preferred[m] != unit.table
    )
    if unit.table == BYE:
        return moved
    a, b = (unit.anchor, members[0]) if unit.anchor is not None else members
    return moved + (0, _REMATCH_WEIGHT, _CONSECUTIVE_WEIGHT)[met.weight(a, b)]


def _options(plan: _Plan, unit: _Unit, met: _Met) -> list[tuple[int, tuple[int, ...], int]]:
    """Ways to fill ``unit``: (bitmask of movers, the movers, cost)."""
    movers = plan.movers
    if unit.size == 1:
        return [
            (1 << i, (m,), _cost(plan, unit, (m,), met))
            for i, m in enumerate(movers)
            if unit.table != BYE or m in plan.may_rest
        ]
    return [
        (
            (1 << i) | (1 << j),
            (movers[i], movers[j]),
            _cost(plan, unit, (movers[i], movers[j]), met),
        )
        for i in range(len(movers))
        for j in range(i + 1, len(movers))
    ]


def _solve_exact(plan: _Plan, met: _Met) -> tuple[int, list[tuple[int, ...]]]:
    """Cheapest filling of every unit: a dynamic programme over the set of movers already seated.

    Units are filled one after the other, so the set of seated movers fixes the next unit; the
    first seating found wins a tie, which keeps the result deterministic.
    """
    layer: dict[int, int] = {0: 0}
    steps: list[dict[int, tuple[int, tuple[int, ...]]]] = []
    for unit in plan.units:
        options = _options(plan, unit, met)
        best: dict[int, int] = {}
        step: dict[int, tuple[int, tuple[int, ...]]] = {}
        for mask, cost in layer.items():
            for bits, members, extra in options:
                if mask & bits:
                    continue
                key, total = mask | bits, cost + extra
                if key not in best or total < best[key]:
                    best[key] = total
                    step[key] = (mask, members)
        layer = best
        steps.append(step)
    mask = (1 << len(plan.movers)) - 1
    seating = []
    for step in reversed(steps):
        mask, members = step[mask]
        seating.append(members)
    seating.reverse()
    return layer[(1 << len(plan.movers)) - 1], seating


def _solve_greedy(plan: _Plan, met: _Met) -> list[tuple[int, ...]]:
    """Plain rotation first, then swaps of two movers that remove rematches (large events)."""
    return _Greedy(plan, met).solve()


class _Greedy:
    """Seats as a flat list (one per mover); ``occupant[s]`` is the mover in seat ``s``."""

    def __init__(self, plan: _Plan, met: _Met) -> None:
        self.plan, self.met = plan, met
        self.unit_of: list[int] = []
        self.seats_of: list[list[int]] = []
        for i, unit in enumerate(plan.units):
            self.seats_of.append(list(range(len(self.unit_of), len(self.unit_of) + unit.size)))
            self.unit_of += [i] * unit.size
        self.occupant: list[int | None] = [None] * len(self.unit_of)

    def solve(self) -> list[tuple[int, ...]]:
        plan, occupant = self.plan, self.occupant
        index = {unit.table: i for i, unit in enumerate(plan.units)}
        unplaced = []
        for m in plan.movers:  # the plain rotation, as far as it goes
            stop = plan.preferred.get(m)
            seat = self._empty_seat(index[stop]) if stop in index else None
            if seat is None or (stop == BYE and m not in plan.may_rest):
                unplaced.append(m)
            else:
                occupant[seat] = m
        if BYE in index and occupant[self.seats_of[index[BYE]][0]] is None:
            self._fill_bye(self.seats_of[index[BYE]][0], unplaced)
        empty = [s for s, m in enumerate(occupant) if m is None]
        for m in unplaced:
            seat = next((s for s in empty if self._fits(s, m)), empty[0])
            empty.remove(seat)
            occupant[seat] = m
        self._repair()
        return [tuple(self._seated(s) for s in seats) for seats in self.seats_of]

    def _seated(self, seat: int) -> int:
        team = self.occupant[seat]
        assert team is not None, "solve fills every seat before reading the seating"
        return team

    def _empty_seat(self, unit: int) -> int | None:
        return next((s for s in self.seats_of[unit] if self.occupant[s] is None), None)

    def _fill_bye(self, bye_seat: int, unplaced: list[int]) -> None:
        """An unplaced team that may rest, else the seated one closest to the bye in rotation."""
        for m in unplaced:
            if m in self.plan.may_rest:
                unplaced.remove(m)
                self.occupant[bye_seat] = m
                return
        occupant = self.occupant
        seated = [
            (s, m) for s, m in enumerate(occupant) if m is not None and m in self.plan.may_rest
        ]
        s, _ = max(seated, key=lambda seat: self.plan.preferred.get(seat[1]) or 0)
        occupant[bye_seat], occupant[s] = occupant[s], None

    def _fits(self, seat: int, m: int) -> bool:
        """May ``m`` sit in ``seat`` without a rematch (or take the bye there)?"""
        unit = self.plan.units[self.unit_of[seat]]
        if unit.table == BYE:
            return m in self.plan.may_rest
        others = [unit.anchor, *(self.occupant[s] for s in self.seats_of[self.unit_of[seat]])]
        return not any(o is not None and self.met.weight(m, o) for o in others)

    def _rematches(self, i: int) -> int:
        unit = self.plan.units[i]
        if unit.table == BYE:
            return 0
        seated = [self.occupant[s] for s in self.seats_of[i]]
        a, b = [unit.anchor, *seated] if unit.anchor is not None else seated
        if a is None:  # a seat still empty: no rematch yet
            return 0
        if b is None:
            return 0
        return self.met.weight(a, b)

    def _allowed(self, seat: int) -> bool:
        unit = self.plan.units[self.unit_of[seat]]
        return unit.table != BYE or self.occupant[seat] in self.plan.may_rest

    def _repair(self) -> None:
        """Swap a mover in a rematch with the nearest mover whose swap lowers the count.

        Every accepted swap lowers the total, so the loop ends; a seat is retried until its
        table is clean or no swap helps.
        """
        for s in range(len(self.unit_of)):
            while self._rematches(self.unit_of[s]) and self._swap_better(s):
                pass

    def _swap_better(self, s: int) -> bool:
        occupant, unit_of = self.occupant, self.unit_of
        for other in _outward(s, len(unit_of)):
            i, j = unit_of[s], unit_of[other]
            if i == j:
                continue
            before = self._rematches(i) + self._rematches(j)
            occupant[s], occupant[other] = occupant[other], occupant[s]
            fewer = self._rematches(i) + self._rematches(j) < before
            if fewer and self._allowed(s) and self._allowed(other):
                return True
            occupant[s], occupant[other] = occupant[other], occupant[s]
        return False


def _outward(s: int, n: int) -> Iterator[int]:
    """Seat indices by distance from ``s``: s+1, s-1, s+2, s-2, …"""
    for d in range(1, n):
        if s + d < n:
            yield s + d
        if s - d >= 0:
            yield s - d


def _to_draw(plan: _Plan, seating: list[tuple[int, ...]]) -> RoundDraw:
    pairings, bye = [], None
    for unit, members in zip(plan.units, seating, strict=True):
        if unit.table == BYE:
            bye = members[0]
        elif unit.anchor is not None:
            pairings.append(Pairing(unit.table, unit.anchor, members[0]))
        else:
            pairings.append(Pairing(unit.table, *members))
    return RoundDraw(pairings=tuple(sorted(pairings, key=lambda p: p.table)), bye=bye)
