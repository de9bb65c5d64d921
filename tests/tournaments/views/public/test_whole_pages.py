"""The standings served whole from the cache (issue 54): no stored answer crosses roles.

Anonymous visitors share one stored response per event version (gzipped once, an ETag, 304s
for a phone that has it); organizers, officials and captains get theirs rendered for them. The
embargo decides who sees what before and after the release, through the page and the API.
"""

from __future__ import annotations

import gzip

import pytest
from django.core.cache import cache
from django.test import Client

from tests.builders.finished_event import play_series
from tournaments.events import creation
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


def page(client: Client, event, **headers):
    return client.get(f"/e/{event.slug}/standings/", **headers)


def test_no_stored_page_crosses_roles_before_and_after_the_release(
    played, organizer, captain_client
):
    anonymous = Client(HTTP_ACCEPT_LANGUAGE="en")
    first = page(anonymous, played)
    assert first.status_code == 200 and HIDDEN in first.content and TABLE not in first.content
    assert first["ETag"] and first["Last-Modified"]

    organizer_client = Client(HTTP_ACCEPT_LANGUAGE="en")
    organizer_client.force_login(organizer)
    mine = page(organizer_client, played)
    assert TABLE in mine.content  # the organizer sees the results before the release
    assert "ETag" not in mine  # rendered for them, never stored for anyone else

    # The organizer's view stored nothing the public could get: the same hidden page, the same
    # ETag; a captain (their link's session) is not an official and does not see them either.
    again = page(anonymous, played)
    assert HIDDEN in again.content and TABLE not in again.content
    assert again["ETag"] == first["ETag"]
    team = played.teams.order_by("pk").first()
    captain = captain_client(team)
    assert TABLE not in page(captain, played, HTTP_ACCEPT_LANGUAGE="en").content

    # A phone that has the page gets a 304, with no body.
    cached = page(anonymous, played, HTTP_IF_NONE_MATCH=first["ETag"])
    assert cached.status_code == 304 and cached.content == b""

    # Released: the phone's old ETag no longer matches; everyone sees the standings.
    release(played, organizer)
    after = page(anonymous, played, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and TABLE in after.content
    assert after["ETag"] != first["ETag"]
    assert page(anonymous, played, HTTP_IF_NONE_MATCH=after["ETag"]).status_code == 304
    assert TABLE in page(captain, played, HTTP_ACCEPT_LANGUAGE="en").content

    # Hidden again (reopened): the public is back to the banner, the organizer still sees all.
    played.refresh_from_db()
    played.status = "running"
    played.save(update_fields=["status"])
    release(played, organizer, released=False)
    hidden = page(anonymous, played, HTTP_IF_NONE_MATCH=after["ETag"])
    assert hidden.status_code == 200 and TABLE not in hidden.content
    assert TABLE in page(organizer_client, played).content


def test_the_api_standings_keep_the_embargo_and_answer_304(played, organizer, api_client):
    url = f"/api/v1/events/{played.slug}/standings/"
    assert api_client.get(url).status_code == 403
    api_client.force_authenticate(organizer)
    mine = api_client.get(url)
    assert mine.status_code == 200 and len(mine.json()["rows"]) == 6
    api_client.force_authenticate(None)
    assert api_client.get(url).status_code == 403  # the organizer's answer was not shared
    release(played, organizer)
    public = api_client.get(url)
    assert public.status_code == 200 and public.json()["rows"] == mine.json()["rows"]
    assert "Content-Encoding" not in public  # the API is never compressed
    assert api_client.get(url, HTTP_IF_NONE_MATCH=public["ETag"]).status_code == 304


def test_the_shared_page_is_gzipped_once_and_carries_nothing_of_its_visitor(played, organizer):
    release(played, organizer)
    phone = Client(HTTP_ACCEPT_LANGUAGE="fr")
    zipped = page(phone, played, HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Encoding"] == "gzip"
    body = gzip.decompress(zipped.content)
    plain = page(Client(HTTP_ACCEPT_LANGUAGE="fr"), played)
    assert body == plain.content and TABLE in body
    # No token in the body, no cookie set: the first render and the stored copies alike.
    assert b"csrfmiddlewaretoken" not in body
    for answer in (zipped, plain, page(phone, played, HTTP_ACCEPT_ENCODING="gzip")):
        assert not answer.cookies
    # The language switch works from it without a token or a cookie (no JavaScript needed).
    switched = Client(enforce_csrf_checks=True).post(
        "/i18n/setlang/", {"language": "en", "next": f"/e/{played.slug}/standings/"}
    )
    assert switched.status_code == 302 and switched.cookies["django_language"].value == "en"
    # Another language, another stored page.
    english = page(Client(HTTP_ACCEPT_LANGUAGE="en"), played)
    assert english.content != plain.content and english["ETag"] != plain["ETag"]


def test_a_render_holding_a_visitors_token_is_not_shared(played, organizer, monkeypatch):
    """Should a public page's template ever ask for a CSRF token, that render answers its own
    visitor and is stored for nobody: another phone never gets the first one's token."""
    from django.http import HttpResponse
    from django.middleware.csrf import get_token

    from tournaments.views import public

    release(played, organizer)

    def with_a_token(request, event):
        return HttpResponse(f"<form>{get_token(request)}</form>")

    monkeypatch.setattr(public, "_standings_page", with_a_token)
    first, second = page(Client(), played), page(Client(), played)
    assert first.status_code == second.status_code == 200
    assert "ETag" not in first and first.content != second.content
    assert first.cookies["csrftoken"].value != second.cookies["csrftoken"].value


def test_a_stored_page_is_served_in_constant_queries(
    played, organizer, django_assert_max_num_queries
):
    release(played, organizer)
    anonymous = Client(HTTP_ACCEPT_LANGUAGE="en")
    page(anonymous, played)
    with django_assert_max_num_queries(1):  # the event row (its version); nothing else
        assert TABLE in page(anonymous, played).content
