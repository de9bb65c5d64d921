"""Celery tasks: recompute standings and warm the public pages after each confirmed result.

Sending goes through :class:`~tournaments.models.OutboxTask` so a broker outage delays the work
but never loses it; the tasks are idempotent (recomputing twice gives the same pages) and retried
with exponential backoff when they fail.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from .models import Event, OutboxTask

log = logging.getLogger(__name__)


@shared_task(bind=True, autoretry_for=(Exception,), retry_backoff=2, retry_backoff_max=120,
             retry_jitter=False, max_retries=6)
def refresh_standings(self, event_id: int, outbox_id: int | None = None) -> dict:
    """Compute the event's standings into the cache (keyed by the event's version)."""
    from tournaments.standings.service import warm_standings

    event = Event.objects.filter(pk=event_id).first()
    result = {"event": event_id, "rows": 0}
    if event is not None:
        result["rows"] = warm_standings(event)
    if outbox_id is not None:
        OutboxTask.objects.filter(pk=outbox_id, done_at__isnull=True).update(
            done_at=timezone.now()
        )
    return result


@shared_task(bind=True, autoretry_for=(Exception,), retry_backoff=2, retry_backoff_max=120,
             retry_jitter=False, max_retries=6)
def build_season_export(self, export_id: int, outbox_id: int | None = None) -> dict:
    """Build a season's CSV (idempotent: rebuilt from the database, a done export is kept)."""
    from tournaments.leagues import season_export

    try:
        export = season_export.build_season_export(export_id)
    except Exception as exc:
        if self.request.retries >= self.max_retries:
            season_export.fail_season_export(export_id, exc)
        raise
    if outbox_id is not None:
        OutboxTask.objects.filter(pk=outbox_id, done_at__isnull=True).update(
            done_at=timezone.now()
        )
    return {"export": export_id, "status": export.status if export else None}


TASKS = {"refresh_standings": refresh_standings, "build_season_export": build_season_export}


def _send(row: OutboxTask) -> bool:
    try:
        TASKS[row.name].apply_async(args=[*row.args, row.pk], retry=False)
    except Exception as exc:  # broker unreachable: keep the row for later
        OutboxTask.objects.filter(pk=row.pk).update(
            attempts=row.attempts + 1, last_error=f"{type(exc).__name__}: {exc}"[:300]
        )
        log.warning("broker unavailable, %s kept in the outbox: %s", row.name, exc)
        return False
    OutboxTask.objects.filter(pk=row.pk, sent_at__isnull=True).update(sent_at=timezone.now())
    return True


def flush_outbox(limit: int = 500) -> int:
    """Send the pending work whose sending failed; returns how many were sent."""
    sent = 0
    for row in OutboxTask.objects.filter(sent_at__isnull=True, done_at__isnull=True).order_by(
        "created_at"
    )[:limit]:
        if not _send(row):
            break
        sent += 1
    return sent


def schedule_standings_refresh(event_id: int) -> None:
    """Record the work in the current transaction; send it once the transaction commits."""
    row = OutboxTask.objects.create(name="refresh_standings", args=[event_id])

    def send() -> None:
        if _send(row):
            flush_outbox()

    transaction.on_commit(send)


def schedule_season_export(export_id: int) -> None:
    """Like :func:`schedule_standings_refresh`, for a season export."""
    row = OutboxTask.objects.create(name="build_season_export", args=[export_id])
    transaction.on_commit(lambda: _send(row) and flush_outbox())


@shared_task
def flush_outbox_task() -> int:
    return flush_outbox()


def pending_work() -> int:
    return OutboxTask.objects.filter(done_at__isnull=True, sent_at__isnull=True).count()
