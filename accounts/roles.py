"""Who may do what in an event. Every page and API view asks these, never the template."""

from __future__ import annotations

from typing import TypeAlias

from django.contrib.auth.models import AnonymousUser
from django.db.models import QuerySet

from tournaments.models import Event

from .models import EventRole, User

#: The person acting in a service call: ``request.user`` (perhaps anonymous: the role checks
#: refuse them) or the user a command acts for.
Person: TypeAlias = User | AnonymousUser


def _roles(user, event) -> set[str]:
    if not getattr(user, "is_authenticated", False):
        return set()
    cache = getattr(user, "_huche_roles", None)
    if cache is None:
        cache = user._huche_roles = {}
    if event.pk not in cache:
        cache[event.pk] = set(
            EventRole.objects.filter(user=user, event=event).values_list("role", flat=True)
        )
    return cache[event.pk]


def is_organizer(user, event) -> bool:
    """Owns and configures the event (staff count as organizers of every event)."""
    if getattr(user, "is_staff", False) and user.is_active:
        return True
    return EventRole.Role.ORGANIZER in _roles(user, event)


def is_official(user, event) -> bool:
    """Runs the floor: seats teams, enters and corrects results. Organizers are officials too."""
    return is_organizer(user, event) or EventRole.Role.OFFICIAL in _roles(user, event)


def events_of(user) -> QuerySet:
    """The events a user may manage (organizer or official)."""
    if not getattr(user, "is_authenticated", False):
        return Event.objects.none()
    if user.is_staff:
        return Event.objects.all()
    return Event.objects.filter(roles__user=user).distinct()


def grant(user, event, role: str) -> EventRole:
    obj, _ = EventRole.objects.get_or_create(user=user, event=event, role=role)
    cache = getattr(user, "_huche_roles", None)
    if cache is not None:
        cache.pop(event.pk, None)
    return obj
