"""``manage.py create_organizer``: an organizer's account (superuser), asked in the site's
language. ``make hall`` asks the same on its first start; the central site runs it once
(docs/deploy.md). Django's createsuperuser asks for the password in English whatever the
language, which a French-speaking volunteer should not have to decipher."""

from __future__ import annotations

import getpass
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.core.validators import validate_email
from django.utils.translation import gettext as _


class Command(BaseCommand):
    help = "Create an organizer's account (email and password), asked in the site's language."

    def handle(self, *args, **options):
        call_command("migrate", "--noinput", verbosity=0)  # may come before the server's start
        create_organizer_account(input, getpass.getpass, self.stdout.write)


def create_organizer_account(
    ask: Callable[[str], str], ask_secret: Callable[[str], str], write: Callable[[str], None]
) -> None:
    """Asks until the answers are usable: a valid email no account uses, the same password
    twice, held to the site's password rules (AUTH_PASSWORD_VALIDATORS)."""
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
