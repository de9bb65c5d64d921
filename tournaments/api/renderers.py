"""``text/csv`` for the API's exports: lets a script ask with ``Accept: text/csv`` or
``?format=csv``. A successful export is a streamed response built by ``publishing.exports``;
this renderer only writes error bodies (still JSON text, so ``detail`` stays readable)."""

from __future__ import annotations

import json

from rest_framework import renderers


class CsvRenderer(renderers.BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if data is None:
            return b""
        return json.dumps(data, ensure_ascii=False, default=str).encode("utf-8")
