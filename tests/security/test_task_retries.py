"""A Celery task that fails is retried with exponential backoff, and running it twice is
harmless (idempotent): in-process, and through a real Redis broker and worker when
``REDIS_URL`` is set (CI)."""

from __future__ import annotations

import os

import pytest
from celery.utils.time import get_exponential_backoff_interval

from tournaments.models import OutboxTask
from tournaments.standings import service as standings_service
from tournaments.tasks import build_season_export, refresh_standings


@pytest.mark.parametrize("task", [refresh_standings, build_season_export])
def test_tasks_retry_with_exponential_backoff(task):
    assert task.autoretry_for == (Exception,)
    assert task.max_retries == 6
    delays = [
        get_exponential_backoff_interval(
            factor=task.retry_backoff,
            retries=n,
            maximum=task.retry_backoff_max,
            full_jitter=task.retry_jitter,
        )
        for n in range(task.max_retries)
    ]
    assert delays == [2, 4, 8, 16, 32, 64]


def flaky(monkeypatch, failures: int) -> list:
    calls = []
    real = standings_service.warm_standings

    def warm(event):
        calls.append(event.pk)
        if len(calls) <= failures:
            raise ConnectionError("the database blinked")
        return real(event)

    monkeypatch.setattr(standings_service, "warm_standings", warm)
    return calls


def test_a_failing_task_is_retried_then_succeeds_once(make_event, monkeypatch, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    event = make_event(4)
    row = OutboxTask.objects.create(name="refresh_standings", args=[event.pk])
    calls = flaky(monkeypatch, failures=1)
    # In-process (eager), Celery runs the retry at once instead of after the backoff: one
    # failure, then the retry succeeds and marks the outbox row done.
    result = refresh_standings.apply(args=[event.pk, row.pk], throw=False)
    assert result.get() == {"event": event.pk, "rows": 4}
    assert len(calls) == 2
    row.refresh_from_db()
    done = row.done_at
    assert done is not None
    # Idempotent: run again (a redelivery, a flush after a broker outage), same answer and the
    # outbox row keeps its first completion.
    assert refresh_standings.apply(args=[event.pk, row.pk]).get()["rows"] == 4
    row.refresh_from_db()
    assert row.done_at == done


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_failing_task_is_retried_by_a_real_worker(make_event, monkeypatch):
    if not os.environ.get("REDIS_URL"):
        pytest.skip("REDIS_URL is not set (embedded run: tasks are eager)")
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    event = make_event(4)
    calls = flaky(monkeypatch, failures=1)
    app.control.purge()
    with start_worker(
        app, perform_ping_check=False, pool="solo", loglevel="WARNING", shutdown_timeout=10
    ):
        result = refresh_standings.apply_async(args=[event.pk])
        assert result.get(timeout=30) == {"event": event.pk, "rows": 4}
    assert len(calls) == 2  # failed once, retried after the 2 s backoff, succeeded
