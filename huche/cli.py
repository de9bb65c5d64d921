"""``huche``: Django's management commands with Huche's settings, the hall's by default.

``huche hall`` serves an event, ``huche create_organizer``, ``huche export_event SLUG``, …
act on the same data folder (config/home.py) without any variable to set. A central site
runs the same commands with the settings its services read, from their environment file:
``huche --env-file /etc/huche/huche.env backup`` (or ``HUCHE_ENV_FILE``; docs/deploy.md).
"""

from __future__ import annotations

import os
import sys

from huche import __version__

ENV_FILE_FLAG = "--env-file"
# Commands that read a hall's event data: in a window where HUCHE_HOME is not the folder the
# hall uses, they found no database and ended in a traceback ("no such table").
READS_THE_DATA = {"backup", "export_event"}


class EnvFileError(Exception):
    """An environment file that cannot be used; the message says which and why."""


def split_env_file(argv: list[str]) -> tuple[str, list[str]]:
    """``huche --env-file PATH COMMAND …`` → (PATH, [huche, COMMAND, …]); the flag comes
    before the command (the command's own options are Django's)."""
    args = argv[1:]
    if args and args[0] == ENV_FILE_FLAG:
        if len(args) < 2:
            raise EnvFileError(f"{ENV_FILE_FLAG} needs a file: huche {ENV_FILE_FLAG} PATH COMMAND")
        return args[1], [argv[0], *args[2:]]
    if args and args[0].startswith(ENV_FILE_FLAG + "="):
        return args[0].split("=", 1)[1], [argv[0], *args[1:]]
    return os.environ.get("HUCHE_ENV_FILE", "").strip(), argv


def read_env_file(path: str) -> dict[str, str]:
    """The settings of a systemd ``EnvironmentFile=`` (KEY=value lines, ``#`` comments,
    values taken whole, spaces and ``<>`` included, optional quotes removed, no ``$``
    expansion), as the services started with it see them."""
    from dotenv import dotenv_values

    try:
        with open(path, encoding="utf-8") as handle:
            values = dotenv_values(stream=handle, interpolate=False)
    except OSError as exc:
        raise EnvFileError(
            f"Cannot read the settings file {path}: {exc.strerror or exc}. Give the file the "
            "services read (EnvironmentFile= of huche-web.service), e.g. /etc/huche/huche.env, "
            "and run the command as a user allowed to read it (sudo -u huche)."
        ) from None
    except UnicodeDecodeError:
        raise EnvFileError(f"The settings file {path} is not UTF-8 text.") from None
    return {key: value or "" for key, value in values.items()}


def apply_env_file(path: str, environ: dict[str, str] | os._Environ[str]) -> None:
    """The file's settings win over the shell's: the command sees what the services see. A
    central site's file: not the hall's settings unless it says HUCHE_HALL."""
    values = read_env_file(path)
    environ.update(values)
    environ["HUCHE_HALL"] = values.get("HUCHE_HALL") or "0"


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv if argv is None else argv)
    if argv[1:] in (["--version"], ["-V"]):
        # Django's own --version would print Django's.
        print(f"huche {__version__}")
        return
    try:
        env_file, argv = split_env_file(argv)
        if env_file:
            apply_env_file(env_file, os.environ)
    except EnvFileError as exc:
        print(f"huche: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # The commands act on the hall's data unless told otherwise: `huche hall` then
    # `huche export_event` see the same database.
    os.environ.setdefault("HUCHE_HALL", "1")
    from django.core.management import execute_from_command_line

    if argv[1:2] and argv[1] in READS_THE_DATA:
        missing = missing_database()
        if missing:
            print(missing, file=sys.stderr)
            raise SystemExit(2)
    try:
        execute_from_command_line(["huche", *argv[1:]])
    except KeyboardInterrupt:  # Ctrl-C before a command handles it: words, not a traceback
        print(stopped_words(), file=sys.stderr, flush=True)
        sys.stdout.flush()
        os._exit(130)  # at once, not after the threads some commands leave (collectstatic's)


def stopped_words() -> str:
    try:
        from django.utils.translation import gettext

        return gettext("Stopped (Ctrl-C).")
    except Exception:  # settings not loaded yet: the site's own language, French
        return "Arrêté (Ctrl-C)."


def missing_database() -> str:
    """Words for a hall whose data folder holds no database yet, or ""."""
    import django
    from django.conf import settings
    from django.utils.translation import gettext

    django.setup()
    database = settings.DATABASES["default"]
    if not settings.HUCHE_HALL or not database["ENGINE"].endswith("sqlite3"):
        return ""
    if os.path.exists(database["NAME"]):
        return ""
    return gettext(
        "No Huche data in %(folder)s. Is it the folder the hall uses? If you chose another "
        "one (HUCHE_HOME), set it in this window too, or once for good: docs/hall.md."
    ) % {"folder": settings.HUCHE_HOME}
