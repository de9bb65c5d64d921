"""Round robin (Berger tables): every team meets every other team exactly once. Small events.

The round-1 order (``seeded_order``, or the teams shuffled by the recorded ``seed``) gives the
Berger positions 1..n. With an odd count a dummy takes position n + 1 and its opponent of the
round has the bye. Circle method: the last position stays put and the others turn n/2 steps
each round, which reproduces the published (FIDE) Berger tables: round 1 is 1 v n, 2 v n-1, …
and round 2 starts n v n/2 + 1; table 1 holds the game of the fixed position. ``rounds_needed(n)`` is n - 1 for an even count
and n for an odd count (then every team has exactly one bye).

The schedule is recomputed each round: from the roster and seed before any game, afterwards
from the Berger positions round 1 shows (:func:`positions_from_round_one`), so a team that
withdrew does not stop the event: its games are dropped and the team it was to meet rests that
round (the bye). Only one team may rest a round: when a withdrawal would leave two teams without
an opponent (an odd count left), or a team joins after round 1, the round is refused with
:class:`RosterChanged`, which names the teams. A history that does not follow the schedule (a
changed seed, order or team list) is refused too.

>>> [(p.team_a, p.team_b) for p in berger_schedule([1, 2, 3, 4])[1].pairings]
[(3, 4), (1, 2)]
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.seating.movement.base import (
    Movement,
    MovementContext,
    MovementError,
    Pairing,
    PlayedGame,
    RoundDraw,
    first_round_order,
)


class RosterChanged(MovementError):
    """The teams present cannot follow the round robin of round 1: ``new`` joined after it,
    or ``idle`` would have no opponent (more than one team to rest) because ``gone`` left."""

    def __init__(
        self,
        message: str,
        *,
        new: Sequence[int] = (),
        gone: Sequence[int] = (),
        idle: Sequence[int] = (),
    ) -> None:
        super().__init__(message)
        self.new, self.gone, self.idle = tuple(new), tuple(gone), tuple(idle)


def rounds_needed(team_count: int) -> int:
    """Rounds for everyone to meet everyone: n - 1 for even n, n for odd n (one bye each)."""
    if isinstance(team_count, bool) or not isinstance(team_count, int) or team_count < 2:
        raise MovementError(f"a round robin needs at least 2 teams: got {team_count!r}")
    return team_count - 1 if team_count % 2 == 0 else team_count


def berger_schedule(order: list[int]) -> list[RoundDraw]:
    """Every round of the round robin for teams in Berger positions ``order`` (round 1 first)."""
    positions: list[int | None] = list(order) + ([None] if len(order) % 2 else [])
    size = len(positions)
    schedule = []
    for _ in range(rounds_needed(len(order))):
        pairs = [(positions[i], positions[size - 1 - i]) for i in range(size // 2)]
        games = [(a, b) for a, b in pairs if a is not None and b is not None]
        bye = next((a if b is None else b for a, b in pairs if None in (a, b)), None)
        schedule.append(
            RoundDraw(
                pairings=tuple(Pairing(k + 1, a, b) for k, (a, b) in enumerate(games)), bye=bye
            )
        )
        turning, step = positions[:-1], size // 2  # a step of n/2 gives Berger's own order
        positions = turning[step:] + turning[:step] + positions[-1:]
    return schedule


class RoundRobin(Movement):
    """Berger tables; see the module docstring."""

    name = "round_robin"
    label = "Round robin: every team meets every other team once"

    def max_rounds(self, team_count: int) -> int | None:
        return rounds_needed(team_count)

    def seat(self, ctx: MovementContext) -> RoundDraw:
        order = positions_from_round_one(ctx.history) if ctx.history else first_round_order(ctx)
        _check_no_newcomer(ctx, order)
        count = len(order)
        if ctx.round_number > rounds_needed(count):
            raise MovementError(
                f"round {ctx.round_number} is beyond the round-robin schedule: {count} teams "
                f"play rounds 1 to {rounds_needed(count)}"
            )
        schedule = berger_schedule(order)
        _check_history_follows(ctx, schedule)
        return without_the_gone(schedule[ctx.round_number - 1], set(ctx.teams), order)


def positions_from_round_one(history: tuple[PlayedGame, ...]) -> list[int]:
    """The Berger positions 1..n that round 1's tables show (the inverse of round 1 of
    :func:`berger_schedule`): table k holds positions k and n + 1 - k, and with an odd count the
    team of position 1 rested against the dummy, so table k holds k + 1 and n + 1 - k."""
    first = [g for g in history if g.round == 1]
    games = sorted((g for g in first if not g.is_bye), key=lambda g: g.table or 0)
    bye = next((g.team_a for g in first if g.is_bye), None)
    size = 2 * len(games) + (2 if bye is not None else 0)
    positions: list[int | None] = [None] * size
    offset = 0
    if bye is not None:
        positions[0], offset = bye, 1
    for k, game in enumerate(games):
        positions[k + offset] = game.team_a
        positions[size - 1 - k - offset] = game.team_b
    return [team for team in positions if team is not None]


def without_the_gone(planned: RoundDraw, present: set[int], order: list[int]) -> RoundDraw:
    """The planned round less the teams that left: whoever was to meet one of them rests."""
    games, idle = [], [planned.bye] if planned.bye in present else []
    for pairing in planned.pairings:
        here = [t for t in (pairing.team_a, pairing.team_b) if t in present]
        if len(here) == 2:
            games.append((pairing.team_a, pairing.team_b))
        else:
            idle += here
    if len(idle) > 1:
        gone = [t for t in order if t not in present]
        raise RosterChanged(
            f"a round robin rests one team a round: without {', '.join(map(str, gone))} this "
            f"round would leave {', '.join(map(str, idle))} without an opponent",
            gone=gone,
            idle=idle,
        )
    return RoundDraw(
        pairings=tuple(Pairing(k + 1, a, b) for k, (a, b) in enumerate(games)),
        bye=idle[0] if idle else None,
    )


def _check_no_newcomer(ctx: MovementContext, order: list[int]) -> None:
    new = [t for t in ctx.teams if t not in set(order)]
    if new:
        raise RosterChanged(
            f"a round robin keeps the teams of round 1: {', '.join(map(str, new))} joined "
            "later; allowed: the teams of round 1 (less those who left)",
            new=new,
        )


def _check_history_follows(ctx: MovementContext, schedule: list[RoundDraw]) -> None:
    """Earlier rounds must match the schedule this seed and roster give (same pairs, same bye)."""
    for game in ctx.history:
        planned = schedule[game.round - 1]
        if game.is_bye:  # the planned bye, or the team whose planned opponent has left
            ok = planned.bye == game.team_a or any(
                game.team_a in (p.team_a, p.team_b) and not {p.team_a, p.team_b} <= set(ctx.teams)
                for p in planned.pairings
            )
        else:
            ok = any({p.team_a, p.team_b} == {game.team_a, game.team_b} for p in planned.pairings)
        if not ok:
            games = ", ".join(f"{p.team_a} v {p.team_b}" for p in planned.pairings)
            bye = f", bye {planned.bye}" if planned.bye is not None else ""
            raise MovementError(
                f"{game.describe()} does not follow the round-robin schedule of this roster and "
                f"seed (round {game.round} should be {games}{bye}); check the seed, the seeded "
                f"order and the team list"
            )
