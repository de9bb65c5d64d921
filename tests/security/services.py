"""Private PostgreSQL and Redis servers for the fault tests, and Huche served by gunicorn.

The shared services (5432, 6379) are used by other test runs at the same time: these tests
never stop them. They start their own on free ports, in temporary directories, and stop and
restart those.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check, timeout: float = 30, what: str = "service") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except Exception:  # not up yet
            pass
        time.sleep(0.1)
    raise TimeoutError(f"{what} did not come up in {timeout} s")


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def missing_binaries() -> str | None:
    if pg_bin() is None:
        return "the PostgreSQL server binaries (/usr/lib/postgresql/*/bin) are not installed"
    if shutil.which("redis-server") is None:
        return "redis-server is not installed"
    return None


def _as_postgres(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


class PrivateRedis:
    def __init__(self):
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                tempfile.gettempdir(),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(
            lambda: socket.create_connection(("127.0.0.1", self.port), 0.2).close() or True,
            what="redis",
        )

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


class PrivatePostgres:
    def __init__(self):
        self.port = free_port()
        self.bin = pg_bin()
        self.dir = Path(tempfile.mkdtemp(prefix="huche-pg-"))
        self.data = self.dir / "data"
        self.sock = self.dir / "sock"
        self.sock.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
            shutil.chown(self.sock, "postgres", "postgres")

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/huche"

    def _ctl(self, *args: str) -> None:
        options = (
            f"-p {self.port} -k {self.sock} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        subprocess.run(
            _as_postgres(
                [
                    str(self.bin / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-o",
                    options,
                    "-l",
                    str(self.dir / "log"),
                    "-w",
                    "-t",
                    "30",
                    *args,
                ]
            ),
            check=True,
            stdout=subprocess.DEVNULL,
        )

    def init(self) -> None:
        subprocess.run(
            _as_postgres(
                [
                    str(self.bin / "initdb"),
                    "-D",
                    str(self.data),
                    "-A",
                    "trust",
                    "-U",
                    "postgres",
                    "--no-sync",
                    "-E",
                    "UTF8",
                ]
            ),
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.start()
        subprocess.run(
            _as_postgres(
                [
                    str(self.bin / "createdb"),
                    "-h",
                    "127.0.0.1",
                    "-p",
                    str(self.port),
                    "-U",
                    "postgres",
                    "huche",
                ]
            ),
            check=True,
        )

    def start(self) -> None:
        self._ctl("start")

    def stop(self) -> None:
        self._ctl("-m", "fast", "stop")

    def destroy(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@dataclass
class Huche:
    """Huche served by gunicorn against the private services."""

    env: dict
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None
    log: Path = field(
        default_factory=lambda: Path(tempfile.mkstemp(prefix="huche-gunicorn-", suffix=".log")[1])
    )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def manage(self, *args: str, timeout: float = 120) -> str:
        done = subprocess.run(
            [PYTHON, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    def python(self, code: str) -> dict:
        """Run ``code`` in ``manage.py shell``; it prints one JSON object, returned."""
        out = self.manage("shell", "-c", code)
        return json.loads(out.strip().splitlines()[-1])

    def start(self, timeout: float = 30) -> None:
        self.process = subprocess.Popen(
            [
                str(Path(PYTHON).parent / "gunicorn"),
                "config.wsgi",
                "-b",
                f"127.0.0.1:{self.port}",
                "-w",
                "2",
                "--timeout",
                "30",
                "--graceful-timeout",
                "2",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            # To a file, never an unread pipe: once a pipe's 64 KB fill up, gunicorn blocks on its
            # next log line and every request through it hangs.
            stderr=self.log.open("w"),
        )
        wait_until(
            lambda: requests.get(self.url + "/healthz", timeout=2).status_code in (200, 503),
            timeout=timeout,
            what="gunicorn",
        )

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
            self.process = None


def huche_env(database_url: str, redis_url: str) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in {
            "DATABASE_URL",
            "REDIS_URL",
            "HUCHE_TESTING",
            "DJANGO_SETTINGS_MODULE",
            "CELERY_TASK_ALWAYS_EAGER",
        }
    }
    env.update(
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        DEBUG="1",
        DB_CONN_MAX_AGE="60",
        CACHE_KEY_PREFIX="huche-faults",
        LOG_LEVEL="ERROR",
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


SETUP = """
import datetime, json
from accounts.models import EventRole, User
from accounts.roles import grant
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.seating.rounds import seat_next_round
org = User.objects.create_user("org@example.org", "pw-organizer-1")
off = User.objects.create_user("official@example.org", "pw-official-1")
event = create_event(org, name="Tournoi des pannes", date=datetime.date(2026, 11, 21), seed=7)
grant(off, event, EventRole.Role.OFFICIAL)
for i in range(1, %(teams)d + 1):
    add_team(event, org, name=f"Equipe {i}", captain=f"Cap {i}", partner=f"Part {i}")
round_ = seat_next_round(event, org)
games = []
for g in round_.games.exclude(team_b=None).order_by("table"):
    la = g.team_a.links.get(revoked_at__isnull=True)
    lb = g.team_b.links.get(revoked_at__isnull=True)
    games.append({"id": g.pk, "a": [la.token, la.pin], "b": [lb.token, lb.pin]})
print(json.dumps({"slug": event.slug, "games": games}))
"""


def set_up_event(huche: Huche, teams: int) -> dict:
    huche.manage("migrate", "--noinput", timeout=300)
    return huche.python(SETUP % {"teams": teams})
