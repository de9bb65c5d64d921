"""``huche hall`` (``make hall`` in a checkout): serve a real event on the hall's network.

Not the demo: no demo data, DEBUG off, gunicorn (waitress where gunicorn cannot run, e.g.
Windows) serving the pages and the static files, SQLite in the data folder it prints
(config/home.py). On first start it asks
for the organizer's account (or says how to create it when nobody is at the keyboard), then
prints the address the captains' phones must use. docs/hall.md.
"""

from __future__ import annotations

import getpass
import importlib.util
import os
import shlex
import sys
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.core.wsgi import get_wsgi_application
from django.utils.translation import gettext as _
from waitress import serve as waitress_serve

from accounts.management.commands.create_organizer import create_organizer_account
from common import addresses
from huche import __version__
from operations import backups, exposure
from operations.hall import automatic_backups, watch


def organizer_missing() -> bool:
    return not get_user_model().objects.filter(is_superuser=True, is_active=True).exists()


class Command(BaseCommand):
    @property
    def help(self) -> str:  # type: ignore[override]  # argparse wants text, in the language
        return _(
            "Serve a real event on the hall's network (docs/hall.md): huche hall [--listen "
            "ADDRESS:PORT] [--backup-dir FOLDER]"
        )

    def get_version(self) -> str:
        return __version__  # `huche hall --version`: Huche's, not Django's

    def add_arguments(self, parser):
        parser.add_argument("--listen", default=settings.HUCHE_LISTEN or "0.0.0.0:8000")
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument(
            "--no-serve",
            action="store_true",
            help=_("Prepare everything, print, do not serve."),
        )
        parser.add_argument(
            "--server",
            choices=["auto", "gunicorn", "waitress"],
            default="auto",
            help=_("auto: gunicorn, or waitress where gunicorn cannot run (Windows)."),
        )
        parser.add_argument(
            "--backup-dir",
            help=_("Automatic backups there (a USB stick; default: HUCHE_BACKUP_DIR)"),
        )
        parser.add_argument("--backup-every", type=float, default=automatic_backups.EVERY_MINUTES)
        parser.add_argument("--backup-keep", type=int, default=automatic_backups.KEEP)

    def handle(self, *args, listen, workers, no_serve, server, **options):
        if not settings.HUCHE_HALL:
            raise CommandError(
                "Run it as `huche hall` or `make hall` (they set HUCHE_HALL=1: docs/hall.md)."
            )
        self.stdout.write(_("Data folder: %(path)s") % {"path": settings.HUCHE_HOME})
        publish_listen(listen)
        try:
            exposure.refuse_debug([listen])
        except exposure.Exposed as refused:
            raise CommandError(str(refused)) from None
        try:
            self.prepare(listen)
        except KeyboardInterrupt:  # Ctrl-C while preparing: said in words, not a traceback
            self.stdout.write(_("Stopped before serving. Start again with: huche hall"))
            self.stdout.flush()
            # At once: an exit would wait for collectstatic's compressing threads (seen: more
            # than 90 s on a loaded laptop). What was interrupted was rolled back already.
            os._exit(130)
        base = settings.HUCHE_BASE_URL or addresses.served_base_url(listen)
        self.stdout.write(_("Organizers log in at: %(url)s") % {"url": f"{base}/organize/"})
        self.stdout.write(_("Phones on the hall's network open: %(url)s") % {"url": f"{base}/"})
        self.stdout.flush()
        if not no_serve:
            self.start_backups(
                options["backup_dir"], options["backup_every"], options["backup_keep"]
            )
            self.stdout.flush()
            watch.start(listen)  # the name on the network, the address's changes
            serve(listen, workers, chosen_server(server))

    def prepare(self, listen: str) -> None:
        """The database brought up to date, the static files, the checks, the organizer."""
        call_command("migrate", "--noinput", verbosity=0)
        call_command("collectstatic", "--noinput", verbosity=0)
        exposure.check_before_serving([listen], self.stdout.write)  # the demo's password
        self.ask_for_the_organizer()

    def start_backups(self, directory: str | None, minutes: float, keep: int) -> None:
        if minutes <= 0:
            return
        folder = Path(directory) if directory else backups.default_directory()
        self.stdout.write(
            _("Automatic backups every %(minutes)s minutes to %(dir)s (the last %(keep)s kept).")
            % {"minutes": f"{minutes:g}", "dir": folder.resolve(), "keep": keep}
        )
        automatic_backups.start(folder, minutes * 60, keep)

    def ask_for_the_organizer(self) -> None:
        if not organizer_missing():
            return
        if sys.stdin.isatty():
            self.stdout.write(_("First start: the organizer's account (email and password)."))
            create_organizer_account(input, getpass.getpass, self.stdout.write)
            return
        self.stdout.write(
            _("No organizer account yet. In another terminal, run:\n  %(command)s")
            % {"command": organizer_command()}
        )


def huche_command() -> str:
    """How this `huche` was started (its launcher's path, e.g. `.venv/bin/huche` from `make
    hall`), else plain `huche`, as on a machine where pipx put it on the PATH."""
    launcher = Path(sys.argv[0])
    return str(launcher) if launcher.stem == "huche" else "huche"


def publish_listen(listen: str) -> None:
    """Where this hall listens, for every process it starts (gunicorn's workers, waitress's
    threads, the watcher): the settings read ``HUCHE_LISTEN`` for the printed links' fallback
    address and the address-change page, whether `make hall` or `huche hall --listen` chose it."""
    os.environ["HUCHE_LISTEN"] = listen
    settings.HUCHE_LISTEN = listen


def organizer_command() -> str:
    """The command that creates the organizer in this hall's data folder, from any window:
    ``HUCHE_HOME`` said when the hall runs on one (a new terminal may not have it set)."""
    home = str(settings.HUCHE_HOME)
    chosen = os.environ.get("HUCHE_HOME", "").strip()
    if os.name == "nt":
        command = f'"{huche_command()}" create_organizer'
        return f'set "HUCHE_HOME={home}" && {command}' if chosen else command
    command = f"{shlex.quote(huche_command())} create_organizer"
    return f"HUCHE_HOME={shlex.quote(home)} {command}" if chosen else command


def chosen_server(asked: str) -> str:
    """gunicorn where it can run; waitress on Windows (gunicorn needs Unix) or wherever
    gunicorn is not installed (pyproject.toml installs it everywhere but on Windows)."""
    if asked != "auto":
        return asked
    if os.name != "nt" and importlib.util.find_spec("gunicorn") is not None:
        return "gunicorn"
    return "waitress"


def serve(listen: str, workers: int, server: str) -> None:
    """Replace this process by gunicorn (its gunicorn.conf.py checks again before binding), or
    serve with waitress in this process."""
    if server == "gunicorn":
        sys.stdout.flush()
        os.execv(
            sys.executable,
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi",
                f"--config={settings.SITE_FILES_DIR / 'gunicorn.conf.py'}",
                f"--chdir={settings.BASE_DIR}",
                f"--bind={listen}",
                f"--workers={workers}",
                "--threads=4",  # many phones at once, each request short
                "--timeout=30",
                "--access-logfile=-",
            ],
        )
    host, port = addresses.split_listen(listen)
    waitress_serve(get_wsgi_application(), host=host, port=port, threads=8)
