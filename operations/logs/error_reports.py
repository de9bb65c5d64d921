"""Errors reach the maintainer (issue 32, finding 8).

- By email: Django's ``ADMINS`` (the ``ADMINS`` setting, parsed by config/env.py) receive each
  server error (500) and each background task that failed for good (``LOGGING`` in
  config/settings.py; Django's ``AdminEmailHandler``, sent through ``EMAIL_URL``).
- To an error-reporting service, optionally: with ``SENTRY_DSN`` set, :func:`init` (called by the app's ``ready``) starts
  `sentry-sdk <https://docs.sentry.io/platforms/python/>`_ (Sentry, or a compatible service
  such as GlitchTip) for Django and Celery. Nothing is sent without it. What leaves the site
  is kept free of personal data (``send_default_pii`` off, no request bodies, cookies and
  credential headers removed) and of captains' private links: every ``/c/<token>`` in any text
  of the report (URL, transaction, breadcrumbs, messages) is masked by :func:`scrub`.
"""

from __future__ import annotations

import re
from typing import Any

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration
from sentry_sdk.scrubber import DEFAULT_DENYLIST, EventScrubber

# A captain's private link is /c/<token>/...: whoever has it (and the PIN) reports scores.
CAPTAIN_LINK = re.compile(r"/c/[^/?#\s\"']+")
MASKED = "/c/***"
# The captain API's headers (the link's token and the PIN), and a form's PIN field.
DENYLIST = [*DEFAULT_DENYLIST, "pin", "x_captain_link", "x_captain_pin", "x-captain-link"]
DENYLIST += ["x-captain-pin", "http_x_captain_link", "http_x_captain_pin"]


def scrub(event: Any, hint: Any = None) -> Any:
    """Mask every captain's link in the report (``before_send``): any string, at any depth."""
    if isinstance(event, str):
        return CAPTAIN_LINK.sub(MASKED, event)
    if isinstance(event, dict):
        return {key: scrub(value) for key, value in event.items()}
    if isinstance(event, list):
        return [scrub(value) for value in event]
    return event


def init(dsn: str, **options: Any) -> None:
    """Start reporting errors to ``dsn`` (operations/apps.py, only when SENTRY_DSN is set)."""
    sentry_sdk.init(
        dsn=dsn,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        send_default_pii=False,
        max_request_body_size="never",
        event_scrubber=EventScrubber(denylist=DENYLIST, recursive=True),
        before_send=scrub,
        before_send_transaction=scrub,
        before_breadcrumb=scrub,
        **options,
    )
