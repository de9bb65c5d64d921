"""The seal of a backup (operations/backups.py): an HMAC-SHA256 of its manifest with the site's
``SECRET_KEY``, so a restore refuses a file changed after it was written, even one whose
checksums were recomputed (issue 51, finding 4).

Why the ``SECRET_KEY`` and not the archive signing key (tournaments/archives/signing.py): the
backup carries the signing key, so whoever can read a backup could re-sign a changed one with
it; the central site's ``SECRET_KEY`` lives in its environment file (huche.env, .env), never in
a backup. A hall's backup does carry the hall's generated key (its captains stay logged in on a
replacement laptop): there the seal proves the file is whole and was made by a holder of that
key, which is whoever can read the laptop's data folder or the backup itself (mode 0600).

The manifest lists the SHA-256 of every other member, so sealing the manifest seals them all.
"""

from __future__ import annotations

import hmac

from django.utils.crypto import salted_hmac

ALGORITHM = "hmac-sha256"
_SALT = "huche.backup.seal"


def seal(manifest: bytes, secret: str) -> str:
    return salted_hmac(_SALT, manifest, secret=secret, algorithm="sha256").hexdigest()


def holds(manifest: bytes, value: str, secret: str) -> bool:
    return bool(secret) and hmac.compare_digest(seal(manifest, secret), value)
