"""The daily purges (issue 32, finding 5): expired sessions, finished task rows past their age,
practice games abandoned or finished long ago. Each runs as the Celery task beat sends, on the
test database (PostgreSQL in CI): what a volunteer would find removed, and what stays."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from games.models import PracticeGame
from tournaments.models import League, OutboxTask, PendingArchiveImport, Season, SeasonExport

pytestmark = pytest.mark.django_db

NOW = timezone.now()


def days_ago(n: float) -> datetime.datetime:
    return NOW - datetime.timedelta(days=n)


def beat_sends(settings, task: str) -> bool:
    return any(entry["task"] == task for entry in settings.CELERY_BEAT_SCHEDULE.values())


def test_expired_sessions_are_purged_live_ones_kept(settings, tasks_in_process):
    from operations.tasks import purge_sessions_task

    live = SessionStore()
    live["who"] = "organizer"
    live.create()
    expired = SessionStore()
    expired["who"] = "gone"
    expired.create()
    Session.objects.filter(pk=expired.session_key).update(expire_date=days_ago(1))

    assert beat_sends(settings, "operations.tasks.purge_sessions_task")
    assert purge_sessions_task.delay().get() == 1
    assert list(Session.objects.values_list("pk", flat=True)) == [live.session_key]
    assert SessionStore(session_key=live.session_key).load() == {"who": "organizer"}


def test_finished_task_rows_older_than_the_age_are_purged(settings, organizer, tasks_in_process):
    from operations.tasks import purge_task_rows_task

    settings.TASK_ROWS_KEEP_DAYS = 30
    old_done = OutboxTask.objects.create(name="refresh_standings", args=[1], done_at=days_ago(31))
    recent_done = OutboxTask.objects.create(name="refresh_standings", args=[2], done_at=days_ago(2))
    # Work still owed stays whatever its age: never sent, or sent and never finished.
    never_sent = OutboxTask.objects.create(name="refresh_standings", args=[3])
    OutboxTask.objects.filter(pk=never_sent.pk).update(created_at=days_ago(90))
    unfinished = OutboxTask.objects.create(
        name="build_season_export", args=[4], sent_at=days_ago(60)
    )

    season = Season.objects.create(
        league=League.objects.create(name="Ligue", slug="ligue"), name="2026", slug="2026"
    )

    def export(status: str, finished: float | None) -> SeasonExport:
        return SeasonExport.objects.create(
            season=season,
            requested_by=organizer,
            status=status,
            content="csv",
            finished_at=days_ago(finished) if finished is not None else None,
        )

    old_export = export(SeasonExport.Status.DONE, 60)
    old_failed = export(SeasonExport.Status.FAILED, 50)
    latest_old_export = export(SeasonExport.Status.DONE, 40)  # the one the page still offers
    still_pending = export(SeasonExport.Status.PENDING, None)
    SeasonExport.objects.filter(pk=still_pending.pk).update(created_at=days_ago(45))

    stale_upload = PendingArchiveImport.objects.create(user=organizer, data="{}")
    PendingArchiveImport.objects.filter(pk=stale_upload.pk).update(created_at=days_ago(2))
    fresh_upload = PendingArchiveImport.objects.create(user=organizer, data="{}")

    assert beat_sends(settings, "operations.tasks.purge_task_rows_task")
    assert purge_task_rows_task.delay().get() == {
        "outbox": 1,
        "season_exports": 2,
        "pending_archives": 1,
    }
    assert set(OutboxTask.objects.values_list("pk", flat=True)) == {
        recent_done.pk,
        never_sent.pk,
        unfinished.pk,
    }
    assert not OutboxTask.objects.filter(pk=old_done.pk).exists()
    assert set(SeasonExport.objects.values_list("pk", flat=True)) == {
        latest_old_export.pk,
        still_pending.pk,
    }
    assert not SeasonExport.objects.filter(pk__in=[old_export.pk, old_failed.pk]).exists()
    assert list(PendingArchiveImport.objects.values_list("pk", flat=True)) == [fresh_upload.pk]


def test_practice_games_abandoned_or_finished_long_ago_are_purged(settings, tasks_in_process):
    from games.tasks import purge_practice_games_task

    settings.PRACTICE_ABANDONED_DAYS = 7
    settings.PRACTICE_FINISHED_DAYS = 90

    def game(updated: float, finished: float | None) -> PracticeGame:
        row = PracticeGame.objects.create(kind="cribbage", level="easy")
        PracticeGame.objects.filter(pk=row.pk).update(
            updated_at=days_ago(updated),
            finished_at=days_ago(finished) if finished is not None else None,
        )
        return row

    abandoned = game(updated=8, finished=None)
    in_progress = game(updated=1, finished=None)
    finished_long_ago = game(updated=91, finished=91)
    finished_last_month = game(updated=30, finished=30)

    assert beat_sends(settings, "games.tasks.purge_practice_games_task")
    assert purge_practice_games_task.delay().get() == 2
    assert set(PracticeGame.objects.values_list("pk", flat=True)) == {
        in_progress.pk,
        finished_last_month.pk,
    }
    assert not PracticeGame.objects.filter(pk__in=[abandoned.pk, finished_long_ago.pk]).exists()


def test_an_age_under_a_day_is_refused(settings):
    from operations.housekeeping import purge_task_rows

    with pytest.raises(ValueError, match="at least 1 day"):
        purge_task_rows(0)
