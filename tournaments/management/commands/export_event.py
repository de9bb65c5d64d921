"""``manage.py export_event SLUG [-o FILE] [--results]``: the event's archive (JSON) on stdout or
in FILE; with ``--results``, its results in the open format (docs/result-format.md) instead."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.archives.open_format import results_document
from tournaments.archives.transfer import dumps, export_event
from tournaments.errors import RuleError
from tournaments.models import Event


class Command(BaseCommand):
    help = _("Write an event's archive (JSON) to stdout or to a file, to import it elsewhere.")

    def add_arguments(self, parser):
        parser.add_argument("slug", help=_("the event's slug (as in /e/SLUG/)"))
        parser.add_argument("-o", "--output", help=_("write to this file instead of stdout"))
        parser.add_argument(
            "--results",
            action="store_true",
            help=_(
                "write the results in the open format (huche.results, docs/result-format.md) "
                "instead of the archive; member numbers included"
            ),
        )

    def handle(self, *args, slug, output=None, results=False, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            known = ", ".join(Event.objects.order_by("slug").values_list("slug", flat=True)[:20])
            raise CommandError(
                _("No event “%(slug)s” here. Events: %(known)s")
                % {"slug": slug, "known": known or _("none")}
            )
        try:
            if results:  # whoever runs the command has the server: every member number
                text = dumps(results_document(event, every_number=True))
            else:
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
                (
                    _("Results of “%(event)s” written to %(file)s.")
                    if results
                    else _("Archive of “%(event)s” written to %(file)s.")
                )
                % {"event": event, "file": output}
            )
        else:
            self.stdout.write(text, ending="")
