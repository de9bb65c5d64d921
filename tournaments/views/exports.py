from __future__ import annotations

from django.http import Http404, StreamingHttpResponse
from django.views.decorators.http import require_GET

from tournaments.publishing.exports import EXPORTS, csv_filename, csv_lines, delimiter_of

from .access import managed_event


@require_GET
def export_csv(request, slug, what):
    """Organizer exports (officials too): visible to them before release, never to others."""
    event = managed_event(request, slug)
    if what not in EXPORTS:
        raise Http404("unknown export")
    delimiter = delimiter_of(request.GET.get("delimiter"))
    response = StreamingHttpResponse(
        csv_lines(EXPORTS[what](event), delimiter), content_type="text/csv; charset=utf-8"
    )
    name = csv_filename(event.slug, delimiter, what)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
