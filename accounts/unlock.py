"""One phone, one team: what a browser's session holds once a captain typed their PIN.

At a table captains lend each other their phones. So a session acts for one link at a time
(typing a second team's PIN replaces the first: the phone stops acting for the first team), a
captain can make the phone forget their code ("Not my phone / Forget this code"), and an
unlock lasts the day it was typed, never the session's two weeks:

- it ends at 4 a.m. the next morning in the event's time zone (``TIME_ZONE``: a hall's evening
  may run past midnight, the next day's captains are other people);
- it ends when the event is closed: a code typed before the close opens nothing after it
  (typed again after the close, it shows the final results, for that day).

Each unlock has its own random id, sent with the captain's private pages (``X-Huche-Unlock``):
the captains' service worker keeps its copies of those pages under that id and drops them as
soon as the phone acts for another unlock, or for none (``static/huche/captain-sw.js``).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from django.utils import timezone

from .models import CaptainLink

SESSION_KEY = "captain_unlock"
#: What sessions held before issue 33 (every link ever unlocked, for 14 days): dropped.
OLD_SESSION_KEY = "captain_links"
#: A hall's "day" ends at 4 a.m.: the evening's last games may end past midnight.
DAY_ENDS_AT = time(4)


@dataclass(frozen=True)
class Unlock:
    """This session acts for ``token``'s team since ``since``, until ``until`` (epoch seconds)."""

    token: str
    id: str
    since: float  # with its fraction: a close in the same second as the PIN is told apart
    until: int

    @property
    def header(self) -> str:
        """The value of ``X-Huche-Unlock``: the id, then when the service worker's copies end."""
        return f"{self.id} {self.until}"


def day_end(moment: datetime) -> datetime:
    """4 a.m. after ``moment``'s day in the local time zone (a moment before 4 a.m. belongs
    to the previous evening)."""
    local = timezone.localtime(moment)
    day = (local - timedelta(hours=DAY_ENDS_AT.hour)).date()
    return timezone.make_aware(datetime.combine(day + timedelta(days=1), DAY_ENDS_AT))


def remember(session, link: CaptainLink, now: datetime | None = None) -> Unlock:
    """The PIN of ``link`` was typed on this phone: it now acts for that team only."""
    now = now or timezone.now()
    unlock = Unlock(
        token=link.token,
        id=secrets.token_urlsafe(12),
        since=now.timestamp(),
        until=int(day_end(now).timestamp()),
    )
    session.pop(OLD_SESSION_KEY, None)
    session[SESSION_KEY] = {
        "token": unlock.token,
        "id": unlock.id,
        "since": unlock.since,
        "until": unlock.until,
    }
    return unlock


def unlock_of(session, link: CaptainLink, now: datetime | None = None) -> Unlock | None:
    """This session's unlock if it is for ``link`` and still lasts, else None."""
    entry = session.get(SESSION_KEY)
    if not isinstance(entry, dict) or entry.get("token") != link.token:
        return None
    try:
        unlock = Unlock(
            token=entry["token"],
            id=str(entry["id"]),
            since=float(entry["since"]),
            until=int(entry["until"]),
        )
    except (KeyError, TypeError, ValueError):
        return None
    now = now or timezone.now()
    if now.timestamp() >= unlock.until:
        return None
    event = link.team.event
    if event.finished and event.finished_at and event.finished_at.timestamp() >= unlock.since:
        return None  # closed since the PIN was typed
    return unlock


def forget(session, link: CaptainLink) -> bool:
    """The captain leaves: this phone no longer acts for ``link``'s team. True if it did."""
    entry = session.get(SESSION_KEY)
    if not isinstance(entry, dict) or entry.get("token") != link.token:
        return False
    del session[SESSION_KEY]
    return True
