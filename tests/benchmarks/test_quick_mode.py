"""Every benchmark has a quick mode (``make bench-smoke``, run by CI), and the runner fails when
one raises. Nothing here runs a benchmark: CI's "benchmarks (quick mode)" step does."""

from __future__ import annotations

import argparse
import importlib
import inspect
import pkgutil

import pytest

import benchmarks
from benchmarks import __main__ as runner

HELPERS = {"webenv"}  # shared by the web benchmarks, not a benchmark itself
MODULES = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__))
BENCHMARKS = [name for name in MODULES if name not in HELPERS and not name.startswith("_")]


def test_every_module_is_a_benchmark_the_runner_runs_or_a_known_helper():
    assert all(name.startswith("bench_") for name in BENCHMARKS), BENCHMARKS
    assert sorted(runner.available()) == BENCHMARKS
    assert set(runner.ORDER) <= set(BENCHMARKS), "ORDER names a benchmark that does not exist"
    assert runner.available().index("bench_web") < runner.available().index("bench_load")


@pytest.mark.parametrize("name", BENCHMARKS)
def test_each_benchmark_has_a_quick_mode_its_options_accept(name):
    module = importlib.import_module(f"benchmarks.{name}")
    assert isinstance(module.QUICK, list) and module.QUICK, f"{name}: QUICK is empty"
    assert all(isinstance(option, str) for option in module.QUICK)
    parser = module.parser()
    assert isinstance(parser, argparse.ArgumentParser)
    quick = parser.parse_args(module.QUICK)  # an unknown option or a bad value exits here
    assert quick != parser.parse_args([]), f"{name}: the quick mode changes no size"
    assert list(inspect.signature(module.main).parameters) == ["argv"]


def test_the_runner_goes_on_after_a_failure_and_exits_non_zero(monkeypatch, capsys):
    ran = []

    def run(name, quick):
        ran.append((name, quick))
        if name == "bench_b":
            raise RuntimeError("the generator broke")

    monkeypatch.setattr(runner, "available", lambda: ["bench_a", "bench_b", "bench_c"])
    monkeypatch.setattr(runner, "run", run)
    assert runner.main(["--quick"]) == 1
    assert ran == [("bench_a", True), ("bench_b", True), ("bench_c", True)]
    captured = capsys.readouterr()
    assert "FAILED: RuntimeError: the generator broke" in captured.out
    assert "1 benchmark(s) failed: bench_b" in captured.err
    assert runner.main(["bench_a", "bench_c"]) == 0


def test_the_runner_refuses_an_unknown_benchmark(capsys):
    with pytest.raises(SystemExit):
        runner.main(["bench_nothing"])
    assert "no benchmark named bench_nothing" in capsys.readouterr().err
