"""Celery tasks of the site as a whole: the daily purges (:mod:`operations.housekeeping`),
sent by Celery beat (``CELERY_BEAT_SCHEDULE`` in config/settings.py)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from operations import housekeeping


@shared_task
def purge_sessions_task() -> int:
    return housekeeping.purge_sessions()


@shared_task
def purge_task_rows_task() -> dict[str, int]:
    return housekeeping.purge_task_rows(int(settings.TASK_ROWS_KEEP_DAYS))
