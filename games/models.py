"""Practice games against the computer (``/play/``): one row per game, any kind.

The engine is the authority: ``state`` holds the engine's record of the game (every action, so
the game replays exactly) plus what the page needs (the coaching log, the last moves told), and
the browser only ever sends small actions. ``moves`` counts the player's actions applied: each
request carries the number it was made at, so a repeated submit, a double tap or a retry after
a network failure is answered with the current state and never applied twice.
"""

from __future__ import annotations

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _


class PracticeGame(models.Model):
    class Kind(models.TextChoices):
        CRIBBAGE = "cribbage", _("Cribbage")
        CRAPETTE = "crapette", _("Crapette")

    # The UUID is the capability: whoever has the link may open and play the game.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(_("game"), max_length=16, choices=Kind.choices)
    level = models.CharField(_("level"), max_length=16)
    options = models.JSONField(_("options"), default=dict, blank=True)
    state = models.JSONField(_("state"), default=dict)
    moves = models.PositiveIntegerField(_("moves"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Who started it ("user:<id>", "session:<hash>", "ip:<address>"): a visitor keeps only a
    # few unfinished games (games/play/limits.py). Not a login: the UUID stays the capability.
    owner = models.CharField(max_length=80, blank=True, default="")

    class Meta:
        verbose_name = _("practice game")
        verbose_name_plural = _("practice games")
        indexes = [
            models.Index(fields=["kind", "updated_at"]),
            models.Index(fields=["owner", "finished_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.level} {self.id}"

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None
