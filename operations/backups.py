"""Backups and restores (``huche backup`` / ``huche restore``, i.e. ``manage.py backup`` /
``restore``): one file that holds everything needed to bring the site back.

A backup is a plain tar file, ``huche-<UTC time>.tar``, holding:

- ``huche-backup.json``: what it is (format, database engine, time, install name);
- ``database.sqlite3`` (the hall: SQLite's online backup, consistent while the server writes)
  or ``database.pgdump`` (the central site: ``pg_dump --format=custom``);
- ``huche-signing-key.pem``: the archive signing key (tournaments/archives/signing.py), so the
  restored site signs its archives as the same installation, under the same install name;
- ``hall-secret-key``: at a hall, the secret key ``huche hall`` generated (common/addresses.py), so on
  the laptop a backup is restored to, the captains who typed their PIN stay logged in (their
  sessions are in the database, signed with that key). The central site's ``SECRET_KEY`` lives
  in its environment file, never in a backup.

- ``huche-backup.seal``: an HMAC of the manifest (which lists every member's SHA-256) with the
  site's ``SECRET_KEY`` (operations/backup_seal.py): a restore refuses a file changed afterwards.

It is written under a hidden ``.partial`` name and renamed when complete: a backup cut short
(a USB stick pulled out, a full disk) never carries a backup's name. It holds private keys,
captains' links and password hashes: the file is written readable by its owner only (0600)
whatever the umask, and a folder the backup creates is 0700.

A restore is all or nothing and never overwrites: it refuses a database that has tables, and
the database appears only once complete (SQLite: a finished file renamed into place;
PostgreSQL: ``pg_restore --single-transaction``). Then nothing cached before it may be served:
every event gets a new cache epoch (tournaments/publishing/caching.py) and Huche's own keys in
the cache are deleted (only those under its prefix).
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import os
import secrets
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.utils.translation import gettext as _

from operations import backup_seal
from tournaments.archives import signing
from tournaments.errors import RuleError
from tournaments.publishing.caching import clear_local

FORMAT = 2  # 1: before the seal (restored only when asked: restore(unverified=True))
MANIFEST = "huche-backup.json"
SEAL_MEMBER = "huche-backup.seal"
SQLITE_MEMBER = "database.sqlite3"
PG_MEMBER = "database.pgdump"
KEY_MEMBER = "huche-signing-key.pem"
SECRET_MEMBER = "hall-secret-key"
PREFIX, SUFFIX = "huche-", ".tar"


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why in words."""


@dataclass(frozen=True)
class Written:
    path: Path
    engine: str
    install_name: str
    unchanged: bool = False  # the database was the same as in the latest backup: none written
    hall_secret_key: bool = False  # at a hall: its secret key is in the file too


@dataclass(frozen=True)
class Restored:
    engine: str
    install_name: str
    key_file: Path
    key_set_aside: Path | None
    secret_key_restored: bool  # the hall's secret key: the captains' sessions go on here
    name_overridden_by: str  # HUCHE_INSTALL_NAME set here to another name, else ""


def engine() -> str:
    vendor = settings.DATABASES["default"]["ENGINE"]
    if vendor == "django.db.backends.sqlite3":
        return "sqlite"
    if vendor == "django.db.backends.postgresql":
        return "postgresql"
    raise BackupError(_("Backups support SQLite and PostgreSQL only, not %(e)s.") % {"e": vendor})


def default_directory() -> Path:
    """``HUCHE_BACKUP_DIR``, else ``backups/`` in Huche's data folder (``HUCHE_HOME`` when the
    settings have it), else beside the SQLite database, else in the code's folder."""
    chosen = getattr(settings, "HUCHE_BACKUP_DIR", "") or os.environ.get("HUCHE_BACKUP_DIR", "")
    if chosen:
        return Path(chosen)
    home = getattr(settings, "HUCHE_HOME", "")
    if home:
        return Path(home) / "backups"
    if engine() == "sqlite":
        return _sqlite_path().parent / "backups"
    return Path(settings.BASE_DIR) / "backups"


def _sqlite_path() -> Path:
    return Path(settings.DATABASES["default"]["NAME"])


def _stamp() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H%M%S.%fZ")[:-4] + "Z"


def backups_in(directory: Path) -> list[Path]:
    """The backups in ``directory``, oldest first (their names sort by time)."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.glob(f"{PREFIX}*{SUFFIX}") if p.is_file())


# --- backup ---------------------------------------------------------------------------------


def backup(destination: str | Path | None = None, *, skip_unchanged: bool = False) -> Written:
    """Write one backup: into ``destination`` if it is a folder (or has no ``.tar`` suffix),
    else to that file. ``skip_unchanged``: write nothing when the database is the same as in
    the folder's latest backup (the hall's automatic backups during a quiet hour)."""
    kind = engine()
    _refuse_unlocated_key()  # before anything is written
    target = Path(destination) if destination else default_directory()
    if target.suffix != SUFFIX or target.is_dir():
        target = target / f"{PREFIX}{_stamp()}{SUFFIX}"
    _private_folder(target.parent, own=not destination)
    name = signing.install_name()
    key = _signing_key_pem()
    secret = _hall_secret_key()
    with tempfile.TemporaryDirectory(prefix="huche-backup-") as work:
        dump = Path(work) / (SQLITE_MEMBER if kind == "sqlite" else PG_MEMBER)
        _dump_sqlite(dump) if kind == "sqlite" else _dump_postgres(dump)
        digest = _sha256(dump)
        latest = backups_in(target.parent)
        if skip_unchanged and latest and _manifest_digest(latest[-1]) == digest:
            return Written(
                latest[-1], kind, name, unchanged=True, hall_secret_key=secret is not None
            )
        manifest = {
            "format": FORMAT,
            "engine": kind,
            "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "install_name": name,
            "database_sha256": digest,
            "signing_key": key is not None,
            "hall_secret_key": secret is not None,
            "members": {
                member: hashlib.sha256(content).hexdigest()
                for member, content in ((KEY_MEMBER, key), (SECRET_MEMBER, secret))
                if content is not None
            },
        }
        text = json.dumps(manifest, indent=1, ensure_ascii=False).encode()
        (Path(work) / MANIFEST).write_bytes(text)
        seal = {"algorithm": backup_seal.ALGORITHM, "value": backup_seal.seal(text, _secret())}
        (Path(work) / SEAL_MEMBER).write_text(json.dumps(seal))
        members = [MANIFEST, SEAL_MEMBER, dump.name]
        for member, content in ((KEY_MEMBER, key), (SECRET_MEMBER, secret)):
            if content is not None:
                (Path(work) / member).write_bytes(content)
                members.append(member)
        _write_atomically(target, Path(work), members)
    return Written(target, kind, name, hall_secret_key=secret is not None)


def _secret() -> str:
    return str(settings.SECRET_KEY)


def _private_folder(folder: Path, *, own: bool) -> None:
    """Create ``folder`` readable by its owner only (0700, whatever the umask); ``own``: it is
    Huche's own backup folder (the default one), tightened to 0700 even if it existed."""
    existed = folder.is_dir()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise BackupError(
            _("Cannot create the backup folder %(dir)s: %(error)s")
            % {"dir": folder, "error": exc.strerror or exc}
        ) from None
    if own or not existed:
        # A USB stick formatted FAT/exFAT has no such rights and refuses the change: fine.
        with contextlib.suppress(OSError):
            folder.chmod(0o700)


def key_is_located() -> bool:
    """Whether this site says where its archive signing key is: a hall's data folder always
    does (config/home.py); a central site by ``HUCHE_SIGNING_KEY_FILE`` or ``HUCHE_HOME``."""
    return bool(
        settings.HUCHE_HALL
        or os.environ.get("HUCHE_SIGNING_KEY_FILE", "").strip()
        or os.environ.get("HUCHE_HOME", "").strip()
        or signing.key_file().exists()
    )


def _refuse_unlocated_key() -> None:
    if not key_is_located():
        raise BackupError(
            _(
                "Nothing done: this site's archive signing key is not at %(path)s and no setting "
                "says where it is. Give the settings the web servers read: HUCHE_SIGNING_KEY_FILE "
                "(e.g. `huche --env-file /etc/huche/huche.env backup`, docs/deploy-systemd.md)."
            )
            % {"path": signing.key_file()}
        )


def _signing_key_pem() -> bytes | None:
    """The installation's key file, created now if it never was where the site says it is
    (so every backup holds the key the site will sign with); refused when no setting says
    where the site's key is; ``None`` when it is unreadable (the backup says so)."""
    _refuse_unlocated_key()
    try:
        signing.install_key()
        return signing.key_file().read_bytes()
    except (RuleError, OSError):
        return None


def _hall_secret_key() -> bytes | None:
    """The hall's key file (``HUCHE_SECRET_KEY_FILE``) when it holds the key this site runs
    with; ``None`` otherwise (the central site, the demo: their key is not that file's)."""
    try:
        content = Path(settings.HUCHE_SECRET_KEY_FILE).read_bytes()
    except OSError:
        return None
    return content if content.decode(errors="replace").strip() == settings.SECRET_KEY else None


def _dump_sqlite(dump: Path) -> None:
    """SQLite's online backup API: a consistent copy while the server keeps writing."""
    source = sqlite3.connect(f"file:{_sqlite_path()}?mode=ro", uri=True, timeout=20)
    copy = sqlite3.connect(dump)
    try:
        source.backup(copy)
        if copy.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise BackupError(_("The copy of the database failed SQLite's check."))
    except sqlite3.Error as exc:
        raise BackupError(
            _("Cannot read the database %(path)s: %(error)s")
            % {"path": _sqlite_path(), "error": exc}
        ) from None
    finally:
        copy.close()
        source.close()


def _postgres_command(tool: str, database: Mapping[str, Any]) -> tuple[list[str], dict]:
    if not shutil.which(tool):
        raise BackupError(
            _(
                "%(tool)s is not installed: install PostgreSQL's client programs (postgresql-client)."
            )
            % {"tool": tool}
        )
    args = [tool, f"--dbname={database['NAME']}"]
    if database.get("HOST"):
        args.append(f"--host={database['HOST']}")
    if database.get("PORT"):
        args.append(f"--port={database['PORT']}")
    if database.get("USER"):
        args.append(f"--username={database['USER']}")
    env = {**os.environ, "PGPASSWORD": str(database.get("PASSWORD") or "")}
    return args, env


def _run(args: list[str], env: dict) -> None:
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupError(
            _("%(tool)s failed: %(error)s")
            % {"tool": args[0], "error": done.stderr.strip()[-1500:]}
        )


def _dump_postgres(dump: Path) -> None:
    args, env = _postgres_command("pg_dump", settings.DATABASES["default"])
    _run([*args, "--format=custom", f"--file={dump}"], env)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _manifest_digest(path: Path) -> str | None:
    try:
        return read_manifest(path).get("database_sha256")
    except BackupError:
        return None


def _write_atomically(target: Path, work: Path, members: list[str]) -> None:
    partial = target.with_name(f".{target.name}.partial")
    try:
        # 0600 from its creation, whatever the umask: it holds keys, links and password hashes.
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        if hasattr(os, "fchmod"):
            with contextlib.suppress(OSError):  # FAT/exFAT (a USB stick): no such rights
                os.fchmod(descriptor, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            with tarfile.open(fileobj=handle, mode="w") as archive:
                for member in members:
                    archive.add(work / member, arcname=member)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise BackupError(
            _("Cannot write the backup %(path)s: %(error)s")
            % {"path": target, "error": exc.strerror or exc}
        ) from None


def prune(directory: Path, keep: int) -> list[Path]:
    """Delete all but the ``keep`` newest backups in ``directory``; the deleted ones."""
    old = backups_in(directory)[:-keep] if keep > 0 else []
    for path in old:
        path.unlink(missing_ok=True)
    return old


# --- restore --------------------------------------------------------------------------------


def read_manifest(path: Path) -> dict:
    return _read_manifest(path)[0]


def _read_manifest(path: Path) -> tuple[dict, bytes]:
    """The manifest and its bytes as written (what the seal covers)."""
    text = b""
    try:
        with tarfile.open(path) as archive:
            handle = archive.extractfile(MANIFEST)
            text = handle.read() if handle else b""
        manifest = json.loads(text)
    except (OSError, tarfile.TarError, KeyError, ValueError):
        manifest = None
    if not isinstance(manifest, dict) or manifest.get("format") not in (1, FORMAT):
        if _starts_as_a_backup(path):
            raise BackupError(
                _(
                    "%(path)s is damaged or incomplete (cut short while it was copied?): "
                    "nothing restored. Use another copy of it, or an older backup."
                )
                % {"path": path}
            )
        raise BackupError(
            _("%(path)s is not a Huche backup (made by `huche backup`, a .tar file).")
            % {"path": path}
        )
    return manifest, text


def _starts_as_a_backup(path: Path) -> bool:
    """Whether the file begins as every Huche backup does: a tar header naming the manifest
    (after tarfile's extended header, when it writes one)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(2048)
    except OSError:
        return False
    return any(head[at:].startswith(MANIFEST.encode() + b"\0") for at in range(0, 2048, 512))


def _damaged(path: Path) -> BackupError:
    return BackupError(
        _(
            "%(path)s is damaged: its content does not match its checksums. Nothing restored: "
            "use another copy of it, or an older backup."
        )
        % {"path": path}
    )


def _check_seal(path: Path, manifest: dict, text: bytes, carried: bytes | None) -> str:
    """Refuse a backup this site cannot prove unchanged since it was written; how it was
    proven ("site": this site's SECRET_KEY; "hall": the hall key it carries, at a hall)."""
    try:
        with tarfile.open(path) as archive:
            handle = archive.extractfile(SEAL_MEMBER)
            seal = json.loads(handle.read()) if handle else {}
    except (KeyError, ValueError, OSError, tarfile.TarError):
        seal = {}
    value = str(seal.get("value", "")) if isinstance(seal, dict) else ""
    if value and backup_seal.holds(text, value, _secret()):
        return "site"
    if value and carried is not None and settings.HUCHE_HALL:
        hall_key = carried.decode(errors="replace").strip()
        if backup_seal.holds(text, value, hall_key):
            return "hall"
    if manifest.get("format") == 1:
        raise BackupError(
            _(
                "%(path)s was made by an older Huche, before backups were sealed: nothing "
                "restored. If you know nobody changed it since, restore it with "
                "`huche restore --unverified %(path)s`."
            )
            % {"path": path}
        )
    raise BackupError(
        _(
            "%(path)s was changed after it was written, or was made by a site with another "
            "SECRET_KEY: its seal does not match. Nothing restored. Give this site the "
            "SECRET_KEY of the site that made it (its huche.env or .env), or, for a file you "
            "made yourself and know nobody changed, `huche restore --unverified %(path)s`."
        )
        % {"path": path}
    )


_ALLOWED = {MANIFEST, SEAL_MEMBER, SQLITE_MEMBER, PG_MEMBER, KEY_MEMBER, SECRET_MEMBER}


def _extract(path: Path, work: str) -> None:
    """Extract only a backup's own members, each a plain file; anything else is refused in a
    sentence (a name such as ``../x``, a link, a device), nothing written outside ``work``."""
    try:
        with tarfile.open(path) as archive:
            for member in archive.getmembers():
                if member.name not in _ALLOWED or not member.isfile():
                    raise BackupError(
                        _(
                            "%(path)s holds %(member)s, which no Huche backup holds (only "
                            "%(allowed)s, as plain files): nothing restored."
                        )
                        % {
                            "path": path,
                            "member": repr(member.name[:200]),
                            "allowed": ", ".join(sorted(_ALLOWED)),
                        }
                    )
            archive.extractall(work, filter="data")
    except (tarfile.TarError, EOFError, OSError):
        raise _damaged(path) from None


def _member_bytes(work: str, member: str) -> bytes | None:
    file = Path(work) / member
    return file.read_bytes() if file.is_file() else None


def _check_members(path: Path, manifest: dict, work: str, kind: str) -> None:
    dump = Path(work) / (SQLITE_MEMBER if kind == "sqlite" else PG_MEMBER)
    if not dump.is_file() or _sha256(dump) != manifest.get("database_sha256"):
        raise _damaged(path)
    listed = manifest.get("members", {}) if manifest.get("format") != 1 else None
    if listed is None:
        return
    for member in (KEY_MEMBER, SECRET_MEMBER):
        content = _member_bytes(work, member)
        digest = hashlib.sha256(content).hexdigest() if content is not None else None
        if digest != listed.get(member):
            raise _damaged(path)


def restore(path: str | Path, *, unverified: bool = False) -> Restored:
    """Restore the backup ``path`` into this site's empty database (see the module docstring).
    ``unverified``: without checking its seal (a backup from before seals, or from a site
    whose SECRET_KEY this one does not have), asked for by name."""
    path = Path(path)
    if not path.is_file():
        raise BackupError(_("No backup at %(path)s.") % {"path": path})
    manifest, text = _read_manifest(path)
    kind = engine()
    if manifest["engine"] != kind:
        raise BackupError(
            _("%(path)s is a backup of a %(theirs)s database; this site uses %(ours)s.")
            % {"path": path, "theirs": manifest["engine"], "ours": kind}
        )
    _refuse_tables()
    _refuse_unlocated_key()
    with tempfile.TemporaryDirectory(prefix="huche-restore-") as work:
        _extract(path, work)
        _check_members(path, manifest, work, kind)
        if not unverified:
            _check_seal(path, manifest, text, _member_bytes(work, SECRET_MEMBER))
        dump = Path(work) / (SQLITE_MEMBER if kind == "sqlite" else PG_MEMBER)
        _load_sqlite(dump) if kind == "sqlite" else _load_postgres(dump)
        key = Path(work) / KEY_MEMBER
        aside = _put_key(key.read_bytes(), signing.key_file()) if key.is_file() else None
        secret = Path(work) / SECRET_MEMBER
        # Only where this site runs on the hall's key file: a restart then signs as before.
        secret_restored = secret.is_file() and _hall_secret_key() is not None
        if secret_restored:
            _put_key(secret.read_bytes(), Path(settings.HUCHE_SECRET_KEY_FILE))
    name = str(manifest.get("install_name") or "")
    if name:
        signing.remember_install_name(name)
    clear_cache()
    here = (getattr(settings, "HUCHE_INSTALL_NAME", "") or "").strip()
    return Restored(
        kind,
        name,
        signing.key_file(),
        aside,
        secret_restored,
        here if here and here != name else "",
    )


def _tables() -> list[str]:
    if engine() == "sqlite":
        if not _sqlite_path().exists():
            return []
        with contextlib.closing(sqlite3.connect(_sqlite_path(), timeout=20)) as db:
            rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        return [name for (name,) in rows if not name.startswith("sqlite_")]
    with connection.cursor() as cursor:
        return connection.introspection.table_names(cursor)


def _refuse_tables() -> None:
    tables = _tables()
    if not tables:
        return
    where = _sqlite_path() if engine() == "sqlite" else settings.DATABASES["default"]["NAME"]
    if engine() == "sqlite":
        advice = _(
            "Move that file aside (or delete it if it holds nothing you need), then run "
            "the restore again: it creates the database."
        )
    else:
        advice = _("Restore into an empty database (dropdb, then createdb), never over a live one.")
    raise BackupError(
        _("Nothing restored: the database %(db)s already has %(n)d tables. %(advice)s")
        % {"db": where, "n": len(tables), "advice": advice}
    )


def _load_sqlite(dump: Path) -> None:
    """The restored file takes the database's name only once complete and checked."""
    target = _sqlite_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.restoring")
    shutil.copyfile(dump, partial)
    try:
        with contextlib.closing(sqlite3.connect(partial)) as db:
            _new_epochs(db.execute)
            db.commit()
        for stale in ("-wal", "-shm", "-journal"):  # of the empty database: never of the backup
            Path(f"{target}{stale}").unlink(missing_ok=True)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def _load_postgres(dump: Path) -> None:
    args, env = _postgres_command("pg_restore", settings.DATABASES["default"])
    connection.close()  # pg_restore must not wait behind our own idle session
    # One transaction: either the whole backup is restored, or nothing is.
    _run(
        [
            *args,
            "--exit-on-error",
            "--single-transaction",
            "--no-owner",
            "--no-privileges",
            str(dump),
        ],
        env,
    )
    with connection.cursor() as cursor:
        _new_epochs(cursor.execute)


def _new_epochs(execute) -> None:
    """Every event in a new cache epoch: no fragment, "latest render" or process memory of
    before the restore can match the restored events (their versions were rewound). A backup
    older than the epochs gets them from its migration, new ones too."""
    mark = "?" if engine() == "sqlite" else "%s"
    try:
        execute(f"UPDATE tournaments_event SET cache_epoch = {mark}", [secrets.token_hex(8)])
    except Exception as exc:  # noqa: BLE001 (sqlite3's and the driver's errors alike)
        if "cache_epoch" not in str(exc):
            raise


def _put_key(pem: bytes, path: Path) -> Path | None:
    """Install a key from the backup (the signing key, the hall's secret key) at ``path``; a
    different key already there is kept beside it under another name (never deleted), and
    that name returned."""
    path.parent.mkdir(parents=True, exist_ok=True)
    aside = None
    if path.exists():
        if path.read_bytes() == pem:
            return None
        aside = path.with_name(f"{path.name}.before-restore-{_stamp()}")
        os.replace(path, aside)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".huche-key-")
    with os.fdopen(descriptor, "wb") as handle:
        os.chmod(temporary, 0o600)
        handle.write(pem)
    os.replace(temporary, path)
    return aside


def clear_cache() -> int:
    """Delete Huche's keys from the configured cache (only under its prefix: another site or
    Celery's queues in the same Redis are left alone); how many were deleted, when known."""
    clear_local()
    client = getattr(getattr(cache, "_cache", None), "get_client", None)
    if client is None:  # local memory: this process's own, cleared whole
        cache.clear()
        return 0
    redis = client(write=True)
    pattern = cache.make_key("*")
    deleted = 0
    batch: list = []
    for key in redis.scan_iter(match=pattern, count=500):
        batch.append(key)
        if len(batch) >= 500:
            deleted += redis.delete(*batch)
            batch = []
    if batch:
        deleted += redis.delete(*batch)
    return deleted
