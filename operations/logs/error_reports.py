"""Errors reach the maintainer (issue 32, finding 8).

- By email: Django's ``ADMINS`` (the ``ADMINS`` setting, parsed by config/env.py) receive each
  server error (500) and each background task that failed for good (``LOGGING`` in
  config/settings.py; Django's ``AdminEmailHandler``, sent through ``EMAIL_URL``).
- To an error-reporting service, optionally: with ``SENTRY_DSN`` set, :func:`init` (called by the app's ``ready``) starts
  `sentry-sdk <https://docs.sentry.io/platforms/python/>`_ (Sentry, or a compatible service
  such as GlitchTip) for Django and Celery. Nothing is sent without it. What leaves the site
  is kept free of personal data (``send_default_pii`` off, no request bodies, cookies and
  credential headers removed) and of secrets: :func:`scrub` passes the whole report (URL,
  transaction, breadcrumbs, messages, frames' values) through the same filter as the e-mail
  (operations/logs/report_filter.py: every private link's token, a URL's credentials, secret keys).
"""

from __future__ import annotations

from typing import Any

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration
from sentry_sdk.scrubber import DEFAULT_DENYLIST, EventScrubber

from operations.logs.report_filter import ReportFilter

# The captain API's headers (the link's token and the PIN), and a form's PIN field.
DENYLIST = [*DEFAULT_DENYLIST, "pin", "x_captain_link", "x_captain_pin", "x-captain-link"]
DENYLIST += ["x-captain-pin", "http_x_captain_link", "http_x_captain_pin"]


def scrub(event: Any, hint: Any = None) -> Any:
    """The report (``before_send``) through the e-mail's filter: any string, at any depth."""
    return ReportFilter().scrub_event(event)


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
