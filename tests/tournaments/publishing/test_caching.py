"""The public standings and seating pages are cached as rendered HTML, keyed by the event's
version: a confirmed result, a correction or a release shows on the next view."""

from __future__ import annotations

import pytest

from tournaments.management.commands.generate_event import OFFICIAL_EMAIL, generate
from tournaments.models import Game, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def live_box(response) -> str:
    """The page's #live part (the rest carries a fresh CSRF token on every view)."""
    return response.content.decode().split('<div id="live"')[1].split("</main>")[0]


def test_a_correction_shows_on_the_next_view_of_the_cached_standings(client):
    from accounts.models import User

    event = generate(teams=6, rounds=2, seed=4, slug="cached")
    url = f"/e/{event.slug}/standings/"
    first = live_box(client.get(url))
    assert live_box(client.get(url)) == first
    game = Game.objects.filter(round__event=event, status="confirmed").first()
    report = game.confirmed_report
    official = User.objects.get(email=OFFICIAL_EMAIL)
    # The official corrects the result: the loser of the game was the winner.
    swapped = {
        "score_a": 121 if report.score_b == 121 else 40,
        "score_b": 121 if report.score_a == 121 else 40,
    }
    reporting.submit(game, reporting.Actor(user=official), Report.Kind.FINAL, swapped)
    assert live_box(client.get(url)) != first


def test_the_cached_pages_follow_the_language_and_the_seating(client):
    event = generate(teams=6, rounds=1, seed=4, slug="langs", games=2)
    url = f"/e/{event.slug}/standings/"
    assert "Classement" in client.get(url, HTTP_ACCEPT_LANGUAGE="fr-ca").content.decode()
    assert "After 1 round" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    seating_url = f"/e/{event.slug}/seating/"
    assert "Round 1" in client.get(seating_url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    from accounts.models import User

    seating.seat_next_round(event, User.objects.get(email=OFFICIAL_EMAIL))
    assert "Round 2" in client.get(seating_url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_unreleased_standings_stay_hidden_from_the_public_while_officials_see_them(client):
    from accounts.models import User

    event = generate(teams=6, rounds=1, seed=4, slug="hidden", release=False)
    url = f"/e/{event.slug}/standings/"
    official = client.__class__()
    official.force_login(User.objects.get(email=OFFICIAL_EMAIL))
    assert "Not released" in official.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    public = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Not released" not in public
    assert '<table class="standings"' not in public


def test_page_fragments_by_event_identity_and_version():
    from types import SimpleNamespace

    from django.core.cache import cache

    from tournaments.publishing.caching import clear_local, page_fragment

    clear_local()
    cache.clear()
    calls = []

    def render(text):
        calls.append(text)
        return text

    one = SimpleNamespace(pk=1, version=3, uid="a", cache_token="t", cache_epoch="e")
    assert page_fragment(one, "page", lambda: render("v3")) == "v3"
    assert page_fragment(one, "page", lambda: render("again")) == "v3"
    one.version = 4  # a confirmed result: the next view renders again
    assert page_fragment(one, "page", lambda: render("v4")) == "v4"
    same_id_other_event = SimpleNamespace(
        pk=1, version=4, uid="b", cache_token="t", cache_epoch="e"
    )
    cache.clear()
    assert page_fragment(same_id_other_event, "page", lambda: render("b4")) == "b4"
    assert calls == ["v3", "v4", "b4"]
    clear_local()


def test_while_one_view_renders_the_new_version_the_others_get_the_previous_one():
    from types import SimpleNamespace

    from django.core.cache import cache

    from tournaments.publishing.caching import clear_local, fragment_key, page_fragment

    clear_local()
    cache.clear()
    event = SimpleNamespace(pk=7, version=1, uid="c", cache_token="t", cache_epoch="e")
    assert page_fragment(event, "page", lambda: "v1") == "v1"
    clear_local()  # another web process: nothing in its memory
    event.version = 2
    cache.add(f"render-lock:{fragment_key(event, 'page')}", 1, 30)  # someone is rendering v2
    assert page_fragment(event, "page", lambda: "v2 rendered twice") == "v1"
    cache.delete(f"render-lock:{fragment_key(event, 'page')}")  # the render is done
    assert page_fragment(event, "page", lambda: "v2") == "v2"
    assert page_fragment(event, "page", lambda: "v2 again") == "v2"
    clear_local()


def test_while_results_keep_coming_a_page_renders_at_most_every_few_seconds(settings, monkeypatch):
    from types import SimpleNamespace

    from django.core.cache import cache

    from tournaments.publishing import caching

    caching.clear_local()
    cache.clear()
    settings.PAGE_RENDER_EVERY = 2
    now = [1000.0]
    monkeypatch.setattr(caching.time, "time", lambda: now[0])
    event = SimpleNamespace(pk=8, version=1, uid="d", cache_token="t", cache_epoch="e")
    assert caching.page_fragment(event, "page", lambda: "v1") == "v1"
    event.version = 2  # a result confirmed half a second later
    now[0] += 0.5
    assert caching.page_fragment(event, "page", lambda: "v2 too soon") == "v1"
    caching.clear_local()  # another process, same answer from Redis
    assert caching.page_fragment(event, "page", lambda: "v2 too soon") == "v1"
    now[0] += 2
    assert caching.page_fragment(event, "page", lambda: "v2") == "v2"
    caching.clear_local()
