"""Invitations to run an event: appointing an email never touches an account.

An organizer invites an email address as official or co-organizer of their event. That creates
an :class:`~accounts.models.Invitation` (a random token, stored only as its SHA-256 digest, good
for :data:`LIFETIME`) and nothing else: no account is created, no password set or reset, no
role granted. The person opens the link (handed over by hand, on paper as a QR code, or emailed
where email is set up) and accepts:

- logged in to the account of **that same address**: one button showing the event and the
  role grants it (an account with another address is told to log in with the invited one: a
  link that went astray cannot give the role to whoever holds an account);
- with no account at that address: they create it there (the address is the invitation's; a
  password Django's validators accept), and the role is granted;
- an account exists at that address but is not logged in: they log in first.

Logged out, the page is the same whether the address has an account or not (it offers to log
in or to create the account, in the same words for everyone): the organizer, who holds the
link, learns nothing about accounts by opening it. Creating the account from it counts against
the sign-up limit of the address, and each organizer issues at most
``THROTTLE_INVITE_ACCOUNT`` invitations an hour.

Two organizers inviting the same address make two invitations, each granting only its own
event's role. The organizer sees only "invited / accepted / expired / cancelled" — never
whether an account exists or has a password. Inviting the same address to the same role again
(or "new link") cancels the previous invitation. Everything is audited.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import EventRole, Invitation, User
from accounts.roles import grant
from accounts.throttle import invitations_per_account, minutes
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.events.officials import NAME_MAX, ROLES, clean_email, require_organizer
from tournaments.models import Event
from tournaments.words import say

LIFETIME = timedelta(days=14)


@dataclass(frozen=True)
class Issued:
    """A new invitation and its token, known only now (the database keeps its digest)."""

    invitation: Invitation
    token: str

    @property
    def path(self) -> str:
        return invitation_path(self.token)


def digest(token: str) -> str:
    return hashlib.sha256((token or "").encode("utf-8", "replace")).hexdigest()


def invitation_path(token: str) -> str:
    return reverse("tournaments:invitation", args=[token])


def invitations_of(event: Event) -> QuerySet[Invitation]:
    """The event's invitations, newest first; cancelled ones (or replaced by a new link) left
    out."""
    return Invitation.objects.filter(event=event, revoked_at__isnull=True).select_related(
        "accepted_by"
    )


def find(token: str) -> Invitation | None:
    """The invitation of a link's token, whatever its state (None if there is none)."""
    if not token or len(token) > 100:
        return None
    return (
        Invitation.objects.select_related("event", "invited_by")
        .filter(token_hash=digest(token))
        .first()
    )


def _count_invitation(actor) -> None:
    """Count one invitation of ``actor`` before issuing it; refused in words beyond the limit."""
    wait = invitations_per_account().take(str(getattr(actor, "pk", "") or "anonymous"))
    if wait:
        n = minutes(wait)
        raise RuleError(
            ngettext(
                "Too many invitations sent from this account: try again in %(n)d minute.",
                "Too many invitations sent from this account: try again in %(n)d minutes.",
                n,
            )
            % {"n": n},
            code="throttled",
            status=429,
            extra={"retry_after": wait},
        )


def _issue(event: Event, actor, email: str, role: str, name: str) -> Issued:
    _count_invitation(actor)
    now = timezone.now()
    Invitation.objects.filter(
        event=event, email=email, role=role, accepted_at__isnull=True, revoked_at__isnull=True
    ).update(revoked_at=now)
    token = secrets.token_urlsafe(32)
    invitation = Invitation.objects.create(
        event=event,
        role=role,
        email=email,
        name=name,
        token_hash=digest(token),
        invited_by=actor if getattr(actor, "is_authenticated", False) else None,
        created_at=now,
        expires_at=now + LIFETIME,
    )
    return Issued(invitation, token)


@transaction.atomic
def invite(event: Event, actor, email: str, role: str, *, name: str = "") -> Issued:
    """Invite ``email`` to be ``role`` of ``event`` (an organizer of the event invites)."""
    require_organizer(event, actor)
    if role not in ROLES:
        raise RuleError(
            _("The role must be “organizer” or “official”."), field="role", code="invalid_role"
        )
    email = clean_email(email)
    name = (name or "").strip()
    if len(name) > NAME_MAX:
        raise RuleError(
            _("The name is too long: at most %(n)d characters.") % {"n": NAME_MAX},
            field="name",
            code="too_long",
        )
    # Says nothing about accounts: only whether this address already has the role here (the
    # organizer sees who runs the event anyway).
    if EventRole.objects.filter(event=event, role=role, user__email__iexact=email).exists():
        raise RuleError(
            _("%(email)s is already %(role)s of this event.")
            % {"email": email, "role": EventRole.Role(role).label.lower()},
            field="email",
            code="already",
        )
    issued = _issue(event, actor, email, role, name)
    audit.record(
        event,
        actor,
        AuditAction.ROLE_INVITE,
        email,
        after={
            "email": email,
            "role": role,
            "expires_at": issued.invitation.expires_at.isoformat(),
        },
    )
    return issued


def _own(event: Event, actor, invitation_id: int) -> Invitation:
    require_organizer(event, actor)
    invitation = Invitation.objects.filter(event=event, pk=invitation_id).first()
    if invitation is None:
        raise RuleError(_("No such invitation in this event."), code="not_found", status=404)
    return invitation


@transaction.atomic
def new_link(event: Event, actor, invitation_id: int) -> Issued:
    """A fresh link for an invitation not accepted yet (the previous link stops working)."""
    old = _own(event, actor, invitation_id)
    if old.accepted_at is not None:
        raise RuleError(_("This invitation is already accepted."), code="accepted")
    issued = _issue(event, actor, old.email, old.role, old.name)
    audit.record(
        event,
        actor,
        AuditAction.ROLE_INVITE,
        old.email,
        after={
            "email": old.email,
            "role": old.role,
            "expires_at": issued.invitation.expires_at.isoformat(),
        },
    )
    return issued


@transaction.atomic
def cancel(event: Event, actor, invitation_id: int) -> Invitation:
    invitation = _own(event, actor, invitation_id)
    if invitation.accepted_at is not None:
        raise RuleError(
            _("This invitation is already accepted: remove the person's role instead."),
            code="accepted",
        )
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
        audit.record(
            event,
            actor,
            AuditAction.ROLE_INVITE_CANCEL,
            invitation.email,
            before={"email": invitation.email, "role": invitation.role},
        )
    return invitation


def _check_open(invitation: Invitation) -> None:
    status = invitation.status
    if status == Invitation.Status.ACCEPTED:
        raise RuleError(_("This invitation has already been accepted."), code="accepted")
    if status == Invitation.Status.CANCELLED:
        raise RuleError(
            _("This invitation was cancelled or replaced by a newer link: ask the organizer."),
            code="cancelled",
        )
    if status == Invitation.Status.EXPIRED:
        raise RuleError(
            _("This invitation has expired: ask the organizer for a new link."), code="expired"
        )


def matches(invitation: Invitation, user) -> bool:
    """Whether ``user`` is the account of the invited address."""
    return bool(
        getattr(user, "is_authenticated", False)
        and user.is_active
        and (user.email or "").lower() == invitation.email.lower()
    )


@transaction.atomic
def accept(invitation: Invitation, user) -> EventRole:
    """The invited person, logged in to the account of the invited address, accepts."""
    invitation = (
        Invitation.objects.select_for_update().select_related("event").get(pk=invitation.pk)
    )
    _check_open(invitation)
    if not matches(invitation, user):
        raise PermissionRuleError(
            _("This invitation is for %(email)s: log in with that address to accept it.")
            % {"email": invitation.email},
            code="other_account",
        )
    role = grant(user, invitation.event, invitation.role)
    invitation.accepted_at = timezone.now()
    invitation.accepted_by = user
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    audit.record(
        invitation.event,
        user,
        AuditAction.ROLE_ACCEPT,
        str(user),
        after={"email": user.email, "role": invitation.role},
    )
    return role


@transaction.atomic
def accept_with_new_account(invitation: Invitation, form) -> User:
    """Create the invited address's account from a valid ``form`` (a ``UserCreationForm``
    whose ``email`` is the invitation's), then accept. Refused if the address has an account:
    its owner logs in instead."""
    _check_open(invitation)
    if User.objects.filter(email__iexact=invitation.email).exists():
        raise RuleError(
            _("An account already uses %(email)s: log in to accept the invitation.")
            % {"email": invitation.email},
            code="account_exists",
        )
    user = form.save()
    audit.record(
        None,
        user,
        AuditAction.ACCOUNT_CREATE,
        user.email,
        after={"email": user.email, "display_name": user.display_name},
    )
    accept(invitation, user)
    return user


def email_enabled() -> bool:
    return bool(getattr(settings, "HUCHE_EMAIL_ENABLED", False))


def send_invitation(issued: Issued, link: str, actor) -> bool:
    """Email the invitation's link if email is configured; False when it is not (or the mail
    server refuses): the organizer hands the link over."""
    if not email_enabled():
        return False
    invitation = issued.invitation
    role = invitation.get_role_display().lower()
    event = invitation.event
    body = _("%(who)s invites you to be %(role)s of “%(event)s” on Huche.") % {
        "who": actor,
        "role": role,
        "event": event.name,
    }
    body += "\n\n" + _("To accept, open this link (it works once):") + f"\n{link}\n"
    try:
        send_mail(
            say(_("Invitation: %(role)s of %(event)s"), {"role": role, "event": event.name}),
            body,
            None,
            [invitation.email],
        )
    except OSError:  # the mail server is down or refuses: the organizer hands the link over
        return False
    return True
