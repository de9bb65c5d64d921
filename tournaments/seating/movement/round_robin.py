"""Round robin (Berger tables): every team meets every other team exactly once. Small events.

The round-1 order (``seeded_order``, or the teams shuffled by the recorded ``seed``) gives the
Berger positions 1..n. With an odd count a dummy takes position n + 1 and its opponent of the
round has the bye. Circle method: the last position stays put and the others turn n/2 steps
each round, which reproduces the published (FIDE) Berger tables: round 1 is 1 v n, 2 v n-1, …
and round 2 starts n v n/2 + 1; table 1 holds the game of the fixed position. ``rounds_needed(n)`` is n - 1 for an even count
and n for an odd count (then every team has exactly one bye).

The schedule is recomputed from the roster and seed each round, so the roster must not change:
a team that withdrew or a late entry is refused with a clear error, as is a history that does
not follow the schedule (a changed seed, order or team list).

>>> [(p.team_a, p.team_b) for p in berger_schedule([1, 2, 3, 4])[1].pairings]
[(3, 4), (1, 2)]
"""

from __future__ import annotations

from tournaments.seating.movement.base import (
    Movement,
    MovementContext,
    MovementError,
    Pairing,
    RoundDraw,
    first_round_order,
)


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
        _check_same_roster(ctx)
        count = len(ctx.teams)
        if ctx.round_number > rounds_needed(count):
            raise MovementError(
                f"round {ctx.round_number} is beyond the round-robin schedule: {count} teams "
                f"play rounds 1 to {rounds_needed(count)}"
            )
        schedule = berger_schedule(first_round_order(ctx))
        _check_history_follows(ctx, schedule)
        return schedule[ctx.round_number - 1]


def _check_same_roster(ctx: MovementContext) -> None:
    if not ctx.history:
        return
    earlier = {t for g in ctx.history for t in (g.team_a, g.team_b) if t is not None}
    present = set(ctx.teams)
    gone = sorted(earlier - present)
    new = sorted(present - earlier)
    if gone or new:
        problems = []
        if gone:
            problems.append("no longer present: " + ", ".join(map(str, gone)))
        if new:
            problems.append("not in the earlier rounds: " + ", ".join(map(str, new)))
        raise MovementError(
            "a round robin needs the same teams in every round (" + "; ".join(problems) + "); "
            "allowed: exactly the teams of round 1"
        )


def _check_history_follows(ctx: MovementContext, schedule: list[RoundDraw]) -> None:
    """Earlier rounds must match the schedule this seed and roster give (same pairs, same bye)."""
    for game in ctx.history:
        planned = schedule[game.round - 1]
        if game.is_bye:
            ok = planned.bye == game.team_a
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
