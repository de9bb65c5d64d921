"""DRF's rate throttles, failing open when the cache is down (issue 51, finding 9), as
``accounts.throttle`` does: with Redis unreachable, DRF's own throttles raise from
``cache.get`` and the API token endpoint and the anonymous tools answer 500. Here the request
is let through and a warning logged; what still protects the token endpoint then is the login
guard (per account and address, ``accounts.login_guard``, itself failing open) and Django's
password hashing cost."""

from __future__ import annotations

import logging

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle

log = logging.getLogger("accounts.throttle")


class FailOpen:
    """Mixed in before a DRF throttle: its cache down lets the request through, logged."""

    scope: str | None

    def allow_request(self, request, view) -> bool:
        try:
            return super().allow_request(request, view)  # type: ignore[misc]
        except Exception as exc:  # fail open: see the module docstring
            log.warning("throttle %s not checked, cache unavailable: %s", self.scope, exc)
            return True


class FailOpenScopedRateThrottle(FailOpen, ScopedRateThrottle):
    """DRF's ``ScopedRateThrottle`` (the view's ``throttle_scope``), failing open."""


class FailOpenAnonRateThrottle(FailOpen, AnonRateThrottle):
    """DRF's ``AnonRateThrottle`` (a ``scope`` of its own), failing open; the rate is read at
    request time (DRF binds the rates at import), so a changed setting applies."""

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope or "")
