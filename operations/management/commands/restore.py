"""``huche restore PATH`` (``manage.py restore``): a backup made by ``huche backup`` into this
site's EMPTY database, all or nothing, then its signing key, install name and (at a hall) the
hall's secret key; nothing cached before it is served afterwards (operations/backups.py,
docs/deploy.md §8, docs/hall.md)."""

from __future__ import annotations

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from operations import backups


class Command(BaseCommand):
    help = _(
        "Restore a backup made by `huche backup` into this site's empty database (refused if "
        "it has tables), with its archive signing key and install name."
    )

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument(
            "--unverified",
            action="store_true",
            help=_(
                "Restore without checking the backup's seal: a backup made before Huche sealed "
                "them, or by a site with another SECRET_KEY. Only for a file nobody changed."
            ),
        )

    def handle(self, *args, path, unverified, **options):
        try:
            restored = backups.restore(path, unverified=unverified)
        except backups.BackupError as exc:
            raise CommandError(str(exc)) from None
        except OSError as exc:  # a disk full, a folder not writable: a sentence, no traceback
            raise CommandError(
                _("Nothing restored from %(path)s: %(error)s")
                % {"path": path, "error": exc.strerror or exc}
            ) from None
        call_command("migrate", "--noinput", verbosity=0)  # a backup from an older Huche
        self.stdout.write(
            _("Restored %(path)s into the %(engine)s database.")
            % {"path": path, "engine": restored.engine}
        )
        self.stdout.write(
            _("Archive signing key: %(key)s; install name: %(name)s.")
            % {"key": restored.key_file, "name": restored.install_name}
        )
        if restored.key_set_aside:
            self.stdout.write(
                _("The key that was there is kept as %(path)s.") % {"path": restored.key_set_aside}
            )
        if restored.secret_key_restored:
            self.stdout.write(
                _(
                    "The hall's secret key is restored too: the captains who typed their PIN "
                    "stay logged in once `huche hall` starts here."
                )
            )
        if restored.name_overridden_by:
            self.stdout.write(
                _(
                    "HUCHE_INSTALL_NAME is set here to %(here)s: archives will be signed as "
                    "%(here)s, not %(name)s. Remove it to sign as before."
                )
                % {"here": restored.name_overridden_by, "name": restored.install_name}
            )
