"""A CSV of every game of every event of a season, built by a Celery task.

:func:`request_season_export` writes the :class:`~tournaments.models.SeasonExport` row and
schedules the task through the outbox in the same transaction; :func:`build_season_export`
(run by the task) rebuilds the whole file from the database, so running it twice gives the
same content, and leaves a finished export alone.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import EventRole
from tournaments import outbox
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import Event, Season, SeasonExport
from tournaments.publishing.exports import DELIMITERS, csv_lines, games_rows


def may_export(user, season: Season) -> bool:
    """Staff, or the organizer of at least one event of the season."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_staff:
        return True
    return EventRole.objects.filter(
        user=user, event__season=season, role=EventRole.Role.ORGANIZER
    ).exists()


@transaction.atomic
def request_season_export(season: Season, user, delimiter: str = "comma") -> SeasonExport:
    if not may_export(user, season):
        raise PermissionRuleError(
            _("Only an organizer of one of the season's events may export the season.")
        )
    if delimiter not in DELIMITERS:
        raise RuleError(
            _("Choose a comma or a semicolon as the delimiter."),
            code="delimiter",
            field="delimiter",
        )
    export = SeasonExport.objects.create(
        season=season,
        requested_by=user,
        delimiter=delimiter,
        language=translation.get_language() or "",
        progress_total=season.events.count(),
    )
    outbox.schedule("build_season_export", export.pk)
    return export


def _season_rows(export: SeasonExport, events: list[Event]):
    yield [_("Event"), *next(games_rows(Event()))]
    for done, event in enumerate(events, start=1):
        rows = games_rows(event)
        next(rows)  # each event's own header
        for row in rows:
            yield [event.name, *row]
        SeasonExport.objects.filter(pk=export.pk).update(progress_done=done)


def build_season_export(export_id: int) -> SeasonExport | None:
    """Build the CSV text of the export; a done (or deleted) export is left alone."""
    export = SeasonExport.objects.filter(pk=export_id).select_related("season").first()
    if export is None or export.status == SeasonExport.Status.DONE:
        return export
    events = list(Event.objects.filter(season=export.season).order_by("date", "name", "pk"))
    SeasonExport.objects.filter(pk=export.pk).update(
        status=SeasonExport.Status.RUNNING, progress_done=0, progress_total=len(events), error=""
    )
    with translation.override(export.language or None):
        content = "".join(
            csv_lines(_season_rows(export, events), DELIMITERS.get(export.delimiter, ","))
        )
    SeasonExport.objects.filter(pk=export.pk).update(
        status=SeasonExport.Status.DONE,
        content=content,
        progress_done=len(events),
        finished_at=timezone.now(),
    )
    export.refresh_from_db()
    return export


def fail_season_export(export_id: int, exc: BaseException) -> None:
    SeasonExport.objects.filter(pk=export_id).exclude(status=SeasonExport.Status.DONE).update(
        status=SeasonExport.Status.FAILED,
        error=f"{type(exc).__name__}: {exc}"[:300],
        finished_at=timezone.now(),
    )
