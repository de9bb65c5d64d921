#!/bin/sh
# One backup of Huche's PostgreSQL database, then the removal of those older than
# BACKUP_KEEP_DAYS days. Run daily by the compose stack's backup service, or by cron:
#   15 3 * * *  cd /srv/huche && DATABASE_URL=postgres://… sh deploy/backup.sh
# The custom format (-Fc) is compressed and restores table by table (deploy/restore.sh),
# whatever the foreign keys between tables (docs/deploy.md).
set -eu
: "${DATABASE_URL:?set DATABASE_URL (postgres://user:password@host:5432/huche)}"
dir=${BACKUP_DIR:-./backups}
keep=${BACKUP_KEEP_DAYS:-14}
mkdir -p "$dir"
stamp=$(date -u +%Y-%m-%dT%H%M%SZ)
partial="$dir/.huche-$stamp.dump.partial"
# Written under another name first: a backup cut short never looks like a good one.
pg_dump --format=custom --file="$partial" --dbname="$DATABASE_URL"
mv "$partial" "$dir/huche-$stamp.dump"
find "$dir" -name 'huche-*.dump' -type f -mtime +"$keep" -delete
echo "backup written: $dir/huche-$stamp.dump"
