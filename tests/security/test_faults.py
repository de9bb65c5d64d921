"""Faults against real services: Redis stopped mid-event, PostgreSQL restarted during a stream
of submissions. Huche runs in gunicorn against a PRIVATE PostgreSQL cluster and a PRIVATE Redis
(started by these tests on free ports: the shared 5432/6379 are never touched), and is driven
over HTTP like a hall full of phones.

Skipped only where the PostgreSQL server binaries or redis-server are missing, and never in CI
(``CI=true``), where missing binaries fail the run.
"""

from __future__ import annotations

import os
import re
import threading
import time
import uuid

import pytest
import requests

from tests.security.services import (
    Huche,
    PrivatePostgres,
    PrivateRedis,
    huche_env,
    missing_binaries,
    set_up_event,
)

pytestmark = pytest.mark.faults

TEAMS = 24


@pytest.fixture(scope="module")
def stack():
    reason = missing_binaries()
    if reason:
        if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
            pytest.fail(f"CI must run the fault tests, but {reason}")
        pytest.skip(reason)
    pg, redis = PrivatePostgres(), PrivateRedis()
    huche = None
    try:
        pg.init()
        redis.start()
        huche = Huche(huche_env(pg.url, redis.url))
        data = set_up_event(huche, TEAMS)
        huche.start()
        yield huche, pg, redis, data
    finally:
        if huche is not None:
            huche.stop()
        redis.stop()
        pg.destroy()


def csrf_post(session: requests.Session, url: str, data: dict, **kwargs):
    if "csrftoken" not in session.cookies:
        session.get(url, timeout=10)
    data = {**data, "csrfmiddlewaretoken": session.cookies.get("csrftoken", "")}
    return session.post(url, data=data, allow_redirects=False, timeout=10, **kwargs)


def report(huche, game, side, score_a, score_b, key=None):
    token, pin = game[side]
    return requests.post(
        f"{huche.url}/api/v1/games/{game['id']}/reports/",
        timeout=15,
        json={
            "kind": "final",
            "score_a": score_a,
            "score_b": score_b,
            "idempotency_key": key or uuid.uuid4().hex,
        },
        headers={"X-Captain-Link": token, "X-Captain-Pin": pin, "Accept-Language": "en"},
    )


def official_session(huche) -> requests.Session:
    session = requests.Session()
    session.headers["Accept-Language"] = "en"
    response = csrf_post(
        session,
        f"{huche.url}/accounts/login/",
        {"username": "official@example.org", "password": "pw-official-1"},
    )
    assert response.status_code == 302, response.text[:500]
    return session


def pending_outbox(huche) -> int:
    return huche.python(
        "import json; from tournaments.outbox import pending_work; "
        "print(json.dumps({'n': pending_work()}))"
    )["n"]


def test_redis_stopped_mid_event_pages_and_scores_keep_working(stack):
    huche, _pg, redis, data = stack
    slug, game = data["slug"], data["games"][0]
    assert requests.get(f"{huche.url}/e/{slug}/seating/", timeout=10).status_code == 200
    assert pending_outbox(huche) == 0

    redis.stop()
    try:
        for path in (
            "/",
            f"/e/{slug}/",
            f"/e/{slug}/seating/",
            f"/e/{slug}/standings/",
            f"/e/{slug}/rounds/1/",
        ):
            assert requests.get(huche.url + path, timeout=10).status_code == 200, path
        # Degraded, not down: pages and score entry still work (503 is for the database).
        health = requests.get(f"{huche.url}/healthz", timeout=10)
        assert health.status_code == 200 and health.json()["status"] == "dégradé"
        assert "cache" in health.json()["failing"]

        # Captain A reports on the page (PIN, then the final score) ...
        captain = requests.Session()
        token, pin = game["a"]
        assert csrf_post(captain, f"{huche.url}/c/{token}/", {"pin": pin}).status_code == 302
        response = csrf_post(
            captain,
            f"{huche.url}/c/{token}/games/{game['id']}/",
            {
                "mode": "final",
                "score_us": "121",
                "score_them": "100",
                "idempotency_key": uuid.uuid4().hex,
            },
        )
        assert response.status_code == 302, response.text[:500]
        # ... captain B agrees through the API: the result is confirmed.
        confirmed = report(huche, game, "b", 121, 100)
        assert confirmed.status_code == 201, confirmed.text
        assert confirmed.json()["game"]["status"] == "confirmed"

        # The officials see the warning; the work waits in the outbox.
        desk = official_session(huche).get(f"{huche.url}/organize/{slug}/desk/", timeout=10)
        assert desk.status_code == 200
        assert "data-service-warning" in desk.text and "Redis" in desk.text
        assert pending_outbox(huche) >= 1
    finally:
        redis.start()

    assert "still pending 0" in huche.manage("flush_outbox")
    assert pending_outbox(huche) == 0
    official = official_session(huche)
    rounds = official.get(f"{huche.url}/e/{slug}/rounds/1/", timeout=10).text
    assert re.search(r"121\s*[–-]\s*100", rounds)
    standings = official.get(f"{huche.url}/e/{slug}/standings/", timeout=10)
    assert standings.status_code == 200


def test_postgres_restarted_during_submissions(stack):
    huche, pg, _redis, data = stack
    slug, games = data["slug"], data["games"][1:]
    statuses: list[int] = []
    acked: dict[int, str] = {}
    bad: list[str] = []
    stop = threading.Event()

    def stream():
        """Each game's captain A reports until acknowledged, retrying a 503 with the same key
        (as the phone page does)."""
        for i, game in enumerate(games):
            key = f"stream-{game['id']}"
            while not stop.is_set():
                try:
                    response = report(huche, game, "a", 121, 60 + i, key=key)
                except requests.RequestException as exc:  # connection reset by a restart
                    bad.append(f"transport: {exc}")
                    time.sleep(0.2)
                    continue
                statuses.append(response.status_code)
                if response.status_code in (200, 201):
                    acked[game["id"]] = key
                    break
                if response.status_code == 503:
                    body = response.json()
                    if (
                        body.get("code") != "database_unavailable"
                        or not body.get("detail")
                        or response.headers.get("Retry-After") != "5"
                    ):
                        bad.append(f"unclear 503: {response.text[:200]}")
                else:
                    bad.append(f"{response.status_code}: {response.text[:300]}")
                time.sleep(0.15)
            time.sleep(0.05)

    thread = threading.Thread(target=stream)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while len(acked) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        pg.stop()
        page = requests.get(f"{huche.url}/e/{slug}/", timeout=10, headers={"Accept-Language": "en"})
        assert page.status_code == 503
        assert "text/html" in page.headers["Content-Type"]
        assert "results database is unavailable" in page.text
        api = requests.get(f"{huche.url}/api/v1/events/{slug}/", timeout=10)
        assert api.status_code == 503 and api.json()["code"] == "database_unavailable"
        time.sleep(1.5)
        pg.start()
        thread.join(60)
    finally:
        stop.set()
        thread.join(10)

    assert not bad, bad[:5]
    assert 503 in statuses, "some submissions met the outage"
    assert set(acked) == {g["id"] for g in games}, "every submission got through in the end"
    check = huche.python(
        "import json; from tournaments.models import Game, Report\n"
        f"ids = {sorted(acked)!r}\n"
        "out = {}\n"
        "for g in Game.objects.filter(pk__in=ids):\n"
        "    out[g.pk] = [g.reports.filter(by_team=g.team_a).count(), g.status,"
        " g.reports.count()]\n"
        "print(json.dumps(out))"
    )
    for game_id, (by_a, status, total) in check.items():
        assert (by_a, total) == (1, 1), f"game {game_id}: exactly one report, stored once"
        assert status == "reported", f"game {game_id}: status {status}, nothing half-written"
    # After the restart, later submissions work at once: captain B confirms the first game.
    game = games[0]
    later = report(huche, game, "b", 121, 60)
    assert later.status_code == 201 and later.json()["game"]["status"] == "confirmed"
