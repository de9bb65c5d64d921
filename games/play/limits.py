"""How many practice games a visitor may start and keep (issue 22, finding 7).

- **Starting a game** is counted per client address and per account, on the pages and the API
  alike (``THROTTLE_PRACTICE_CLIENT``, ``THROTTLE_PRACTICE_ACCOUNT``; counters of
  :mod:`accounts.throttle`, shared by every web process through the cache). Every start counts,
  not only failures: what is limited is the number of rows a stranger can make. The per-address
  default leaves room for a hall whose Wi-Fi is one address for everyone.
- **Unfinished games per visitor** (their account, else their browser session, else their
  address on the API): at most ``PRACTICE_UNFINISHED_MAX``. Starting one more drops the
  visitor's *oldest* unfinished game: a player who starts a new game expects it to start, and
  the game left behind longest is the one they have given up on.
- **Abandoned games** (unfinished, untouched for ``PRACTICE_ABANDONED_DAYS``) are deleted by the
  periodic task ``games.tasks.purge_practice_games_task`` and ``manage.py purge_practice_games``.
- **Finished games** stay ``PRACTICE_FINISHED_DAYS`` (a player may come back to a game's record
  for a while), then the same daily task deletes them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.throttle import Limit, client_ip, minutes
from games.models import PracticeGame


@dataclass(frozen=True)
class Visitor:
    """Whoever starts a game: ``owner`` identifies them on the rows they start."""

    owner: str
    address: str
    account: str = ""


class PracticeLimited(Exception):
    def __init__(self, message: str, wait: int):
        super().__init__(message)
        self.message, self.wait = message, wait


def _limit(scope: str, setting: str, default: int) -> Limit:
    configured = getattr(settings, setting, None) or {}
    return Limit(
        scope, int(configured.get("failures", default)), int(configured.get("window", 3600))
    )


def per_client() -> Limit:
    return _limit("practice-client", "THROTTLE_PRACTICE_CLIENT", 120)


def per_account() -> Limit:
    return _limit("practice-account", "THROTTLE_PRACTICE_ACCOUNT", 30)


def visitor_of(request, *, with_session: bool = True) -> Visitor:
    """The visitor making ``request`` (a page's, or the API's: no session made for it)."""
    address = client_ip(request)
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Visitor(f"user:{user.pk}", address, account=str(user.pk))
    session = getattr(request, "session", None)
    if with_session and session is not None:
        if not session.session_key:
            session.create()
        digest = hashlib.sha256(session.session_key.encode()).hexdigest()[:40]
        return Visitor(f"session:{digest}", address)
    return Visitor(f"ip:{address}", address)


def admit(visitor: Visitor) -> None:
    """Count one game started by ``visitor``, or raise :class:`PracticeLimited`."""
    # Counted before it is checked, in one atomic step per counter (Limit.take): games
    # started at once cannot slip past the limit.
    wait = per_client().take(visitor.address)
    if wait:
        raise _limited("client", wait)
    if visitor.account:
        wait = per_account().take(visitor.account)
        if wait:
            per_client().give_back(visitor.address)
            raise _limited("account", wait)


def _limited(which: str, wait: int) -> PracticeLimited:
    n = minutes(wait)
    if which == "client":
        message = ngettext(
            "Too many practice games started from this connection: try again in "
            "%(n)d minute, or go on with a game already started.",
            "Too many practice games started from this connection: try again in "
            "%(n)d minutes, or go on with a game already started.",
            n,
        )
    else:
        message = ngettext(
            "Too many practice games started by this account: try again in %(n)d "
            "minute, or go on with a game already started.",
            "Too many practice games started by this account: try again in %(n)d "
            "minutes, or go on with a game already started.",
            n,
        )
    return PracticeLimited(message % {"n": n}, wait)


def keep_a_few(owner: str) -> int:
    """Drop ``owner``'s oldest unfinished games beyond ``PRACTICE_UNFINISHED_MAX``."""
    if not owner:
        return 0
    unfinished = PracticeGame.objects.filter(owner=owner, finished_at__isnull=True)
    keep = max(1, int(getattr(settings, "PRACTICE_UNFINISHED_MAX", 5)))
    extra = list(unfinished.order_by("-created_at").values_list("pk", flat=True)[keep:])
    return PracticeGame.objects.filter(pk__in=extra).delete()[0] if extra else 0


def purge_abandoned(days: int) -> int:
    """Delete unfinished games nobody played for ``days`` days; returns how many."""
    if days < 1:
        raise ValueError(_("The number of days must be at least 1."))
    cutoff = timezone.now() - timedelta(days=days)
    return PracticeGame.objects.filter(finished_at__isnull=True, updated_at__lt=cutoff).delete()[0]


def purge_finished(days: int) -> int:
    """Delete games finished more than ``days`` days ago; returns how many."""
    if days < 1:
        raise ValueError(_("The number of days must be at least 1."))
    cutoff = timezone.now() - timedelta(days=days)
    return PracticeGame.objects.filter(finished_at__lt=cutoff).delete()[0]
