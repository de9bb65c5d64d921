"""Users log in by email. Roles are per event (see ``tournaments.models.EventRole``)."""

from __future__ import annotations

from typing import Any, ClassVar

from django.contrib.auth.models import AbstractUser, BaseUserManager
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def _create_user(self, email: str, password: str | None, **extra: Any) -> User:
        if not email:
            raise ValueError("an email address is required")
        user = self.model(email=self.normalize_email(email).lower(), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def get_by_natural_key(self, username: str | None) -> User:
        """The address as people type it (``Ginette.Lavoie@FADOQ.ca``): accounts are stored in
        lowercase, so login, the admin and the API token match without regard to case."""
        return self.get(email__iexact=(username or "").strip())

    def create_user(self, email: str, password: str | None = None, **extra: Any) -> User:
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra)

    def create_superuser(self, email: str, password: str | None = None, **extra: Any) -> User:
        extra.setdefault("is_staff", True)
        extra.setdefault("is_superuser", True)
        return self._create_user(email, password, **extra)


class User(AbstractUser):
    # Signing in is by email: AbstractUser's username column is removed.
    username = None  # type: ignore[assignment]  # the stubs type it as a str field
    email = models.EmailField(_("email address"), unique=True)
    display_name = models.CharField(_("name"), max_length=120, blank=True)

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    # The stubs expect django.contrib.auth's UserManager, which creates users by username.
    objects: ClassVar[UserManager] = UserManager()  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.display_name or self.email


class EventRole(models.Model):
    """A user's role in one event. Organizers own and configure; officials run the floor."""

    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("Organizer")
        OFFICIAL = "official", _("Official (floor manager)")

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="event_roles")
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="roles")
    role = models.CharField(max_length=12, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "event", "role"], name="one_role_per_kind")
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} — {self.event}"


class CaptainLink(models.Model):
    """A team's private score-entry link (token in the URL) guarded by a short PIN.

    Printed on the table card as a QR code. Revoking sets ``revoked_at``; regenerating revokes
    the old link and issues a new one, so a lost sheet can be made useless at once.
    """

    team = models.ForeignKey("tournaments.Team", on_delete=models.CASCADE, related_name="links")
    token = models.CharField(max_length=43, unique=True)
    pin = models.CharField(max_length=12)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    failed_attempts = models.PositiveIntegerField(default=0)
    locked_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["team"],
                condition=models.Q(revoked_at__isnull=True),
                name="one_live_link_per_team",
            )
        ]

    def __str__(self) -> str:
        return f"{self.team} link"

    @property
    def locked(self) -> bool:
        """Locked out after too many wrong PINs, and the lockout has not run out yet."""
        return self.locked_until is not None and self.locked_until > timezone.now()

    @property
    def live(self) -> bool:
        return self.revoked_at is None


class Invitation(models.Model):
    """An invitation to run an event: the role is granted only when the person accepts it.

    Appointing an email never touches an account: whoever opens the link either logs in to
    the account of that address and accepts (one click, showing the event and the role), or
    creates that account there. Only a digest of the token is stored: the link is shown once
    (and emailed where email is set up). A new link for the same person revokes the previous
    one; an invitation is good for one acceptance, before ``expires_at``.
    """

    class Status(models.TextChoices):
        INVITED = "invited", _("Invited")
        ACCEPTED = "accepted", _("Accepted")
        EXPIRED = "expired", _("Expired")
        CANCELLED = "cancelled", _("Cancelled")

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="invitations"
    )
    role = models.CharField(max_length=12, choices=EventRole.Role.choices)
    email = models.EmailField(_("email address"))
    name = models.CharField(_("name"), max_length=120, blank=True)
    token_hash = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "email"])]

    def __str__(self) -> str:
        return f"{self.email} — {self.get_role_display()} — {self.event}"

    @property
    def status(self) -> str:
        if self.accepted_at is not None:
            return self.Status.ACCEPTED
        if self.revoked_at is not None:
            return self.Status.CANCELLED
        if self.expires_at <= timezone.now():
            return self.Status.EXPIRED
        return self.Status.INVITED

    def get_status_display(self) -> str:
        return str(self.Status(self.status).label)
