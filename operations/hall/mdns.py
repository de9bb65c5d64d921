"""The hall's name on the local network (``huche.local``), announced by multicast DNS through
``zeroconf``: phones that resolve ``.local`` names (iPhones, Android 12 and later, Windows 10 and
later, macOS) reach the laptop by its name, whatever address the router gave it that day.

Fails soft: where multicast is not available (no network, a firewall, a router that drops it) the
caller is told why, and the hall keeps serving by its address.
"""

from __future__ import annotations

import contextlib
import socket

from django.utils.translation import gettext as _
from zeroconf import AddressResolverIPv4, IPVersion, ServiceInfo, Zeroconf

SERVICE_TYPE = "_http._tcp.local."
CLAIMED_WAIT_MS = 1500  # how long another laptop has to answer for the name before it is ours


class Announcer:
    """``name`` (e.g. ``huche.local``) → the laptop's current address, port ``port``."""

    def __init__(self, name: str, port: int):
        self.name, self.port = name, port
        self._zeroconf: Zeroconf | None = None
        self._info: ServiceInfo | None = None

    def _service(self, address: str) -> ServiceInfo:
        # Keep the service's name once registered: zeroconf may have renamed it ("… (2)").
        label = self.name.removesuffix(".local")
        return ServiceInfo(
            SERVICE_TYPE,
            self._info.name if self._info else f"Huche {label}.{SERVICE_TYPE}",
            port=self.port,
            addresses=[socket.inet_aton(address)],
            server=f"{self.name}.",
            properties={"path": "/"},
        )

    def start(self, address: str) -> str | None:
        """Announce the name; None once it is announced, else why it cannot be."""
        try:
            self._zeroconf = Zeroconf(ip_version=IPVersion.V4Only)
            taken = self._answered_elsewhere(address)
            if taken:  # a second hall on this network: zeroconf would rename the service,
                self.close()  # never the host name, and phones would reach either laptop
                return _(
                    "already answered by %(address)s, another computer: give this laptop "
                    "another name with HUCHE_HALL_NAME"
                ) % {"address": taken}
            self._info = self._service(address)
            self._zeroconf.register_service(self._info, allow_name_change=True)
        except Exception as error:  # any failure: the hall serves by its address anyway
            self.close()
            return str(error) or type(error).__name__
        return None

    def _answered_elsewhere(self, address: str) -> str:
        """Another machine's address if one answers for the name already, else ""."""
        assert self._zeroconf is not None
        resolver = AddressResolverIPv4(f"{self.name}.")
        if not resolver.request(self._zeroconf, CLAIMED_WAIT_MS):
            return ""
        others = [found for found in resolver.parsed_addresses() if found != address]
        return ", ".join(others)

    def move(self, address: str) -> None:
        """The laptop has a new address: the name now leads there."""
        if self._zeroconf is None or self._info is None:
            return
        self._info = self._service(address)
        self._zeroconf.update_service(self._info)

    def close(self) -> None:
        if self._zeroconf is not None:
            with contextlib.suppress(Exception):  # stopping: nothing more to do
                self._zeroconf.close()  # says goodbye: phones forget the name at once
        self._zeroconf = self._info = None
