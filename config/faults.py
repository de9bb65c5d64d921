"""When the database is unreachable, answer a clear 503 (page or JSON), never a bare 500."""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import JsonResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _

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
        message = _("The results database is unavailable for a moment. Nothing was saved by "
                    "this request: please try again in a few seconds.")
        if request.path.startswith("/api/") or "json" in request.headers.get("Accept", ""):
            return JsonResponse({"detail": message, "code": "database_unavailable"}, status=503,
                                headers={"Retry-After": "5"})
        response = TemplateResponse(request, "503.html", {"message": message}, status=503)
        response["Retry-After"] = "5"
        return response
