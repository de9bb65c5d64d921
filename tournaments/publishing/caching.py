"""Cached public fragments keyed by the event's version number.

``Event.version`` lives in the database and is bumped in the same transaction as every change a
public page shows (a confirmed result, a seating, a release). A page reads the event row anyway,
so the key of a fragment is always current: a stale fragment is never served, even if the cache
was down when the change happened.

A restored database rewinds the versions: the next change would reuse a key whose fragment was
cached before the restore (a result that no longer exists). So every bump also draws a random
``Event.cache_token``, in every key beside the version: a key never repeats. And a restore
(operations/backups.py) gives every event a new ``Event.cache_epoch``, in the keys of the renders a
page may serve while a newer one is rendered ("latest", and each process's memory below): those
are never from before the restore, even in a web server that kept running through it. If the cache (Redis) is down, reads miss and writes are
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
  served meanwhile was rendered for the same audience; only the data may be one render old;
- at most one render every ``settings.PAGE_RENDER_EVERY`` seconds (2 by default, 0 in tests):
  a version rendered less than that long ago is served while newer results keep arriving. At
  the end of a round 250 results are confirmed within a minute; rendering the 1,000-team
  standings after each (a quarter of a second of one core) left too little of two cores for
  the captains' submissions. The page's own refresh comes every 30 seconds.

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

from django.conf import settings
from django.core.cache import cache
from django.db.models import F

from tournaments.models import Event, new_cache_token
from tournaments.publishing import heads

log = logging.getLogger(__name__)
_MISSING = object()
LOCAL_ENTRIES = 32
LOCAL_SECONDS = 300
RENDER_LOCK_SECONDS = 30
# "event uid:pk:epoch:key" -> (expires at, version, token, rendered at, value): the latest
# version seen here.
_local: OrderedDict[str, tuple[float, int, str, float, Any]] = OrderedDict()
_local_lock = threading.Lock()


def _safe(op: Callable[[], Any], default: Any = None) -> Any:
    try:
        return op()
    except Exception as exc:  # the cache is an optimisation: never fail a request for it
        log.warning("cache unavailable: %s", exc)
        return default


def bump_event(event) -> None:
    """Invalidate every cached fragment of the event (call inside the changing transaction)."""

    heads.drop(event)  # before the row's lock: the cache's round trip does not lengthen it
    Event.objects.filter(pk=event.pk).update(
        version=F("version") + 1, cache_token=new_cache_token()
    )
    # The row as this transaction leaves it (locked by the update until the commit): the new
    # version and token, and the anonymous pages' key (publishing.heads), written on commit.
    head = heads.read(event.pk)
    if head is None:
        raise Event.DoesNotExist(f"event {event.pk} is gone")
    event.version, event.cache_token = head.version, head.cache_token
    heads.write_on_commit(event, head)


def fragment_key(event, key: str) -> str:
    return f"event:{event.pk}:{event.version}:{event.cache_token}:{key}"


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
    value, latest = _lookup(event, key)
    if value is not _MISSING:
        return value
    current = (event.version, event.cache_token)
    full_key = fragment_key(event, key)
    latest_key = f"latest:{event.pk}:{event.cache_epoch}:{key}"
    lock = f"render-lock:{full_key}"
    if not _safe(lambda: cache.add(lock, 1, RENDER_LOCK_SECONDS), True):
        # Another process renders this version right now: serve the previous one meanwhile.
        local = _local_get(_local_key(event, key))[3]
        if local is not _MISSING:
            return local
        if latest is not None and latest[0] <= event.version:
            return latest[3]
    try:
        fresh, now = render(), time.time()
        _safe(
            lambda: cache.set_many({full_key: fresh, latest_key: (*current, now, fresh)}, timeout)
        )
    finally:
        _safe(lambda: cache.delete(lock))
    _local_set(_local_key(event, key), *current, now, fresh)
    return fresh


def stored_fragment(event, key: str) -> Any:
    """What :func:`page_fragment` would serve without rendering, or None: for a caller that
    holds only the event's head (``publishing.heads``) and reads the row on a miss."""
    value = _lookup(event, key)[0]
    return None if value is _MISSING else value


def _local_key(event, key: str) -> str:
    # ids are reused, uids never; a restore changes the epoch
    return f"{getattr(event, 'uid', '')}:{event.pk}:{event.cache_epoch}:{key}"


def _lookup(event, key: str) -> tuple[Any, Any]:
    """(the fragment to serve, or _MISSING; the latest render found in the cache, or None)."""
    every = getattr(settings, "PAGE_RENDER_EVERY", 0)
    local_key = _local_key(event, key)
    version, token, rendered_at, value = _local_get(local_key)
    current = (event.version, event.cache_token)
    if (version, token) == current or (version is not None and time.time() - rendered_at < every):
        return value, None
    full_key = fragment_key(event, key)
    latest_key = f"latest:{event.pk}:{event.cache_epoch}:{key}"
    found = _safe(lambda: cache.get_many([full_key, latest_key]), {})
    if full_key in found:
        _local_set(local_key, *current, time.time(), found[full_key])
        return found[full_key], None
    latest = found.get(latest_key)  # (version, token, rendered at, value)
    if latest is not None and latest[0] <= event.version and time.time() - latest[2] < every:
        _local_set(local_key, *latest)
        return latest[3], latest
    return _MISSING, latest


def _local_get(key: str) -> tuple[int | None, str, float, Any]:
    with _local_lock:
        entry = _local.get(key)
        if entry is None or entry[0] < time.monotonic():
            return None, "", 0.0, _MISSING
        _local.move_to_end(key)
        return entry[1:]


def _local_set(key: str, version: int, token: str, rendered_at: float, value: Any) -> None:
    with _local_lock:
        current = _local.get(key)
        if current is not None and current[1] > version:
            return  # a newer version was stored meanwhile
        _local[key] = (time.monotonic() + LOCAL_SECONDS, version, token, rendered_at, value)
        _local.move_to_end(key)
        while len(_local) > LOCAL_ENTRIES:
            _local.popitem(last=False)


def clear_local() -> None:
    """Forget this process's fragments (tests; after restoring a database backup)."""
    with _local_lock:
        _local.clear()
