"""Cached public fragments keyed by the event's version number.

``Event.version`` lives in the database and is bumped in the same transaction as every change a
public page shows (a confirmed result, a seating, a release). A page reads the event row anyway,
so the key of a fragment is always current: a stale fragment is never served, even if the cache
was down when the change happened. If the cache (Redis) is down, reads miss and writes are
skipped; pages are computed from the database, slower but correct.

Rendered public page fragments go through :func:`page_fragment`, which adds two things for a
hall full of phones refreshing while every captain reports within the same minute:

- each web process keeps the fragments it served in a small memory in front of Redis (a
  1,000-team standings table, about 250 KB, is then neither fetched nor unpickled per view);
- one renderer at a time per fragment (a lock in the cache): after a confirmed result the first
  view renders the new version, and the views that arrive during that render (half a second at
  1,000 teams) get the previous version instead of all rendering it too. Without this, results
  confirmed every few hundred milliseconds kept every reader rendering and the page answered in
  seconds (docs/performance.md). The fragment key includes the visibility state, so what is
  served meanwhile was rendered for the same audience; only the data may be one render old.

Fragments that feed decisions (the standings used to seat a Swiss round, exports) use
:func:`cached` and are never served old.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db.models import F

log = logging.getLogger(__name__)
_MISSING = object()
LOCAL_ENTRIES = 32
LOCAL_SECONDS = 300
RENDER_LOCK_SECONDS = 30
# "event uid:key" -> (expires at, version, value): the latest version this process has seen.
_local: OrderedDict[str, tuple[float, int, Any]] = OrderedDict()
_local_lock = threading.Lock()


def _safe(op: Callable[[], Any], default: Any = None) -> Any:
    try:
        return op()
    except Exception as exc:  # the cache is an optimisation: never fail a request for it
        log.warning("cache unavailable: %s", exc)
        return default


def bump_event(event) -> None:
    """Invalidate every cached fragment of the event (call inside the changing transaction)."""
    from .models import Event

    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)
    event.refresh_from_db(fields=["version"])


def fragment_key(event, key: str) -> str:
    return f"event:{event.pk}:{event.version}:{key}"


def cached(event, key: str, compute: Callable[[], Any], timeout: int = 3600) -> Any:
    """The fragment ``key`` at the event's current version, computed on a miss."""
    full_key = fragment_key(event, key)
    value = _safe(lambda: cache.get(full_key, _MISSING), _MISSING)
    if value is _MISSING:
        value = compute()
        _safe(lambda: cache.set(full_key, value, timeout))
    return value


def page_fragment(event, key: str, render: Callable[[], Any], timeout: int = 3600) -> Any:
    """A rendered public fragment at the event's version (see the module docstring)."""
    local_key = f"{getattr(event, 'uid', '')}:{event.pk}:{key}"  # ids are reused, uids never
    version, value = _local_get(local_key)
    if version == event.version:
        return value
    full_key = fragment_key(event, key)
    fresh = _safe(lambda: cache.get(full_key, _MISSING), _MISSING)
    if fresh is not _MISSING:
        _local_set(local_key, event.version, fresh)
        return fresh
    lock = f"render-lock:{full_key}"
    if not _safe(lambda: cache.add(lock, 1, RENDER_LOCK_SECONDS), True):
        # Another process renders this version right now: serve the previous one meanwhile.
        if value is not _MISSING:
            return value
        latest = _safe(lambda: cache.get(f"latest:{event.pk}:{key}"))
        if latest is not None and latest[0] <= event.version:
            return latest[1]
    try:
        fresh = render()
        _safe(lambda: cache.set_many({full_key: fresh,
                                      f"latest:{event.pk}:{key}": (event.version, fresh)},
                                     timeout))
    finally:
        _safe(lambda: cache.delete(lock))
    _local_set(local_key, event.version, fresh)
    return fresh


def _local_get(key: str) -> tuple[int | None, Any]:
    with _local_lock:
        entry = _local.get(key)
        if entry is None or entry[0] < time.monotonic():
            return None, _MISSING
        _local.move_to_end(key)
        return entry[1], entry[2]


def _local_set(key: str, version: int, value: Any) -> None:
    with _local_lock:
        current = _local.get(key)
        if current is not None and current[1] > version:
            return  # a newer version was stored meanwhile
        _local[key] = (time.monotonic() + LOCAL_SECONDS, version, value)
        _local.move_to_end(key)
        while len(_local) > LOCAL_ENTRIES:
            _local.popitem(last=False)


def clear_local() -> None:
    """Forget this process's fragments (tests; after restoring a database backup)."""
    with _local_lock:
        _local.clear()


def cache_available() -> bool:
    return bool(_safe(lambda: cache.set("huche:ping", 1, 5) or True, False))
