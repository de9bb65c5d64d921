"""``manage.py archive_key``: the name and key this installation signs its archives with.

Read it to the league's organizer (or compare it with what their import page shows) before
they trust this hall's archives; the key is created on first use (docs/archives.md)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.archives import signing
from tournaments.errors import RuleError


class Command(BaseCommand):
    help = _("Show the name and key fingerprint this installation signs its event archives with.")

    def add_arguments(self, parser):
        parser.add_argument(
            "--rotate",
            action="store_true",
            help=_(
                "Make a new key (the laptop was lost, or its key copied); the old one is kept "
                "beside it, renamed. The league must then trust the new key."
            ),
        )

    def handle(self, *args, rotate=False, **options):
        try:
            if rotate:
                old, _new, retired = signing.rotate_key()
                self.stdout.write(
                    _(
                        "New key made. The old one (%(old)s) is kept as %(path)s. Tell the "
                        "league's organizer: on the league's page, forget the old key of "
                        "“%(name)s”, then trust the new one when its next archive arrives, "
                        "after comparing the fingerprint below."
                    )
                    % {"old": old.fingerprint, "path": retired, "name": old.name}
                )
            me = signing.this_install()
        except RuleError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(
            _("Archives from this installation are signed as: %(name)s") % {"name": me.name}
        )
        self.stdout.write(_("Key fingerprint: %(key)s") % {"key": me.fingerprint})
        self.stdout.write(_("Public key (Ed25519): %(key)s") % {"key": me.public_key})
        self.stdout.write(_("Key file: %(path)s") % {"path": signing.key_file()})
