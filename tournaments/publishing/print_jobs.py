"""Big events' printouts written off the request path (issue 51, finding 1: one slip printout
of a 3,000-team event took 31.6 s and 7.7 MB, three at once ended in ``WORKER TIMEOUT`` and
held a visitor's page for a minute).

- **Small events stay on the request**: up to ``HUCHE_PRINT_ASYNC_TEAMS`` teams (150: a big
  regional day; the page takes well under a second), the page renders its slips or sheets
  itself, as before. One team's slip (``?team=``) is always rendered at once.
- **Above it**, the page asks for a :class:`~tournaments.models.PrintJob` keyed by what the
  printout shows (:func:`slips_key`, :func:`round_key`: the event's version and cache token,
  the teams and their live links, or the round's tables, and the addresses printed). A Celery
  task (through the outbox: sent once the request's transaction commits; eager on the laptop
  without Redis) writes the printed part once, gzipped; every later request for the same
  version is served that document, and a new version gets a new job. The page shows
  "being prepared" and reloads itself every few seconds until the document is there: the
  request only counts rows and reads one, whatever the event's size.
- **At most ``HUCHE_PRINT_JOBS_PER_ORGANIZER`` jobs waiting or running per organizer** (2):
  a further new printout is refused in words until one is done (jobs older than
  :data:`STALE_AFTER` no longer count: a worker lost). Asking again for a job already asked
  for costs nothing.
"""

from __future__ import annotations

import gzip
import hashlib
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language, override
from django.utils.translation import gettext as _

from tournaments import outbox
from tournaments.errors import RuleError
from tournaments.models import Event, PrintJob, Round
from tournaments.publishing.printing import captain_slips, sheet_context, table_sheets

POLL_SECONDS = 3
STALE_AFTER = timedelta(minutes=10)
KEEP = 2  # done documents kept per printout (the newest versions)
Kind = PrintJob.Kind
Status = PrintJob.Status


def async_threshold() -> int:
    return int(getattr(settings, "HUCHE_PRINT_ASYNC_TEAMS", 150))


def per_organizer() -> int:
    return int(getattr(settings, "HUCHE_PRINT_JOBS_PER_ORGANIZER", 2))


def in_background(event: Event) -> bool:
    """Whether this event's printouts are written by the background task."""
    return event.teams.active().count() > async_threshold()


def _digest(*parts) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def slips_key(event: Event, base_url: str, fallback_url: str = "") -> str:
    """What the slips show: the teams still in and their live links (a new link, a team added
    or withdrawn changes it), the addresses printed, the language."""
    teams = list(
        event.teams.active()
        .filter(links__revoked_at__isnull=True)
        .order_by("pk", "links__pk")
        .values_list("pk", "name", "captain", "links__pk")
    )
    return _digest(
        event.pk, event.version, event.cache_token, teams, base_url, fallback_url, _lang()
    )


def round_key(round_: Round) -> str:
    """What the sheets show: the round's tables and teams, the event's version (names)."""
    event = round_.event
    games = list(round_.games.order_by("pk").values_list("pk", "table", "team_a_id", "team_b_id"))
    return _digest(event.pk, event.version, event.cache_token, round_.pk, games, _lang())


def _lang() -> str:
    return get_language() or settings.LANGUAGE_CODE


@transaction.atomic
def ask(
    event: Event,
    user,
    kind: str,
    key: str,
    *,
    round_number: int | None = None,
    base_url: str = "",
    fallback_url: str = "",
) -> PrintJob:
    """The job for this printout's version: the one already asked for (done, waiting or
    running), else a new one sent to the worker; refused (nothing written) when ``user``
    already has the allowed number of jobs waiting or running."""
    found = (
        PrintJob.objects.filter(event=event, kind=kind, round_number=round_number, key=key)
        .exclude(status=Status.FAILED)
        .first()
    )
    if found is not None:
        return found
    since = timezone.now() - STALE_AFTER
    busy = PrintJob.objects.filter(
        requested_by=user, status__in=[Status.PENDING, Status.RUNNING], created_at__gte=since
    ).count()
    if busy >= per_organizer():
        raise RuleError(
            _(
                "%(n)d of your printouts are still being prepared: wait until one is ready, "
                "then ask for this one again."
            )
            % {"n": busy},
            code="print_busy",
            status=429,
            extra={"retry_after": POLL_SECONDS * 5},
        )
    job = PrintJob.objects.create(
        event=event,
        kind=kind,
        round_number=round_number,
        key=key,
        requested_by=user if getattr(user, "is_authenticated", False) else None,
        base_url=base_url[:300],
        fallback_url=fallback_url[:300],
    )
    outbox.schedule("build_printout", job.pk, _lang())
    return job


def document(job: PrintJob) -> str | None:
    """The printed part of the page, once written."""
    if job.status != Status.DONE:
        return None
    return gzip.decompress(bytes(job.document)).decode()


def build(job_id: int, language: str) -> PrintJob | None:
    """Write the job's document (idempotent: a done job is left as it is)."""
    job = PrintJob.objects.select_related("event").filter(pk=job_id).first()
    if job is None or job.status == Status.DONE:
        return job
    PrintJob.objects.filter(pk=job.pk).update(status=Status.RUNNING)
    with override(language):
        html = _render(job)
    job.document = gzip.compress(html.encode(), compresslevel=6)
    job.status = Status.DONE
    job.finished_at = timezone.now()
    job.save(update_fields=["document", "status", "finished_at"])
    _forget_older(job)
    return job


def fail(job_id: int, exc: BaseException) -> None:
    PrintJob.objects.filter(pk=job_id).exclude(status=Status.DONE).update(
        status=Status.FAILED, error=f"{type(exc).__name__}: {exc}"[:300], finished_at=timezone.now()
    )


def _render(job: PrintJob) -> str:
    event = job.event
    if job.kind == Kind.SLIPS:
        if job.fallback_url:
            slips = captain_slips(event, job.base_url, job.fallback_url)
        else:
            slips = captain_slips(event, job.base_url)
        return render_to_string("tournaments/_slips_list.html", {"event": event, "slips": slips})
    round_ = Round.objects.get(event=event, number=job.round_number or 0)
    games, byes = table_sheets(round_)
    return render_to_string(
        "tournaments/_round_sheets.html",
        {"event": event, "round": round_, "games": games, "byes": byes} | sheet_context(event),
    )


def _forget_older(job: PrintJob) -> None:
    """Keep the newest few documents of this printout: older versions are never shown."""
    same = PrintJob.objects.filter(
        event=job.event, kind=job.kind, round_number=job.round_number, status=Status.DONE
    ).order_by("-finished_at", "-pk")
    old = list(same.values_list("pk", flat=True)[KEEP:])
    if old:
        PrintJob.objects.filter(pk__in=old).delete()
