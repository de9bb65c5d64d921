"""The hall's addresses as they are now, not as they were when the server started.

The router may give the laptop another address during the day (a DHCP renewal, a restart). So at
the hall (``HUCHE_HALL=1``) Django's ``ALLOWED_HOSTS`` is ``*`` and :class:`HallHostMiddleware`
checks each request's host against the configured names, the laptop's name on the local network
(``HUCHE_HALL_NAME``, announced by operations/hall/watch.py) and every address its network
interfaces have at that moment (read with ``ifaddr``, the library zeroconf itself uses). A phone
arriving through an address the laptop no longer has gets a French page with the current links.
"""

from __future__ import annotations

import ipaddress
import socket
import time

import ifaddr
from django.conf import settings
from django.http import HttpResponse
from django.http.request import split_domain_port, validate_host
from django.template.loader import render_to_string
from django.utils import translation

from common import addresses
from common.announced_name import announced_base_url

_ADDRESSES_FRESH_FOR = 2.0  # seconds: enumerating the interfaces costs a little; phones burst
_addresses: tuple[float, frozenset[str]] = (float("-inf"), frozenset())


def interface_addresses() -> frozenset[str]:
    """Every address this machine's network interfaces have right now (IPv4 and IPv6)."""
    found = set()
    for adapter in ifaddr.get_adapters():
        for address in adapter.ips:
            ip = address.ip if isinstance(address.ip, str) else address.ip[0]
            found.add(ip.split("%", 1)[0].lower())  # an IPv6 address's "%scope" is no host part
    return frozenset(found)


def current_addresses() -> frozenset[str]:
    global _addresses
    read_at, addresses = _addresses
    if time.monotonic() - read_at > _ADDRESSES_FRESH_FOR:
        _addresses = (time.monotonic(), interface_addresses())
    return _addresses[1]


def own_names() -> list[str]:
    """The names this laptop answers to besides its addresses."""
    names = list(getattr(settings, "HALL_FIXED_HOSTS", []))
    machine = socket.gethostname().lower()
    names += [machine, f"{machine}.local"]
    if settings.HUCHE_HALL_NAME:
        names.append(settings.HUCHE_HALL_NAME)
    return names


def is_own_host(domain: str) -> bool:
    if validate_host(domain, own_names()):
        return True
    try:
        address = str(ipaddress.ip_address(domain.strip("[]")))
    except ValueError:
        return False
    return address in current_addresses()


def address_base_url() -> str:
    """The base URL through the laptop's current address on the network."""
    return addresses.served_base_url(settings.HUCHE_LISTEN or "0.0.0.0:8000")  # noqa: S104


class HallHostMiddleware:
    """At the hall, first of all: let through the laptop's own names and current addresses;
    anything else gets a page with the links that work now (never a bare 400)."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.static = "/" + settings.STATIC_URL.lstrip("/")

    def __call__(self, request):
        domain, _port = split_domain_port(request.META.get("HTTP_HOST", "") or "")
        # The static files hold no secret and use no host: the explaining page needs its styles.
        if (domain and is_own_host(domain)) or request.path.startswith(self.static):
            return self.get_response(request)
        return moved_page(request)


def moved_page(request) -> HttpResponse:
    path = request.get_full_path() if request.method == "GET" else "/"
    links = [base + path for base in (announced_base_url(), address_base_url()) if base]
    language = translation.get_language_from_request(request)
    with translation.override(language):
        html = render_to_string(
            "hall_moved.html",
            {"host": request.META.get("HTTP_HOST", "")[:100], "links": links},
        )
    return HttpResponse(html, status=400)
