"""Deleting an event: only before any result, by an organizer, in the audit log.

An event created by mistake (a test, a duplicate) may go while nothing was reported in it:
its rounds, games, teams and their captains' links go with it. Once any report exists the
event is refused: results are versioned, never deleted. The event's audit log is kept (the
entries lose their event) and the deletion itself is recorded, with what the event was.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.roles import is_organizer
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import AuditEntry, Event, Game, PlayoffGroup, Report, Round, Team
from tournaments.publishing.caching import bump_event


def deletion_blocker(event: Event) -> str | None:
    """Why ``event`` cannot be deleted, in words (None: it can)."""
    reports = Report.objects.filter(game__round__event=event).count()
    if not reports:
        return None
    return ngettext(
        "The event has %(n)d reported result: an event with results is never deleted "
        "(results are versioned, never erased). Close it, or leave its results unreleased.",
        "The event has %(n)d reported results: an event with results is never deleted "
        "(results are versioned, never erased). Close it, or leave its results unreleased.",
        reports,
    ) % {"n": reports}


@transaction.atomic
def delete_event(event: Event, actor) -> dict:
    """Delete ``event`` and what hangs on it; returns what it was (also in the audit log)."""
    if not is_organizer(actor, event):
        raise PermissionRuleError(_("Only an organizer of the event may delete it."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    blocker = deletion_blocker(event)
    if blocker:
        raise RuleError(blocker, code="has_results", status=409)
    was: dict[str, object] = {
        "uid": str(event.uid),
        "slug": event.slug,
        "name": event.name,
        "date": event.date.isoformat(),
        "teams": event.teams.count(),
        "rounds": event.rounds.count(),
        "season": event.season_id,
    }
    Game.objects.filter(round__event=event).delete()
    Round.objects.filter(event=event).delete()
    PlayoffGroup.objects.filter(event=event).delete()
    Team.objects.filter(event=event).delete()
    AuditEntry.objects.filter(event=event).update(event=None)
    bump_event(event)
    event.delete()
    audit.record(None, actor, AuditAction.EVENT_DELETE, event.name, before=was)
    return was
