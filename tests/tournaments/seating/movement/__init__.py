"""Helpers shared by the movement tests: play a seated round, check a draw's bookkeeping.

These helpers only record results and read draws; they never decide a seating, so the tests
that use them stay independent of the strategies under test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tournaments.seating.movement import MovementContext, PlayedGame, RoundDraw


def play(draw: RoundDraw, round_number: int, a_wins: Sequence[bool]) -> list[PlayedGame]:
    """The games of ``draw`` with their results: ``a_wins[k]`` says table k+1's team_a won."""
    games = [
        PlayedGame(round_number, p.table, p.team_a, p.team_b, p.team_a if a_win else p.team_b)
        for p, a_win in zip(draw.pairings, a_wins, strict=True)
    ]
    if draw.bye is not None:
        games.append(PlayedGame(round_number, None, draw.bye, None, None))
    return games


def context(round_number, teams, history=(), seed=7, **extra) -> MovementContext:
    return MovementContext(
        round_number=round_number, teams=tuple(teams), history=tuple(history), seed=seed, **extra
    )


def assert_everyone_once(draw: RoundDraw, teams: Sequence[int]) -> None:
    """Each present team plays exactly once or has the bye; tables are 1..k, each used once."""
    seated = Counter(draw.seated_teams())
    assert seated == Counter(teams), f"seated {sorted(seated.elements())}, present {sorted(teams)}"
    assert sorted(p.table for p in draw.pairings) == list(range(1, len(teams) // 2 + 1))
    assert (draw.bye is not None) == (len(teams) % 2 == 1)


def met_pairs(history: Sequence[PlayedGame]) -> set[frozenset[int]]:
    return {frozenset((g.team_a, g.team_b)) for g in history if g.team_b is not None}


def rematches(draw: RoundDraw, history: Sequence[PlayedGame]) -> int:
    met = met_pairs(history)
    return sum(frozenset((p.team_a, p.team_b)) in met for p in draw.pairings)
