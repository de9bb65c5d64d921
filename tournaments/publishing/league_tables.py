"""Tables computed from many events (a season's standings, an honours board, a player's
record), cached under a key made of everything that changes them (issue 54, round 2).

The key holds:

- every event the table reads, as ``(pk, version, cache_token, cache_epoch, ...)``: a result,
  a correction, a release or a hide, a team's edit or a merge bump the event
  (``caching.bump_event``), and a restore renews its epoch;
- the owner's own settings (a season's rules: every column of its row), given by the caller;
- the **players' stamp**: a random token held in the cache, renewed when any player is saved or
  deleted (a rename, a merge, a member number). Renames are rare, so one stamp serves the whole
  site. A stamp lost from the cache comes back as a new token: the tables are computed again,
  never served stale;
- the language of the request (a table may hold translated words).

Reading a table costs the query its caller makes anyway for the events, and one cache round trip
for the stamp and one for the table.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import translation

from tournaments.models import Player

log = logging.getLogger(__name__)
PLAYERS_KEY = "league-tables:players-stamp"
TIMEOUT = 24 * 3600
_MISSING = object()


def _safe(op: Callable[[], Any], default: Any = None) -> Any:
    try:
        return op()
    except Exception as exc:  # the cache is an optimisation: never fail a request for it
        log.warning("cache unavailable: %s", exc)
        return default


def players_stamp() -> str:
    stamp = _safe(lambda: cache.get(PLAYERS_KEY))
    if stamp is None:
        fresh = uuid.uuid4().hex
        _safe(lambda: cache.add(PLAYERS_KEY, fresh, None))
        stamp = _safe(lambda: cache.get(PLAYERS_KEY)) or fresh
    return stamp


def bump_players() -> None:
    """A player changed: every table is computed again. Renewed now and after the commit, so
    a table computed meanwhile from the rows as they were is never found afterwards."""

    def renew() -> None:
        _safe(lambda: cache.set(PLAYERS_KEY, uuid.uuid4().hex, None))

    renew()
    transaction.on_commit(renew)


@receiver(post_save, sender=Player, dispatch_uid="league-tables-player-saved")
@receiver(post_delete, sender=Player, dispatch_uid="league-tables-player-deleted")
def _player_written(sender, instance: Player, **kwargs) -> None:
    bump_players()


def event_parts(events: Iterable, *extra: str) -> list[tuple]:
    """What of each event keys a table: its version and tokens, and ``extra`` attributes."""
    return [
        (e.pk, e.version, e.cache_token, e.cache_epoch, *(getattr(e, a) for a in extra))
        for e in events
    ]


def row_parts(instance) -> tuple:
    """Every column of a row (a season's rules and names)."""
    return tuple(getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields)


def table(kind: str, owner: Any, parts: Any, compute: Callable[[], Any]) -> Any:
    """The table ``kind`` of ``owner`` for these ``parts``, computed on a miss."""
    text = repr((parts, players_stamp(), translation.get_language()))
    key = (
        f"league-table:{kind}:{owner}:{hashlib.blake2b(text.encode(), digest_size=16).hexdigest()}"
    )
    value = _safe(lambda: cache.get(key, _MISSING), _MISSING)
    if value is _MISSING:
        value = compute()
        _safe(lambda: cache.set(key, value, TIMEOUT))
    return value
