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
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_email
from django.core.wsgi import get_wsgi_application
from django.utils.translation import gettext as _

from config import exposure, hall


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
        parser.add_argument(
            "--organizer", action="store_true", help="Only ask for the organizer's account."
        )

    def handle(self, *args, listen, workers, no_serve, organizer, **options):
        if not settings.HUCHE_HALL:
            raise CommandError("Run it as `make hall` (it sets HUCHE_HALL=1: docs/hall.md).")
        if organizer:
            call_command("migrate", "--noinput", verbosity=0)
            create_first_organizer(input, getpass.getpass, self.stdout.write)
            return
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
            serve(listen, workers)

    def ask_for_the_organizer(self) -> None:
        if not organizer_missing():
            return
        if sys.stdin.isatty():
            create_first_organizer(input, getpass.getpass, self.stdout.write)
            return
        self.stdout.write(
            _(
                "No organizer account yet. In another terminal, in the Huche folder, run:\n"
                "  HUCHE_HALL=1 .venv/bin/python manage.py hall --organizer"
            )
        )


def create_first_organizer(
    ask: Callable[[str], str], ask_secret: Callable[[str], str], write: Callable[[str], None]
) -> None:
    """The organizer's account, asked in the hall's language (Django's createsuperuser asks
    for the password in English whatever the language), checked by the site's password rules."""
    write(_("First start: the organizer's account (email and password)."))
    users = get_user_model()
    while True:
        email = users.objects.normalize_email(ask(_("Organizer's email: ")).strip())
        try:
            validate_email(email)
        except ValidationError:
            write(_("That is not an email address (e.g. nom@exemple.ca)."))
            continue
        if users.objects.filter(email__iexact=email).exists():
            write(_("An account already uses this email."))
            continue
        break
    while True:
        password = ask_secret(_("Password: "))
        if ask_secret(_("Password again: ")) != password:
            write(_("The two passwords differ. Again, please."))
            continue
        try:
            validate_password(password, users(email=email))
        except ValidationError as refused:
            write(" ".join(refused.messages))
            continue
        break
    users.objects.create_superuser(email=email, password=password)
    write(_("Account created: %(email)s can log in.") % {"email": email})


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
