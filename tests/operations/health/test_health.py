"""``/healthz`` (issue 32, finding 6) and ``/healthz/live``.

``/healthz`` says whether a Celery worker is alive (its heartbeat, operations/health/heartbeat.py), shows
the public only "ok"/"dégradé" and the failing components' names (never a host name nor an
error text), staff the details; 503 only when the database is down, so an orchestrator does
not restart the web for a dead worker. ``/healthz/live`` touches neither the database nor the
cache (the containers' health check)."""

from __future__ import annotations

import os
import re
import time
from unittest import mock

import pytest
from django.db import OperationalError, connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from operations.health import heartbeat

pytestmark = pytest.mark.django_db

# A site with Redis: tasks go to a worker (CI's REDIS_URL, or the embedded memory broker).
WITH_WORKER = override_settings(CELERY_TASK_ALWAYS_EAGER=False, WORKER_HEARTBEAT_STALE=120)
UNREACHABLE_REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://redis-internal.example:6379/0",
        "OPTIONS": {"socket_connect_timeout": 0.5},
    }
}


@pytest.fixture
def staff_client():
    staff = Client()
    staff.force_login(User.objects.create_user("staff@example.org", "pw-staff-1", is_staff=True))
    return staff


def test_liveness_answers_without_database_or_cache(client):
    with (
        CaptureQueriesContext(connection) as queries,
        mock.patch("django.core.cache.cache.get", side_effect=AssertionError("cache used")),
    ):
        response = client.get("/healthz/live")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert len(queries) == 0
    assert "no-cache" in response["Cache-Control"]


@WITH_WORKER
def test_a_live_worker_makes_the_site_ok_and_the_public_sees_only_the_status(client):
    heartbeat.beat()
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "failing": []}
    assert "no-cache" in response["Cache-Control"]


@WITH_WORKER
def test_no_worker_is_degraded_but_not_an_error_for_orchestrators(client):
    response = client.get("/healthz")
    assert response.status_code == 200  # the web serves pages; the work waits in the outbox
    assert response.json() == {"status": "dégradé", "failing": ["worker"]}
    assert "dégradé".encode() in response.content  # readable with curl


@WITH_WORKER
def test_a_heartbeat_older_than_the_threshold_means_the_worker_died(client, staff_client):
    heartbeat.beat(time.time() - 121)
    assert client.get("/healthz").json() == {"status": "dégradé", "failing": ["worker"]}
    detail = staff_client.get("/healthz").json()["worker"]
    # 121 s, or a little more on a loaded machine: the request comes a moment after the beat.
    assert detail["ok"] is False and re.search(r"\b12\d s old \(over 120 s\)", detail["detail"])
    heartbeat.beat(time.time() - 100)
    assert client.get("/healthz").json()["status"] == "ok"


@override_settings(CELERY_TASK_ALWAYS_EAGER=True)
def test_with_eager_tasks_there_is_no_worker_to_wait_for(staff_client):
    body = staff_client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["worker"] == {
        "ok": True,
        "detail": "eager (no worker: tasks run in the web process)",
    }


@override_settings(CACHES=UNREACHABLE_REDIS, CELERY_TASK_ALWAYS_EAGER=True)
def test_a_failing_service_shows_its_name_to_the_public_and_its_error_to_staff(
    client, staff_client
):
    public = client.get("/healthz")
    assert public.status_code == 200
    assert public.json() == {"status": "dégradé", "failing": ["cache"]}
    assert b"redis-internal" not in public.content and b"Error" not in public.content
    staff = staff_client.get("/healthz").json()
    assert staff["failing"] == ["cache"] and staff["database"]["ok"] is True
    assert staff["cache"]["ok"] is False and "redis-internal" in staff["cache"]["detail"]


@override_settings(CELERY_TASK_ALWAYS_EAGER=True)
def test_the_database_down_is_a_503_without_its_address(client):
    down = OperationalError('connection to server at "db.internal" (10.0.0.5) failed')
    with mock.patch("operations.health.views.connection.cursor", side_effect=down):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "dégradé", "failing": ["database"]}
    assert b"db.internal" not in response.content and b"10.0.0.5" not in response.content


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_writes_its_heartbeat(client):
    if not os.environ.get("REDIS_URL"):
        pytest.skip("REDIS_URL is not set (embedded run: tasks are eager, no worker)")
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    assert client.get("/healthz").json() == {"status": "dégradé", "failing": ["worker"]}
    with start_worker(
        app, perform_ping_check=False, pool="solo", loglevel="WARNING", shutdown_timeout=10
    ):
        deadline = time.monotonic() + 10
        while heartbeat.age() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get("/healthz").json() == {"status": "ok", "failing": []}
