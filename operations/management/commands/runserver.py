"""``runserver`` (whitenoise's, without Django's static view) that refuses to serve the network
with DEBUG on and retires the demo password first (operations/exposure.py)."""

from __future__ import annotations

from django.core.management.base import CommandError
from whitenoise.runserver_nostatic.management.commands.runserver import Command as Runserver

from operations import exposure


class Command(Runserver):
    def run(self, **options):
        address = f"[{self.addr}]" if self._raw_ipv6 else self.addr
        try:
            exposure.check_before_serving([f"{address}:{self.port}"], self.stdout.write)
        except exposure.Exposed as refused:
            raise CommandError(str(refused)) from None
        super().run(**options)
