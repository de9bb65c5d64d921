"""Who runs an event with its organizer: co-organizers and officials.

An organizer invites a person by email (``events.invitations``: the role is granted only when
they accept; no account is created or changed by the invitation) and removes a role here. Every
removal is audited; the last organizer of an event cannot be removed.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import EventRole
from accounts.roles import is_organizer
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import Event

ROLES = (EventRole.Role.ORGANIZER, EventRole.Role.OFFICIAL)
NAME_MAX = 120


def last_organizer_role(roles) -> int | None:
    """The role id of the event's only organizer, if it has just one: that person cannot be
    removed (:func:`remove` refuses), so the page does not offer it (issue 34)."""
    organizers = [r.pk for r in roles if r.role == EventRole.Role.ORGANIZER]
    return organizers[0] if len(organizers) == 1 else None


def staff_of(event: Event):
    """The event's organizers then officials, by name."""
    return (
        EventRole.objects.filter(event=event)
        .select_related("user")
        .order_by("role", "user__display_name", "user__email")
    )


def require_organizer(event: Event, actor) -> None:
    if not is_organizer(actor, event):
        raise PermissionRuleError(
            _("Only an organizer of the event can appoint or remove its officials and organizers.")
        )


def clean_email(email: str) -> str:
    email = (email or "").strip().lower()
    try:
        validate_email(email)
    except ValidationError:
        raise RuleError(
            _("“%(email)s” is not an email address (it looks like name@example.org).")
            % {"email": email},
            field="email",
            code="invalid_email",
        ) from None
    return email


@transaction.atomic
def remove(event: Event, actor, role_id: int) -> EventRole:
    """Take a role away (the account stays: it may have other events)."""
    require_organizer(event, actor)
    Event.objects.select_for_update().filter(pk=event.pk).first()  # one removal at a time
    role = EventRole.objects.select_related("user").filter(event=event, pk=role_id).first()
    if role is None:
        raise RuleError(
            _("No such official or organizer in this event."), code="not_found", status=404
        )
    if (
        role.role == EventRole.Role.ORGANIZER
        and not EventRole.objects.filter(event=event, role=role.role).exclude(pk=role.pk).exists()
    ):
        raise RuleError(
            _("%(who)s is the last organizer of this event: appoint another organizer first.")
            % {"who": role.user},
            code="last_organizer",
        )
    audit.record(
        event,
        actor,
        AuditAction.ROLE_REMOVE,
        str(role.user),
        before={"email": role.user.email, "role": role.role},
    )
    role.delete()
    cache = getattr(role.user, "_huche_roles", None)
    if cache is not None:
        cache.pop(event.pk, None)
    return role
