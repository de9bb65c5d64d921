"""The project's benchmarks (``make bench``; figures in docs/performance.md).

Every ``bench_*`` module here offers the same three things, which ``python -m benchmarks`` and
``tests/benchmarks/test_quick_mode.py`` rely on:

- ``parser()``: its command-line options, each with the full run's default;
- ``main(argv)``: the benchmark, run with those options (``[]``: the full run);
- ``QUICK``: the options of its quick mode (small sizes, seconds rather than minutes), which
  ``make bench-smoke`` (``python -m benchmarks --quick``) runs in CI so that a benchmark or its
  data generator cannot break unseen.

A benchmark that finds its own results wrong (two scorers disagreeing, a standings table
missing a team, a score submission lost) raises :class:`BenchmarkError` after printing them.
"""


class BenchmarkError(RuntimeError):
    """A benchmark's own check failed: its figures would describe broken code."""
