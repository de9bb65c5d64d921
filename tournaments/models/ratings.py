"""The players' ratings, one point per game played."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from .events import Event
from .leagues import Player
from .results import Game


class RatingPoint(models.Model):
    """A rating after one game: a player's, or with ``partner`` a pair's (``player`` < ``partner``).

    Derived data, rebuilt whole from the released games (``tournaments.ratings.service``) or
    from an event onward (``tournaments.ratings.incremental``): never edited by hand, safe to
    delete and rebuild (``manage.py rebuild_ratings``).
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_points")
    partner = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField()  # the game's place in the rated order
    games = models.PositiveIntegerField()  # games rated so far, this one included
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()  # the low end of the range shown: mu − 2 sigma
    latest = models.BooleanField(default=False)  # the last point of its player or pair

    class Meta:
        ordering = ["player", "partner", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "game"],
                condition=Q(partner__isnull=True),
                name="rating_point_player_game",
            ),
            models.UniqueConstraint(
                fields=["player", "partner", "game"],
                condition=Q(partner__isnull=False),
                name="rating_point_pair_game",
            ),
            models.CheckConstraint(
                condition=Q(partner__isnull=True) | Q(partner__gt=models.F("player")),
                name="rating_point_pair_order",
            ),
        ]
        indexes = [
            models.Index(fields=["player", "partner", "position"]),
            models.Index(fields=["latest", "partner"]),
            models.Index(fields=["position"], name="tournaments_rp_position"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}/{self.partner_id} after game {self.game_id}: {self.mu:.2f}"
