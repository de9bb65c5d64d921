"""When the database is unreachable, answer a clear 503 (page or JSON), never a bare 500."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import DisallowedHost, RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpResponseBadRequest, JsonResponse
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found
from django.views.defaults import server_error as default_server_error

log = logging.getLogger(__name__)


class ServiceUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        log.error("database unavailable: %s", exception)
        message = _(
            "The results database is unavailable for a moment. Nothing was saved by "
            "this request: please try again in a few seconds."
        )
        if request.path.startswith("/api/") or "json" in request.headers.get("Accept", ""):
            return JsonResponse(
                {"detail": message, "code": "database_unavailable"},
                status=503,
                headers={"Retry-After": "5"},
            )
        response = TemplateResponse(request, "503.html", {"message": message}, status=503)
        response["Retry-After"] = "5"
        return response


#: Only Huche's own scripts, styles, images and forms. Scripts are static files only: no inline
#: ``<script>`` nor handler (``onclick=``…; forms declare ``data-confirm``/``data-autosubmit``
#: and static/huche/forms.js wires them), so an injected script never runs.
#: ``'unsafe-inline'`` stays for styles (inline ``<style>`` and ``style=``). Nothing is ever
#: loaded from another origin, and framing is refused (as X-Frame-Options: DENY does for older
#: browsers).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class ContentSecurityPolicyMiddleware:
    """Send :data:`CONTENT_SECURITY_POLICY` on every response that does not set its own."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response


def _wants_json(request) -> bool:
    return request.path.startswith("/api/")


_ERROR_CODES = {
    400: "bad_request",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
}


class ApiJsonErrorsMiddleware:
    """Under ``/api/``, an error answered as a page (Django's own 404 or 405, or the debug page
    listing every URL when ``DEBUG`` is on) becomes JSON ``{"detail", "code"}``, as the API's
    own errors are: a script never has to read HTML."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not _wants_json(request) or response.status_code < 400:
            return response
        kind = response.get("Content-Type", "").split(";")[0].strip()
        if kind not in ("text/html", "text/plain", ""):
            return response
        if response.status_code == 404:
            return not_found(request)
        body = {
            "detail": _api_error_words(request, response),
            "code": _ERROR_CODES.get(response.status_code, "error"),
        }
        converted = JsonResponse(body, status=response.status_code)
        for header in ("Allow", "Retry-After"):
            if header in response:
                converted[header] = response[header]
        return converted


def _api_error_words(request, response) -> str:
    if response.status_code == 405:
        return _("%(method)s is not allowed here; allowed: %(allowed)s.") % {
            "method": request.method,
            "allowed": response.get("Allow", "") or _("none"),
        }
    return _("The request was refused (HTTP %(status)d).") % {"status": response.status_code}


def not_found(request, exception=None):
    """``handler404``: an API address that matches no endpoint answers JSON, like the API."""
    if _wants_json(request):
        return JsonResponse(
            {
                "detail": _(
                    "No such address in the API: %(path)s. The schema at /api/schema/ "
                    "lists every endpoint and the form of its parameters."
                )
                % {"path": request.path},
                "code": "not_found",
            },
            status=404,
        )
    return page_not_found(request, exception)


def server_error(request):
    """``handler500``: the API still answers JSON (the error is logged with its traceback)."""
    if _wants_json(request):
        return JsonResponse(
            {
                "detail": _(
                    "Internal error: it was logged. Please try again; if "
                    "it persists, tell an organizer."
                ),
                "code": "server_error",
            },
            status=500,
        )
    return default_server_error(request)


def bad_request(request, exception=None):
    """``handler400``: a request Django refuses before any view (a body over
    ``DATA_UPLOAD_MAX_MEMORY_SIZE``, too many fields…) is explained, in JSON on the API."""
    if isinstance(exception, DisallowedHost):
        detail = _(
            "This site does not answer to the name %(host)s. If it is this computer's name or "
            "address, add it to ALLOWED_HOSTS (docs/hall.md)."
        ) % {"host": request.META.get("HTTP_HOST", "")[:100]}
        code = "unknown_host"
    elif isinstance(exception, RequestDataTooBig):
        detail = _("The request is too large: at most %(n)d bytes are accepted.") % {
            "n": settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        }
        code = "too_large"
    else:
        detail = _("The request was refused as malformed: %(why)s") % {"why": exception}
        code = "bad_request"
    if _wants_json(request):
        return JsonResponse({"detail": detail, "code": code}, status=400)
    # No request context: the request itself may be what failed (an unknown Host header).
    return HttpResponseBadRequest(render_to_string("400.html", {"detail": detail}))
