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

    def handle(self, *args, **options):
        try:
            me = signing.this_install()
        except RuleError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(
            _("Archives from this installation are signed as: %(name)s") % {"name": me.name}
        )
        self.stdout.write(_("Key fingerprint: %(key)s") % {"key": me.fingerprint})
        self.stdout.write(_("Public key (Ed25519): %(key)s") % {"key": me.public_key})
        self.stdout.write(_("Key file: %(path)s") % {"path": signing.key_file()})
