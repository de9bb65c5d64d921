"""Each event's cache key held in the cache, so an anonymous view of a stored page does no SQL
(issue 54).

A public page stored whole (``publishing.whole_pages``) is keyed by the event's version, cache
token and epoch, and by who may see what (published, results public, released). Reading those
from the event row was the one SQL query left per anonymous view, most of its cost. The
*head* below is that row's keying facts, held in the cache by slug:

- written after the commit of every change that bumps the version (``caching.bump_event``) or
  saves or deletes the event (the signals below): the row is read again once committed, so the
  head is what the database holds now, a release, a hide, a draft or a deletion included;
- dropped at once, inside the changing transaction, too: a request after it reads the row
  (in tests, where nothing commits, and if the commit's write is lost);
- a miss reads the row, as before, and *adds* the head (never overwrites: a write after a
  commit wins over a reader that read the row before it);
- gone after a database restore: ``operations.backups.clear_cache`` deletes every key, and the
  head carries the event's ``cache_epoch``, which the restore renews: no render from before it
  is found, even in a web process that kept its memory.

Two changes committing within the same millisecond may write their heads out of order; every
head expires after ``HEAD_SECONDS``, which bounds that (and any change made behind Huche's
back, by hand in SQL) to seconds. If the cache is down, reads miss: pages read the row.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.models import Event

log = logging.getLogger(__name__)
HEAD_SECONDS = 30
FIELDS = ("pk", "uid", "slug", "version", "cache_token", "cache_epoch")


@dataclass(frozen=True)
class Head:
    """What keys an event's stored public pages, as the committed row says."""

    pk: int
    uid: str
    version: int
    cache_token: str
    cache_epoch: str
    published: bool
    results_public: bool
    released: bool


def head_of(event: Event) -> Head:
    return Head(
        event.pk,
        str(event.uid),
        event.version,
        event.cache_token,
        event.cache_epoch,
        not event.is_draft,
        event.results_public,
        bool(event.released_at),
    )


def _key(slug: str) -> str:
    return f"head:{slug}"


def _safe(op: Callable[[], Any], default: Any = None) -> Any:
    try:
        return op()
    except Exception as exc:  # the cache is an optimisation: never fail a request for it
        log.warning("cache unavailable: %s", exc)
        return default


def get(slug: str) -> Head | None:
    """The event's head, if the cache holds it (else read the row)."""
    head = _safe(lambda: cache.get(_key(slug)))
    return head if isinstance(head, Head) else None


def remember(event: Event) -> None:
    """After reading the row on a miss: store its head unless a newer one was written."""
    _safe(lambda: cache.add(_key(event.slug), head_of(event), HEAD_SECONDS))


def read(pk: int) -> Head | None:
    """The event's head as the database (this transaction) has it; None: no such event."""
    event = _row(pk)
    return None if event is None else head_of(event)


def _row(pk: int) -> Event | None:
    fields = (*FIELDS, "published_at", "visibility", "released_at")
    return Event.objects.filter(pk=pk).only(*fields).first()


def changed(event: Event) -> None:
    """The event changes in the current transaction: its head is dropped now and written again
    from the row once the transaction commits."""
    drop(event)
    pk, slug = event.pk, event.slug
    transaction.on_commit(lambda: refresh(pk, slug))


def drop(event: Event) -> None:
    """Forget the head now (inside the changing transaction): the next view reads the row."""
    slug = event.slug
    _safe(lambda: cache.delete(_key(slug)))


def write_on_commit(event: Event, head: Head) -> None:
    """Write ``head`` once the transaction commits: read under the row's lock after the
    change, as ``caching.bump_event`` does (no query after the commit). Call :func:`drop`
    first, inside the transaction."""
    slug = event.slug
    transaction.on_commit(lambda: _write(slug, head))


def _write(slug: str, head: Head) -> None:
    _safe(lambda: cache.set(_key(slug), head, HEAD_SECONDS))


def refresh(pk: int, slug: str) -> None:
    """Write the head from the row as committed; a deleted event (or a new slug) leaves no
    head under its old slug."""
    event = _row(pk)
    if event is None or event.slug != slug:
        _safe(lambda: cache.delete(_key(slug)))
    if event is not None:
        _write(event.slug, head_of(event))


@receiver(post_save, sender=Event, dispatch_uid="event-head-saved")
@receiver(post_delete, sender=Event, dispatch_uid="event-head-deleted")
def _event_written(sender, instance: Event, **kwargs) -> None:
    changed(instance)
