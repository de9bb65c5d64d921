"""``manage.py purge_practice_games [--days N]``: delete abandoned practice games.

Unfinished games nobody played for N days (default ``PRACTICE_ABANDONED_DAYS``); finished
games stay. The periodic task ``games.tasks.purge_practice_games_task`` does the same daily."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.play.limits import purge_abandoned


class Command(BaseCommand):
    help = _("Delete the unfinished practice games nobody played for a number of days.")

    def add_arguments(self, parser):
        parser.add_argument(
            "--days",
            type=int,
            default=None,
            help=_("untouched for at least this many days (default: PRACTICE_ABANDONED_DAYS)"),
        )

    def handle(self, *args, days=None, **options):
        days = settings.PRACTICE_ABANDONED_DAYS if days is None else days
        if days < 1:
            raise CommandError(_("--days must be a whole number of days, at least 1."))
        deleted = purge_abandoned(days)
        self.stdout.write(
            ngettext(
                "%(n)d abandoned practice game deleted (unfinished, untouched for %(days)d days).",
                "%(n)d abandoned practice games deleted (unfinished, untouched for %(days)d days).",
                deleted,
            )
            % {"n": deleted, "days": days}
        )
