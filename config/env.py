"""Values the settings read from the environment or the data folder and must parse or create:
the ``ADMINS`` list, the hall's generated ``SECRET_KEY``. Plain Python, read by the settings."""

from __future__ import annotations

import secrets
from email.utils import getaddresses
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured


def admins(value: str) -> list[tuple[str, str]]:
    """``"Marie Tremblay <marie@club.org>, it@club.org"`` → Django's ``ADMINS`` pairs."""
    found = []
    for name, address in getaddresses([value]):
        if not address:
            continue
        if "@" not in address:
            raise ImproperlyConfigured(
                f"ADMINS: {address!r} is not an email address; write them separated by commas, "
                'e.g. "Marie Tremblay <marie@club.org>, it@club.org"'
            )
        found.append((name or address, address))
    return found


def secret_key_from(path: Path) -> str:
    """The hall's SECRET_KEY: read from ``path``, or generated there on first start (readable
    by its owner only), so sessions and captains' unlocked PINs survive a restart."""
    if path.exists():
        key = path.read_text().strip()
        if key:
            return key
    key = secrets.token_urlsafe(50)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text(key + "\n")
    return key
