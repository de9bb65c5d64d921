"""The outbox: background work recorded in the database, sent to Celery once the change commits.

A service asks for work with :func:`schedule` inside its transaction; the row is written with the
change, and sent once the transaction commits. If the broker is unreachable the row stays, and
:func:`flush_outbox` (the ``flush_outbox`` command, the worker's beat, or, for a few of them, the
next successful send) sends it later: a broker outage delays the work but never loses it.

Work taken but never finished (the worker killed, the broker's queue lost with Redis) is sent
again too: a row sent more than ``OUTBOX_LEASE`` seconds ago and still not done is due again
(issue 33, finding 6). The broker itself redelivers a killed worker's task after its visibility
timeout (``CELERY_BROKER_TRANSPORT_OPTIONS``); the lease is the safety net behind it, longer
than that timeout plus the tasks' retries, so the two rarely overlap (and every task is
idempotent when they do). A task that gives up after its last retry marks its row done, having
recorded the failure where a person sees it (a season export says "Failed").

This module knows tasks only by name: ``tournaments.tasks`` registers them (:func:`register`), so
the services that schedule work never import the tasks, which import the services.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments.models import OutboxTask

log = logging.getLogger(__name__)

TASKS: dict = {}


def register(name: str, task: Any) -> None:  # a Celery task (celery has no type information)
    """Make a Celery task sendable by name (called by ``tournaments.tasks`` when it loads)."""
    TASKS[name] = task


#: After a send succeeds in a request, at most this many rows whose own send failed go with
#: it (the broker is back). A larger backlog, and work taken but never finished, wait for the
#: beat's flush (every minute) or the ``flush_outbox`` command: a captain's request never pays
#: for them (a worker down for the lease would otherwise make one request re-send 500 rows).
SEND_ALONG = 20


def schedule(name: str, *args: Any) -> None:
    """Record the work in the current transaction; send it once the transaction commits."""
    row = OutboxTask.objects.create(name=name, args=list(args))
    transaction.on_commit(lambda: _send(row) and flush_outbox(SEND_ALONG, expired=False))


def _send(row: OutboxTask) -> bool:
    try:
        TASKS[row.name].apply_async(args=[*row.args, row.pk], retry=False)
    except Exception as exc:  # broker unreachable: keep the row for later
        OutboxTask.objects.filter(pk=row.pk).update(
            attempts=row.attempts + 1, last_error=f"{type(exc).__name__}: {exc}"[:300]
        )
        log.warning("broker unavailable, %s kept in the outbox: %s", row.name, exc)
        return False
    # The lease runs from the last send (a row sent again gets a new one). Recorded on a row
    # already done too: a task run in-process (eager, the laptop) is done before this line.
    OutboxTask.objects.filter(pk=row.pk).update(sent_at=timezone.now())
    return True


def due(*, expired: bool = True) -> Q:
    """Rows to send: never sent, or (``expired``) sent longer than the lease ago and still not
    done."""
    lease = timedelta(seconds=int(getattr(settings, "OUTBOX_LEASE", 900)))
    again = Q(sent_at__lt=timezone.now() - lease) if expired else Q(pk__in=[])
    return Q(done_at__isnull=True) & (Q(sent_at__isnull=True) | again)


def flush_outbox(limit: int = 500, *, expired: bool = True) -> int:
    """Send the work whose sending failed, and (``expired``) the work taken and never finished;
    returns how many were sent."""
    sent = 0
    for row in OutboxTask.objects.filter(due(expired=expired)).order_by("created_at")[:limit]:
        if not _send(row):
            break
        sent += 1
    return sent


def mark_done(outbox_id: int | None) -> None:
    """A task finished the work of this row (idempotent: a re-run changes nothing)."""
    if outbox_id is not None:
        OutboxTask.objects.filter(pk=outbox_id, done_at__isnull=True).update(done_at=timezone.now())


def pending_work() -> int:
    return OutboxTask.objects.filter(due()).count()
