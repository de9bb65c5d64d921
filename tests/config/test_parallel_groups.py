"""``make test`` in several processes keeps each test file in one process, and every file of
``tests/deploy/`` (they start servers of their own) in the same one (``tests/parallel.py``).

Run on a small suite of its own in a real ``pytest -n 2``, as ``make test`` runs: when the
grouping is lost (as it was once, silently, with pytest 9.2 and xdist's ``loadgroup``), a file's
tests are spread over both processes and this fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Each test writes down its file and the process it ran in.
A_FILE = """
import os, time

import pytest


@pytest.mark.parametrize("n", range(6))
def test_one(n):
    time.sleep(0.05)  # long enough that both processes are handed tests
    with open(os.environ["SEEN"], "a") as seen:
        seen.write(f"{__name__} {os.environ['PYTEST_XDIST_WORKER']}\\n")
"""


@pytest.mark.slow
def test_a_file_runs_whole_in_one_process_and_the_servers_files_together(tmp_path):
    for name in ("test_alpha", "test_beta", "test_gamma", "deploy/test_stack", "deploy/test_wheel"):
        path = tmp_path / "tests" / f"{name}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(A_FILE)
    seen = tmp_path / "seen.txt"
    env = {
        **os.environ,
        "SEEN": str(seen),
        "PYTHONPATH": str(ROOT),  # tests.parallel, the plugin make test loads
    }
    env.pop("PYTEST_XDIST_WORKER", None)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-n",
            "2",
            "--dist",
            "loadscope",  # as make test
            "-p",
            "tests.parallel",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:django",
            "-q",
            "tests",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = seen.read_text().splitlines()
    assert len(lines) == 5 * 6
    processes: dict[str, set[str]] = defaultdict(set)
    for line in lines:
        module, worker = line.split()
        processes[module].add(worker)
    for module, workers in processes.items():
        assert len(workers) == 1, f"{module} ran in {sorted(workers)}"
    assert processes["test_stack"] == processes["test_wheel"]
    assert set().union(*processes.values()) == {"gw0", "gw1"}  # both processes worked
