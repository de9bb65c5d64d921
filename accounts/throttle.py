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

import hashlib
import logging
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import ngettext

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
    """At most ``failures`` failed attempts per ``window`` seconds for one key."""

    scope: str
    failures: int
    window: int

    def _key(self, subject: str, part: str) -> str:
        digest = hashlib.sha256(subject.encode("utf-8", "replace")).hexdigest()[:32]
        return f"huche:throttle:{self.scope}:{digest}:{part}"

    def retry_after(self, subject: str) -> int | None:
        """Seconds to wait if ``subject`` used up its failures in this window, else ``None``.

        The window opens at the subject's first failure and lasts ``window`` seconds."""
        try:
            counts = cache.get_many([self._key(subject, "n"), self._key(subject, "t")])
        except Exception as exc:  # fail open: see the module docstring
            log.warning("throttle %s not checked, cache unavailable: %s", self.scope, exc)
            return None
        count = counts.get(self._key(subject, "n"), 0)
        if count < self.failures:
            return None
        opened = counts.get(self._key(subject, "t"), time.time())
        return max(1, math.ceil(opened + self.window - time.time()))

    def fail(self, subject: str) -> None:
        """Count one failed attempt of ``subject``."""
        key = self._key(subject, "n")
        try:
            if cache.add(key, 1, self.window):
                cache.set(self._key(subject, "t"), time.time(), self.window)
            else:
                cache.incr(key)
        except ValueError:  # expired between add and incr: a new window
            cache.set(key, 1, self.window)
            cache.set(self._key(subject, "t"), time.time(), self.window)
        except Exception as exc:
            log.warning("throttle %s not counted, cache unavailable: %s", self.scope, exc)

    def reset(self, subject: str) -> None:
        try:
            cache.delete_many([self._key(subject, "n"), self._key(subject, "t")])
        except Exception as exc:
            log.warning("throttle %s not reset, cache unavailable: %s", self.scope, exc)


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
    """Failed logins to one account, from wherever."""
    return _limit("login-account", "THROTTLE_LOGIN_ACCOUNT", 5, 15 * 60)


def signup_per_client() -> Limit:
    """Accounts opened from one address: a hall's desk may open a few, a script cannot open
    hundreds. Every attempt counts, not only failures (a successful signup is what is limited)."""
    return _limit("signup-client", "THROTTLE_SIGNUP_CLIENT", 10, 60 * 60)


def registration_per_client() -> Limit:
    """Teams registered through the public form or the API from one address (sign-up's kind of
    limit: every attempt counts): a club's desk registers its teams, a script cannot fill the
    event."""
    return _limit("registration-client", "THROTTLE_REGISTRATION_CLIENT", 30, 60 * 60)


def minutes(seconds: int) -> int:
    return max(1, math.ceil(seconds / 60))


def throttled_message(wait: int) -> str:
    n = minutes(wait)
    return ngettext(
        "Too many failed logins: try again in %(n)d minute.",
        "Too many failed logins: try again in %(n)d minutes.",
        n,
    ) % {"n": n}


def login_wait(ip: str, account: str) -> int | None:
    """Seconds before this address or this account may try a password again, or ``None``."""
    waits = [login_per_client().retry_after(ip)]
    if account:
        waits.append(login_per_account().retry_after(account.strip().lower()))
    known = [w for w in waits if w]
    return max(known) if known else None


def login_failed(ip: str, account: str) -> None:
    login_per_client().fail(ip)
    if account:
        login_per_account().fail(account.strip().lower())


def login_succeeded(account: str) -> None:
    if account:
        login_per_account().reset(account.strip().lower())
