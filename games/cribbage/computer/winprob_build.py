"""Rebuild the win-probability tables from standard self-play: two-handed (:mod:`.winprob`)
``python -m games.cribbage.computer.winprob_build --deals 3000`` (a few minutes here), or
four-handed partnership (:mod:`.winprob4`) with ``--players 4 --deals 4000`` (4 to 9 minutes).

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
from games.cribbage.game import GameState, Phase, ScoreEvent
from games.cribbage.rules import FOUR_PLAYER_PARTNERS, STANDARD_2P_121

from . import keeps, winprob, winprob4
from .driver import computer_action
from .levels import computer

__all__ = ["sample_deals", "sample_deals4", "write_table", "write_table4"]

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


def sample_deals4(deals: int, seed: str = "winprob4") -> list[winprob4.Outcome]:
    """The points of ``deals`` four-handed deals between standard players, one deal per game
    (from 0-0, the first dealer turning round the table): the play for each team (non-dealing,
    dealing), the four counts in the order of the show, then each team's lone go and
    last-card points of the play (the FADOQ 116 rule's; :mod:`.winprob4`)."""
    player = computer("standard")
    outcomes = []
    for i in range(deals):
        dealer = i % 4
        game = GameState(FOUR_PLAYER_PARTNERS, seed=f"{seed}:{i}", first_dealer=dealer)
        game.apply(Deal())
        lone: list[ScoreEvent] = []
        while game.phase is not Phase.DEAL:
            seat = game.to_act
            assert seat is not None, "a deal in progress has a seat to act"
            before = len(game.events)
            game.apply(computer_action(game, seat, player))
            lone += _lone_points(game.events[before:])
        dealing_side = FOUR_PLAYER_PARTNERS.side_of(dealer)
        points = [0] * 8
        for event in game.events:
            if event.kind in PEGGING:
                points[1 if event.side == dealing_side else 0] += event.points
            elif event.kind == "crib":
                points[5] += event.points
            elif event.kind == "hand":
                assert event.player is not None, "a hand is a player's"
                points[2 + (event.player - dealer - 1) % 4] += event.points
        for event in lone:
            points[7 if event.side == dealing_side else 6] += event.points
        outcomes.append(tuple(points))
    return outcomes


def _lone_points(events: Sequence[ScoreEvent]) -> list[ScoreEvent]:
    """The go and last-card points of one action that the FADOQ 116 rule would withhold: those
    not joined to points of the card laid in the same action (``GameState._score_go``)."""
    return [
        event
        for i, event in enumerate(events)
        if event.kind in ("go", "last card")
        and event.points
        and not (i and events[i - 1].kind == "play" and events[i - 1].points)
    ]


def write_table4(
    v: list[list[float]], outcomes: Sequence[winprob4.Outcome], path: Path = winprob4.DATA
) -> None:
    play = Counter((o[0], o[1], *o[6:8]) for o in outcomes)
    shows = [Counter(o[2 + step] for o in outcomes) for step in range(4)]
    data = {
        "about": "games/cribbage/computer/winprob4.py: the non-dealing team's chance V[a][b],"
        " x 10000",
        "deals": len(outcomes),
        # The play: "pn,pd,ln,ld" (points of each team, then its lone go/last-card points).
        "play": {",".join(map(str, key)): play[key] for key in sorted(play)},
        "cutoff": winprob4.CUTOFF,
        "show": [{str(x): show[x] for x in sorted(show)} for show in shows],
        "nondealer": [[round(x * winprob4.SCALE) for x in row] for row in v],
    }
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    winprob4.clear_cache()


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
    parser.add_argument("--seed", default=None, help="the deals' seed (default: the table's)")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--keeps", action="store_true", help="rebuild keeps.json instead")
    args = parser.parse_args(argv)
    if args.keeps:
        keeps.DATA.write_text(json.dumps(keeps.build(), separators=(",", ":")) + "\n")
        print(f"wrote {keeps.DATA}", file=sys.stderr)
        return 0
    if args.players == 4:
        found = sample_deals4(args.deals, args.seed or "winprob4")
        write_table4(winprob4.solve(found), found)
        start = winprob4.win_chance(0, 0, we_deal=True)
        print(f"{len(found)} deals; the first dealing team at 0-0: {start:.3f}", file=sys.stderr)
        return 0
    outcomes = sample_deals(args.deals, args.seed or "winprob")
    write_table(winprob.solve(outcomes), outcomes)
    start = winprob.win_chance(0, 0, i_deal=True)
    print(f"{len(outcomes)} deals; the first dealer's chance at 0-0: {start:.3f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
