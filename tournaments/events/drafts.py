"""Draft events: a new event is seen only by its organizers and officials until published.

Who sees a draft is decided in one place, ``tournaments.selectors.visible_events`` (pages,
lists, the API); ``Event.objects.published()`` is what public lists show. Publishing is an
organizer's act, asked first, audited, and final (results keep their own release rule).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.roles import is_organizer
from tournaments import audit, outbox
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError
from tournaments.models import Event
from tournaments.publishing.caching import bump_event


@transaction.atomic
def publish_event(event: Event, actor) -> Event:
    """Make ``event`` public; publishing a published event changes nothing."""
    if not is_organizer(actor, event):
        raise PermissionRuleError(_("Only an organizer of the event may publish it."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not event.is_draft:
        return event
    event.published_at = timezone.now()
    event.save(update_fields=["published_at"])
    audit.record(event, actor, AuditAction.EVENT_PUBLISH, event.name)
    bump_event(event)
    if event.released_at is not None:
        # A draft's released games count for the ratings only from now (ratings.service).
        outbox.schedule("rebuild_ratings")
    return event
