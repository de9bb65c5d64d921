#!/bin/sh
# One backup of Huche with `manage.py backup` (`huche backup`): the database, the archive
# signing key and the install name in one file, backups/huche-<time>.tar, written under a
# temporary name then renamed; then the removal of those older than BACKUP_KEEP_DAYS days.
# Run daily by cron, from the Huche folder, with the site's settings:
#   15 3 * * *  cd /srv/huche && DATABASE_URL=postgres://… sh deploy/backup.sh
# PostgreSQL: pg_dump's custom format inside (postgresql-client must be installed).
# Restore: deploy/restore.sh (docs/deploy.md §8).
set -eu
dir=${BACKUP_DIR:-./backups}
keep=${BACKUP_KEEP_DAYS:-14}
if [ -z "${PYTHON:-}" ]; then
  if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
"$PYTHON" manage.py backup "$dir"
find "$dir" -name 'huche-*.tar' -type f -mtime +"$keep" -delete
