"""Rebuild the win-probability table of :mod:`.winprob` from standard self-play:
``python -m games.cribbage.computer.winprob_build --deals 3000`` (a few minutes here).

Kept apart from :mod:`.winprob` because it plays games with the levels, which use the table.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from games.cribbage.actions import Deal
from games.cribbage.game import GameState, Phase
from games.cribbage.rules import STANDARD_2P_121

from . import winprob
from .driver import computer_action
from .levels import computer

__all__ = ["sample_deals", "write_table"]

PEGGING = {"play", "go", "last card", "his heels"}


def sample_deals(deals: int, seed: str = "winprob") -> list[winprob.Outcome]:
    """The points of ``deals`` deals between two standard players, one deal per game (from 0-0,
    dealers alternating), by role: the play for each side, the non-dealer's hand, the dealer's
    hand and crib."""
    player = computer("standard")
    outcomes = []
    for i in range(deals):
        game = GameState(STANDARD_2P_121, seed=f"{seed}:{i}", first_dealer=i % 2)
        game.apply(Deal())
        while game.phase is not Phase.DEAL:
            seat = game.to_act
            assert seat is not None, "a deal in progress has a seat to act"
            game.apply(computer_action(game, seat, player))
        dealer = i % 2
        points = [0, 0, 0, 0]
        for event in game.events:
            nd = event.side != dealer
            if event.kind in PEGGING:
                points[0 if nd else 1] += event.points
            elif event.kind in ("hand", "crib"):
                points[2 if nd else 3] += event.points
        outcomes.append((points[0], points[1], points[2], points[3]))
    return outcomes


def write_table(
    v: list[list[float]], outcomes: Sequence[winprob.Outcome], path: Path = winprob.DATA
) -> None:
    hand = Counter(o[2] for o in outcomes)
    data = {
        "about": "games/cribbage/computer/winprob.py: the non-dealer's chance V[a][b], x 10000",
        "deals": len(outcomes),
        "hand": {str(points): hand[points] for points in sorted(hand)},
        "nondealer": [[round(x * winprob.SCALE) for x in row] for row in v],
    }
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    winprob.clear_cache()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rebuild the win-probability table.")
    parser.add_argument("--deals", type=int, default=3_000, help="self-play deals to sample")
    parser.add_argument("--seed", default="winprob")
    args = parser.parse_args(argv)
    outcomes = sample_deals(args.deals, args.seed)
    write_table(winprob.solve(outcomes), outcomes)
    start = winprob.win_chance(0, 0, i_deal=True)
    print(f"{len(outcomes)} deals; the first dealer's chance at 0-0: {start:.3f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
