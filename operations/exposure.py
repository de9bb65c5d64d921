"""What a server listening beyond the loopback must never do: show Django's debug pages, or
let anyone log in with the demo's published password.

Checked when a server starts (``manage.py runserver``, gunicorn through ``gunicorn.conf.py``,
``manage.py hall``), whatever started it: a Makefile target can be bypassed, the code cannot.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError
from django.db.models import Q
from django.utils.translation import gettext as _

from common import addresses

#: Printed in the README and by ``load_demo``: anyone may know it.
DEMO_PASSWORD = "huche-demo"  # noqa: S105 (the published demo password, refused here)
DEMO_DOMAIN = "@huche.demo"


class Exposed(Exception):
    """The server must not start: the message says why and what to run instead."""


def exposed_hosts(binds: Iterable[str]) -> list[str]:
    """The listening addresses (``HOST:PORT``, gunicorn's ``unix:…``/``fd://…`` too) that other
    machines can reach: a wildcard (``0.0.0.0``) or any address but the loopback."""
    hosts = []
    for bind in binds:
        if bind.startswith(("unix:", "fd://")):
            continue
        host, _port = addresses.split_listen(bind)
        if host in addresses.WILDCARDS or not addresses.is_loopback(host):
            hosts.append(host or "0.0.0.0")  # noqa: S104 (a name, not a bind)
    return hosts


def refuse_debug(binds: Iterable[str]) -> None:
    """Debug pages list every address of the site and its settings: never beyond the loopback."""
    hosts = exposed_hosts(binds)
    if settings.DEBUG and hosts:
        raise Exposed(
            f"Refusing to serve {', '.join(hosts)} with DEBUG on: Django's debug pages would "
            "show the site's addresses and settings to everyone on that network. "
            "For an event at a hall run `make hall` (docs/hall.md); the demo (`make run`) "
            "serves this computer only; a central site runs with DEBUG=0 (docs/deploy.md)."
        )


def demo_password_accounts():
    """Active accounts that still open with the published demo password: the demo's accounts
    and every staff account (few, so hashing each one at start-up stays cheap)."""
    candidates = get_user_model().objects.filter(
        Q(email__endswith=DEMO_DOMAIN) | Q(is_staff=True) | Q(is_superuser=True), is_active=True
    )
    return [user for user in candidates if user.check_password(DEMO_PASSWORD)]


def retire_demo_passwords(say: Callable[[str], None]) -> int:
    """Give every account that has the demo password a fresh random one, printed by ``say``
    (the console of whoever starts the server). Returns how many were changed."""
    try:
        accounts = demo_password_accounts()
    except DatabaseError:  # not migrated yet: no account at all
        return 0
    for user in accounts:
        password = secrets.token_urlsafe(9)
        user.set_password(password)
        user.save(update_fields=["password"])
        say(
            _(
                "%(email)s had the published demo password, which is refused on the network: "
                "its new password is %(password)s"
            )
            % {"email": user.email, "password": password}
        )
    return len(accounts)


def check_before_serving(binds: Iterable[str], say: Callable[[str], None]) -> None:
    """Raise :class:`Exposed` for a debug server beyond the loopback; retire demo passwords."""
    binds = list(binds)
    refuse_debug(binds)
    if exposed_hosts(binds):
        retire_demo_passwords(say)
