"""``manage.py export_event SLUG [-o FILE]``: the event's archive (JSON) on stdout or in FILE."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.archives.transfer import dumps, export_event
from tournaments.errors import RuleError
from tournaments.models import Event


class Command(BaseCommand):
    help = _("Write an event's archive (JSON) to stdout or to a file, to import it elsewhere.")

    def add_arguments(self, parser):
        parser.add_argument("slug", help=_("the event's slug (as in /e/SLUG/)"))
        parser.add_argument("-o", "--output", help=_("write to this file instead of stdout"))

    def handle(self, *args, slug, output=None, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            known = ", ".join(Event.objects.order_by("slug").values_list("slug", flat=True)[:20])
            raise CommandError(
                _("No event “%(slug)s” here. Events: %(known)s")
                % {"slug": slug, "known": known or _("none")}
            )
        try:
            text = dumps(export_event(event))
        except RuleError as exc:
            raise CommandError(exc.message) from None
        if output:
            try:
                Path(output).write_text(text, encoding="utf-8")
            except OSError as exc:
                raise CommandError(
                    _("Cannot write %(file)s: %(error)s") % {"file": output, "error": exc.strerror}
                ) from None
            self.stderr.write(
                _("Archive of “%(event)s” written to %(file)s.") % {"event": event, "file": output}
            )
        else:
            self.stdout.write(text, ending="")
