"""One error shape for the whole API: ``{"detail", "code"}`` plus ``field`` when one field is
at fault.

- a service's :class:`~tournaments.errors.RuleError` answers its own ``status`` with
  ``as_dict()``;
- a serializer's validation error answers 400 with the first problem spelled out in ``detail``
  (``"score_a: A valid integer is required."``), its ``field`` path and ``code``, and every
  problem under ``errors``;
- everything else (404, 403, 401, 405, 429…) is DRF's usual answer with a ``code`` added.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler, set_rollback

from ..errors import RuleError

NON_FIELD = "non_field_errors"


Path = tuple[str, ...]


def first_error(detail, path: Path = ()) -> tuple[Path, exceptions.ErrorDetail]:
    """The first message of a nested validation error, with the path of the field it concerns."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            return first_error(value, (*path, str(key)) if key != NON_FIELD else path)
    if isinstance(detail, list):
        for index, value in enumerate(detail):
            nested = isinstance(value, (dict, list))
            return first_error(value, (*path, str(index)) if nested else path)
    return path, detail


def validation_body(exc: exceptions.ValidationError) -> dict:
    path, message = first_error(exc.detail)
    field = ".".join(path)
    body = {
        "detail": f"{field}: {message}" if field else str(message),
        "code": getattr(message, "code", "invalid") or "invalid",
    }
    if field:
        body["field"] = field
    body["errors"] = exc.detail
    return body


def _code_of(exc) -> str:
    if isinstance(exc, Http404):
        return "not_found"
    if isinstance(exc, DjangoPermissionDenied):
        return "permission_denied"
    codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else None
    return codes if isinstance(codes, str) else "error"


def handler(exc, context):
    if isinstance(exc, RuleError):
        set_rollback()
        refused = Response(exc.as_dict(), status=exc.status)
        if "retry_after" in exc.extra:  # a limit reached: when to come back
            refused["Retry-After"] = str(exc.extra["retry_after"])
        return refused
    if isinstance(exc, exceptions.ValidationError):
        set_rollback()
        return Response(validation_body(exc), status=400)
    response = exception_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "detail" in response.data:
        response.data.setdefault("code", _code_of(exc))
    return response
