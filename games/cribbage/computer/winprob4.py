"""The chance of winning a four-handed partnership game from a board position: the two team
scores and whether one's team deals.

Four-handed (two teams of two, partners opposite, five cards each, one to the crib) the dealer
moves one seat to the left each deal, so the dealing team alternates, as in the two-handed game.
The model: a deal adds to the teams the points of the play (``pn`` to the non-dealing team,
``pd`` to the dealing team), then the show in its order: the hand of the dealer's left-hand
opponent (``h1``, non-dealing team), the dealer's partner (``h2``, dealing team), the dealer's
right-hand opponent (``h3``, non-dealing team), the dealer's hand and the crib (``h4``, dealing
team); the first team to reach 121 wins. The play's joint points and each of the four counts are
drawn from the deals of standard-level four-handed self-play (:mod:`.winprob_build`,
``--players 4``), independently of one another and of the score: an approximation (the four
hands share the starter; near the end players play the board). The FADOQ 116 rule is in the
model: each sampled play also records each team's lone go and last-card points, and a team
standing at :data:`CUTOFF` or more when the play starts does not score them (the table is
solved for the FADOQ game, the four-handed game of ``/play/``). When both teams would reach 121
in the same play, each is given half.

``V[a][b]``, the non-dealing team's chance at the start of a deal with ``a`` to the dealing
team's ``b``, is solved by dynamic programming from the highest totals down (every play scores
at least one point: the last card, or 31; from the cutoff on a play may score none, and those
totals are solved by a few rounds of fixed-point iteration).

Shipped as ``winprob4.json`` (``V`` in ten-thousandths, and the sampled distributions of the
four counts, which :func:`after_play` uses for hands not seen); rebuilt by
``python -m games.cribbage.computer.winprob_build --players 4 --deals 4000``.

>>> round(win_chance(120, 0, we_deal=False), 2)  # one point to go: the play brings it
1.0
>>> win_chance(100, 90, we_deal=True) > win_chance(90, 100, we_deal=True)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from games.cribbage.computer.winprob import SCALE, TARGET, WinTable

__all__ = [
    "CUTOFF",
    "DATA",
    "SCALE",
    "TARGET",
    "after_play",
    "counts",
    "play_points",
    "plays",
    "plays_lone",
    "solve",
    "win_chance",
]

DATA = Path(__file__).with_name("winprob4.json")
# One deal's points: (play non-dealing team, play dealing team, h1, h2, h3, h4) (module text),
# optionally followed by the lone go and last-card points of the play (non-dealing, dealing).
Outcome = tuple[int, ...]
CUTOFF = 116  # FADOQ: from 116 on a team scores no lone go or last-card point (rules.py)
Show = Sequence[tuple[int, float]]  # (points, chance) of one count
NON_DEALING_STEPS = (0, 2)  # the counts of the show that go to the non-dealing team


FOUR_HANDED = WinTable(DATA)


def win_chance(ours: int, theirs: int, *, we_deal: bool, target: int = TARGET) -> float:
    """Our team's chance of winning at the start of a deal (``we_deal``: our team deals it).
    A shorter game is read as the last points of a game of 121 (same points to go)."""
    return FOUR_HANDED.chance(ours, theirs, i_deal=we_deal, target=target)


@cache
def counts() -> tuple[tuple[tuple[int, float], ...], ...]:
    """The four counts of the show in their order (h1, h2, h3, h4: see the module text), each
    as (points, chance) from self-play."""
    steps = FOUR_HANDED.data["show"]
    assert isinstance(steps, list), "winprob4.json holds the four counts"
    out = []
    for step in steps:
        total = sum(int(c) for c in step.values())
        out.append(tuple((int(points), int(c) / total) for points, c in step.items()))
    return tuple(out)


@cache
def plays() -> tuple[tuple[int, int, float], ...]:
    """The play's points (non-dealing team, dealing team, chance) from self-play."""
    merged: dict[tuple[int, int], float] = {}
    for pn, pd, _, _, p in plays_lone():
        merged[(pn, pd)] = merged.get((pn, pd), 0.0) + p
    return tuple((pn, pd, p) for (pn, pd), p in merged.items())


@cache
def plays_lone() -> tuple[tuple[int, int, int, int, float], ...]:
    """The play's points with the lone go and last-card points among them: (non-dealing team,
    dealing team, its lone points, theirs, chance) from self-play."""
    pairs = FOUR_HANDED.data["play"]
    assert isinstance(pairs, dict), "winprob4.json holds the play's points"
    total = sum(int(c) for c in pairs.values())
    out = []
    for key, c in pairs.items():
        pn, pd, ln, ld = ([int(x) for x in key.split(",")] + [0, 0])[:4]
        out.append((pn, pd, ln, ld, int(c) / total))
    return tuple(out)


def play_points(
    pn: int, pd: int, ln: int, ld: int, a: int, b: int, cutoff: int | None = CUTOFF
) -> tuple[int, int]:
    """The play's points for teams standing at ``a`` (non-dealing) and ``b`` (dealing): a team
    at ``cutoff`` or more loses its lone points (the FADOQ 116 rule)."""
    if cutoff is not None:
        if a >= cutoff:
            pn -= ln
        if b >= cutoff:
            pd -= ld
    return pn, pd


PRUNE = 1e-6  # positions less likely than this are dropped by :func:`after_play`


def after_play(
    ours: int,
    theirs: int,
    *,
    we_deal: bool,
    shows: Sequence[Show],
    target: int = TARGET,
) -> float:
    """Our team's chance of winning once the play is over, before the show: the four counts
    ``shows`` (h1 to h4, in the order they count; see the module text), then the next deal."""
    # Positions as (non-dealing team's score, dealing team's score) -> chance.
    nd, de = (theirs, ours) if we_deal else (ours, theirs)
    states = {(nd, de): 1.0}
    won_nd = 0.0  # the chance that the non-dealing team wins in the show
    for step, show in enumerate(shows):
        to_nd = step in NON_DEALING_STEPS
        nxt: dict[tuple[int, int], float] = {}
        for (a, b), p in states.items():
            for x, q in show:
                a2, b2 = (a + x, b) if to_nd else (a, b + x)
                if a2 >= target:
                    won_nd += p * q
                elif b2 < target and p * q > PRUNE:
                    nxt[(a2, b2)] = nxt.get((a2, b2), 0.0) + p * q
        states = nxt
    # The next deal is dealt by the team that did not deal this one.
    for (a, b), p in states.items():
        won_nd += p * win_chance(a, b, we_deal=True, target=target)
    return 1.0 - won_nd if we_deal else won_nd


def solve(
    outcomes: Sequence[Outcome], target: int = TARGET, cutoff: int | None = CUTOFF
) -> list[list[float]]:
    """``V[a][b]``: the non-dealing team's chance at the start of a deal (module text); a team
    at ``cutoff`` or more loses the play's lone points (``None``: no such rule)."""
    n = len(outcomes)
    lone = Counter((o[0], o[1], *(tuple(o[6:8]) or (0, 0))) for o in outcomes)
    play = [(pn, pd, ln, ld, c / n) for (pn, pd, ln, ld), c in lone.items()]
    if any(pn + pd == 0 for pn, pd, _, _, _ in play):
        raise ValueError("a deal's play scored no point: the last card always scores")
    shows = [
        [(x, c / n) for x, c in sorted(Counter(o[2 + step] for o in outcomes).items())]
        for step in range(4)
    ]
    top = target - 1
    v = [[0.0] * target for _ in range(target)]
    # before[k][a][b]: the non-dealing team's chance before count k of the show (k = 0..3).
    before = [[[0.0] * target for _ in range(target)] for _ in range(4)]
    for total in range(2 * top, -1, -1):
        cells = [(a, total - a) for a in range(max(0, total - top), min(top, total) + 1)]
        # From the cutoff a play may score nothing and stay on its cell: iterate (the loop's
        # weight is a pointless play times four zero counts: a few rounds converge).
        rounds = 1 if cutoff is None or max(max(c) for c in cells) < cutoff else 4
        for _ in range(rounds):
            for a, b in cells:
                v[a][b] = _before_play(a, b, play, before[0], target, cutoff)
            # Counts of 0 stay on the same cell: the last count (into the next deal) first.
            for step in (3, 2, 1, 0):
                for a, b in cells:
                    before[step][a][b] = _before_count(a, b, step, shows[step], before, v, target)
    return v


def _before_play(
    a: int,
    b: int,
    play: list[tuple[int, int, int, int, float]],
    after: list[list[float]],
    target: int,
    cutoff: int | None,
) -> float:
    chance = 0.0
    for pn, pd, ln, ld, p in play:
        pn, pd = play_points(pn, pd, ln, ld, a, b, cutoff)
        a2, b2 = a + pn, b + pd
        if a2 >= target:
            chance += p * (0.5 if b2 >= target else 1.0)
        elif b2 < target:
            chance += p * after[a2][b2]  # a later total, or this cell (iterated): solve()
    return chance


def _before_count(
    a: int,
    b: int,
    step: int,
    show: list[tuple[int, float]],
    before: list[list[list[float]]],
    v: list[list[float]],
    target: int,
) -> float:
    chance = 0.0
    to_nd = step in NON_DEALING_STEPS
    for x, p in show:
        a2, b2 = (a + x, b) if to_nd else (a, b + x)
        if a2 >= target:
            chance += p
        elif b2 >= target:
            continue
        elif step < 3:
            chance += p * before[step + 1][a2][b2]
        else:
            chance += p * (1.0 - v[b2][a2])  # the next deal: the dealing team changes
    return chance


def clear_cache() -> None:
    """Forget the loaded table (after it is rebuilt)."""
    FOUR_HANDED.forget()
    for cached in (counts, plays, plays_lone):
        cached.cache_clear()
