"""Tell the officials, on their pages, when Redis (cache and task broker) is down.

Results are still saved (the database is what matters) and the background work waits in the
outbox; but pages are slower, standings are recomputed on each view, and the work is sent only
when Redis is back. The officials should know, so they do not think Huche is stuck.

The check pings the cache with the cache's own short socket timeout (1 s, see settings) and its
answer is remembered in this process for a few seconds, so a page of a busy desk costs at most
one ping every ``TTL`` seconds. Shown only to signed-in users (organizers, officials, staff):
captains and the public need not know.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

TTL = 10.0
_last: dict[str, tuple[float, bool]] = {}


def redis_reachable() -> bool:
    """Is the cache (and, with REDIS_URL, the broker on the same Redis) answering?"""
    now = time.monotonic()
    seen = _last.get("redis")
    if seen is not None and now - seen[0] < TTL:
        return seen[1]
    try:
        cache.set("huche:service-ping", 1, 30)
        ok = True
    except Exception as exc:
        log.warning("cache/broker unreachable: %s", exc)
        ok = False
    _last["redis"] = (now, ok)
    return ok


def forget() -> None:
    """Drop the remembered answer (tests)."""
    _last.clear()


def service_warnings(request) -> dict:
    user = getattr(request, "user", None)
    if not getattr(user, "is_authenticated", False):
        return {}
    warnings = []
    if getattr(settings, "REDIS_URL", "") and not redis_reachable():
        warnings.append(
            _(
                "Redis (cache and background tasks) is unreachable. Results are still saved; "
                "standings are recomputed on each page and the background work will be sent "
                "when Redis is back."
            )
        )
    return {"service_warnings": warnings}
