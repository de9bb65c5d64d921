"""The web benchmarks' own database and cache, never the developer's.

``bench_web`` and ``bench_load`` run Django against a dedicated PostgreSQL database
(``huche_bench`` on 127.0.0.1:5432, user postgres; ``HUCHE_BENCH_DATABASE_URL`` to change it),
dropped and rebuilt by ``bench_web`` so every run starts from the same generated events, and
Redis database 5 (``HUCHE_BENCH_REDIS_URL``) as the cache. Without PostgreSQL they fall back to
an SQLite file in the temporary directory, and without Redis to the local-memory cache, and say
so: those figures are not the production ones.
"""

from __future__ import annotations

import os
import platform
import socket
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/huche_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/5"
SEED = 42
SIZES = (10, 100, 1000)


def slug_for(teams: int) -> str:
    return f"gen-{teams}-s{SEED}"


def _reachable(url: str, default_port: int) -> bool:
    parts = urlparse(url)
    try:
        with socket.create_connection(
            (parts.hostname or "127.0.0.1", parts.port or default_port), timeout=1
        ):
            return True
    except OSError:
        return False


def database_url() -> tuple[str, str]:
    """(DATABASE_URL, note) for the benchmarks."""
    url = os.environ.get("HUCHE_BENCH_DATABASE_URL", DEFAULT_DB)
    if url.startswith("postgres") and not _reachable(url, 5432):
        path = Path(tempfile.gettempdir()) / "huche_bench.sqlite3"
        return (
            f"sqlite:///{path}",
            f"NOTE: PostgreSQL unreachable at {url}: falling back to SQLite ({path}); "
            "these are not the production figures.",
        )
    return url, ""


def redis_url() -> tuple[str, str]:
    url = os.environ.get("HUCHE_BENCH_REDIS_URL", DEFAULT_REDIS)
    if not _reachable(url, 6379):
        return "", f"NOTE: Redis unreachable at {url}: local-memory cache instead."
    return url, ""


def recreate_postgres_database(url: str) -> None:
    import psycopg

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            [name],
        )
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')


def ensure_postgres_database(url: str) -> None:
    import psycopg

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def configure(*, fresh: bool) -> dict:
    """Point this process at the benchmark database and cache; set Django up.

    ``fresh``: drop and re-create the database and migrate it (bench_web does; bench_load reuses
    what bench_web built when it is there). Returns the environment for server processes.
    """
    db, db_note = database_url()
    redis, redis_note = redis_url()
    for note in (db_note, redis_note):
        if note:
            print(note)
    env = {
        "DATABASE_URL": db,
        "REDIS_URL": redis,
        "CACHE_KEY_PREFIX": "huche-bench",
        "CELERY_TASK_ALWAYS_EAGER": "0",
    }
    if fresh:
        if db.startswith("postgres"):
            recreate_postgres_database(db)
        elif db.startswith("sqlite:///"):
            Path(db.removeprefix("sqlite:///")).unlink(missing_ok=True)
    elif db.startswith("postgres"):
        ensure_postgres_database(db)
    import django
    from django.conf import settings

    if settings.configured and getattr(settings, "DATABASE_URL", None) not in (None, db):
        raise RuntimeError("Django is already set up against another database")
    os.environ.update({k: v for k, v in env.items() if v})
    if not redis:
        os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    if fresh:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
    return env


def machine() -> str:
    """One line on the machine and the services' versions."""
    cores = os.cpu_count()
    try:
        meminfo = Path("/proc/meminfo").read_text().splitlines()
        mem = (
            int(next(line.split()[1] for line in meminfo if line.startswith("MemTotal"))) / 1024**2
        )
    except (OSError, StopIteration):
        mem = 0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    versions = []
    try:
        from django.db import connection

        with connection.cursor() as cur:
            if connection.vendor == "postgresql":
                cur.execute("SHOW server_version")
                versions.append(f"PostgreSQL {cur.fetchone()[0].split()[0]}")
            else:
                versions.append(f"{connection.vendor}")
    except Exception as exc:  # the line is informative only
        versions.append(f"database ? ({exc})")
    redis = os.environ.get("REDIS_URL")
    if redis:
        try:
            import redis as redis_lib

            versions.append(f"Redis {redis_lib.Redis.from_url(redis).info()['redis_version']}")
        except Exception:  # informative only
            versions.append("Redis ?")
    else:
        versions.append("local-memory cache")
    return (
        f"{platform.machine()}, {cores} cores, {mem:.0f} GiB, Python "
        f"{platform.python_version()}, {', '.join(versions)}; load average {load:.2f}"
    )


def git_commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"
