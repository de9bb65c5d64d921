"""Decision times of the play coaching and of the computer, at every table of the practice game.

``.venv/bin/python -m benchmarks.bench_play_coaching [--games N] [--players 2,3,4]``: whole
games (two-handed to 121, three-handed to 121, four-handed FADOQ), seat 0 the pro level, the
other seats standard. Each card seat 0 lays is coached as the practice game coaches the player's
(:func:`games.cribbage.play_coaching_seats.coach_view`, from seat 0's view before laying).
Printed per table: the coaching's time per card (median, 90th percentile, worst; wall clock and
the thread's CPU time, since the machine may be shared), how many were exact and the mean stated
error of the sampled ones, then the same times for seat 0's own decisions (discards and cards).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from games.cribbage.actions import Play
from games.cribbage.computer import computer, computer_action
from games.cribbage.computer.view import view_of
from games.cribbage.game import GameState, Phase
from games.cribbage.play_coaching_seats import coach_view
from games.cribbage.rules import FADOQ, STANDARD_2P_121, THREE_PLAYER

TABLES = {2: STANDARD_2P_121, 3: THREE_PLAYER, 4: FADOQ}


def _quantiles(values: list[float]) -> str:
    values = sorted(values)
    if not values:
        return "-"
    p90 = values[int(0.9 * (len(values) - 1))]
    return f"{1000 * statistics.median(values):7.1f} {1000 * p90:7.1f} {1000 * values[-1]:7.1f}"


def run(players: int, games: int) -> None:
    coach_wall: list[float] = []
    coach_cpu: list[float] = []
    own_wall: list[float] = []
    own_cpu: list[float] = []
    exact = 0
    errors: list[float] = []
    for g in range(games):
        game = GameState(TABLES[players], seed=f"coach{players}:{g}")
        seats = [computer("pro")] + [computer("standard")] * (players - 1)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None, "a game not over has a seat to act"
            decision = seat == 0 and game.phase in (Phase.DISCARD, Phase.PLAY)
            wall, cpu = time.perf_counter(), time.thread_time()
            action = computer_action(game, seat, seats[seat])
            if decision:
                own_wall.append(time.perf_counter() - wall)
                own_cpu.append(time.thread_time() - cpu)
            if isinstance(action, Play) and seat == 0:
                view = view_of(game, 0)
                wall, cpu = time.perf_counter(), time.thread_time()
                advice = coach_view(view, action.card)
                coach_wall.append(time.perf_counter() - wall)
                coach_cpu.append(time.thread_time() - cpu)
                if advice.exact:
                    exact += 1
                elif not advice.is_best:
                    errors.append(advice.error)
            game.apply(action)
    n = len(coach_wall)
    print(f"{players} players, {games} games, {n} cards coached ({exact} exact)")
    print("                         median     p90   worst  (ms)")
    print(f"  coaching, wall clock  {_quantiles(coach_wall)}")
    print(f"  coaching, CPU         {_quantiles(coach_cpu)}")
    print(f"  pro seat 0, wall      {_quantiles(own_wall)}")
    print(f"  pro seat 0, CPU       {_quantiles(own_cpu)}")
    if errors:
        print(
            f"  sampled, not the best: stated error mean {statistics.mean(errors):.2f}, "
            f"largest {max(errors):.2f} points ({len(errors)} cards)"
        )


QUICK = ["--games", "1"]


def parser() -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--games", type=int, default=10)
    options.add_argument("--players", default="2,3,4")
    return options


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    print(f"load average: {os.getloadavg()}")
    for players in (int(p) for p in args.players.split(",")):
        run(players, args.games)
    print(f"load average: {os.getloadavg()}")


if __name__ == "__main__":
    main()
