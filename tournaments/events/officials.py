"""Who runs an event with its organizer: co-organizers and officials, appointed by email.

An organizer appoints a person by email address: an existing account gets the role at once; an
unknown address gets a new account without a password and a one-time link to choose one (Django's
password-reset token: it stops working once the password is set, or after
``PASSWORD_RESET_TIMEOUT``). No email server is needed at a hall: the organizer copies or prints
the link; where email is configured (``HUCHE_EMAIL_ENABLED``) it is also emailed. Every
appointment and removal is audited; the last organizer of an event cannot be removed.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from accounts.models import EventRole, User
from accounts.roles import grant, is_organizer
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import Event

ROLES = (EventRole.Role.ORGANIZER, EventRole.Role.OFFICIAL)
NAME_MAX = 120


@dataclass(frozen=True)
class Appointment:
    role: EventRole
    new_account: bool  # created now, by this appointment

    @property
    def user(self) -> User:
        return self.role.user

    @property
    def needs_password(self) -> bool:
        """The person has never chosen a password: give them the set-password link."""
        return not self.user.has_usable_password()


def staff_of(event: Event):
    """The event's organizers then officials, by name."""
    return (
        EventRole.objects.filter(event=event)
        .select_related("user")
        .order_by("role", "user__display_name", "user__email")
    )


def _require_organizer(event: Event, actor) -> None:
    if not is_organizer(actor, event):
        raise PermissionRuleError(
            _("Only an organizer of the event can appoint or remove its officials and organizers.")
        )


def _clean_email(email: str) -> str:
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
def appoint(event: Event, actor, email: str, role: str, *, name: str = "") -> Appointment:
    """Give ``email`` the ``role`` in ``event``, creating the account if there is none.

    Appointing someone again who has not chosen a password yet is allowed: it is how the
    organizer gets a fresh link for them.
    """
    _require_organizer(event, actor)
    if role not in ROLES:
        raise RuleError(
            _("The role must be “organizer” or “official”."), field="role", code="invalid_role"
        )
    email = _clean_email(email)
    name = (name or "").strip()
    if len(name) > NAME_MAX:
        raise RuleError(
            _("The name is too long: at most %(n)d characters.") % {"n": NAME_MAX},
            field="name",
            code="too_long",
        )
    user = User.objects.filter(email__iexact=email).first()
    new_account = user is None
    if user is None:
        user = User.objects.create_user(email, None, display_name=name)  # no usable password
    elif not user.is_active:
        raise RuleError(
            _("The account %(email)s is disabled: ask the site's administrator.")
            % {"email": email},
            field="email",
            code="inactive",
        )
    existing = EventRole.objects.filter(user=user, event=event, role=role).first()
    if existing is not None and user.has_usable_password():
        raise RuleError(
            _("%(who)s is already %(role)s of this event.")
            % {"who": user, "role": existing.get_role_display().lower()},
            field="email",
            code="already",
        )
    obj = existing or grant(user, event, role)
    audit.record(
        event,
        actor,
        AuditAction.ROLE_GRANT if existing is None else AuditAction.ROLE_NEW_LINK,
        str(user),
        after={"email": user.email, "role": role, "new_account": new_account},
    )
    return Appointment(obj, new_account)


@transaction.atomic
def remove(event: Event, actor, role_id: int) -> EventRole:
    """Take a role away (the account stays: it may have other events)."""
    _require_organizer(event, actor)
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


def set_password_path(user: User) -> str:
    """The one-time link's path (Django's password-reset token, valid until used)."""
    return reverse(
        "accounts:set-password",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
            "token": default_token_generator.make_token(user),
        },
    )


def email_enabled() -> bool:
    return bool(getattr(settings, "HUCHE_EMAIL_ENABLED", False))


def send_invitation(appointment: Appointment, event: Event, link: str | None, actor) -> bool:
    """Email the appointment (with the link when the person has no password yet), if email is
    configured; False when it is not (the organizer hands the link over)."""
    if not email_enabled():
        return False
    role = appointment.role.get_role_display().lower()
    body = _("%(who)s made you %(role)s of “%(event)s” on Huche.") % {
        "who": actor,
        "role": role,
        "event": event.name,
    }
    if link:
        body += "\n\n" + _("Choose your password with this link (it works once):") + f"\n{link}\n"
    try:
        send_mail(
            _("You are %(role)s of %(event)s") % {"role": role, "event": event.name},
            body,
            None,
            [appointment.user.email],
        )
    except OSError:  # the mail server is down or refuses: the organizer hands the link over
        return False
    return True
