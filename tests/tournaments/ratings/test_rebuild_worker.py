"""With REDIS_URL set (CI): a release sends the rebuild through Redis to a real Celery worker."""

from __future__ import annotations

import time

import pytest

from tests.builders.season import build_season
from tests.tournaments.test_tasks_worker import worker  # noqa: F401 - the fixture
from tournaments.models import OutboxTask, RatingPoint

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def test_each_release_is_rated_by_the_worker(worker, organizer):  # noqa: F811
    _season, people, events, hidden = build_season(organizer)  # three releases
    rows = OutboxTask.objects.filter(name="update_ratings")
    deadline = time.monotonic() + 60
    while rows.filter(done_at__isnull=True).exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert rows.count() == 3 and not rows.filter(done_at__isnull=True).exists()
    assert RatingPoint.objects.filter(player=people["Alice"], partner__isnull=True).count() == 6
    assert not RatingPoint.objects.filter(event=hidden).exists()
