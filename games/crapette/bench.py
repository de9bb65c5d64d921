"""Self-play speed: ``python -m games.crapette.bench [GAMES]`` prints milliseconds per game.

A benchmark, not a test: the numbers depend on the machine. Each rule set plays the same
seeds, so the runs are comparable from one change to the next.
"""

from __future__ import annotations

import sys
import time

from .bot import selfplay
from .rules import Loading, Rules

RULE_SETS = {
    "standard": Rules(),
    "alternate-colour": Rules(loading=Loading.ALTERNATE_COLOUR),
    "strict depth 3": Rules(strict_calls=True),
    "strict depth 4": Rules(strict_calls=True, strict_call_depth=4),
}


def main(games: int = 20) -> None:
    for name, rules in RULE_SETS.items():
        start = time.perf_counter()
        moves = 0
        for seed in range(games):
            record, _ = selfplay(seed, rules)
            moves += len(record.moves)
        elapsed = time.perf_counter() - start
        print(
            f"{name:<18} {games} games  {1000 * elapsed / games:7.1f} ms/game  "
            f"{moves / games:6.0f} moves/game  {1e6 * elapsed / moves:6.1f} µs/move"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
