#!/bin/sh
# Restore a backup made by deploy/backup.sh into the EMPTY database at DATABASE_URL:
#   DATABASE_URL=postgres://… sh deploy/restore.sh backups/huche-2026-11-24T031500Z.dump
# Stop the web, worker and beat services first; docs/deploy.md gives the whole procedure.
# It refuses a database that already has tables: nothing is overwritten by mistake.
set -eu
backup=${1:?usage: restore.sh BACKUP.dump (made by deploy/backup.sh)}
: "${DATABASE_URL:?set DATABASE_URL (postgres://user:password@host:5432/huche)}"
[ -r "$backup" ] || { echo "restore: cannot read $backup" >&2; exit 2; }
tables=$(psql --dbname="$DATABASE_URL" -tAc \
  "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")
if [ "$tables" != "0" ]; then
  echo "restore: the database at DATABASE_URL already has $tables tables; restore into an" \
    "empty database (dropdb, createdb), never over a live one." >&2
  exit 3
fi
# One transaction: either the whole backup is restored, or nothing is.
pg_restore --exit-on-error --single-transaction --no-owner --no-privileges \
  --dbname="$DATABASE_URL" "$backup"
echo "restored $backup"
