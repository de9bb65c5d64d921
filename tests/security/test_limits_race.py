"""Issue 33, finding 4: the limits counted in the cache were check-then-count, so attempts in
flight all passed (20 of 20 simultaneous wrong passwords checked against a limit of 5, 25
accounts opened at once against 10, 124 practice games against 120). Each attempt is now
counted before it is checked, in one atomic step (``accounts.throttle.Limit.take``).

The first test runs anywhere (the local-memory cache); the others send 20–40 requests at once
on PostgreSQL and Redis, as a production site is (CI: ``DATABASE_URL`` and ``REDIS_URL``)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

import pytest
from django.core.cache import cache, caches
from django.db import connection, connections
from django.test import Client, override_settings
from rest_framework.test import APIClient

from accounts.models import User
from accounts.throttle import Limit
from games.models import PracticeGame

ME = "203.0.113.7"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def at_once(n: int, attempt: Callable[[int], object]) -> list:
    """Run ``attempt(i)`` in ``n`` threads released together; their answers (errors raise)."""
    barrier, answers, errors = threading.Barrier(n), [], []

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=20)
            answers.append(attempt(i))
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    assert len(answers) == n
    return answers


def test_a_limit_lets_exactly_its_number_through_when_all_come_at_once():
    """Whatever the cache: 40 attempts at once, a limit of 5, exactly 5 pass; a refusal is
    given back (it does not lengthen anyone's wait), and the window's wait is told."""
    cache.clear()
    limit = Limit("race-test", 5, 900)
    answers = at_once(40, lambda i: limit.take("someone"))
    assert answers.count(None) == 5
    assert all(0 < wait <= 900 for wait in answers if wait is not None)
    assert limit.retry_after("someone") is not None
    assert limit.take("someone else") is None


@pytest.fixture
def production_stack(transactional_db):
    if connection.vendor != "postgresql":
        if os.environ.get("DATABASE_URL", "").startswith("postgres"):
            pytest.fail("DATABASE_URL says PostgreSQL but the connection is not")
        pytest.skip("needs PostgreSQL (set DATABASE_URL): SQLite serialises all writes")
    if not os.environ.get("REDIS_URL"):
        pytest.skip("needs Redis (set REDIS_URL): the local-memory cache is one process's")
    assert "Redis" in type(caches["default"]).__name__
    cache.clear()
    yield
    cache.clear()


@pytest.mark.postgres
@pytest.mark.redis
def test_30_wrong_passwords_at_once_check_at_most_5(production_stack, monkeypatch):
    User.objects.create_user("org@example.org", "pw-organizer-1", display_name="Organizer")
    checked, lock = [0], threading.Lock()
    real = User.check_password

    def counting(self, raw):
        with lock:
            checked[0] += 1
        return real(self, raw)

    monkeypatch.setattr(User, "check_password", counting)

    def guess(i: int) -> int:
        door = i % 3  # the site's page, the admin's, the API's token: one count
        if door == 0:
            body = {"username": "org@example.org", "password": f"guess-{i}"}
            return Client(REMOTE_ADDR=ME, **EN).post("/accounts/login/", body).status_code
        if door == 1:
            body = {"username": "org@example.org", "password": f"guess-{i}", "next": "/admin/"}
            return Client(REMOTE_ADDR=ME, **EN).post("/admin/login/", body).status_code
        body = {"email": "org@example.org", "password": f"guess-{i}"}
        api = APIClient(REMOTE_ADDR=ME, **EN)
        return api.post("/api/v1/auth/token/", body, format="json").status_code

    answers = at_once(30, guess)
    assert checked[0] <= 5, f"{checked[0]} passwords checked against a limit of 5"
    assert answers.count(429) + answers.count(200) + answers.count(400) == 30
    right = Client(REMOTE_ADDR=ME, **EN).post(
        "/accounts/login/", {"username": "org@example.org", "password": "pw-organizer-1"}
    )
    assert right.status_code == 429


@pytest.mark.postgres
@pytest.mark.redis
def test_25_signups_at_once_open_at_most_10_accounts(production_stack):
    def sign_up(i: int) -> int:
        body = {
            "email": f"club{i}@example.org",
            "display_name": f"Club {i}",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
        }
        return Client(REMOTE_ADDR=ME, **EN).post("/accounts/signup/", body).status_code

    answers = at_once(25, sign_up)
    assert User.objects.count() <= 10, f"{User.objects.count()} accounts against a limit of 10"
    assert answers.count(302) == User.objects.count()
    assert answers.count(429) == 25 - User.objects.count()


@pytest.mark.postgres
@pytest.mark.redis
@override_settings(THROTTLE_PRACTICE_CLIENT={"failures": 12, "window": 3600})
def test_40_practice_games_at_once_start_at_most_the_limit(production_stack):
    def start(i: int) -> int:
        api = APIClient(REMOTE_ADDR=ME, **EN)
        body = {"level": "easy", "target": 61}
        return api.post("/api/v1/play/cribbage/", body, format="json").status_code

    answers = at_once(40, start)
    assert answers.count(201) == 12, f"{answers.count(201)} games started against 12"
    assert answers.count(429) == 28
    assert PracticeGame.objects.count() <= 12  # and a visitor keeps only a few unfinished


def test_at_a_hall_the_file_cache_lets_exactly_its_number_through(tmp_path):
    """The hall's cache is files shared by its web processes (config/settings.py), whose
    ``incr`` reads then writes: 40 attempts at once against a limit of 5 let exactly 5 through
    (the count is taken under a lock file beside the cache, shared by processes and threads)."""
    files = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "hall-cache"),
        }
    }
    with override_settings(CACHES=files):
        hall_cache = caches["default"]
        assert type(hall_cache).__name__ == "FileBasedCache"
        limit = Limit("race-test-hall", 5, 900)
        answers = at_once(40, lambda i: limit.take("a phone guessing PINs"))
        assert answers.count(None) == 5
        assert limit.retry_after("a phone guessing PINs") is not None
        assert limit.take("another phone") is None
