"""``/healthz/live``: the web process answers without touching the database or the cache."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext


@pytest.mark.django_db
def test_liveness_answers_without_database_or_cache(client):
    with (
        CaptureQueriesContext(connection) as queries,
        mock.patch("django.core.cache.cache.get", side_effect=AssertionError("cache used")),
    ):
        response = client.get("/healthz/live")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert len(queries) == 0
    assert "no-cache" in response["Cache-Control"]
