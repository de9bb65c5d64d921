"""``make bench``: run every benchmark of the project in turn and print their figures.

    python -m benchmarks [--quick] [bench_web bench_load …]

``--quick`` (``make bench-smoke``, run by CI) runs each benchmark with its ``QUICK`` options:
small sizes, a minute or two in all. Every benchmark runs even when an earlier one fails; the
exit status is 1 if any raised, with the failures listed at the end.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import time
import traceback

import benchmarks

# bench_web builds the events that bench_load reuses, so it runs first.
ORDER = [
    "bench_cribbage",
    "bench_discard",
    "bench_crapette",
    "bench_computer",
    "bench_crapette_levels",
    "bench_movement",
    "bench_ratings",
    "bench_web",
    "bench_load",
]


def available() -> list[str]:
    """Every benchmark module, in the order they run."""
    found = {m.name for m in pkgutil.iter_modules(benchmarks.__path__)}
    found = {name for name in found if name.startswith("bench_")}
    return [name for name in ORDER if name in found] + sorted(found - set(ORDER))


def run(name: str, quick: bool) -> None:
    module = importlib.import_module(f"benchmarks.{name}")
    options = list(module.QUICK) if quick else []
    if options:
        print(f"(quick mode: {' '.join(options)})", flush=True)
    module.main(options)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("names", nargs="*", metavar="bench_…", help="only these (default: all)")
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    args = parser.parse_args(argv)
    known = available()
    unknown = [name for name in args.names if name not in known]
    if unknown:
        parser.error(f"no benchmark named {', '.join(unknown)}; there are: {', '.join(known)}")
    timings: list[tuple[str, float, str]] = []
    for name in args.names or known:
        print(f"\n===== {name} =====", flush=True)
        started = time.perf_counter()
        outcome = "ok"
        try:
            run(name, args.quick)
        except (Exception, SystemExit) as exc:  # argparse exits; report it and go on
            traceback.print_exc()
            outcome = f"FAILED: {type(exc).__name__}: {exc}"
        seconds = time.perf_counter() - started
        timings.append((name, seconds, outcome))
        print(f"({name}: {seconds:.1f} s{'' if outcome == 'ok' else ', ' + outcome})", flush=True)
    print("\n===== summary =====")
    for name, seconds, outcome in timings:
        print(f"{name:<24}{seconds:8.1f} s   {outcome}")
    print(f"{'total':<24}{sum(s for _, s, _ in timings):8.1f} s")
    failed = [name for name, _, outcome in timings if outcome != "ok"]
    if failed:
        print(f"\n{len(failed)} benchmark(s) failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
