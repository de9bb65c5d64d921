"""A CSV of every game of the events of a season its requester may see, built by a Celery task.

Which events: those whose results are public (released, or shown live), and the requester's
own (the events they organize or officiate), released or not: another organizer's event of the
season appears only once its results are released (issue 22: the embargo holds for everyone
but the event's own people). Staff: every event.

:func:`request_season_export` writes the :class:`~tournaments.models.SeasonExport` row and
schedules the task through the outbox in the same transaction; :func:`build_season_export`
(run by the task) rebuilds the whole file from the database, so running it twice gives the
same content, and leaves a finished export alone.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments import outbox
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import Event, Season, SeasonExport
from tournaments.publishing.exports import DELIMITERS, csv_lines, games_rows
from tournaments.selectors import exportable_seasons, visible_results_events


def may_export(user, season: Season) -> bool:
    """Staff, or the organizer of at least one event of the season."""
    return exportable_seasons(user).filter(pk=season.pk).exists()


def exported_events(season: Season, user) -> list[Event]:
    """The season's events in ``user``'s export (see the module's docstring), by date."""
    return list(visible_results_events(user).filter(season=season).order_by("date", "name", "pk"))


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
        progress_total=len(exported_events(season, user)),
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
    export = (
        SeasonExport.objects.filter(pk=export_id).select_related("season", "requested_by").first()
    )
    if export is None or export.status == SeasonExport.Status.DONE:
        return export
    events = exported_events(export.season, export.requested_by)
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
