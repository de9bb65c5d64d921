"""Counting failed attempts (wrong PINs, wrong passwords) per client and per account.

Windows (opened by a first failure) counted in the Django cache (local memory or Redis), so every web process shares
the counts when Redis is used. Only *failures* count: a hall full of captains behind the same
Wi-Fi address is never throttled for entering their right PINs.

**The cache down fails open.** When Redis is unreachable the counters cannot be read: the
attempt is allowed and a warning is logged. Failing closed would lock every captain and
official out exactly when the hall's Redis dies mid-event. What still protects a link then is
the per-link lockout, stored in the database (``accounts.links``: 5 wrong PINs lock the link
for 15 minutes), and the long random token of the link itself; passwords keep Django's
hashing cost.

**Which client.** ``REMOTE_ADDR``, unless ``TRUSTED_PROXY_COUNT`` (environment) says how many
reverse proxies of ours sit in front of Huche: then the address the outermost of them saw, read
from the right-hand end of ``X-Forwarded-For``. A client cannot choose its own address by
sending that header: the entries it writes itself are at the left and are never read.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import math
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import ngettext
from filelock import FileLock

log = logging.getLogger(__name__)


def client_ip(request) -> str:
    """The caller's address, honouring only the proxies we trust (see the module docstring)."""
    remote = request.META.get("REMOTE_ADDR", "") or ""
    trusted = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0) or 0)
    if trusted <= 0:
        return remote[:64]
    hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if h.strip()]
    if len(hops) < trusted:
        return remote[:64]
    return hops[-trusted][:64]


@dataclass(frozen=True)
class Limit:
    """At most ``failures`` counted attempts per ``window`` seconds for one subject.

    **Count, then check, in one atomic step** (:meth:`take`): requests sent at once each get
    their own number, so no more than ``failures`` of them ever pass, however many are in
    flight (issue 33, finding 4: a read-then-count let 20 of 20 simultaneous guesses through a
    limit of 5). On Redis the number comes from one MULTI of ``SET NX EX`` (the window opens
    with its expiry), ``INCRBY`` and ``TTL``; on the local-memory cache (one process) from
    ``add`` and ``incr``, which each hold that cache's lock; on the hall's file cache, shared by
    its web processes and whose ``incr`` reads then writes, from the same under a lock file
    (:func:`_file_cache_lock`). The window opens at the first counted attempt and lasts
    ``window`` seconds."""

    scope: str
    failures: int
    window: int

    def _key(self, subject: str, part: str = "n") -> str:
        digest = hashlib.sha256(subject.encode("utf-8", "replace")).hexdigest()[:32]
        return f"huche:throttle:{self.scope}:{digest}:{part}"

    def _redis(self, key: str):
        """The raw Redis client and full key for ``key``, or ``None`` off Redis."""
        backend = getattr(cache, "_cache", None)
        if backend is None or not hasattr(backend, "get_client"):
            return None
        return backend.get_client(key, write=True), cache.make_and_validate_key(key)

    def _add(self, subject: str, delta: int) -> tuple[int, int]:
        """Add ``delta`` to the subject's count: (the count now, seconds left in the window)."""
        key = self._key(subject)
        redis = self._redis(key)
        if redis is not None:
            client, full = redis
            pipe = client.pipeline(transaction=True)
            pipe.set(full, 0, ex=self.window, nx=True)
            pipe.incrby(full, delta)
            pipe.ttl(full)
            _set, count, ttl = pipe.execute()
            if ttl < 0:  # a counter without expiry (never written so): give it the window
                client.expire(full, self.window)
            return int(count), max(1, int(ttl))
        now = time.time()
        with _file_cache_lock():
            for _attempt in range(3):
                cache.add(self._key(subject, "t"), now, self.window)
                cache.add(key, 0, self.window)
                try:
                    count = cache.incr(key, delta)
                except ValueError:  # the window ended between add and incr: open a new one
                    continue
                opened = cache.get(self._key(subject, "t"), now)
                return int(count), max(1, math.ceil(opened + self.window - now))
        raise RuntimeError("the throttle's counter kept expiring")

    def take(self, subject: str) -> int | None:
        """Count one attempt of ``subject``, then answer: ``None`` if it is within the limit
        (go ahead), else the seconds to wait (the attempt is given back: refusals cost
        nothing). The cache down: allowed, and logged (see the module docstring)."""
        try:
            count, left = self._add(subject, 1)
            if count <= self.failures:
                return None
            self._add(subject, -1)
        except Exception as exc:  # fail open: see the module docstring
            log.warning("throttle %s not counted, cache unavailable: %s", self.scope, exc)
            return None
        return left

    def give_back(self, subject: str) -> None:
        """Uncount an attempt :meth:`take` counted that turned out not to count (a right
        password: only failures are limited)."""
        try:
            self._add(subject, -1)
        except Exception as exc:
            log.warning("throttle %s not given back, cache unavailable: %s", self.scope, exc)

    def retry_after(self, subject: str) -> int | None:
        """Seconds to wait if ``subject`` used up its attempts in this window, else ``None``
        (a read: callers that then count with :meth:`fail` are not atomic; prefer
        :meth:`take`)."""
        try:
            count, left = self._add(subject, 0)
        except Exception as exc:  # fail open: see the module docstring
            log.warning("throttle %s not checked, cache unavailable: %s", self.scope, exc)
            return None
        return left if count >= self.failures else None

    def fail(self, subject: str) -> None:
        """Count one failed attempt of ``subject`` (after the fact)."""
        try:
            self._add(subject, 1)
        except Exception as exc:
            log.warning("throttle %s not counted, cache unavailable: %s", self.scope, exc)

    def reset(self, subject: str) -> None:
        try:
            cache.delete_many([self._key(subject), self._key(subject, "t")])
        except Exception as exc:
            log.warning("throttle %s not reset, cache unavailable: %s", self.scope, exc)


def _file_cache_lock() -> contextlib.AbstractContextManager:
    """A lock file beside the hall's cache files (``throttle.lock``, which the cache never
    lists, culls nor clears), held across processes and threads alike; no lock for the other
    caches."""
    config = settings.CACHES["default"]
    if not str(config["BACKEND"]).endswith(".FileBasedCache"):
        return contextlib.nullcontext()
    folder = Path(str(config["LOCATION"]))
    folder.mkdir(parents=True, exist_ok=True)
    return FileLock(folder / "throttle.lock", timeout=10)


def take_all(checks: list[tuple[Limit, str]]) -> int | None:
    """Count one attempt against each ``(limit, subject)`` in order; at the first refusal give
    back what this attempt took and answer the wait (``None``: every limit let it through)."""
    taken: list[tuple[Limit, str]] = []
    for limit, subject in checks:
        wait = limit.take(subject)
        if wait:
            for done, its_subject in taken:
                done.give_back(its_subject)
            return wait
        taken.append((limit, subject))
    return None


def _limit(scope: str, setting: str, failures: int, window: int) -> Limit:
    configured = getattr(settings, setting, None) or {}
    return Limit(
        scope, int(configured.get("failures", failures)), int(configured.get("window", window))
    )


def pin_per_client() -> Limit:
    """Wrong PINs from one address, whatever the link (a guesser trying many links)."""
    return _limit("pin-client", "THROTTLE_PIN_CLIENT", 30, 15 * 60)


def login_per_client() -> Limit:
    """Failed logins from one address, whatever the account."""
    return _limit("login-client", "THROTTLE_LOGIN_CLIENT", 20, 15 * 60)


def login_per_account() -> Limit:
    """Failed logins to one account from one address (or from one known device)."""
    return _limit("login-account", "THROTTLE_LOGIN_ACCOUNT", 5, 15 * 60)


def login_per_account_total() -> Limit:
    """Failed logins to one account from every address together, devices that logged in to it
    before excepted (a guesser spread over many addresses)."""
    return _limit("login-account-total", "THROTTLE_LOGIN_ACCOUNT_TOTAL", 50, 15 * 60)


def login_per_account_fresh() -> Limit:
    """Past the account's total: the tries left to one address for that account (one: the
    owner's first right password from another address gets in; see accounts.login_guard)."""
    return _limit("login-account-fresh", "THROTTLE_LOGIN_ACCOUNT_FRESH", 1, 15 * 60)


def signup_per_client() -> Limit:
    """Accounts opened from one address: a hall's desk may open a few, a script cannot open
    hundreds. Every attempt counts, not only failures (a successful signup is what is limited)."""
    return _limit("signup-client", "THROTTLE_SIGNUP_CLIENT", 10, 60 * 60)


def invitations_per_account() -> Limit:
    """Invitations (and new links) one organizer issues: a club invites a few officials; a
    script probing addresses cannot invite hundreds (issue 33, finding 5)."""
    return _limit("invite-account", "THROTTLE_INVITE_ACCOUNT", 30, 60 * 60)


def archive_uploads_per_account() -> Limit:
    """Event archives one account uploads (each is read, checked and may wait a day)."""
    return _limit("archive-account", "THROTTLE_ARCHIVE_ACCOUNT", 20, 60 * 60)


def registration_per_client() -> Limit:
    """Teams registered through the public form or the API from one address (sign-up's kind of
    limit: every attempt counts): a club's desk registers its teams, a script cannot fill the
    event."""
    return _limit("registration-client", "THROTTLE_REGISTRATION_CLIENT", 30, 60 * 60)


def registration_per_event_client() -> Limit:
    """Teams one address registers in one event (issue 51, finding 6: 40 at once took every
    place and the waiting list): a club's desk registers its few teams, the organizer adds more
    by hand. Counted per event *and* address; refused member numbers count too."""
    return _limit("registration-event-client", "THROTTLE_REGISTRATION_EVENT_CLIENT", 5, 60 * 60)


def minutes(seconds: int) -> int:
    return max(1, math.ceil(seconds / 60))


def throttled_message(wait: int) -> str:
    n = minutes(wait)
    return ngettext(
        "Too many failed logins: try again in %(n)d minute.",
        "Too many failed logins: try again in %(n)d minutes.",
        n,
    ) % {"n": n}
