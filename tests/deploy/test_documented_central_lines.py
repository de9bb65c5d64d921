"""The central site's commands run by hand, exactly as docs/deploy*.md and UPGRADING.md write
them (issue 52, points 3 and 4): copied from the pages, only the recipe's fixed places moved to
the test's, against deploy/systemd/huche.env with every documented setting in it (ADMINS with
spaces and <> as the file says, unquoted). create_organizer works; the backup holds the site's
signing key and install name; after the database is emptied and the key file lost (a new
machine), the restore line brings the key back where the web servers read it; nothing new
appears in the code folder.

Uses a database of its own on the PostgreSQL at 127.0.0.1 (HUCHE_DOCS_DATABASE_URL to choose),
dropped afterwards; skipped without PostgreSQL's client programs or server.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import stat
import subprocess
import sys
import tarfile
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

pytestmark = [pytest.mark.postgres, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "docs" / "deploy.md", ROOT / "docs" / "deploy-systemd.md", ROOT / "UPGRADING.md"]
ENV_FILE = "/etc/huche/huche.env"
SERVER = os.environ.get("HUCHE_DOCS_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("HUCHE_DOCS_REDIS_URL", "redis://127.0.0.1:6379/9")
CRON = re.compile(r"^([0-9*/,-]+\s+){5}huche\s+")  # /etc/cron.d: five time fields, then the user


def documented_lines() -> list[str]:
    """Every command line of the pages that reads the services' settings file."""
    lines = []
    for page in PAGES:
        for block in re.findall(r"```[a-z]*\n(.*?)```", page.read_text(), re.S):
            lines += [line for line in block.splitlines() if f"--env-file {ENV_FILE}" in line]
    return lines


def line_for(word: str) -> list[str]:
    return [line for line in documented_lines() if re.search(rf"huche\.env {word}\b", line)]


def psql(url: str, sql: str) -> None:
    subprocess.run(["psql", "-q", f"--dbname={url}", "-c", sql], check=True, timeout=60)


@pytest.fixture
def site(tmp_path):
    if not (shutil.which("psql") and shutil.which("pg_dump") and shutil.which("pg_restore")):
        pytest.skip("psql, pg_dump and pg_restore (postgresql-client) are needed")
    name = f"huche_docs_{os.getpid()}"
    admin = SERVER
    try:
        psql(admin, f'DROP DATABASE IF EXISTS "{name}"')
    except subprocess.CalledProcessError:
        pytest.skip(f"no PostgreSQL server at {SERVER}")
    psql(admin, f'CREATE DATABASE "{name}"')
    url = urlunsplit(urlsplit(SERVER)._replace(path=f"/{name}"))
    state = tmp_path / "var-lib-huche"
    state.mkdir(mode=0o700)
    # deploy/systemd/huche.env as the page says to fill it, every commented setting given.
    text = (ROOT / "deploy" / "systemd" / "huche.env").read_text()
    text = re.sub(r"^# ?([A-Z][A-Z0-9_]*=)", r"\1", text, flags=re.M)
    filled = {"SECRET_KEY": secrets.token_urlsafe(50), "DATABASE_URL": url, "REDIS_URL": REDIS}
    for key, value in filled.items():
        text = re.sub(rf"^{key}=.*$", lambda _m, k=key, v=value: f"{k}={v}", text, flags=re.M)
    text = text.replace("/var/lib/huche", str(state))
    assert "ADMINS=Marie Tremblay <marie@club.org>, it@club.org" in text
    env_file = tmp_path / "huche.env"
    env_file.write_text(text)
    yield {"admin": admin, "name": name, "state": state, "env_file": env_file, "tmp": tmp_path}
    psql(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run(site: dict, line: str, stdin: str = "", ok: bool = True) -> subprocess.CompletedProcess:
    """A documented line as its user types it (sudo -u huche: the test's own account)."""
    command = CRON.sub("", line).replace("sudo -u huche ", "")
    command = command.replace(ENV_FILE, str(site["env_file"]))
    command = command.replace(".venv/bin/python", sys.executable).replace("/srv/huche", str(ROOT))
    command = command.replace("/var/lib/huche", str(site["state"]))
    kept = ("PATH", "LANG", "LC_ALL", "TMPDIR")
    env = {k: os.environ[k] for k in kept if k in os.environ} | {"HOME": str(site["tmp"])}
    done = subprocess.run(
        ["sh", "-c", command],
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if ok:
        assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done


def code_folder() -> set[str]:
    out = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all", "--ignored"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {line for line in out.splitlines() if "__pycache__" not in line}


def test_the_documented_central_site_lines_keep_the_sites_key(site):
    (organizer,) = line_for("create_organizer")
    (cron,) = [line for line in line_for("backup") if CRON.match(line)]
    (restore,) = line_for("restore")
    before = code_folder()

    said = run(site, organizer, stdin="marie@club.org\nQuinze-Deux-9!\nQuinze-Deux-9!\n")
    assert "marie@club.org" in said.stdout
    keys = run(site, organizer.split(" create_organizer")[0] + " archive_key").stdout
    key_file = site["state"] / "huche-signing-key.pem"
    key = key_file.read_bytes()
    assert str(key_file) in keys

    for line in line_for("backup"):
        run(site, line)
    folder = site["state"] / "backups"
    backups = sorted(folder.glob("huche-*.tar"))
    assert len(backups) == 2 and stat.S_IMODE(folder.stat().st_mode) == 0o700
    with tarfile.open(backups[-1]) as archive:
        assert archive.extractfile("huche-signing-key.pem").read() == key
        manifest = json.loads(archive.extractfile("huche-backup.json").read())
    assert manifest["install_name"] == "Ligue de cribble exemple"
    assert all(stat.S_IMODE(b.stat().st_mode) == 0o600 for b in backups)

    # A new machine: an empty database, no key file yet.
    psql(site["admin"], f'DROP DATABASE "{site["name"]}" WITH (FORCE)')
    psql(site["admin"], f'CREATE DATABASE "{site["name"]}"')
    key_file.unlink()
    documented = re.search(r"huche-\S+\.tar", restore).group(0)
    run(site, restore.replace(documented, backups[-1].name))
    assert key_file.read_bytes() == key
    assert (site["state"] / "huche-install-name.txt").read_text().strip() == (
        "Ligue de cribble exemple"
    )
    count = (
        "from accounts.models import User; print(User.objects.filter(is_superuser=True).count())"
    )
    base = organizer.split(" create_organizer")[0]
    said = run(site, f'{base} shell --no-imports -c "{count}"').stdout
    assert said.strip().splitlines()[-1] == "1"  # the organizer came back
    # Nothing of the site's state in the code folder (other tests running at once may write
    # their own files there: only the state these lines could leave is looked for).
    state = re.compile(r"signing-key|install-name|before-restore|backups/|huche-[^/]*\.tar|\.pem")
    assert not [line for line in code_folder() - before if state.search(line)]
