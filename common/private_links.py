"""Every bearer token carried in a URL path, in ONE list (issue 51, finding 5).

A private link's token is a password: whoever reads ``/r/<token>/`` in a log acts for the team
that registered, ``/invitation/<token>/`` takes the invited role, ``/c/<token>/`` reports scores
as the team. The URL patterns are written from :data:`PRIVATE_LINKS` (``tournaments/urls.py``,
``tournaments/api_urls.py``: ``path(REGISTRATION.route, ...)``), and every log mask is made
from the same list: Django's and gunicorn's log lines (operations/logs/masks.py), the error reports
(operations/logs/error_reports.py) and Caddy's access log (deploy/Caddyfile holds :data:`CADDY_PATTERN`
and :data:`CADDY_REPLACEMENT`, checked by tests/security/test_log_masks_walk.py, which also
walks every URL pattern and fails on a token route that is not masked).

A new kind of private link is added here, and only here; its routes then use its ``route``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# What a token may be made of in a log line: anything up to the next "/", "?", "#", blank or
# quote (a token is URL-safe base64 or hex, but a mask must not depend on it).
TOKEN_CHARACTERS = "[^/?#\\s\"'<>]+"


@dataclass(frozen=True)
class PrivateLink:
    """A private link: ``prefix`` is its path from the site's root up to the token;
    ``mount`` is where the URL configuration holding its routes is included."""

    what: str
    prefix: str
    mount: str = "/"

    @property
    def route(self) -> str:
        """The route of the link's page, ``<str:token>`` in it, for ``path()``."""
        return self.prefix.removeprefix(self.mount) + "<str:token>/"


CAPTAIN = PrivateLink("a team captain's link", "/c/")
REGISTRATION = PrivateLink("a registration's link", "/r/")
INVITATION = PrivateLink("an invitation to run an event", "/invitation/")
REGISTRATION_API = PrivateLink(
    "a registration's link, in the API", "/api/v1/registrations/", mount="/api/v1/"
)

PRIVATE_LINKS: tuple[PrivateLink, ...] = (CAPTAIN, REGISTRATION, INVITATION, REGISTRATION_API)

# Longest prefixes first, so that an alternative never stops on a shorter one.
_PREFIXES = "|".join(
    re.escape(link.prefix) for link in sorted(PRIVATE_LINKS, key=lambda each: -len(each.prefix))
)
TOKEN_IN_PATH = re.compile(f"({_PREFIXES}){TOKEN_CHARACTERS}")
MASK = "***"

# The same for Caddy (Go's RE2 and its ${1} replacement): its log has the path, the Referer and
# the Location, each a URL, so the token ends at "/", "?" or "#".
CADDY_PATTERN = "(" + "|".join(link.prefix for link in PRIVATE_LINKS) + ")[^/?#]+"
CADDY_REPLACEMENT = "${1}" + MASK


def mask(text: str) -> str:
    """``text`` with the token of every private link replaced by ``***`` (the rest kept)."""
    return TOKEN_IN_PATH.sub(lambda found: found.group(1) + MASK, text)
