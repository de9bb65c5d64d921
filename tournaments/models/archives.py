"""What event archives need kept: the trusted signing keys, an import waiting for its
organizer's answer, and the settlements of games an archive changed."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .leagues import League, Season
from .results import Game


class ArchiveKey(models.Model):
    """A hall's archive signing key that a league trusts (tournaments/archives/origin.py).

    Pinned on first use, as SSH pins a host key: an archive signed by the same hall name with
    another key is refused until one of the league's organizers forgets this one."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="archive_keys")
    hall = models.CharField(_("hall"), max_length=120)
    public_key = models.CharField(max_length=64)
    fingerprint = models.CharField(_("fingerprint"), max_length=64)
    trusted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    trusted_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["hall"]
        verbose_name = _("trusted archive key")
        constraints = [
            models.UniqueConstraint(fields=["league", "hall"], name="one_archive_key_per_hall")
        ]

    def __str__(self) -> str:
        return f"{self.hall} {self.fingerprint}"


class PendingArchiveImport(models.Model):
    """An uploaded archive whose origin is not proved, kept until its importer confirms it
    (or for a day): browsers cannot send the same file again with the confirmation."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, null=True, related_name="+")
    data = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"archive uploaded by {self.user_id} at {self.created_at:%Y-%m-%d %H:%M}"


class ArchiveSettlement(models.Model):
    """A game corrected differently on two sites, settled by a league organizer on import.

    Both versions are kept (results are never overwritten nor deleted): the archive's reports
    of this game from ``from_version`` on are stored here ``offset`` versions later, after
    this site's own, and ``stands`` says whose result the game now counts. Later archives of
    the event read the game's versions through the same shift
    (tournaments/archives/game_merge.py).
    """

    class Stands(models.TextChoices):
        HERE = "here", _("This site's version")
        ARCHIVE = "archive", _("The archive's version")

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="archive_settlements")
    from_version = models.PositiveIntegerField()
    offset = models.PositiveIntegerField(default=0)
    local_max = models.PositiveIntegerField(
        help_text=_("The game's last version here once settled: older ones are accounted for.")
    )
    stands = models.CharField(max_length=10, choices=Stands.choices)
    signer = models.CharField(max_length=120, blank=True)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    settled_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "settled_at", "id"]
        verbose_name = _("settled archive conflict")

    def __str__(self) -> str:
        return f"{self.game_id} from v{self.from_version} +{self.offset}: {self.stands}"
