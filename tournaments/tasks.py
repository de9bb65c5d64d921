"""Celery tasks: recompute standings and warm the public pages after each confirmed result.

Sending goes through the outbox (:mod:`tournaments.outbox`) so a broker outage delays the work
but never loses it (the standings refresh is queued once the change commits, once per event at a
time: :func:`refresh_soon`); the tasks are idempotent (recomputing twice gives the same pages) and retried
with exponential backoff when they fail. This module sits above the services: it listens for
:data:`~tournaments.results.signals.result_confirmed` and registers its tasks with the outbox,
so the services never import it. ``TournamentsConfig.ready`` loads it.
"""

from __future__ import annotations

import contextlib

from celery import shared_task
from django.core.cache import cache
from django.db import transaction
from django.dispatch import receiver

from tournaments import outbox
from tournaments.leagues import season_export
from tournaments.leagues.season_page import warm_season
from tournaments.models import Event, Game, Round
from tournaments.publishing import print_jobs
from tournaments.ratings import incremental as ratings_incremental
from tournaments.ratings import service as ratings_service
from tournaments.ratings import upgrade as _ratings_upgrade  # noqa: F401 (its receiver)
from tournaments.results import bracket_play, bracket_withdraw
from tournaments.results.signals import result_confirmed
from tournaments.standings import service as standings_service

RETRIES = {
    "autoretry_for": (Exception,),
    "retry_backoff": 2,
    "retry_backoff_max": 120,
    "retry_jitter": False,
    "max_retries": 6,
}


# One standings refresh queued per event at a time (issue 32, finding 7: a burst of 300
# confirmations queued 406). A refresh reads the event's version when it starts, so it covers
# every change committed before: a change made while one is queued needs no other. The mark is
# set after the change commits and cleared when the refresh starts, so a change committed after
# that start queues the next one. It expires by itself (a worker down: the next change queues
# again, the outbox keeps the work). The refresh only warms the cache: pages compute on a miss.
REFRESH_QUEUED = "standings-refresh-queued:{}"
REFRESH_QUEUED_SECONDS = 60


def _forget_queued(event_id: int) -> None:
    with contextlib.suppress(Exception):  # the cache away: the mark expires by itself
        cache.delete(REFRESH_QUEUED.format(event_id))


def refresh_soon(event_id: int) -> None:
    """Queue the event's standings refresh, unless one is queued and not started yet."""
    try:
        first = cache.add(REFRESH_QUEUED.format(event_id), 1, REFRESH_QUEUED_SECONDS)
    except Exception:  # the cache away: queue it (the outbox keeps it if the broker is too)
        first = True
    if first:
        outbox.schedule("refresh_standings", event_id)


@shared_task(bind=True, **RETRIES)
def refresh_standings(self, event_id: int, outbox_id: int | None = None) -> dict:
    """Compute the event's standings into the cache (keyed by the event's version), and its
    season's tables."""
    _forget_queued(event_id)  # before reading the version: later changes queue their own
    event = Event.objects.filter(pk=event_id).first()
    result: dict = {"event": event_id, "rows": 0}
    if event is not None:
        try:
            result["rows"] = standings_service.warm_standings(event)
            # Its season's tables and boards too, once its results are released (a release, a
            # correction after it): a live event's every result would recompute them for nobody.
            if event.season is not None and event.released_at is not None:
                result["season"] = warm_season(event.season)
        except Exception:
            if self.request.retries >= self.max_retries:
                outbox.mark_done(outbox_id)  # given up: the pages compute the standings anyway
            raise
    outbox.mark_done(outbox_id)
    return result


@shared_task(bind=True, **RETRIES)
def build_season_export(self, export_id: int, outbox_id: int | None = None) -> dict:
    """Build a season's CSV (idempotent: rebuilt from the database, a done export is kept)."""
    try:
        export = season_export.build_season_export(export_id)
    except Exception as exc:
        if self.request.retries >= self.max_retries:
            season_export.fail_season_export(export_id, exc)  # shown "Failed" on its page
            outbox.mark_done(outbox_id)
        raise
    outbox.mark_done(outbox_id)
    return {"export": export_id, "status": export.status if export else None}


@shared_task(bind=True, **RETRIES)
def rebuild_ratings(self, outbox_id: int | None = None) -> dict:
    """Recompute every rating from the released games (idempotent: the same numbers each time)."""
    try:
        result = ratings_service.rebuild()
    except Exception:
        if self.request.retries >= self.max_retries:
            outbox.mark_done(outbox_id)  # given up: the next release or the command rebuilds
        raise
    outbox.mark_done(outbox_id)
    return result


@shared_task(bind=True, **RETRIES)
def build_printout(self, job_id: int, language: str, outbox_id: int | None = None) -> dict:
    """Write a big event's printout once (issue 51, finding 1; idempotent: a done job stays)."""
    try:
        job = print_jobs.build(job_id, language)
    except Exception as exc:
        if self.request.retries >= self.max_retries:
            print_jobs.fail(job_id, exc)  # the page says so and offers to ask again
            outbox.mark_done(outbox_id)
        raise
    outbox.mark_done(outbox_id)
    return {"job": job_id, "status": job.status if job else None}


@shared_task(bind=True, **RETRIES)
def update_ratings(self, event_id: int, outbox_id: int | None = None) -> dict:
    """Rate again from ``event_id``'s event onward (idempotent: the same numbers each time, the
    same as the full rebuild's)."""
    try:
        result = ratings_incremental.update(event_id)
    except Exception:
        if self.request.retries >= self.max_retries:
            outbox.mark_done(outbox_id)  # given up: the next release or the command rebuilds
        raise
    outbox.mark_done(outbox_id)
    return result


@shared_task
def flush_outbox_task() -> int:
    return outbox.flush_outbox()


outbox.register("refresh_standings", refresh_standings)
outbox.register("build_season_export", build_season_export)
outbox.register("rebuild_ratings", rebuild_ratings)
outbox.register("build_printout", build_printout)
outbox.register("update_ratings", update_ratings)


@receiver(result_confirmed, dispatch_uid="tournaments.tasks.refresh_after_confirmation")
def refresh_after_confirmation(sender, event: Event, **kwargs) -> None:
    event_id = event.pk
    transaction.on_commit(lambda: refresh_soon(event_id))


@receiver(result_confirmed, dispatch_uid="tournaments.tasks.rerate_after_correction")
def rerate_after_correction(sender, event: Event, **kwargs) -> None:
    """A result confirmed in an event already released (a correction): its games are rated, so
    the ratings are updated from it onward. Before the release nothing of the event counts:
    nothing to do."""
    if event.released_at is not None:
        outbox.schedule("update_ratings", event.pk)


@receiver(result_confirmed, dispatch_uid="tournaments.tasks.seat_after_playoff_game")
def seat_after_playoff_game(sender, event: Event, game: Game, **kwargs) -> None:
    """A playoff game confirmed: the next one is seated by itself, in the same transaction (not
    a background task), so the captains' pages show it as soon as the confirmation answers."""
    if game.round.kind == Round.Kind.PLAYOFF:
        standings_service.seat_after_playoff_game(event)
    elif game.round.kind == Round.Kind.BRACKET:
        bracket_play.seat_after_bracket_game(event)
        bracket_withdraw.forfeit_withdrawn(event)  # a withdrawn qualifier's next match
