"""Shared fixtures: people with roles, a FADOQ event with teams and captains' links."""

from __future__ import annotations

import datetime

import pytest

from accounts.models import EventRole, User
from accounts.roles import grant


@pytest.fixture(autouse=True, scope="session")
def _signing_key_of_the_test_install(tmp_path_factory):
    """The tests' installation signs archives with a key of its own, not the checkout's."""
    from django.conf import settings

    settings.HUCHE_SIGNING_KEY_FILE = str(tmp_path_factory.mktemp("keys") / "huche-signing-key.pem")
    settings.HUCHE_INSTALL_NAME = "Huche tests"


@pytest.fixture(autouse=True)
def _empty_page_cache():
    """Each test starts with empty caches: cached standings and page fragments are keyed by the
    event's id and version, and on SQLite a rolled-back test's ids are given out again."""
    from django.core.cache import cache

    from tournaments.publishing.caching import clear_local

    cache.clear()
    clear_local()


@pytest.fixture
def organizer(db) -> User:
    return User.objects.create_user("org@example.org", "pw-organizer-1", display_name="Organizer")


@pytest.fixture
def other_organizer(db) -> User:
    return User.objects.create_user("other@example.org", "pw-other-1", display_name="Other")


@pytest.fixture
def make_event(organizer):
    from tournaments.events.creation import create_event
    from tournaments.events.teams import add_team

    def make(teams: int = 6, *, name: str = "Tournoi régional", owner=None, **fields):
        event = create_event(
            owner or organizer,
            name=name,
            date=datetime.date(2026, 11, 21),
            venue="Salle communautaire",
            seed=fields.pop("seed", 1234),
            **fields,
        )
        for i in range(1, teams + 1):
            add_team(
                event,
                owner or organizer,
                name=f"Équipe {i}",
                captain=f"Capitaine {i}",
                partner=f"Partenaire {i}",
            )
        return event

    return make


@pytest.fixture
def event(make_event):
    return make_event(6)


@pytest.fixture
def official(db, event) -> User:
    user = User.objects.create_user("official@example.org", "pw-official-1")
    grant(user, event, EventRole.Role.OFFICIAL)
    return user


def link_of(team):
    return team.links.get(revoked_at__isnull=True)


@pytest.fixture
def captain_client(client):
    """A test client that has entered the PIN of a team's link: ``captain_client(team)``."""
    from django.test import Client

    def login(team) -> Client:
        c = Client()
        link = link_of(team)
        response = c.post(f"/c/{link.token}/", {"pin": link.pin})
        assert response.status_code == 302
        return c

    return login


@pytest.fixture
def api_client(db):
    """A DRF test client asking for English, with an empty cache (throttles, cached pages)."""
    from django.core.cache import cache
    from rest_framework.test import APIClient

    cache.clear()
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def staff(db) -> User:
    return User.objects.create_user("staff@example.org", "pw-staff-1", is_staff=True)


@pytest.fixture(autouse=True)
def _english_messages():
    """Service-level messages are asserted in English, the source language; pages still get
    French by default through the locale middleware (tests of pages say which they expect)."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def tasks_in_process():
    """Celery tasks run in-process (as on a laptop) even when CI sets REDIS_URL: for tests that
    read a task's result right after asking for it. The trip through Redis to a real worker is
    tested in tests/tournaments/test_tasks_worker.py."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved
