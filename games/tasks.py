"""Celery tasks of the games app: the daily purge of abandoned and long-finished practice games
(``CELERY_BEAT_SCHEDULE["purge-practice-games"]``; games/play/limits.py says what is kept)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from games.play.limits import purge_abandoned, purge_finished


@shared_task
def purge_practice_games_task() -> int:
    """Returns how many games went (abandoned ones, then those finished long ago)."""
    return purge_abandoned(int(settings.PRACTICE_ABANDONED_DAYS)) + purge_finished(
        int(settings.PRACTICE_FINISHED_DAYS)
    )
