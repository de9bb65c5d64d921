"""Crapette engine self-play speed: ``.venv/bin/python -m benchmarks.bench_crapette [--games N]``.

The engine's own benchmark (``python -m games.crapette.bench``, which stays beside the engine
it measures), run here too so that ``make bench`` and its quick mode cover it: milliseconds per
self-played game for each rule set, on the same seeds from one run to the next.
"""

from __future__ import annotations

import argparse
import sys

from games.crapette import bench

QUICK = ["--games", "2"]


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per rule set (default 20)")
    return parser


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args([] if argv is None else argv)
    bench.main(args.games)


if __name__ == "__main__":
    main(sys.argv[1:])
