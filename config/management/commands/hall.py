"""``make hall`` (``HUCHE_HALL=1 manage.py hall``): serve a real event on the hall's network.

Not the demo: no demo data, DEBUG off, gunicorn (waitress where gunicorn cannot run, e.g.
Windows) serving the pages and the static files, SQLite on the laptop. On first start it asks
for the organizer's account (or says how to create it when nobody is at the keyboard), then
prints the address the captains' phones must use. docs/hall.md.
"""

from __future__ import annotations

import getpass
import os
import shutil
import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.core.wsgi import get_wsgi_application
from django.utils.translation import gettext as _

from config import exposure, hall, hall_watch
from config.management.commands.create_organizer import create_organizer_account


def organizer_missing() -> bool:
    return not get_user_model().objects.filter(is_superuser=True, is_active=True).exists()


class Command(BaseCommand):
    help = "Serve a real event on the hall's network (docs/hall.md): make hall [HOST=…] [PORT=…]"

    def add_arguments(self, parser):
        parser.add_argument("--listen", default=settings.HUCHE_LISTEN or "0.0.0.0:8000")
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument(
            "--no-serve", action="store_true", help="Prepare everything, print, do not serve."
        )

    def handle(self, *args, listen, workers, no_serve, **options):
        if not settings.HUCHE_HALL:
            raise CommandError("Run it as `make hall` (it sets HUCHE_HALL=1: docs/hall.md).")
        try:
            exposure.refuse_debug([listen])
        except exposure.Exposed as refused:
            raise CommandError(str(refused)) from None
        call_command("migrate", "--noinput", verbosity=0)
        call_command("collectstatic", "--noinput", verbosity=0)
        exposure.check_before_serving([listen], self.stdout.write)  # the demo's password
        self.ask_for_the_organizer()
        base = settings.HUCHE_BASE_URL or hall.served_base_url(listen)
        self.stdout.write(_("Organizers log in at: %(url)s") % {"url": f"{base}/organize/"})
        self.stdout.write(_("Phones on the hall's network open: %(url)s") % {"url": f"{base}/"})
        self.stdout.flush()
        if not no_serve:
            hall_watch.start(listen)  # the name on the network, the address's changes
            serve(listen, workers)

    def ask_for_the_organizer(self) -> None:
        if not organizer_missing():
            return
        if sys.stdin.isatty():
            self.stdout.write(_("First start: the organizer's account (email and password)."))
            create_organizer_account(input, getpass.getpass, self.stdout.write)
            return
        self.stdout.write(
            _(
                "No organizer account yet. In another terminal, in the Huche folder, run:\n"
                "  HUCHE_HALL=1 .venv/bin/python manage.py create_organizer"
            )
        )


def serve(listen: str, workers: int) -> None:
    """Replace this process by gunicorn (its gunicorn.conf.py checks again before binding), or
    serve with waitress where gunicorn cannot run."""
    gunicorn = shutil.which("gunicorn", path=os.path.dirname(sys.executable))
    if os.name != "nt" and gunicorn:
        sys.stdout.flush()
        os.execv(
            gunicorn,
            [
                gunicorn,
                "config.wsgi",
                f"--config={settings.BASE_DIR / 'gunicorn.conf.py'}",
                f"--chdir={settings.BASE_DIR}",
                f"--bind={listen}",
                f"--workers={workers}",
                "--threads=4",  # many phones at once, each request short
                "--timeout=30",
                "--access-logfile=-",
            ],
        )
    try:
        # Optional, so imported only where gunicorn cannot run (docs/architecture.md).
        from waitress import serve as waitress_serve
    except ImportError:
        raise CommandError(
            "gunicorn cannot run here: install waitress (.venv/bin/pip install waitress)"
        ) from None
    host, port = hall.split_listen(listen)
    waitress_serve(get_wsgi_application(), host=host, port=port, threads=8)
