"""``make bench``: run every benchmark of the project in turn and print their figures."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks

ORDER = ["bench_cribbage", "bench_discard", "bench_movement", "bench_standings", "bench_web"]


def main(argv: list[str]) -> int:
    available = {m.name for m in pkgutil.iter_modules(benchmarks.__path__)}
    chosen = argv or [name for name in ORDER if name in available]
    chosen += [
        n for n in sorted(available) if n.startswith("bench_") and n not in chosen and not argv
    ]
    for name in chosen:
        print(f"\n===== {name} =====", flush=True)
        started = time.perf_counter()
        module = importlib.import_module(f"benchmarks.{name}")
        entry = getattr(module, "main", None)
        if entry is None:
            print(f"{name} has no main(); skipped")
            continue
        entry()
        print(f"({name}: {time.perf_counter() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
