"""The open results format on the site: an event's results document (``/e/<slug>/results.json``)
and the format's JSON Schemas at their stable addresses (``/schemas/results/2.json``, the
version written; ``/schemas/results/1.json``, still read).

The document is built by ``tournaments.archives.open_format``; docs/result-format.md describes it.
"""

from __future__ import annotations

import hashlib

from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import etag, require_GET

from tournaments.archives import open_format
from tournaments.archives.transfer import dumps

from .access import event_or_404


@require_GET
def results_json(request, slug):
    event = event_or_404(slug, request.user)
    if not open_format.may_export(event, request.user):
        return JsonResponse(
            {"detail": open_format.not_released(), "code": "not_released"}, status=403
        )
    text = dumps(open_format.results_document(event, request.user))
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{open_format.filename(event)}"'
    return response


def _schema_etag(request, version: int = open_format.SCHEMA_VERSION) -> str:
    return hashlib.sha256(open_format.schema_text(version).encode()).hexdigest()[:32]


@require_GET
@cache_control(public=True, max_age=86400)
@etag(_schema_etag)
def results_schema(request, version: int = open_format.SCHEMA_VERSION):
    """The schema, byte for byte the file in the package; any program (a browser's too) may
    fetch it, so it is served to every origin."""
    response = HttpResponse(open_format.schema_text(version), content_type=open_format.MEDIA_TYPE)
    response["Access-Control-Allow-Origin"] = "*"
    return response
