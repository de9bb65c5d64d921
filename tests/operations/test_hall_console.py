"""The hall's console when the network disappears (issue 52, point 7): zeroconf's warning
("Network is unreachable") in a sentence, never a traceback a volunteer would take for a crash."""

from __future__ import annotations

import errno
import io
import logging

from operations.hall import watch as hall_watch


def test_zeroconf_warnings_reach_the_console_without_a_traceback():
    console = io.StringIO()
    handler = logging.StreamHandler(console)
    logger = logging.getLogger("zeroconf")
    logger.addHandler(handler)
    calm = hall_watch.CalmZeroconf()
    logger.addFilter(calm)
    try:
        try:
            raise OSError(errno.ENETUNREACH, "Network is unreachable")
        except OSError as exc:
            logger.warning("Error sending through socket %d", 7, exc_info=exc)
    finally:
        logger.removeFilter(calm)
        logger.removeHandler(handler)
    said = console.getvalue()
    assert "Error sending through socket 7: [Errno 101] Network is unreachable" in said
    assert "Traceback" not in said


def test_a_name_that_cannot_move_while_the_network_is_gone_is_left_for_the_next_look():
    class Gone:
        def __init__(self, name, port):
            pass

        def start(self, address):
            return None

        def move(self, address):
            raise OSError(errno.ENETUNREACH, "Network is unreachable")

        def close(self):
            pass

    addresses = iter(["192.168.1.10", "192.168.1.23"])
    said: list[str] = []
    watcher = hall_watch.Watcher(
        "0.0.0.0:8765",  # noqa: S104
        said.append,
        name="huche.local",
        address_of=lambda _listen: next(addresses),
        announcer=Gone,
    )
    watcher.start()
    watcher.check()  # the move fails: no traceback, the change is still said
    assert any("192.168.1.23:8765" in line for line in said), said
