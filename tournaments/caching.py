"""Cached public fragments keyed by the event's version number.

``Event.version`` lives in the database and is bumped in the same transaction as every change a
public page shows (a confirmed result, a seating, a release). A page reads the event row anyway,
so the key of a fragment is always current: a stale fragment is never served, even if the cache
was down when the change happened. If the cache (Redis) is down, reads miss and writes are
skipped; pages are computed from the database, slower but correct.

Rendered page fragments (``local=True``) are also kept in a small memory of each web process in
front of Redis: a versioned key cannot go stale, and a 1,000-team standings table (about
400 KB) is then neither fetched from Redis nor unpickled on every view. The memory holds
``LOCAL_ENTRIES`` fragments for at most ``LOCAL_SECONDS`` each.
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
_local: OrderedDict[str, tuple[float, Any]] = OrderedDict()
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


def cached(event, key: str, compute: Callable[[], Any], timeout: int = 3600, *,
           local: bool = False) -> Any:
    """The fragment ``key`` at the event's current version, computed on a miss.

    ``local``: also keep it in this process's memory (see the module docstring).
    """
    full_key = fragment_key(event, key)
    local_key = f"{getattr(event, 'uid', '')}:{full_key}"  # ids are reused, uids never
    if local:
        value = _local_get(local_key)
        if value is not _MISSING:
            return value
    value = _safe(lambda: cache.get(full_key, _MISSING), _MISSING)
    if value is _MISSING:
        value = compute()
        _safe(lambda: cache.set(full_key, value, timeout))
    if local:
        _local_set(local_key, value)
    return value


def _local_get(key: str) -> Any:
    with _local_lock:
        entry = _local.get(key)
        if entry is None:
            return _MISSING
        if entry[0] < time.monotonic():
            del _local[key]
            return _MISSING
        _local.move_to_end(key)
        return entry[1]


def _local_set(key: str, value: Any) -> None:
    with _local_lock:
        _local[key] = (time.monotonic() + LOCAL_SECONDS, value)
        _local.move_to_end(key)
        while len(_local) > LOCAL_ENTRIES:
            _local.popitem(last=False)


def clear_local() -> None:
    """Forget this process's fragments (tests; after restoring a database backup)."""
    with _local_lock:
        _local.clear()


def cache_available() -> bool:
    return bool(_safe(lambda: cache.set("huche:ping", 1, 5) or True, False))
