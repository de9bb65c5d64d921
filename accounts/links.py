"""Captains' private score-entry links: a long random token in the URL plus a short PIN.

The token makes the link unguessable; the PIN protects a photographed or lost sheet. PINs are
compared in constant time, wrong PINs are counted per link and lock it for a while after too
many (an official can lift the lock), and revocation takes effect on the next request.
"""

from __future__ import annotations

import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from common import addresses

from .models import CaptainLink
from .throttle import pin_per_client

PIN_LENGTH = 6
MAX_FAILED_ATTEMPTS = 5
LOCKOUT = timedelta(minutes=15)


# What people type between the digits of a PIN read off a slip ("461 224", "461-224").
_PIN_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015\u2212.]+")
_PIN = re.compile(rf"[0-9]{{{PIN_LENGTH}}}")


def normalize_pin(typed: str) -> str | None:
    """The 6 digits of a typed PIN, spaces and dashes dropped; None if it is not 6 digits
    (then it is refused before any comparison: a typo spends no attempt)."""
    digits = _PIN_SEPARATORS.sub("", typed or "")
    return digits if _PIN.fullmatch(digits) else None


def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_LENGTH))


@transaction.atomic
def issue_link(team) -> CaptainLink:
    """Revoke the team's live link (if any) and issue a new one."""
    CaptainLink.objects.filter(team=team, revoked_at__isnull=True).update(revoked_at=timezone.now())
    return CaptainLink.objects.create(team=team, token=secrets.token_urlsafe(24), pin=new_pin())


def revoke_links(team) -> int:
    return CaptainLink.objects.filter(team=team, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )


def live_link(token: str) -> CaptainLink | None:
    return (
        CaptainLink.objects.select_related("team__event")
        .filter(token=token, revoked_at__isnull=True, team__withdrawn_at__isnull=True)
        .first()
    )


@dataclass(frozen=True)
class PinCheck:
    ok: bool
    locked: bool = False
    attempts_left: int = 0
    #: Seconds this client must wait: too many wrong PINs from its address (any link).
    retry_after: int = 0
    #: A wrong PIN was compared (and counted against the link): it counts against the client too.
    wrong: bool = False

    @property
    def throttled(self) -> bool:
        return self.retry_after > 0


def _held(link: CaptainLink) -> CaptainLink:
    """The link re-read under its row's write lock, held until the transaction ends.

    A no-op UPDATE takes the lock on PostgreSQL (the row) and on SQLite (the database) alike,
    so the PIN checks of one link run one after the other: each sees the count the previous
    one left. (``select_for_update`` would do nothing on SQLite, the hall's database.)"""
    CaptainLink.objects.filter(pk=link.pk).update(failed_attempts=F("failed_attempts"))
    return CaptainLink.objects.only("pin", "failed_attempts", "locked_until").get(pk=link.pk)


def _compare(link: CaptainLink, pin: str, now) -> PinCheck:
    """One PIN against a link held by :func:`_held` (its count and lock updated here too): a
    locked link compares nothing; a right PIN clears the count, a wrong one adds to it and
    locks the link at the limit.

    Counting only wrong PINs, one check at a time, is what keeps right PINs sent together
    (a double tap, a retry on poor Wi-Fi) from locking the link, while at most
    ``MAX_FAILED_ATTEMPTS`` wrong PINs are ever compared per lockout, however many arrive
    at once."""
    if link.locked_until and link.locked_until > now:
        return PinCheck(ok=False, locked=True)
    if hmac.compare_digest(link.pin.encode(), (pin or "").strip().encode("utf-8", "replace")):
        if link.failed_attempts or link.locked_until:  # a right PIN clears earlier wrong ones
            link.failed_attempts, link.locked_until = 0, None
            link.save(update_fields=["failed_attempts", "locked_until"])
        return PinCheck(ok=True)
    failed = link.failed_attempts + 1
    locked_until = now + LOCKOUT if failed >= MAX_FAILED_ATTEMPTS else None
    link.failed_attempts, link.locked_until = failed, locked_until
    link.save(update_fields=["failed_attempts", "locked_until"])
    if locked_until:
        return PinCheck(ok=False, locked=True, wrong=True)
    return PinCheck(ok=False, attempts_left=MAX_FAILED_ATTEMPTS - failed, wrong=True)


def check_pin(link: CaptainLink, pin: str, client: str | None = None) -> PinCheck:
    """Check ``pin`` against the link: per link (the database lockout an official can lift)
    and, when ``client`` (an address, see :func:`accounts.throttle.client_ip`) is given, per
    client across every link. A throttled client's PIN is not even compared, nor a locked
    link's (see :func:`_compare`)."""
    now = timezone.now()
    per_client = pin_per_client()
    if client is not None:
        wait = per_client.retry_after(client)
        if wait:
            return PinCheck(ok=False, retry_after=wait)
    own_transaction = not connection.in_atomic_block
    with transaction.atomic():
        held = _held(link)
        clean = not held.failed_attempts and not held.locked_until
        verdict = _compare(held, pin, now)
        if verdict.ok and clean and own_transaction and connection.vendor == "postgresql":
            # The right PIN on a link with no wrong one counted: nothing was written but the
            # no-op that took the lock. Its commit need not wait for the disk (one flush
            # fewer per captain's submission at the end of a round); every count of a wrong
            # PIN, and every reset, still does. Only in a transaction of its own: never the
            # caller's, which may hold what must be durable.
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
    link.failed_attempts, link.locked_until = held.failed_attempts, held.locked_until
    if verdict.wrong and client is not None:
        per_client.fail(client)
    return verdict


def lift_lockout(link: CaptainLink) -> None:
    CaptainLink.objects.filter(pk=link.pk).update(failed_attempts=0, locked_until=None)


def public_base_url(request=None) -> str:
    """The base URL of every printed link and QR code, the one phones at the hall use.

    ``HUCHE_BASE_URL`` if set; else the address the organizer's browser used, unless that is a
    loopback address while the server listens on the network (``HUCHE_LISTEN``, set by ``make
    run``): then the machine's LAN address. Without a request: the served address.
    """
    if settings.HUCHE_BASE_URL:
        return settings.HUCHE_BASE_URL
    served = addresses.served_base_url(settings.HUCHE_LISTEN) if settings.HUCHE_LISTEN else None
    if request is not None:
        host = request.get_host()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if not addresses.is_loopback(name) or served is None:
            return f"{request.scheme}://{host}"
        return served
    return served or "http://127.0.0.1:8000"


def reaches_phones(base_url: str) -> bool:
    """False for a loopback base URL: a phone cannot open it."""
    return not addresses.is_loopback(addresses.base_url_host(base_url))


def captain_url(link: CaptainLink, base_url: str) -> str:
    return base_url + reverse("tournaments:captain", args=[link.token])
