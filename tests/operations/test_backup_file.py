"""The backup file itself (issue 51, finding 4 and two of finding 9): readable by its owner
only whatever the umask, sealed with the site's SECRET_KEY so a restore refuses a file changed
afterwards even with its checksums recomputed, and every refusal a sentence, never a traceback.
And (issue 52) a site that does not say where its signing key is gets a refusal naming the
setting, not a new key invented in the code folder."""

from __future__ import annotations

import hashlib
import io
import json
import os
import sqlite3
import stat
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from operations import backups
from tests.operations.test_backups import ROOT, database, manage, site

pytestmark = pytest.mark.slow


@pytest.fixture
def hall(tmp_path) -> dict:
    env = site(tmp_path / "hall", "Salle Saint-Joseph")
    (tmp_path / "hall").mkdir()
    manage(env, "migrate", "--noinput", "-v0")
    with sqlite3.connect(database(env)) as db:
        db.execute(
            "INSERT INTO accounts_user (password, is_superuser, email, is_staff, is_active,"
            " date_joined, first_name, last_name, display_name)"
            " VALUES ('!', 0, 'b@club.ca', 0, 1, '2026-11-28', '', '', 'B')"
        )
    return env


def backup_of(env: dict, folder: Path) -> Path:
    manage(env, "backup", str(folder))
    (backup,) = folder.glob("huche-*.tar")
    return backup


def members(backup: Path) -> dict[str, bytes]:
    with tarfile.open(backup) as archive:
        return {m.name: archive.extractfile(m).read() for m in archive.getmembers()}


def write_tar(path: Path, content: dict[str, bytes]) -> None:
    with tarfile.open(path, "w") as archive:
        for name, data in content.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))


def test_a_backup_is_readable_by_its_owner_only_whatever_the_umask(hall, tmp_path):
    folder = tmp_path / "nouveau" / "sauvegardes"
    done = subprocess.run(
        ["sh", "-c", f'umask 022; exec "{sys.executable}" manage.py backup "{folder}"'],
        cwd=ROOT,
        env=hall,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    (backup,) = folder.glob("huche-*.tar")
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_a_backup_changed_with_its_checksum_recomputed_is_refused(hall, tmp_path):
    """The attack of finding 9: make B a superuser in the backup's database, recompute the
    manifest's checksum, put the file back together. The seal no longer matches."""
    original = members(backup_of(hall, tmp_path / "usb"))
    dump = tmp_path / "dump.sqlite3"
    dump.write_bytes(original["database.sqlite3"])
    with sqlite3.connect(dump) as db:
        db.execute("UPDATE accounts_user SET is_superuser = 1 WHERE email = 'b@club.ca'")
    altered = dict(original)
    altered["database.sqlite3"] = dump.read_bytes()
    manifest = json.loads(original["huche-backup.json"])
    manifest["database_sha256"] = hashlib.sha256(altered["database.sqlite3"]).hexdigest()
    altered["huche-backup.json"] = json.dumps(manifest, indent=1).encode()
    forged = tmp_path / "huche-2026-11-29T000000.00Z.tar"
    write_tar(forged, altered)

    laptop = site(tmp_path / "laptop")
    refused = manage(laptop, "restore", str(forged), ok=False)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert "sceau" in refused.stderr and "Rien n'a été restauré" in refused.stderr
    assert not database(laptop).exists()
    # The same file untouched restores: the seal is the site's own.
    good = tmp_path / "good" / "huche-2026-11-29T000000.00Z.tar"
    good.parent.mkdir()
    write_tar(good, original)
    assert "restauré" in manage(laptop, "restore", str(good)).stdout


def test_a_member_outside_the_backup_is_refused_in_a_sentence(hall, tmp_path):
    content = members(backup_of(hall, tmp_path / "usb"))
    content["../../evil.sh"] = b"echo owned\n"
    evil = tmp_path / "huche-evil.tar"
    write_tar(evil, content)
    laptop = site(tmp_path / "laptop")
    refused = manage(laptop, "restore", str(evil), ok=False)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert "../../evil.sh" in refused.stderr and "aucune sauvegarde" in refused.stderr
    assert not (tmp_path.parent / "evil.sh").exists() and not database(laptop).exists()


def test_a_truncated_backup_is_called_damaged_not_foreign(hall, tmp_path):
    backup = backup_of(hall, tmp_path / "usb")
    data = backup.read_bytes()
    for cut in (len(data) // 2, 1100):  # in the database; in the manifest
        truncated = tmp_path / f"cut-{cut}.tar"
        truncated.write_bytes(data[:cut])
        laptop = site(tmp_path / f"laptop-{cut}")
        refused = manage(laptop, "restore", str(truncated), ok=False)
        assert "endommagé" in refused.stderr, refused.stderr
        assert "n'est pas une sauvegarde" not in refused.stderr
        assert "Traceback" not in refused.stderr and not database(laptop).exists()


def test_a_site_that_does_not_say_where_its_key_is_gets_the_setting_named(tmp_path):
    """A central site's backup run with only DATABASE_URL (issue 52, point 3): refused, the
    setting named, no key invented anywhere, nothing new in the code folder."""
    env = site(tmp_path / "central")
    for name in ("HUCHE_SIGNING_KEY_FILE", "HUCHE_HOME"):
        env.pop(name, None)
    (tmp_path / "central").mkdir()
    manage(env, "migrate", "--noinput", "-v0")
    before = sorted(p.name for p in ROOT.iterdir())
    refused = manage(env, "backup", str(tmp_path / "usb"), ok=False)
    assert refused.returncode != 0 and "HUCHE_SIGNING_KEY_FILE" in refused.stderr
    assert "--env-file" in refused.stderr and "Traceback" not in refused.stderr
    assert not list((tmp_path / "central").glob("*.pem")) and not (tmp_path / "usb").exists()
    assert sorted(p.name for p in ROOT.iterdir()) == before


def test_a_usb_stick_without_unix_rights_still_takes_the_backup(tmp_path, monkeypatch):
    """FAT and exFAT (most USB sticks) refuse chmod with EPERM: the hall's automatic backups
    must go on there, written all the same."""

    def refused(*_args, **_kwargs):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "fchmod", refused)
    monkeypatch.setattr(Path, "chmod", refused)
    stick = tmp_path / "stick" / "huche"
    backups._private_folder(stick, own=False)
    work = tmp_path / "work"
    work.mkdir()
    (work / "huche-backup.json").write_text("{}")
    target = stick / "huche-2026-11-29T000000.00Z.tar"
    backups._write_atomically(target, work, ["huche-backup.json"])
    with tarfile.open(target) as archive:
        assert archive.getnames() == ["huche-backup.json"]
