"""This installation's signing key, and the Ed25519 signature every archive it writes carries.

A signature proves two things: which installation wrote the file (whoever holds its private
key), and that nothing in it changed since. It proves nothing about whether the results in it
are true: that is the tamper checks' and the people's job (docs/archives.md).

**Where the key lives.** A PEM file (PKCS#8), created on first use with mode 0600, at
``HUCHE_SIGNING_KEY_FILE`` (default: beside the embedded SQLite database). Not in the database:
a database is copied (backups, a laptop cloned for the next event, a dump sent for support),
and every copy would then sign as this hall; a file stays with the machine, as an SSH host key
does. Deleting the file gives the installation a new key, which the league must trust again.

**What is signed.** The canonical JSON of the whole document (keys sorted, no spaces) without
its ``checksum`` and without the signature's own ``value``: the signer's name and public key
are covered too. The checksum is computed afterwards over everything, signature included, so a
reader that does not know signatures still checks the file as before.
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import hashlib
import os
import socket
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from django.conf import settings
from django.utils.translation import gettext as _

from tournaments.errors import RuleError

ALGORITHM = "ed25519"
MAX_SIGNER = 120
_lock = threading.Lock()
_loaded: dict[str, Ed25519PrivateKey] = {}


@dataclass(frozen=True)
class Signer:
    """Who signed an archive: the installation's name and its public key."""

    name: str
    public_key: str  # base64 of the 32 raw bytes

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_key)


def fingerprint(public_key: str) -> str:
    """``SHA256:…`` of the raw public key, as SSH shows host keys: what people compare."""
    digest = hashlib.sha256(base64.b64decode(public_key)).digest()
    return "SHA256:" + base64.b64encode(digest).decode().rstrip("=")


def key_file() -> Path:
    return Path(settings.HUCHE_SIGNING_KEY_FILE)


def name_file() -> Path:
    """Where a restore leaves the install name of the backup, beside the key it restored."""
    return key_file().with_name("huche-install-name.txt")


def install_name() -> str:
    """The name this installation signs with: ``HUCHE_INSTALL_NAME``, else the name a restore
    brought back with the key (``huche-install-name.txt``), else the computer's."""
    name = (getattr(settings, "HUCHE_INSTALL_NAME", "") or "").strip()
    if not name:
        with contextlib.suppress(OSError, UnicodeError):
            name = name_file().read_text(encoding="utf-8").strip()
    name = name or socket.gethostname()
    return name[:MAX_SIGNER] or "huche"


def remember_install_name(name: str) -> None:
    """Keep ``name`` as this installation's (a restore: the key and its name go together)."""
    path = name_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(name.strip()[:MAX_SIGNER] + "\n", encoding="utf-8")


def _create(path: Path) -> None:
    """Write a new key at ``path`` unless one appeared meanwhile (another process, same
    moment): the new file is complete before it takes the name, and never replaces one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".huche-key-")
    try:
        os.fchmod(descriptor, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(pem)
        with contextlib.suppress(FileExistsError):  # another process was first: keep its key
            os.link(temporary, path)
    finally:
        os.unlink(temporary)


def install_key() -> Ed25519PrivateKey:
    """This installation's private key, created on first use."""
    path = key_file()
    with _lock:
        if not path.exists():
            _create(path)
        # Keyed by the file's identity too: a key restored while the server runs is used at once.
        stat = path.stat()
        path_key = f"{path}:{stat.st_ino}:{stat.st_mtime_ns}"
        if path_key not in _loaded:
            try:
                key = serialization.load_pem_private_key(path.read_bytes(), password=None)
            except (ValueError, TypeError) as exc:
                raise RuleError(
                    _(
                        "The archive signing key %(path)s is unreadable (%(error)s): "
                        "restore it from a backup, or delete it to create a new one (the "
                        "league will then have to trust the new key)."
                    )
                    % {"path": path, "error": exc},
                    code="archive_key",
                ) from None
            if not isinstance(key, Ed25519PrivateKey):
                raise RuleError(
                    _("The archive signing key %(path)s is not an Ed25519 key.") % {"path": path},
                    code="archive_key",
                )
            _loaded[path_key] = key
        return _loaded[path_key]


def rotate_key() -> tuple[Signer, Signer, Path]:
    """A new key pair for this installation (a laptop lost or its key copied). The old key is
    kept, renamed ``….retired-<time>`` (never deleted: an old archive can still be checked
    with it); returns the old and new signers and where the old key went."""
    old = this_install()
    path = key_file()
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    retired = path.with_name(f"{path.name}.retired-{stamp}")
    with _lock:
        os.replace(path, retired)
        _create(path)
    return old, this_install(), retired


def _public(key: Ed25519PrivateKey) -> str:
    raw = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return base64.b64encode(raw).decode()


def this_install() -> Signer:
    return Signer(install_name(), _public(install_key()))


def this_install_if_readable() -> Signer | None:
    """:func:`this_install`, or ``None`` when the key file is unreadable (pages that only
    show the key still open; exporting says why)."""
    try:
        return this_install()
    except RuleError:
        return None


def signed_bytes(document: dict, canonical) -> bytes:
    """What the signature covers: the document without its checksum nor signature value."""
    block = {k: v for k, v in document["signature"].items() if k != "value"}
    return canonical({**document, "signature": block})


def sign(document: dict, canonical) -> dict:
    """``document`` with this installation's ``signature`` block (before its checksum)."""
    key = install_key()
    document = {**document, "signature": {"algorithm": ALGORITHM, "signer": install_name()}}
    document["signature"]["public_key"] = _public(key)
    value = key.sign(signed_bytes(document, canonical))
    document["signature"]["value"] = base64.b64encode(value).decode()
    return document


def _refuse(message: str) -> RuleError:
    return RuleError(message, code="archive_signature", field="signature")


def _decoded(block: dict, name: str, size: int) -> bytes:
    value = block.get(name)
    try:
        raw = base64.b64decode(value, validate=True) if isinstance(value, str) else b""
    except ValueError:
        raw = b""
    if len(raw) != size:
        raise _refuse(
            _("signature.%(name)s: must be %(size)d bytes in base64.")
            % {"name": name, "size": size}
        )
    return raw


def verify(document: dict, canonical) -> Signer | None:
    """The archive's signer, after checking its signature; ``None`` if it carries none.

    A signature that does not match is refused: the file changed after it was signed."""
    if "signature" not in document:
        return None
    block = document["signature"]
    if not isinstance(block, dict) or block.get("algorithm") != ALGORITHM:
        raise _refuse(_("signature: unreadable; an archive's signature is an Ed25519 signature."))
    signer = block.get("signer")
    if not isinstance(signer, str) or not 0 < len(signer.strip()) <= MAX_SIGNER:
        raise _refuse(
            _("signature.signer: must be the name of the installation, 1 to %(n)d characters.")
            % {"n": MAX_SIGNER}
        )
    public = _decoded(block, "public_key", 32)
    value = _decoded(block, "value", 64)
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(value, signed_bytes(document, canonical))
    except (InvalidSignature, ValueError):
        raise _refuse(
            _(
                "signature: does not match the content: the file was changed after "
                "“%(signer)s” signed it. Export it again from that installation."
            )
            % {"signer": signer}
        ) from None
    return Signer(signer.strip(), block["public_key"])
