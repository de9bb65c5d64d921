"""A task only the tests' workers load (``celery worker -I tests.support.worker_tasks``): it
takes a while, then records in Redis that it finished, so a test can count how many times each
task was done however the workers running it were killed."""

from __future__ import annotations

import time

import redis
from celery import shared_task
from django.conf import settings


def done_key(run: str) -> str:
    return f"huche-test:worker-killed:{run}:done"


def started_key(run: str) -> str:
    return f"huche-test:worker-killed:{run}:started"


@shared_task(name="huche_test.slow_record")
def slow_record(run: str, tag: str, seconds: float) -> str:
    client = redis.Redis.from_url(settings.REDIS_URL)
    client.rpush(started_key(run), tag)
    time.sleep(seconds)
    client.rpush(done_key(run), tag)
    return tag
