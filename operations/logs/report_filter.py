"""What an error report may say (issue 51, finding 8): ONE filter for the e-mail to ``ADMINS``
(Django's ``DEFAULT_EXCEPTION_REPORTER_FILTER``) and for Sentry (operations/logs/error_reports.py's
``before_send``).

A server that copies the process environment into the request (the hall's waitress, wsgiref)
puts every setting (``DATABASE_URL`` with its password, ``SECRET_KEY``...) in ``request.META``;
a 500 on a captain's page carries the link's token in the path and the PIN in a header. The
filter :class:`ReportFilter` removes:

- from the request's META, everything that is not part of the request itself (CGI's and WSGI's
  keys, ``HTTP_*`` headers): the environment's settings are not shown at all;
- any key that names a secret (Django's ``API|AUTH|TOKEN|KEY|SECRET|PASS|SIGNATURE|COOKIE``,
  plus a PIN, a DSN, a captain's link header) in META, settings, cookies, POST
  data and a frame's variables;
- in any text, the credentials of a URL (``postgres://user:password@host`` → ``postgres://***@``),
  every private link's token (common/private_links.py) and the value of every secret setting.

:class:`Reporter` (``DEFAULT_EXCEPTION_REPORTER``) passes the finished report (its request URL,
exception message, frames...) through the same filter's :meth:`ReportFilter.scrub_text`.
"""

from __future__ import annotations

import logging
import os
import re
from typing import Any

from django.conf import settings
from django.utils.safestring import SafeString
from django.views.debug import ExceptionReporter, SafeExceptionReporterFilter

from common.private_links import mask

HIDDEN = re.compile(
    "API|AUTH|TOKEN|KEY|SECRET|PASS|SIGNATURE|COOKIE|(^|[_-])PIN($|[_-])|DSN|CAPTAIN.LINK",
    flags=re.IGNORECASE,
)
# The keys of request.META that belong to the request (PEP 3333, CGI's variables, gunicorn's
# and waitress's own): anything else there comes from the process environment.
REQUEST_META = re.compile(
    r"^(HTTP_\w+|CONTENT_(TYPE|LENGTH)|PATH_INFO|QUERY_STRING|REMOTE_(ADDR|HOST|PORT|USER)"
    r"|REQUEST_(METHOD|URI)|RAW_URI|SCRIPT_NAME|SERVER_(NAME|PORT|PROTOCOL|SOFTWARE)"
    r"|GATEWAY_INTERFACE|CSRF_COOKIE\w*|wsgi\.[\w.]+|gunicorn\.[\w.]+|waitress\.[\w.]+)$"
)
URL_CREDENTIALS = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@'\"<>]+@")
SUBSTITUTE = "********************"
# Secrets shorter than this are not looked for in texts (a 4-digit value would mask numbers).
SHORTEST_SECRET = 8


def _secret_values() -> list[str]:
    """The values of the secret settings and environment variables, longest first."""
    found: list[str] = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    found += [db.get("PASSWORD") or "" for db in settings.DATABASES.values()]
    for key, value in os.environ.items():
        if HIDDEN.search(key):
            found.append(value)
            found += [m.group(0) for m in re.finditer(r"(?<=:)[^:/@\s]+(?=@)", value)]
    return sorted({v for v in found if isinstance(v, str) and len(v) >= SHORTEST_SECRET}, key=len)[
        ::-1
    ]


class ReportFilter(SafeExceptionReporterFilter):
    """Django's filter, made to remove every setting-like value (see the module's text)."""

    hidden_settings = HIDDEN
    cleansed_substitute = SUBSTITUTE

    def scrub_text(self, text: str) -> str:
        """``text`` without a URL's credentials, a private link's token or a secret's value."""
        text = URL_CREDENTIALS.sub(lambda found: found.group(1) + SUBSTITUTE + "@", mask(text))
        for secret in _secret_values():
            text = text.replace(secret, SUBSTITUTE)
        return text

    def cleanse_setting(self, key, value):
        cleansed = super().cleanse_setting(key, value)
        return self.scrub_text(cleansed) if isinstance(cleansed, str) else cleansed

    def get_safe_request_meta(self, request) -> dict[str, Any]:
        if not hasattr(request, "META"):
            return {}
        return {
            key: self.cleanse_setting(key, value) if REQUEST_META.match(key) else SUBSTITUTE
            for key, value in request.META.items()
        }

    def get_post_parameters(self, request):
        posted = super().get_post_parameters(request)
        if not posted:
            return posted
        cleansed = posted.copy()
        for key in cleansed:
            if self.hidden_settings.search(key):
                cleansed[key] = SUBSTITUTE
        return cleansed

    def get_traceback_frame_variables(self, request, tb_frame):
        return [
            (name, SUBSTITUTE if self.hidden_settings.search(name) else value)
            for name, value in super().get_traceback_frame_variables(request, tb_frame)
        ]

    def scrub_event(self, event: Any) -> Any:
        """A Sentry event (any depth) filtered the same way: secret keys, then any text."""
        if isinstance(event, str):
            return self.scrub_text(event)
        if isinstance(event, dict):
            return {
                key: SUBSTITUTE
                if isinstance(key, str) and self.hidden_settings.search(key)
                else self.scrub_event(value)
                for key, value in event.items()
            }
        if isinstance(event, list | tuple):
            return [self.scrub_event(value) for value in event]
        return event


class ScrubRecords(logging.Filter):
    """The e-mail's subject and first line (the log record's message: a task's error may quote
    a broker's URL) through the same filter (settings ``LOGGING``: the ``mail_admins`` handler)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        scrubbed = ReportFilter().scrub_text(message)
        if scrubbed != message:
            record.msg, record.args = scrubbed, ()
        return True


class Reporter(ExceptionReporter):
    """Django's report (the e-mail to ADMINS), whose finished text goes through the filter
    once more: the request's URL, the exception's message and the frames' values included."""

    def get_traceback_text(self) -> SafeString:
        # Django's own rendering, already escaped: removing text from it keeps it so.
        return SafeString(ReportFilter().scrub_text(super().get_traceback_text()))

    def get_traceback_html(self) -> SafeString:
        return SafeString(ReportFilter().scrub_text(super().get_traceback_html()))
