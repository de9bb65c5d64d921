"""After the hall's laptop slept, a calm line in the console rather than gunicorn's alarm.

gunicorn's master looks at its workers about once a second and kills any whose heartbeat is
older than its ``timeout``, printing "WORKER TIMEOUT … Perhaps out of memory?". When the whole
laptop was asleep (or frozen), the master itself did not run either: the workers are not stuck,
the clock moved. So the master's check is wrapped: a gap far longer than its usual second since
the previous look (on the wall clock or the monotonic one, whichever moved: a real suspend moves
the first only on some systems) means the laptop slept; the workers get a fresh heartbeat (a
really stuck one is still killed one ``timeout`` later) and one French line says what happened.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.utils.translation import gettext as _

#: The master looks every second or so: a longer gap than this, and it was not running.
ASLEEP_AFTER = 5.0


def _duration(seconds: float) -> str:
    if seconds < 120:
        return _("%(n)d s") % {"n": round(seconds)}
    return _("%(n)d min") % {"n": round(seconds / 60)}


class SleepAware:
    """Wraps the gunicorn master's ``murder_workers`` (called once per loop of the master)."""

    def __init__(self, arbiter, say: Callable[[str], None]):
        self.arbiter, self.say = arbiter, say
        self.murder_workers = arbiter.murder_workers  # gunicorn's own check, bound
        self.last: tuple[float, float] | None = None  # the master's first look: no gap yet

    def __call__(self) -> None:
        now, last = (time.time(), time.monotonic()), self.last
        gap = max(now[0] - last[0], now[1] - last[1]) if last else 0.0
        self.last = now
        if gap > ASLEEP_AFTER:
            for worker in list(self.arbiter.WORKERS.values()):
                try:
                    worker.tmp.notify()  # not stuck: asleep with the laptop
                except (OSError, ValueError):
                    continue
            self.say(
                _(
                    "Huche: the laptop was asleep (about %(duration)s); the server carries on, "
                    "nothing is lost."
                )
                % {"duration": _duration(gap)}
            )
        self.murder_workers()


def calm_after_sleep(arbiter, say: Callable[[str], None]) -> None:
    """Install the wrapper on a gunicorn ``Arbiter`` (from gunicorn.conf.py's ``on_starting``)."""
    arbiter.murder_workers = SleepAware(arbiter, say)
