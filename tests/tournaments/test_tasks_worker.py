"""With REDIS_URL set (CI), a task really goes through Redis to a Celery worker."""

from __future__ import annotations

import os

import pytest

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker():
    if not os.environ.get("REDIS_URL"):
        pytest.skip("REDIS_URL is not set (embedded run: tasks are eager)")
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    app.control.purge()  # messages queued by earlier tests (no worker ran them) are stale
    with start_worker(
        app, perform_ping_check=False, pool="solo", loglevel="WARNING", shutdown_timeout=10
    ):
        yield app


def test_standings_refresh_runs_on_a_real_worker(worker, make_event):
    from django.conf import settings

    from tournaments.tasks import refresh_standings

    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    event = make_event(4)
    result = refresh_standings.delay(event.pk)
    assert result.get(timeout=30) == {"event": event.pk, "rows": 4}
    # The worker, not this process, ran it: the result travelled back through Redis.
    assert result.state == "SUCCESS"
