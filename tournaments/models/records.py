"""The audit log (every change an organizer, official or captain makes) and the background
work: the outbox's tasks and a season's export."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .events import Event
from .leagues import Season


class AuditEntry(models.Model):
    """Who changed what, when, with the state before and after."""

    event = models.ForeignKey(
        Event, on_delete=models.PROTECT, null=True, blank=True, related_name="audit"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    actor_label = models.CharField(max_length=160, blank=True)
    action = models.CharField(max_length=60)
    target = models.CharField(max_length=120, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "-created_at"])]
        verbose_name = _("audit entry")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor_label} {self.action} {self.target}"


class OutboxTask(models.Model):
    """Work to hand to Celery, written in the same transaction as the change that needs it.

    If the broker is down when the transaction commits, the row stays pending and is sent again
    later (by the next successful send, the ``flush_outbox`` command or the worker's beat), so
    a confirmed result never loses its follow-up work.
    """

    name = models.CharField(max_length=100)
    args = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)

    class Meta:
        indexes = [models.Index(fields=["done_at", "created_at"])]

    def __str__(self) -> str:
        return f"{self.name}{self.args}"


class PrintJob(models.Model):
    """A big event's printout (the captains' slips, a round's score sheets), written once by a
    Celery task per version of what it shows (``key``), while the desk's page waits for it
    (issue 51, finding 1: ``tournaments.publishing.print_jobs``). ``document`` is the printed
    part of the page, gzipped: the slips carry the captains' links and PINs, shown only to the
    event's officials."""

    class Kind(models.TextChoices):
        SLIPS = "slips", _("Captains' slips")
        ROUND = "round", _("Score sheets")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("In progress")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="print_jobs")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    key = models.CharField(max_length=64)
    base_url = models.CharField(max_length=300, blank=True)
    fallback_url = models.CharField(max_length=300, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    document = models.BinaryField(blank=True, default=b"")
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "kind", "key"])]

    def __str__(self) -> str:
        return f"{self.event} {self.kind} {self.round_number or ''} ({self.status})"


class SeasonExport(models.Model):
    """A CSV of every game of a season, built by a Celery task; the page shows its progress."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("In progress")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="exports")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="season_exports"
    )
    delimiter = models.CharField(max_length=10, default="comma")
    language = models.CharField(max_length=10, blank=True, help_text=_("Of the column headers."))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    content = models.TextField(blank=True)
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("season export")

    def __str__(self) -> str:
        return f"{self.season} export {self.pk} ({self.status})"
