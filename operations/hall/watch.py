"""The hall's watcher: a small process beside the web server, started by ``make hall``, that
announces the laptop's name on the local network (``HUCHE_HALL_NAME``, operations/hall/mdns.py) and says
in the console when the laptop's address changes, every few seconds.

A process of its own rather than a thread of gunicorn's master: gunicorn forks its workers, and
zeroconf's threads must not be forked. It ends with the server (Ctrl-C reaches both; it also
stops by itself when the process that started it is gone).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable

import django
from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext as _

from common import addresses, announced_name
from operations.hall import console, mdns

CHECK_EVERY = 5.0  # seconds between two looks at the laptop's address


def hall_address(listen: str) -> str | None:
    """The address phones reach the server by: the laptop's on the network for a wildcard."""
    host, _port = addresses.split_listen(listen)
    return addresses.lan_address() if host in addresses.WILDCARDS else host


class Watcher:
    def __init__(
        self,
        listen: str,
        say: Callable[[str], None],
        *,
        name: str | None = None,
        address_of: Callable[[str], str | None] = hall_address,
        announcer: type[mdns.Announcer] = mdns.Announcer,
    ):
        self.listen, self.say, self.address_of = listen, say, address_of
        self.port = addresses.split_listen(listen)[1]
        self.name = settings.HUCHE_HALL_NAME if name is None else name
        self.announcer = announcer(self.name, self.port) if self.name else None
        self.announced = False
        self.address: str | None = None
        # Whether the server still serves: the name's announcement waits for another laptop's
        # answer, and a server stopped meanwhile (Ctrl-C) must not be announced to the phones.
        self.serving: Callable[[], bool] = lambda: True

    def url(self, host: str) -> str:
        return f"http://{host}:{self.port}/"

    def start(self) -> None:
        self.address = self.address_of(self.listen)
        if self.address is None:
            self.say(_("Huche: the laptop is on no network yet: connect it to the hall's Wi-Fi."))
        else:
            self._announce()
        self.publish()

    def check(self) -> None:
        """Say so when the address changed, and take the name along to the new address."""
        address = self.address_of(self.listen)
        if address != self.address:
            old, self.address = self.address, address
            self._say_moved(old, address)
            if address is not None:
                self._announce()
        self.publish()

    def _announce(self) -> None:
        assert self.address is not None
        if self.announcer is None:
            return
        if self.announced:
            with contextlib.suppress(OSError):  # the network went away meanwhile: next look
                self.announcer.move(self.address)
            return
        why = self.announcer.start(self.address)
        self.announced = why is None
        if not self.serving():
            return  # stopped while announcing: nothing to say to a console that has moved on
        if self.announced:
            self.say(
                _("Huche: phones can also open %(url)s, the laptop's name on this network.")
                % {"url": self.url(self.name)}
            )
        else:
            self.say(
                _(
                    "Huche: the name %(name)s is not available on this network (%(why)s): "
                    "phones use the address %(url)s."
                )
                % {"name": self.name, "why": why, "url": self.url(self.address)}
            )

    def _say_moved(self, old: str | None, new: str | None) -> None:
        if new is None:
            self.say(_("Huche: the laptop has left the network (no address): check its Wi-Fi."))
            return
        line = _(
            "Huche: the laptop's address has changed (%(old)s, now %(new)s). Phones now open "
            "%(url)s. Slips printed with the old address no longer open: print them again "
            "(docs/hall.md, “If the address changes”)."
        ) % {"old": old or "—", "new": new, "url": self.url(new)}
        if self.announced:
            line += " " + _("Slips printed with %(url)s keep working.") % {
                "url": self.url(self.name)
            }
        self.say(line)

    def publish(self) -> None:
        """Tell the web processes whether the name is announced (they print it on the slips)."""
        try:
            if self.announced and self.address is not None:
                cache.set(announced_name.NAME_KEY, self.url(self.name).rstrip("/"), CHECK_EVERY * 3)
            else:
                cache.delete(announced_name.NAME_KEY)
        except Exception:  # noqa: S110 (the slips then carry the address only)
            pass

    def stop(self) -> None:
        self.announced = False
        self.publish()
        if self.announcer is not None:
            self.announcer.close()

    def run(self, stopping: threading.Event, alive: Callable[[], bool]) -> None:
        self.serving = lambda: alive() and not stopping.is_set()
        if not self.serving():
            return
        self.start()
        try:
            while not stopping.wait(CHECK_EVERY) and alive():
                self.check()
        finally:
            self.stop()


class CalmZeroconf(logging.Filter):
    """zeroconf warns with a traceback when the network disappears ("Network is unreachable"):
    the console gets the warning's sentence and the error's, never the traceback (the watcher
    itself says what to do: "the laptop has left the network")."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            record.msg = f"{record.getMessage()}: {error}"
            record.args = None
        record.exc_info = record.exc_text = record.stack_info = None
        return True


def calm_zeroconf() -> None:
    logging.getLogger("zeroconf").addFilter(CalmZeroconf())


def start(listen: str) -> subprocess.Popen:
    """Start the watcher for a server listening on ``listen``, beside this process."""
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": os.environ.get("DJANGO_SETTINGS_MODULE", "config.settings")
    }
    return subprocess.Popen(  # noqa: S603 (this Python, this module)
        [sys.executable, "-m", "operations.hall.watch", listen],
        env=env,
        cwd=settings.BASE_DIR,
        stdin=subprocess.DEVNULL,
        **console.deaf_to_ctrl_c(),
    )


def main(listen: str) -> None:
    stopping = threading.Event()
    for stop_signal in (signal.SIGTERM, signal.SIGINT):  # Ctrl-C, once started: stop calmly
        signal.signal(stop_signal, lambda *_: stopping.set())
    django.setup()
    calm_zeroconf()
    translation.activate(settings.LANGUAGE_CODE)  # the console speaks like `make hall`
    parent = os.getppid()
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C stops the server and the watcher
        Watcher(listen, lambda line: print(line, flush=True)).run(
            stopping, alive=lambda: os.getppid() == parent
        )


if __name__ == "__main__":
    main(sys.argv[1])
