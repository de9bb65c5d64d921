"""Huche as an installed program: its version and the ``huche`` command (``huche/cli.py``).

Installed from the wheel, this package also holds the site's templates, static files and
translations (``huche/templates``, ``huche/static``, ``huche/locale``: pyproject.toml); in a
checkout they stay at its top level (config/home.py says which).
"""

from importlib import metadata

try:
    __version__ = metadata.version("huche")
except metadata.PackageNotFoundError:  # a checkout used without `make install`
    __version__ = "0+checkout"
