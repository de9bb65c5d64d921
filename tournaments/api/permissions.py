"""Who may call what. Every check happens here on the server, with the answers a client sees:

- 401 ``not_authenticated``: nobody identified on an endpoint that needs someone;
- 404 ``not_found``: an event's private endpoint asked by a user with no role in it (another
  organizer's event is not disclosed, as on the pages);
- 403: a captain, or an official where only the organizer may act, with a ``detail`` saying who
  may.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import exceptions, permissions

from accounts.roles import is_official, is_organizer

from ..models import Event
from ..selectors import managed_events, visible_events
from .authentication import captain_link_of


class UserOrCaptain(permissions.BasePermission):
    """A logged-in user (session or token) or a captain (link + PIN)."""

    def has_permission(self, request, view):
        return bool(request.user.is_authenticated or captain_link_of(request))


def event_or_404(slug: str, user) -> Event:
    """The event, if ``user`` may see it (a draft: only its organizers and officials)."""
    event = visible_events(user).filter(slug=slug).first()
    if event is None:
        raise exceptions.NotFound(_no_event(slug))
    return event


def _no_event(slug: str) -> str:
    return _("No event with the slug “%(slug)s”.") % {"slug": slug}


def _refuse(request, event: Event, message: str, code: str):
    link = captain_link_of(request)
    if link is not None and link.team.event_id == event.pk:
        raise exceptions.PermissionDenied(message, code=code)
    if not request.user.is_authenticated and link is None:
        raise exceptions.NotAuthenticated()
    raise exceptions.NotFound(_no_event(event.slug))


def require_official(request, event: Event) -> None:
    if not is_official(request.user, event):
        _refuse(
            request, event, _("Only the officials of this event may do this."), "officials_only"
        )


def require_organizer(request, event: Event) -> None:
    if is_organizer(request.user, event):
        return
    if is_official(request.user, event):
        raise exceptions.PermissionDenied(
            _("Only the organizer of this event may do this."), code="organizer_only"
        )
    _refuse(request, event, _("Only the organizer of this event may do this."), "organizer_only")


def managed_event(request, slug: str, *, organizer: bool = False) -> Event:
    """The event, if the caller organizes it (``organizer``) or officiates it: found among the
    events the caller manages; for anyone else, the refusal that fits (see the module)."""
    event = managed_events(request.user, organizer=organizer).filter(slug=slug).first()
    if event is not None:
        return event
    # a published event's existence is no secret (a draft's is: 404)
    event = event_or_404(slug, request.user)
    (require_organizer if organizer else require_official)(request, event)
    return event
