"""The address captains' phones use at a hall: the public base URL of every printed link.

At a hall the laptop serves the local Wi-Fi (``make hall``) while the organizer's
own browser often says ``127.0.0.1``: a QR code printed from that page must still carry an
address a phone can reach. Plain Python (no Django) so the settings can use it too.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

WILDCARDS = {"0.0.0.0", "::", "[::]", ""}  # noqa: S104 (names, not a bind)
# Destinations for the routing question "which of my addresses would reach them?". A UDP
# socket's connect() only asks the kernel for a route: no packet is ever sent.
_PROBES = ("192.0.2.1", "10.255.255.254", "172.31.255.254", "192.168.255.254")


def is_loopback(host: str) -> bool:
    host = host.strip("[]").lower()
    if host in {"localhost", "localhost.localdomain"} or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's IPv4 address on the local network, or None if it has none but loopback."""
    for probe in _PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                address = sock.getsockname()[0]
        except OSError:
            continue
        if address and not is_loopback(address) and address != "0.0.0.0":  # noqa: S104
            return address
    try:
        candidates = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for *_, sockaddr in candidates:
        host = str(sockaddr[0])  # an IPv4 address (AF_INET)
        if not is_loopback(host):
            return host
    return None


def split_listen(listen: str) -> tuple[str, int]:
    """``"0.0.0.0:8000"`` → ("0.0.0.0", 8000); a bare port means loopback, as for runserver."""
    if listen.isdigit():
        return "127.0.0.1", int(listen)
    host, sep, port = listen.rpartition(":")
    if not sep or not port.isdigit():
        return listen, 8000
    return host, int(port)


def served_base_url(listen: str) -> str:
    """The base URL phones must use for a server listening on ``listen`` (``HOST:PORT``):
    a wildcard means every interface, so the LAN address (loopback only if there is none)."""
    host, port = split_listen(listen)
    if host in WILDCARDS:
        host = lan_address() or "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def base_url_host(url: str) -> str:
    """The host name of a base URL, for ALLOWED_HOSTS."""
    return urlsplit(url).hostname or ""
