"""How often a password may be tried, at every door (the site's login page, ``/admin/login/``,
the API's token endpoint): counted *before* the password is checked, in one atomic step each
(:meth:`accounts.throttle.Limit.take`), so simultaneous guesses cannot slip past the limit.

Which counters (issue 33, the lockout finding): a lockout of the *account* alone let anyone at
the hall lock its organizer out for 15 minutes, mid-event, with five wrong passwords. So a
lockout slows the guesser, never the owner:

- **a device that logged in to this account before** (the signed cookie ``huche_device``,
  given at each successful login on the site's page) is counted on its own: 5 failures per
  15 minutes for that device and that account. A stranger cannot use up the owner's tries:
  they do not have the cookie, and the cookie cannot be forged (Django's signing, with
  ``SECRET_KEY``);
- **anyone else** is counted per address (20 failures per 15 minutes whatever the account),
  per account *and* address (5). At the hall everyone shares one address: the organizer's own
  phone or laptop still gets in with its cookie while a stranger there is locked out.
- **the account's total** (50 failures per 15 minutes from every address together: a guesser
  spread over many addresses) never locks the account (issue 51, finding 7: a stranger with
  ten addresses locked the owner out everywhere). Past it, each address keeps *one* try per
  window for that account: the owner from any other address (home, their phone's data) still
  logs in at the first right password; the spread guesser gets one guess per address and
  window instead of five. An IPv6 address counts by its /64 network (:func:`address_of`),
  so a line's billions of addresses are one.

A right password gives back what its attempt counted and clears the count of that account
from there. Settings: ``THROTTLE_LOGIN_CLIENT``, ``THROTTLE_LOGIN_ACCOUNT``,
``THROTTLE_LOGIN_ACCOUNT_TOTAL``.
"""

from __future__ import annotations

import hashlib
import ipaddress
import secrets
from dataclasses import dataclass, field

from django.conf import settings
from django.core import signing

from .throttle import (
    Limit,
    client_ip,
    login_per_account,
    login_per_account_fresh,
    login_per_account_total,
    login_per_client,
    take_all,
)

DEVICE_COOKIE = "huche_device"
DEVICE_MAX_AGE = 365 * 24 * 3600
DEVICE_ACCOUNTS = 10  # a shared club laptop remembers its last few accounts
_SALT = "huche.accounts.known-device"


def _digest(account: str) -> str:
    return hashlib.sha256(account.encode("utf-8", "replace")).hexdigest()[:24]


def _device(request) -> tuple[str, list[str]]:
    """The device id and the accounts (digests) that logged in from this browser, if any."""
    raw = getattr(request, "COOKIES", {}).get(DEVICE_COOKIE, "")
    try:
        data = signing.loads(raw, salt=_SALT, max_age=DEVICE_MAX_AGE) if raw else {}
    except signing.BadSignature:
        return "", []
    if not isinstance(data, dict):
        return "", []
    accounts = data.get("a")
    return str(data.get("d") or ""), accounts if isinstance(accounts, list) else []


@dataclass
class Attempt:
    """One password about to be checked: what it counted, and the wait if it may not."""

    account: str
    checks: list[tuple[Limit, str]] = field(default_factory=list)
    wait: int | None = None


def address_of(request) -> str:
    """The caller's address as the login limits count it: an IPv6 address by its /64 network
    (one subscriber's line holds a whole /64: counting single addresses would give one guesser
    billions of fresh addresses), an IPv4 address whole."""
    ip = client_ip(request)
    try:
        parsed = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(parsed)


def begin(request, account: str) -> Attempt:
    """Count this attempt before its password is checked; ``.wait`` set: do not check it."""
    account = (account or "").strip().lower()[:254]
    device, known = _device(request)
    if account and device and _digest(account) in known:
        checks = [(login_per_account(), f"{account}|device:{device}")]
        return Attempt(account, checks, take_all(checks))
    ip = address_of(request)
    checks = [(login_per_client(), ip)]
    if account:
        checks.append((login_per_account(), f"{account}|address:{ip}"))
    wait = take_all(checks)
    if wait or not account:
        return Attempt(account, checks, wait)
    total = (login_per_account_total(), account)
    if total[0].take(account) is None:
        return Attempt(account, [*checks, total], None)
    # Past the account's total (a guesser spread over many addresses): the account is not
    # locked, each address keeps one try per window (the owner elsewhere still gets in).
    fresh = (login_per_account_fresh(), f"{account}|address:{ip}")
    wait = fresh[0].take(fresh[1])
    if wait:
        for limit, subject in checks:
            limit.give_back(subject)
    return Attempt(account, [*checks, fresh], wait)


def succeeded(attempt: Attempt) -> None:
    """The password was right: not a failure. Gives back what the attempt counted and clears
    the count of this account from this address or device."""
    per_account = login_per_account().scope
    for limit, subject in attempt.checks:
        if limit.scope == per_account:
            limit.reset(subject)
        else:
            limit.give_back(subject)


def remember_device(request, response, account: str) -> None:
    """After a successful login on the site's page: this browser is a known device of the
    account from now on (see the module docstring)."""
    account = (account or "").strip().lower()
    if not account:
        return
    device, known = _device(request)
    digest = _digest(account)
    known = ([digest] + [a for a in known if a != digest])[:DEVICE_ACCOUNTS]
    value = signing.dumps({"d": device or secrets.token_urlsafe(16), "a": known}, salt=_SALT)
    response.set_cookie(
        DEVICE_COOKIE,
        value,
        max_age=DEVICE_MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
