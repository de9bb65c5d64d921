"""The chance of winning a two-handed game from a board position: both scores and who deals.

The model: a game is a run of deals; a deal adds to the non-dealer's and the dealer's scores the
points of the play (``pn``, ``pd``), then the non-dealer's hand (``hn``), then the dealer's hand
and crib (``hd``), in that order (the order of the show), and the first side to reach 121 wins.
The play's points and the show's points are each drawn from the deals of standard-level
self-play (:mod:`.winprob_build`), independently of each other and of the score: an
approximation (hands that peg well also count well; near the end players play the board). When
both sides would reach 121 in the same play, each is given half (the play's order is not kept).

``V[a][b]``, the non-dealer's chance at the start of a deal with ``a`` to the dealer's ``b``, is
solved by dynamic programming from the highest totals down: every play scores at least one point
(the last card, or 31), so a deal always moves the game forward.

The table is shipped as data (``winprob.json``: ``V`` in ten-thousandths, and the sampled
distribution of a non-dealer's hand, which :func:`after_play` uses for a hand not seen); rebuild
it with ``python -m games.cribbage.computer.winprob_build --deals 3000`` (a few minutes).

>>> round(win_chance(120, 0, i_deal=False), 2)  # the non-dealer needs one point: the last card
1.0
>>> win_chance(100, 90, i_deal=True) > win_chance(90, 100, i_deal=True)
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from functools import cache, cached_property
from pathlib import Path

__all__ = ["DATA", "SCALE", "TARGET", "after_play", "hand_distribution", "solve", "win_chance"]

TARGET = 121
DATA = Path(__file__).with_name("winprob.json")
SCALE = 10_000
# One deal's points: (play non-dealer, play dealer, hand non-dealer, hand and crib dealer).
Outcome = tuple[int, int, int, int]


class WinTable:
    """A shipped table of chances of winning at the start of a deal: rows of the non-dealing
    side's chance by (its score, the dealer's score), in ten-thousandths (two- and four-handed
    share it: winprob4)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @cached_property
    def data(self) -> dict[str, object]:
        data: dict[str, object] = json.loads(self.path.read_text(encoding="utf-8"))
        return data

    @cached_property
    def rows(self) -> tuple[tuple[float, ...], ...]:
        rows = self.data["nondealer"]
        assert isinstance(rows, list), f"{self.path.name} holds the table as rows"
        return tuple(tuple(int(v) / SCALE for v in row) for row in rows)

    def forget(self) -> None:
        """Read the file again at the next use (after it is rebuilt)."""
        for loaded in ("data", "rows"):
            self.__dict__.pop(loaded, None)

    def chance(self, mine: int, theirs: int, *, i_deal: bool, target: int = TARGET) -> float:
        """This side's chance; a shorter game is read as the last points of a game of 121
        (same points to go)."""
        offset = TARGET - target
        mine, theirs = mine + offset, theirs + offset
        if mine >= TARGET or theirs >= TARGET:
            return 1.0 if mine >= TARGET else 0.0
        if i_deal:
            return 1.0 - self.rows[theirs][mine]
        return self.rows[mine][theirs]


TWO_HANDED = WinTable(DATA)


def win_chance(mine: int, theirs: int, *, i_deal: bool, target: int = TARGET) -> float:
    """This side's chance of winning at the start of a deal (``i_deal``: this side deals it).

    A game of 61 is read as the last 61 points of a game of 121 (same points to go).
    """
    return TWO_HANDED.chance(mine, theirs, i_deal=i_deal, target=target)


@cache
def hand_distribution() -> tuple[tuple[int, float], ...]:
    """(points, chance) of a hand not seen (a non-dealer's hand in self-play)."""
    counts = TWO_HANDED.data["hand"]
    assert isinstance(counts, dict), "winprob.json holds the hand distribution"
    total = sum(int(c) for c in counts.values())
    return tuple((int(points), int(c) / total) for points, c in counts.items())


def after_play(
    mine: int,
    theirs: int,
    *,
    i_deal: bool,
    my_show: Sequence[tuple[int, float]],
    their_show: Sequence[tuple[int, float]],
    target: int = TARGET,
) -> float:
    """This side's chance of winning once the play is over, before the show: the non-dealer
    counts first, then the dealer (hand and crib); then the next deal (:func:`win_chance`).
    ``my_show`` and ``their_show`` are (points, chance) of each side's count (the dealer's
    with its crib)."""
    if mine >= target or theirs >= target:
        return 1.0 if mine >= target else 0.0
    first, second = (their_show, my_show) if i_deal else (my_show, their_show)
    a, b = (theirs, mine) if i_deal else (mine, theirs)  # a counts first
    chance_first = 0.0  # the chance that the side counting first wins
    for x, p in first:
        if a + x >= target:
            chance_first += p
            continue
        for y, q in second:
            if b + y < target:  # the next deal, dealt by the side that counted first
                chance_first += p * q * win_chance(a + x, b + y, i_deal=True, target=target)
    return 1.0 - chance_first if i_deal else chance_first


def solve(outcomes: Sequence[Outcome], target: int = TARGET) -> list[list[float]]:
    """``V[a][b]``: the non-dealer's chance at the start of a deal (see the module text)."""
    n = len(outcomes)
    play = [(pn, pd, c / n) for (pn, pd), c in Counter((o[0], o[1]) for o in outcomes).items()]
    show = [(hn, hd, c / n) for (hn, hd), c in Counter((o[2], o[3]) for o in outcomes).items()]
    if any(pn + pd == 0 for pn, pd, _ in play):
        raise ValueError("a deal's play scored no point: the last card always scores")
    top = target - 1
    v = [[0.0] * target for _ in range(target)]
    after_play = [[0.0] * target for _ in range(target)]  # the non-dealer's chance before the show
    for total in range(2 * top, -1, -1):
        cells = [(a, total - a) for a in range(max(0, total - top), min(top, total) + 1)]
        for a, b in cells:
            v[a][b] = _before_play(a, b, play, after_play, target)
        for a, b in cells:
            after_play[a][b] = _before_show(a, b, show, v, target)
    return v


def _before_play(
    a: int, b: int, play: list[tuple[int, int, float]], after: list[list[float]], target: int
) -> float:
    chance = 0.0
    for pn, pd, p in play:
        a2, b2 = a + pn, b + pd
        if a2 >= target:
            chance += p * (0.5 if b2 >= target else 1.0)
        elif b2 < target:
            chance += p * after[a2][b2]  # a later total: solved already
    return chance


def _before_show(
    a: int, b: int, show: list[tuple[int, int, float]], v: list[list[float]], target: int
) -> float:
    chance = 0.0
    for hn, hd, p in show:
        a2, b2 = a + hn, b + hd
        if a2 >= target:
            chance += p  # the non-dealer counts first
        elif b2 < target:
            chance += p * (1.0 - v[b2][a2])  # the next deal: the dealer becomes the non-dealer
    return chance


def clear_cache() -> None:
    """Forget the loaded table (after it is rebuilt)."""
    TWO_HANDED.forget()
    hand_distribution.cache_clear()
