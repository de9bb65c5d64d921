"""Ratings of the events released before a site had ratings, built by the first start after
the upgrade (issue 52): no command to remember.

Every start of Huche migrates its database (the systemd units' and compose's ``web``, ``huche
hall``, ``huche restore``); once the migrations are done (``post_migrate``, the newest schema in
place), a site that has released games which count but no stored rating at all gets them
rebuilt, once. A site whose ratings exist is left alone (they are kept up to date by the task
after each release), and so is an empty one.
"""

from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS
from django.db.models.signals import post_migrate
from django.dispatch import receiver

from tournaments.models import RatingPoint
from tournaments.ratings.service import counted_games, rebuild


def ratings_missing() -> bool:
    """Released games that count, and no rating stored: a site upgraded from before ratings."""
    if RatingPoint.objects.exists():
        return False
    return next(counted_games(), None) is not None


@receiver(post_migrate, dispatch_uid="huche-ratings-after-upgrade")
def rate_events_released_before(sender, using: str = DEFAULT_DB_ALIAS, **kwargs) -> None:
    if getattr(sender, "name", "") != "tournaments" or using != DEFAULT_DB_ALIAS:
        return
    if ratings_missing():
        rebuild()
