"""deploy/backup.sh then deploy/restore.sh (``manage.py backup`` / ``restore``) into an empty
PostgreSQL database: the same standings, the same audit log and the same archive signing key
come back (docs/deploy.md, "Backups" and "Restore").

Uses two databases of its own on the PostgreSQL server of DATABASE_URL (never the test run's
own database), dropped afterwards. Skipped on an embedded SQLite run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]

# What a volunteer would compare by eye: every event's standings, and the audit log.
SNAPSHOT = """
import json
from tournaments.models import AuditEntry, Event
from tournaments.standings.service import compute
standings = {
    e.slug: [[row.rank, e.teams.get(pk=row.team).name, {k: str(v) for k, v in row.metrics.items()}]
             for row in compute(e).standings.rows]
    for e in Event.objects.order_by("slug")
}
audit = list(AuditEntry.objects.order_by("pk").values_list(
    "action", "target", "actor_label", "before", "after", "created_at"))
print(json.dumps({"standings": standings, "audit": audit}, default=str))
"""


def server_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        pytest.skip("DATABASE_URL is not a PostgreSQL URL (embedded SQLite run)")
    if not (shutil.which("pg_dump") and shutil.which("pg_restore") and shutil.which("psql")):
        pytest.skip("pg_dump, pg_restore and psql (postgresql-client) are needed")
    return url


def database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def psql(url: str, sql: str) -> None:
    subprocess.run(["psql", "-q", f"--dbname={url}", "-c", sql], check=True, timeout=60)


def run(command: list[str], url: str, **env) -> str:
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in {"HUCHE_TESTING", "REDIS_URL", "DJANGO_SETTINGS_MODULE"}
    }
    environment |= {
        "DATABASE_URL": url,
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHON": sys.executable,
        **env,
    }
    done = subprocess.run(
        command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return done.stdout


def snapshot(url: str) -> dict:
    out = run([sys.executable, "manage.py", "shell", "-c", SNAPSHOT], url)
    return json.loads(out.strip().splitlines()[-1])


def test_a_backup_restored_into_an_empty_database_gives_the_same_standings_and_audit(tmp_path):
    key = {"HUCHE_SIGNING_KEY_FILE": str(tmp_path / "site-keys" / "huche-signing-key.pem")}
    new_key = {"HUCHE_SIGNING_KEY_FILE": str(tmp_path / "new-keys" / "huche-signing-key.pem")}
    server = server_url()
    admin = database(server, "postgres")
    names = [f"huche_backup_{kind}_{os.getpid()}" for kind in ("site", "restored")]
    site, restored = (database(server, name) for name in names)
    for name in names:
        psql(admin, f'DROP DATABASE IF EXISTS "{name}"')
        psql(admin, f'CREATE DATABASE "{name}"')
    try:
        # A site with events played and released, corrections, a dispute: the demo.
        run([sys.executable, "manage.py", "migrate", "--noinput"], site)
        run([sys.executable, "manage.py", "load_demo", "--quiet", "--into-this-database"], site)
        before = snapshot(site)
        fingerprint = run([sys.executable, "manage.py", "archive_key"], site, **key)
        assert before["standings"] and len(before["audit"]) > 20

        backups = tmp_path / "backups"
        (backups).mkdir()
        old = backups / "huche-2020-01-01T000000.000Z.tar"  # from long ago: removed
        old.write_bytes(b"old")
        os.utime(old, (0, 0))
        out = run(
            ["sh", "deploy/backup.sh"], site, BACKUP_DIR=str(backups), BACKUP_KEEP_DAYS="7", **key
        )
        dumps = sorted(backups.glob("huche-*.tar"))
        assert len(dumps) == 1 and f"Sauvegarde écrite : {dumps[0]}" in out
        assert not list(backups.glob(".*partial"))

        # The restore refuses a database that is not empty...
        refused = subprocess.run(
            ["sh", "deploy/restore.sh", str(dumps[0])],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": site, "PYTHON": sys.executable},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert refused.returncode != 0 and "contient déjà" in refused.stderr
        # ...and fills an empty one: same standings, same audit log, same signing key.
        run(["sh", "deploy/restore.sh", str(dumps[0])], restored, **new_key)
        assert snapshot(restored) == before
        assert (
            run([sys.executable, "manage.py", "archive_key"], restored, **new_key).replace(
                new_key["HUCHE_SIGNING_KEY_FILE"], key["HUCHE_SIGNING_KEY_FILE"]
            )
            == fingerprint
        )
        run([sys.executable, "manage.py", "migrate", "--check"], restored)  # nothing missing
    finally:
        for name in names:
            psql(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
