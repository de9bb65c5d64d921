#!/bin/sh
# Restore a backup made by deploy/backup.sh (`huche backup`) into the EMPTY database of the
# site's settings, with `manage.py restore` (`huche restore`):
#   DATABASE_URL=postgres://… sh deploy/restore.sh backups/huche-2026-11-24T031500.000Z.tar
# It refuses a database that already has tables (nothing is overwritten by mistake), restores
# all or nothing, puts back the archive signing key and the install name, and clears Huche's
# keys in the cache (REDIS_URL) so no page from before the restore is served.
# docs/deploy.md §8 gives the whole procedure.
set -eu
backup=${1:?usage: restore.sh BACKUP.tar (made by deploy/backup.sh or huche backup)}
if [ -z "${PYTHON:-}" ]; then
  if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
exec "$PYTHON" manage.py restore "$backup"
