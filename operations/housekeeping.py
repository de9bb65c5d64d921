"""Scheduled purges (issue 32, finding 5): what grows with use and is no longer needed.

Run daily by Celery beat (``CELERY_BEAT_SCHEDULE``, tasks in :mod:`operations.tasks`; the hall's
laptop runs no beat and keeps everything). What goes and what stays:

- **Expired sessions** (Django's ``clearsessions``): a session past its expiry date signs no
  one in; the row is dead weight.
- **Task rows** older than ``TASK_ROWS_KEEP_DAYS``: outbox rows whose work is done (pending or
  sent-but-unfinished rows always stay: they are work still owed); season exports finished
  (done or failed) that long ago, except each organizer's latest done export of a season (the
  one the page offers to download again); archives waiting for a confirmation past their day
  (:data:`tournaments.archives.pending.KEPT`).
- **Practice games**: see :func:`games.play.limits.purge_abandoned` and ``purge_finished``.

Results, reports, audit entries and events are never purged: they are the tournaments' record.
"""

from __future__ import annotations

from datetime import timedelta
from importlib import import_module

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db.models import Max
from django.utils import timezone

from tournaments.archives.pending import KEPT as PENDING_ARCHIVE_KEPT
from tournaments.models import OutboxTask, PendingArchiveImport, SeasonExport


def purge_sessions() -> int:
    """Delete expired sessions through the session engine (as ``clearsessions`` does);
    returns how many rows went (0 for an engine that keeps no rows)."""
    expired = Session.objects.filter(expire_date__lt=timezone.now()).count()
    engine = import_module(settings.SESSION_ENGINE)
    try:
        engine.SessionStore.clear_expired()
    except NotImplementedError:  # signed cookies: nothing stored on the server
        return 0
    return expired


def purge_task_rows(days: int) -> dict[str, int]:
    """Delete the finished task rows older than ``days`` days; returns the count per kind."""
    if days < 1:
        raise ValueError("TASK_ROWS_KEEP_DAYS must be at least 1 day")
    cutoff = timezone.now() - timedelta(days=days)
    outbox = OutboxTask.objects.filter(done_at__lt=cutoff).delete()[0]
    latest_done = (
        SeasonExport.objects.filter(status=SeasonExport.Status.DONE)
        .order_by()
        .values("season", "requested_by")
        .annotate(latest=Max("pk"))
        .values_list("latest", flat=True)
    )
    exports = (
        SeasonExport.objects.filter(
            status__in=[SeasonExport.Status.DONE, SeasonExport.Status.FAILED],
            finished_at__lt=cutoff,
        )
        .exclude(pk__in=list(latest_done))
        .delete()[0]
    )
    pending = PendingArchiveImport.objects.filter(
        created_at__lt=timezone.now() - PENDING_ARCHIVE_KEPT
    ).delete()[0]
    return {"outbox": outbox, "season_exports": exports, "pending_archives": pending}
