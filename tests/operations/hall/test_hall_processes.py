"""What the hall's gunicorn processes share and how its master takes a sleep of the laptop
(issue 32, point 7): the wrong-PIN counters are one count for all the processes; after the
laptop slept, a calm French line and no worker killed as "WORKER TIMEOUT"."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.utils import translation
from gunicorn.arbiter import Arbiter

from operations.hall import suspend

ROOT = Path(__file__).resolve().parents[3]
CLIENT = "192.168.1.77"

# One gunicorn worker's share of a guesser's wrong PINs, then what it sees of the limit.
WRONG_PINS = """
import os, sys, django
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
django.setup()
from accounts import throttle
limit = throttle.pin_per_client()
for _ in range(int(sys.argv[1])):
    limit.fail(sys.argv[2])
print(limit.retry_after(sys.argv[2]))
"""


def hall_process(tmp_path, *args: str) -> str:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"REDIS_URL", "DEBUG", "SECRET_KEY", "HUCHE_TESTING", "ALLOWED_HOSTS"}
    } | {
        "HUCHE_HALL": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'hall.sqlite3'}",
        "HUCHE_SECRET_KEY_FILE": str(tmp_path / "secret-key"),
        "THROTTLE_PIN_CLIENT_FAILURES": "30",
    }
    done = subprocess.run(
        [sys.executable, "-c", WRONG_PINS, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_hall_processes_count_the_same_wrong_pins(tmp_path):
    """Two processes at the hall (no Redis), as gunicorn's workers: 15 wrong PINs in each make
    30, the limit, for both; counted per process, neither would ever see more than 15."""
    assert hall_process(tmp_path, "15", CLIENT) == "None"
    assert hall_process(tmp_path, "15", CLIENT) != "None"  # the 30th: refused from now on
    assert hall_process(tmp_path, "0", CLIENT) != "None"  # a third process sees it too
    assert hall_process(tmp_path, "0", "192.168.1.78") == "None"  # another phone is not
    assert (tmp_path / "hall-cache").is_dir()


# --- the master after a sleep ---------------------------------------------------------------
class Heartbeat:
    """A worker's heartbeat file (gunicorn's WorkerTmp): the monotonic time of its last beat."""

    def __init__(self, clock):
        self.clock, self.beat = clock, clock.monotonic()

    def notify(self):
        self.beat = self.clock.monotonic()

    def last_update(self):
        return self.beat


class Worker:
    def __init__(self, clock):
        self.tmp, self.aborted = Heartbeat(clock), False


class Clock:
    """The wall and monotonic clocks, moved by the test: nothing really sleeps."""

    def __init__(self):
        self.wall, self.mono = 1_800_000_000.0, 1000.0

    def time(self):
        return self.wall

    def monotonic(self):
        return self.mono

    def advance(self, seconds: float, *, monotonic: bool = True):
        self.wall += seconds
        self.mono += seconds if monotonic else 0


class Log:
    def __init__(self):
        self.lines: list[str] = []

    def critical(self, message, *args):
        self.lines.append(message % args)


class Master:
    """gunicorn's Arbiter with its real ``murder_workers``, two workers and a clock of ours."""

    murder_workers = Arbiter.murder_workers

    def __init__(self, clock):
        self.timeout, self.log, self.killed = 30, Log(), []
        self.WORKERS = {101: Worker(clock), 102: Worker(clock)}

    def kill_worker(self, pid, sig):
        self.killed.append(pid)


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(time, "time", clock.time)
    monkeypatch.setattr(time, "monotonic", clock.monotonic)
    return clock


def run_master(master, clock, seconds: int) -> None:
    """The master's loop: a look at the workers every second, the workers beating."""
    for _ in range(seconds):
        for worker in master.WORKERS.values():
            worker.tmp.notify()
        clock.advance(1)
        master.murder_workers()


@pytest.mark.parametrize("monotonic", [True, False], ids=["frozen", "suspended"])
def test_after_a_sleep_a_calm_line_and_no_worker_killed(clock, monotonic):
    said: list[str] = []
    master = Master(clock)
    without = Master(clock)  # gunicorn as it is: the same sleep kills both workers
    suspend.calm_after_sleep(master, said.append)
    run_master(master, clock, 3)
    run_master(without, clock, 0)
    clock.advance(45 * 60, monotonic=monotonic)  # the lid closed for 45 minutes
    with translation.override("fr-ca"):
        master.murder_workers()
    without.murder_workers()
    assert master.killed == [] and master.log.lines == []
    assert said == [
        "Huche : l'ordinateur s'est mis en veille (environ 45 min) ; le serveur reprend, "
        "rien n'est perdu."
    ]
    if monotonic:  # gunicorn's heartbeats are monotonic: a real suspend does not move them
        assert without.killed == [101, 102] and "WORKER TIMEOUT (pid:101)" in without.log.lines
    run_master(master, clock, 60)  # the workers beat again: nothing more is said or killed
    assert len(said) == 1 and master.killed == []


def test_a_stuck_worker_is_still_stopped_after_a_sleep(clock):
    said: list[str] = []
    master = Master(clock)
    suspend.calm_after_sleep(master, said.append)
    run_master(master, clock, 2)
    clock.advance(90)
    master.murder_workers()
    assert len(said) == 1 and master.killed == []
    # Worker 102 really hangs: it never beats again; one timeout later it is stopped.
    stuck = master.WORKERS[102]
    for _ in range(31):
        master.WORKERS[101].tmp.notify()
        clock.advance(1)
        master.murder_workers()
    assert master.killed == [102] and stuck.aborted
    assert master.log.lines == ["WORKER TIMEOUT (pid:102)"] and len(said) == 1
