"""Where Huche finds its site files and keeps its data. Plain Python, read by the settings.

- The site files (templates, static files, translations): at the top of a checkout (beside
  ``manage.py``), or inside the installed package ``huche`` (the wheel, pyproject.toml).
- The data folder (the SQLite database, the hall's secret key, the archive signing key, the
  collected static files): ``HUCHE_HOME`` if set; else a checkout keeps them in itself, as it
  always did (``make hall``: ``hall.sqlite3`` beside the code); else, installed from the wheel,
  the platform's user data folder (platformdirs: ``~/.local/share/huche`` on Linux,
  ``~/Library/Application Support/huche`` on macOS, ``%LOCALAPPDATA%\\huche`` on Windows).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs


def is_checkout(base_dir: Path) -> bool:
    return (base_dir / "manage.py").is_file()


def site_files(base_dir: Path) -> Path:
    """The folder holding ``templates/``, ``static/`` and ``locale/``."""
    return base_dir if is_checkout(base_dir) else base_dir / "huche"


def data_home(base_dir: Path, environ: Mapping[str, str] = os.environ) -> Path:
    """The data folder, created if missing."""
    chosen = environ.get("HUCHE_HOME", "").strip()
    if chosen:
        home = Path(chosen).expanduser().resolve()
    elif is_checkout(base_dir):
        return base_dir
    else:
        home = Path(platformdirs.user_data_dir("huche", appauthor=False))
    # Yours only where the system keeps such rights (not on Windows' FAT sticks): the database,
    # the keys and the backups' defaults are in it, as the backups themselves are (0700).
    home.mkdir(mode=0o700, parents=True, exist_ok=True)
    return home
