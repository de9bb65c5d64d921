"""Deleting an event (a test, a duplicate): whatever it holds, by an organizer, in the audit log.

Results are never lost: before anything goes, the event's full archive (the same file as
"Download the archive", ``tournaments.archives``) is written into the ``event.delete`` audit
entry, which outlives the event; saved to a file, it imports the event back
(``docs/archives.md``). The organizer confirms by typing the event's name. Then its reports,
confirmations, disputes, rounds, games, teams and captains' links go; the event's audit log is
kept (the entries lose their event).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.roles import is_organizer
from tournaments import audit
from tournaments.archives.transfer import export_event
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import (
    ArchiveSettlement,
    AuditEntry,
    Confirmation,
    Dispute,
    Event,
    Game,
    PlayoffGroup,
    Report,
    Round,
    Team,
)
from tournaments.publishing.caching import bump_event


def names_match(event: Event, typed: str) -> bool:
    """The typed confirmation: the event's name, ignoring case and surrounding spaces."""
    return " ".join(typed.split()).casefold() == " ".join(event.name.split()).casefold()


def what_goes(event: Event) -> dict[str, int]:
    """What a deletion takes away, counted (the confirmation page says it)."""
    return {
        "teams": event.teams.count(),
        "rounds": event.rounds.count(),
        "reports": Report.objects.filter(game__round__event=event).count(),
    }


@transaction.atomic
def delete_event(event: Event, actor, *, typed_name: str) -> dict:
    """Delete ``event`` and what hangs on it, its archive kept in the audit log; returns what it
    was (the audit entry's ``before``)."""
    if not is_organizer(actor, event):
        raise PermissionRuleError(_("Only an organizer of the event may delete it."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not names_match(event, typed_name):
        raise RuleError(
            _(
                "To delete the event, type its name exactly as it is written: “%(name)s” "
                "(you typed “%(typed)s”). Nothing was deleted."
            )
            % {"name": event.name, "typed": typed_name.strip()},
            field="confirm_name",
            code="name_mismatch",
        )
    was: dict[str, object] = {
        "uid": str(event.uid),
        "slug": event.slug,
        "name": event.name,
        "date": event.date.isoformat(),
        **what_goes(event),
        "season": event.season_id,
        "archive": export_event(event),
    }
    games = Game.objects.filter(round__event=event)
    disputes = Dispute.objects.filter(game__in=games)
    Dispute.reports.through.objects.filter(dispute__in=disputes).delete()
    disputes.delete()
    ArchiveSettlement.objects.filter(game__in=games).delete()
    games.update(confirmed_report=None)
    Confirmation.objects.filter(report__game__in=games).delete()
    Report.objects.filter(game__in=games).delete()
    games.delete()
    Round.objects.filter(event=event).delete()
    PlayoffGroup.objects.filter(event=event).delete()
    Team.objects.filter(event=event).delete()
    AuditEntry.objects.filter(event=event).update(event=None)
    bump_event(event)
    event.delete()
    audit.record(None, actor, AuditAction.EVENT_DELETE, event.name, before=was)
    return was
