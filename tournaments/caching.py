"""Cached public fragments keyed by the event's version number.

``Event.version`` lives in the database and is bumped in the same transaction as every change a
public page shows (a confirmed result, a seating, a release). A page reads the event row anyway,
so the key of a fragment is always current: a stale fragment is never served, even if the cache
was down when the change happened. If the cache (Redis) is down, reads miss and writes are
skipped; pages are computed from the database, slower but correct.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.db.models import F

log = logging.getLogger(__name__)
_MISSING = object()


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


def cache_available() -> bool:
    return bool(_safe(lambda: cache.set("huche:ping", 1, 5) or True, False))
