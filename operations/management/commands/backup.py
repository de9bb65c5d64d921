"""``huche backup [PATH]`` (``manage.py backup``): one backup of the database, the archive
signing key and the install name, in one .tar file (operations/backups.py, docs/deploy.md §7,
docs/hall.md). Safe while Huche serves."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from operations import backups


class Command(BaseCommand):
    help = _(
        "Back up the database, the archive signing key and the install name into one .tar file "
        "(PATH: a folder, or the file's name; default: HUCHE_BACKUP_DIR or the backups folder)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", nargs="?", default=None)
        parser.add_argument(
            "--keep", type=int, default=0, help=_("Then keep only the N newest backups there.")
        )

    def handle(self, *args, path, keep, **options):
        try:
            written = backups.backup(path)
        except backups.BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(written_line(written))
        if keep:
            backups.prune(written.path.parent, keep)


def written_line(written: backups.Written) -> str:
    values = {"path": written.path, "engine": written.engine, "name": written.install_name}
    if written.hall_secret_key:  # at a hall: what keeps the captains logged in goes with it
        return (
            _(
                "Backup written: %(path)s. It holds the %(engine)s database, the archive signing "
                "key, the hall's secret key and the name archives are signed with (“%(name)s”)."
            )
            % values
        )
    return (
        _(
            "Backup written: %(path)s. It holds the %(engine)s database, the archive signing key "
            "and the name archives are signed with (“%(name)s”)."
        )
        % values
    )
