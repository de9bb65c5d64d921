"""The anonymous standings found by the event's head in the cache, with no SQL (issue 54).

The head (``publishing.heads``) replaces the event row for an anonymous view of a stored page:
every change that decides what the public sees (a release, a hide, a draft, a deletion, a
database restore) must be seen by the very next anonymous request, whether the head was
written again after the commit or only dropped.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from operations.backups import clear_cache
from tests.builders.finished_event import play_series
from tournaments.events import creation
from tournaments.events.deletion import delete_event
from tournaments.models import Event
from tournaments.publishing import heads
from tournaments.publishing.caching import clear_local
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db

TABLE = b'<table class="standings'
HIDDEN = b"warning-banner"


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    clear_local()
    yield
    cache.clear()
    clear_local()


@pytest.fixture
def played(event, organizer):
    creation.set_number_of_games(event, organizer, 2)
    play_series(event, organizer)
    event.refresh_from_db()
    return event


def page(event, slug=None):
    return Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/e/{slug or event.slug}/standings/")


def test_a_stored_page_is_served_with_no_query(played, organizer, django_assert_num_queries):
    release(played, organizer)
    first = page(played)  # reads the row, stores the page and the head
    assert TABLE in first.content
    with django_assert_num_queries(0):
        again = page(played)
    assert again.content == first.content and again["ETag"] == first["ETag"]


@pytest.mark.parametrize("committed", [True, False], ids=["head-rewritten", "head-dropped"])
def test_a_release_and_a_hide_are_seen_by_the_next_anonymous_view(
    played, organizer, committed, django_capture_on_commit_callbacks, django_assert_num_queries
):
    assert HIDDEN in page(played).content and TABLE not in page(played).content
    with django_capture_on_commit_callbacks(execute=committed):
        release(played, organizer)
    assert TABLE in page(played).content
    if committed:  # the head written after the commit: the page is found without the row
        with django_assert_num_queries(0):
            assert TABLE in page(played).content

    played.refresh_from_db()
    played.status = "running"
    played.save(update_fields=["status"])
    with django_capture_on_commit_callbacks(execute=committed):
        release(played, organizer, released=False)  # hidden again
    hidden = page(played)
    assert HIDDEN in hidden.content and TABLE not in hidden.content


@pytest.mark.parametrize("committed", [True, False], ids=["head-rewritten", "head-dropped"])
def test_a_draft_and_a_deleted_event_are_gone_for_the_next_anonymous_view(
    played, organizer, committed, django_capture_on_commit_callbacks
):
    release(played, organizer)
    assert TABLE in page(played).content and TABLE in page(played).content
    with django_capture_on_commit_callbacks(execute=committed):
        played.published_at = None  # back to a draft (as the admin site may do)
        played.save(update_fields=["published_at"])
    assert page(played).status_code == 404
    with django_capture_on_commit_callbacks(execute=committed):
        played.published_at = played.created_at
        played.save(update_fields=["published_at"])
    assert TABLE in page(played).content and TABLE in page(played).content

    slug = played.slug
    with django_capture_on_commit_callbacks(execute=committed):
        delete_event(played, organizer, typed_name=played.name)
    assert page(played, slug).status_code == 404
    assert heads.get(slug) is None


def _restore_before_release(event: Event, version: int, token: str, epoch: str) -> None:
    """What restoring a backup taken before the release leaves in the database: the version
    rewound, no release, and (operations.backups) a new cache epoch."""
    Event.objects.filter(pk=event.pk).update(
        released_at=None, status="running", version=version, cache_token=token, cache_epoch=epoch
    )


def test_a_restored_database_is_seen_by_the_next_anonymous_view(played, organizer):
    before = Event.objects.get(pk=played.pk)
    release(played, organizer)
    assert TABLE in page(played).content and TABLE in page(played).content
    _restore_before_release(played, before.version, before.cache_token, "restored")
    clear_cache()  # what restoring does (operations.backups.restore)
    hidden = page(played)
    assert HIDDEN in hidden.content and TABLE not in hidden.content


def test_a_web_process_that_kept_its_memory_through_a_restore_serves_no_old_page(played, organizer):
    before = Event.objects.get(pk=played.pk)
    release(played, organizer)
    assert TABLE in page(played).content and TABLE in page(played).content
    # Even the restored version and token again (the backup's): its new epoch keys the page.
    _restore_before_release(played, before.version, before.cache_token, "restored")
    cache.clear()  # Redis emptied by the restore in another process; this one's memory kept
    hidden = page(played)
    assert HIDDEN in hidden.content and TABLE not in hidden.content


def test_an_organizer_view_leaves_no_head_or_page_for_the_public(played, organizer):
    organizer_client = Client(HTTP_ACCEPT_LANGUAGE="en")
    organizer_client.force_login(organizer)
    assert TABLE in organizer_client.get(f"/e/{played.slug}/standings/").content
    assert heads.get(played.slug) is None
    hidden = page(played)
    assert HIDDEN in hidden.content and TABLE not in hidden.content
    assert heads.get(played.slug) is not None  # the public's own view stored it
    assert TABLE in organizer_client.get(f"/e/{played.slug}/standings/").content
