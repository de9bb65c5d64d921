"""``huche``: Django's management commands with Huche's settings, the hall's by default.

``huche hall`` serves an event, ``huche create_organizer``, ``huche export_event SLUG``, …
act on the same data folder (config/home.py) without any variable to set. A central site
runs the same commands with ``HUCHE_HALL=0`` and its own settings (docs/deploy.md).
"""

from __future__ import annotations

import os
import sys

from huche import __version__


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv if argv is None else argv)
    if argv[1:] in (["--version"], ["-V"]):
        # Django's own --version would print Django's.
        print(f"huche {__version__}")
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # The commands act on the hall's data unless told otherwise: `huche hall` then
    # `huche export_event` see the same database.
    os.environ.setdefault("HUCHE_HALL", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(["huche", *argv[1:]])
