"""The Celery worker's heartbeat: is a worker alive to do the background work?

Every worker writes the time into the cache (Redis, shared with the web processes) when it
starts and every :data:`EVERY` seconds while it runs, from a small thread started with the
worker (:class:`Heartbeat`, a Celery bootstep added in config/celery.py). ``/healthz``
(operations/health/views.py) reads it: a heartbeat older than ``WORKER_HEARTBEAT_STALE`` seconds, or
none, means no worker is running, and the site is "dégradé". Several workers share the key:
one alive is enough. With eager tasks (no REDIS_URL: the hall's laptop) there is no worker.
"""

from __future__ import annotations

import logging
import threading
import time

from celery import bootsteps
from django.core.cache import cache

log = logging.getLogger(__name__)

KEY = "worker-heartbeat"
EVERY = 30.0


def beat(now: float | None = None) -> None:
    cache.set(KEY, time.time() if now is None else now, timeout=None)


def age() -> float | None:
    """Seconds since a worker's last heartbeat; None when no worker ever wrote one."""
    value = cache.get(KEY)
    return None if value is None else max(0.0, time.time() - float(value))


class Heartbeat(bootsteps.StartStopStep):
    """Writes the heartbeat from a daemon thread for as long as the worker runs (a thread, not
    a task: it says the worker process lives even while every pool slot is busy)."""

    def __init__(self, worker, **kwargs):
        super().__init__(worker, **kwargs)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, worker) -> None:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="huche-heartbeat", daemon=True)
        self._thread.start()

    def stop(self, worker) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            try:
                beat()
            except Exception as exc:  # Redis away: the next beat tries again
                log.warning("worker heartbeat not written: %s", exc)
            if self._stop.wait(EVERY):
                return
