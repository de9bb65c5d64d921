"""``manage.py backup`` / ``restore`` on the hall's SQLite, run as a volunteer runs them
(docs/hall.md "Sauvegardes"), and the hall's automatic backups (operations/hall/automatic_backups.py).

Messages are checked in French, the site's language. Each test has its own database file, key file and backup folder in a temporary directory.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import tarfile
import threading
import time
from pathlib import Path

import pytest

from operations.hall import automatic_backups as hall_backups

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def site(folder: Path, name: str = "") -> dict:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"HUCHE_TESTING", "DJANGO_SETTINGS_MODULE", "REDIS_URL", "HUCHE_INSTALL_NAME"}
    }
    return env | {
        "DATABASE_URL": f"sqlite:///{folder / 'hall.sqlite3'}",
        "HUCHE_SIGNING_KEY_FILE": str(folder / "huche-signing-key.pem"),
        "HUCHE_INSTALL_NAME": name,
        "PYTHONDONTWRITEBYTECODE": "1",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }


def manage(env: dict, *args: str, ok: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    if ok:
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done


def database(env: dict) -> Path:
    return Path(env["DATABASE_URL"].removeprefix("sqlite:///"))


def rows(env: dict) -> list[int]:
    with sqlite3.connect(database(env)) as db:
        return [n for (n,) in db.execute("SELECT n FROM writes ORDER BY n")]


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def keep_writing(env: dict, stop: threading.Event) -> None:
    """A captain reporting all the time: one committed row after another."""
    with sqlite3.connect(database(env), timeout=20) as db:
        n = db.execute("SELECT coalesce(max(n), 0) FROM writes").fetchone()[0]
        while not stop.is_set():
            n += 1
            db.execute("INSERT INTO writes VALUES (?)", (n,))
            db.commit()


@pytest.fixture
def hall(tmp_path) -> dict:
    env = site(tmp_path / "hall", "Salle Saint-Joseph")
    (tmp_path / "hall").mkdir()
    manage(env, "migrate", "--noinput", "-v0")
    with sqlite3.connect(database(env)) as db:
        db.execute("CREATE TABLE writes (n INTEGER PRIMARY KEY)")
    return env


def test_a_backup_made_while_writing_restores_into_an_empty_database_with_key_and_name(
    hall, tmp_path
):
    key = manage(hall, "archive_key").stdout
    stop = threading.Event()
    writer = threading.Thread(target=keep_writing, args=(hall, stop))
    writer.start()
    try:
        time.sleep(0.2)
        out = manage(hall, "backup", str(tmp_path / "usb")).stdout
    finally:
        stop.set()
        writer.join()
    (backup,) = (tmp_path / "usb").glob("huche-*.tar")
    assert f"Sauvegarde écrite : {backup}" in out and "Salle Saint-Joseph" in out
    assert not list((tmp_path / "usb").glob(".*"))  # no partial file left

    # Another laptop: no database yet, no key, no install name set.
    laptop = site(tmp_path / "laptop")
    out = manage(laptop, "restore", str(backup)).stdout
    assert "restauré" in out
    restored = rows(laptop)
    assert restored and restored == list(range(1, len(restored) + 1))  # one consistent moment
    assert len(restored) < len(rows(hall))  # the writes went on after the copy
    # The same key and the same name: archives signed there come from the same hall.
    moved = manage(laptop, "archive_key").stdout
    assert moved.splitlines()[:3] == key.splitlines()[:3]
    assert "Salle Saint-Joseph" in moved
    manage(laptop, "migrate", "--check")


def test_at_a_hall_the_secret_key_goes_with_the_backup_so_captains_stay_logged_in(tmp_path):
    """The key `huche hall` generated signs the captains' sessions (in the database): restored
    on the other laptop, the phones that typed their PIN go on without typing it again
    (tests/deploy/test_wheel.py follows one). That laptop's own key is kept aside. The central
    site's key is in its environment file: never in a backup, and a restore writes none."""

    def at_a_hall(folder: Path, name: str = "") -> dict:
        folder.mkdir()
        key_file = str(folder / ".hall-secret-key")
        return site(folder, name) | {"HUCHE_HALL": "1", "HUCHE_SECRET_KEY_FILE": key_file}

    hall = at_a_hall(tmp_path / "hall", "Salle Saint-Joseph")
    manage(hall, "migrate", "--noinput", "-v0")
    key = (tmp_path / "hall" / ".hall-secret-key").read_text()
    said = manage(hall, "backup", str(tmp_path / "usb")).stdout
    # What the file holds, said: the hall's secret key too (so a volunteer keeps it safe).
    assert "la clé secrète de la salle" in said and "«\u00a0Salle Saint-Joseph\u00a0»" in said
    (backup,) = (tmp_path / "usb").glob("huche-*.tar")

    laptop = at_a_hall(tmp_path / "laptop")
    out = manage(laptop, "restore", str(backup)).stdout
    assert "clé secrète de la salle est rétablie" in out and "NIP" in out
    assert (tmp_path / "laptop" / ".hall-secret-key").read_text() == key
    (aside,) = (tmp_path / "laptop").glob(".hall-secret-key.before-restore-*")
    assert aside.read_text().strip() and aside.read_text() != key  # its own, kept

    central = site(tmp_path / "central") | {
        "SECRET_KEY": "the-central-sites-own-key-from-its-env-file-0123456789",
        "HUCHE_SECRET_KEY_FILE": str(tmp_path / "central" / ".hall-secret-key"),
    }
    (tmp_path / "central").mkdir()
    # Sealed with the hall's key, which the central site does not have: restored only when asked.
    refused = manage(central, "restore", str(backup), ok=False)
    assert "sceau" in refused.stderr and "--unverified" in refused.stderr
    out = manage(central, "restore", "--unverified", str(backup)).stdout
    assert "restauré" in out and "clé secrète" not in out
    assert not (tmp_path / "central" / ".hall-secret-key").exists()
    manage(central, "backup", str(tmp_path / "central-backups"))
    (central_backup,) = (tmp_path / "central-backups").glob("huche-*.tar")
    with tarfile.open(central_backup) as archive:
        assert "hall-secret-key" not in archive.getnames()
    with tarfile.open(backup) as archive:
        assert "hall-secret-key" in archive.getnames()


def test_a_restore_into_a_database_with_tables_is_refused_and_changes_nothing(hall, tmp_path):
    manage(hall, "backup", str(tmp_path / "usb"))
    (backup,) = (tmp_path / "usb").glob("huche-*.tar")
    with sqlite3.connect(database(hall)) as db:
        db.execute("INSERT INTO writes VALUES (999)")
    before = sha(database(hall)), sha(Path(hall["HUCHE_SIGNING_KEY_FILE"]))

    refused = manage(hall, "restore", str(backup), ok=False)
    assert refused.returncode != 0
    assert "Rien n'a été restauré" in refused.stderr and "contient déjà" in refused.stderr
    assert str(database(hall)) in refused.stderr
    assert (sha(database(hall)), sha(Path(hall["HUCHE_SIGNING_KEY_FILE"]))) == before
    assert rows(hall) == [999]


def test_a_damaged_backup_restores_nothing(hall, tmp_path):
    manage(hall, "backup", str(tmp_path / "usb"))
    (backup,) = (tmp_path / "usb").glob("huche-*.tar")
    data = bytearray(backup.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one byte of the database changed
    backup.write_bytes(bytes(data))
    laptop = site(tmp_path / "laptop")
    refused = manage(laptop, "restore", str(backup), ok=False)
    assert refused.returncode != 0 and "endommagé" in refused.stderr
    assert not database(laptop).exists()  # no half database


def test_the_halls_automatic_backups_keep_the_last_ones_and_a_last_one_at_the_end(hall, tmp_path):
    usb = tmp_path / "usb"
    child = subprocess.Popen(
        hall_backups.command(usb, 0.3, 2),
        cwd=ROOT,
        env=hall,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        for n in range(1, 5):  # a result every so often: each gives a backup of its own
            with sqlite3.connect(database(hall)) as db:
                db.execute("INSERT INTO writes VALUES (?)", (n,))
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                latest = sorted(usb.glob("huche-*.tar"))
                if latest and n in _rows_in(latest[-1], tmp_path):
                    break
                time.sleep(0.2)
            else:
                pytest.fail(f"no backup holds result {n}")
            # The new one is complete before the oldest goes: never fewer than 2, at most 3.
            assert len(list(usb.glob("huche-*.tar"))) <= 3
        with sqlite3.connect(database(hall)) as db:
            db.execute("INSERT INTO writes VALUES (5)")
    finally:
        out, _ = child.communicate(timeout=60)  # the server ends: its pipe closes
    assert child.returncode == 0
    kept = sorted(usb.glob("huche-*.tar"))
    assert len(kept) == 2 and not list(usb.glob(".*"))
    assert _restored_rows(kept[-1], tmp_path / "last") == [1, 2, 3, 4, 5]  # the last one
    assert out.count("Sauvegarde écrite") >= 5


@pytest.mark.parametrize("when", ["at once", "after a backup"])
def test_ctrl_c_ends_the_backups_with_a_last_one_and_no_error(hall, tmp_path, when):
    """docs/hall.md: « Stop Huche with Ctrl-C ». The console sends it to every process of the
    hall, the backups' too, and the server then closes its pipe. The volunteer read « Fatal
    Python error » after the last backup line (or a traceback when pressed during start)."""
    usb = tmp_path / "usb"
    child = subprocess.Popen(
        hall_backups.command(usb, 600, 24),
        cwd=ROOT,
        env=hall,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert child.stdin is not None and child.stdout is not None
    if when == "after a backup":
        assert "Sauvegarde écrite" in child.stdout.readline()
    else:
        time.sleep(0.5)  # Django still starting
    with sqlite3.connect(database(hall)) as db:
        db.execute("INSERT INTO writes VALUES (7)")
    os.killpg(child.pid, signal.SIGINT)  # Ctrl-C, to the whole console
    time.sleep(0.5)
    out, err = child.communicate(timeout=60)  # then the server ends: its pipe closes
    assert child.returncode == 0, err
    assert "Fatal Python error" not in err and "Traceback" not in err
    (last,) = sorted(usb.glob("huche-*.tar"))[-1:]
    assert _rows_in(last, tmp_path) == [7]  # the last backup holds the last result


def _rows_in(backup: Path, work: Path) -> list[int]:
    """The rows in a backup's database, read straight from the .tar."""
    try:
        with tarfile.open(backup) as archive:
            archive.extract("database.sqlite3", work, filter="data")
    except FileNotFoundError:  # pruned meanwhile
        return []
    with contextlib.closing(sqlite3.connect(work / "database.sqlite3")) as db:
        found = [n for (n,) in db.execute("SELECT n FROM writes ORDER BY n")]
    (work / "database.sqlite3").unlink()
    return found


def _restored_rows(backup: Path, folder: Path) -> list[int]:
    env = site(folder)
    folder.mkdir(exist_ok=True)
    done = manage(env, "restore", str(backup), ok=False)
    if done.returncode != 0:
        return []
    return rows(env)
