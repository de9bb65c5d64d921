"""Issue 33, finding 6: after ``kill -9`` of a worker mid-queue, its tasks stayed stranded (7
season exports "in progress" 8 minutes later): kombu's default visibility timeout is an hour.
Now the broker hands a killed worker's task to another worker after
``CELERY_VISIBILITY_TIMEOUT`` seconds, and the outbox sends again what was taken but never
finished (``OUTBOX_LEASE``).

The worker test runs real ``celery worker`` processes on Redis (``REDIS_URL``; CI), on a queue
of its own, with a visibility timeout of 2 s so it takes seconds, not minutes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from tests.support.worker_tasks import done_key, started_key
from tournaments import outbox
from tournaments.models import OutboxTask

ROOT = Path(__file__).resolve().parents[2]
VISIBILITY = 2


def start_worker(queue: str, name: str) -> subprocess.Popen:
    env = os.environ | {"CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY), "HUCHE_TESTING": "1"}
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo"]
    command += ["-Q", queue, "-n", f"{name}@%h", "-I", "tests.support.worker_tasks"]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "WARNING"]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)


def wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    pytest.fail(f"timed out waiting for {what}")


@pytest.mark.redis
def test_a_worker_killed_mid_queue_leaves_no_task_undone_or_done_twice():
    if not os.environ.get("REDIS_URL"):
        pytest.skip("REDIS_URL is not set (embedded run: tasks are eager)")
    import redis

    from config.celery import app

    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    run, queue = uuid.uuid4().hex[:12], f"huche-test-killed-{uuid.uuid4().hex[:8]}"
    tags = [f"task-{i}" for i in range(6)]
    workers = [start_worker(queue, f"first-{run}")]
    try:
        for tag in tags:
            app.send_task("huche_test.slow_record", args=[run, tag, 0.8], queue=queue)
        # Mid-queue: the first task is done, the second is running.
        wait_for(lambda: client.llen(started_key(run)) >= 2, 60, "the second task to start")
        os.kill(workers[0].pid, signal.SIGKILL)
        workers[0].wait(timeout=10)
        time.sleep(VISIBILITY)  # the new worker looks for stranded tasks as it starts, too
        killed_in = client.lrange(started_key(run), -1, -1)[0].decode()
        assert killed_in not in {t.decode() for t in client.lrange(done_key(run), 0, -1)}
        workers.append(start_worker(queue, f"second-{run}"))
        wait_for(lambda: client.llen(done_key(run)) >= len(tags), 90, "every task to be done")
        time.sleep(VISIBILITY + 1)  # time for a wrongful second delivery to show
        done = sorted(t.decode() for t in client.lrange(done_key(run), 0, -1))
        assert done == tags, f"done {done}; the task killed mid-run was {killed_in}"
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.send_signal(signal.SIGTERM)
                try:
                    worker.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    worker.kill()
        client.delete(done_key(run), started_key(run))


# --- the outbox: what was taken and never finished is sent again ------------------------------


class Recorder:
    def __init__(self):
        self.sent: list = []

    def apply_async(self, args, retry):
        self.sent.append(args)


@pytest.mark.django_db
def test_the_outbox_sends_again_work_taken_but_never_finished(monkeypatch, settings):
    settings.OUTBOX_LEASE = 900
    recorder = Recorder()
    monkeypatch.setitem(outbox.TASKS, "refresh_standings", recorder)
    now = timezone.now()
    stranded = OutboxTask.objects.create(
        name="refresh_standings", args=[1], sent_at=now - timedelta(minutes=20)
    )
    running = OutboxTask.objects.create(
        name="refresh_standings", args=[2], sent_at=now - timedelta(minutes=2)
    )
    OutboxTask.objects.create(
        name="refresh_standings", args=[3], sent_at=now - timedelta(hours=2), done_at=now
    )
    assert outbox.pending_work() == 1
    assert outbox.flush_outbox() == 1
    assert recorder.sent == [[1, stranded.pk]]
    stranded.refresh_from_db()
    assert stranded.sent_at > now - timedelta(seconds=5)  # a new lease: not sent every minute
    assert outbox.flush_outbox() == 0
    running.refresh_from_db()
    assert running.done_at is None


@pytest.mark.django_db
def test_a_season_export_that_gives_up_says_failed_and_is_not_sent_again(
    organizer, monkeypatch, settings
):
    from tournaments.leagues import season_export
    from tournaments.models import League, Season, SeasonExport
    from tournaments.tasks import build_season_export

    settings.CELERY_TASK_ALWAYS_EAGER = True
    league = League.objects.create(slug="ligue", name="Ligue")
    season = Season.objects.create(league=league, slug="2026", name="2026")
    export = SeasonExport.objects.create(season=season, requested_by=organizer)
    row = OutboxTask.objects.create(name="build_season_export", args=[export.pk])

    def broken(export_id):
        raise ConnectionError("the database went away")

    monkeypatch.setattr(season_export, "build_season_export", broken)
    # The last retry (Celery counts them in the request) fails too: the task gives up.
    build_season_export.apply(args=[export.pk, row.pk], retries=6, throw=False)
    export.refresh_from_db()
    row.refresh_from_db()
    assert export.status == SeasonExport.Status.FAILED and "went away" in export.error
    assert row.done_at is not None


@pytest.mark.django_db
def test_a_request_sends_only_a_few_failed_rows_along_and_never_the_stranded_ones(
    monkeypatch, settings, django_capture_on_commit_callbacks
):
    """Issue 54: with a worker down past the lease, every row sent before is due again; a
    captain's confirmation re-sent 500 of them in its own request (20 a second instead of 77
    in the 500-submission benchmark). Now a request's successful send takes along at most
    ``SEND_ALONG`` rows whose own send failed; the stranded ones are the beat's."""
    settings.OUTBOX_LEASE = 900
    recorder = Recorder()
    monkeypatch.setitem(outbox.TASKS, "refresh_standings", recorder)
    long_ago = timezone.now() - timedelta(hours=1)
    stranded = OutboxTask.objects.bulk_create(
        OutboxTask(name="refresh_standings", args=[i], sent_at=long_ago) for i in range(30)
    )
    failed = OutboxTask.objects.bulk_create(
        OutboxTask(name="refresh_standings", args=[100 + i], attempts=1) for i in range(30)
    )
    with django_capture_on_commit_callbacks(execute=True):
        outbox.schedule("refresh_standings", 999)
    sent = [args[0] for args in recorder.sent]
    assert sent[0] == 999 and len(sent) == 1 + outbox.SEND_ALONG
    assert set(sent[1:]) <= {row.args[0] for row in failed}
    assert not set(sent) & {row.args[0] for row in stranded}
    # The beat sends the rest: the failed ones left and the stranded ones.
    recorder.sent.clear()
    assert outbox.flush_outbox() == 30 + 30 - outbox.SEND_ALONG
    assert {args[0] for args in recorder.sent} >= {row.args[0] for row in stranded}
