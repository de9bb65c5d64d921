"""Issue 32, finding 1, replayed on PostgreSQL with Redis and two web servers sharing it:
back up; confirm 121–61; empty the database and ``manage.py restore`` the backup (the servers
keep running); re-enter the game as 121–110. The standings page and the API of both servers
count 110, and never again 61 (a result the restore took away).

Before the fix the restore rewound ``Event.version``, the re-entry reused the key of the
standings cached with 61, and both servers served 61 for up to an hour.

Uses a database of its own on the PostgreSQL server of DATABASE_URL and its own key prefix in
the Redis of REDIS_URL (docs/deploy.md §7–8 name the same commands).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import uuid
from urllib.parse import urlsplit, urlunsplit

import pytest
import requests
from redis import Redis

from tests.security.services import Huche, huche_env, set_up_event, wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.slow]


def services() -> tuple[str, str]:
    url, redis = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not url.startswith("postgres") or not redis:
        pytest.skip("needs DATABASE_URL on PostgreSQL and REDIS_URL")
    if not (shutil.which("pg_dump") and shutil.which("pg_restore") and shutil.which("psql")):
        pytest.skip("pg_dump, pg_restore and psql (postgresql-client) are needed")
    return url, redis


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def psql(url: str, sql: str) -> None:
    subprocess.run(["psql", "-q", f"--dbname={url}", "-c", sql], check=True, timeout=60)


def report(web: Huche, game: dict, side: str, score_a: int, score_b: int) -> dict:
    token, pin = game[side]
    answer = requests.post(
        f"{web.url}/api/v1/games/{game['id']}/reports/",
        json={
            "kind": "final",
            "score_a": score_a,
            "score_b": score_b,
            "idempotency_key": uuid.uuid4().hex,
        },
        headers={"X-Captain-Link": token, "X-Captain-Pin": pin, "Accept-Language": "en"},
        timeout=15,
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def counted(web: Huche, slug: str) -> set[int]:
    """The points against the game's loser counts, on the standings page and in the API."""
    api = requests.get(f"{web.url}/api/v1/events/{slug}/standings/", timeout=10)
    page = requests.get(f"{web.url}/e/{slug}/standings/", timeout=10)
    assert api.status_code == 200 and page.status_code == 200
    seen = {
        int(v)
        for row in api.json()["rows"]
        for v in row["metrics"].values()
        if v in (61, 110, "61", "110")
    }
    seen |= {int(n) for n in re.findall(r">\s*(61|110)\s*<", page.text)}
    return seen


def test_after_a_restore_both_web_servers_count_the_new_result_never_the_old(tmp_path):
    server, redis = services()
    name = f"huche_restore_stale_{os.getpid()}"
    admin, site = with_database(server, "postgres"), with_database(server, name)
    psql(admin, f'DROP DATABASE IF EXISTS "{name}"')
    psql(admin, f'CREATE DATABASE "{name}"')
    env = huche_env(site, redis) | {
        "CACHE_KEY_PREFIX": f"huche-restore-{secrets.token_hex(4)}",
        "HUCHE_SIGNING_KEY_FILE": str(tmp_path / "keys" / "huche-signing-key.pem"),
        "PAGE_RENDER_EVERY": "2",  # the production default: the render throttle is in play
    }
    webs = [Huche(env), Huche(env)]
    redis_client = Redis.from_url(redis)
    try:
        data = set_up_event(webs[0], teams=4)
        slug, game = data["slug"], data["games"][0]
        webs[0].manage("shell", "-c", LIVE % {"slug": slug})
        for web in webs:
            web.start()
            assert counted(web, slug) == set()

        webs[0].manage("backup", str(tmp_path / "backups"))
        (backup,) = (tmp_path / "backups").glob("huche-*.tar")

        report(webs[0], game, "a", 121, 61)
        assert report(webs[1], game, "b", 121, 61)["game"]["status"] == "confirmed"
        for web in webs:  # both servers now hold standings counting 61, in Redis and in memory
            wait_until(lambda web=web: 61 in counted(web, slug), timeout=10, what="61 counted")

        # The volunteer's restore: the database emptied, the backup restored, servers running.
        # It deletes Huche's keys only: another site's in the same Redis stay.
        neighbour = f"other-site:{secrets.token_hex(4)}"
        redis_client.set(neighbour, "theirs", ex=300)
        psql(admin, f'DROP DATABASE "{name}" WITH (FORCE)')
        psql(admin, f'CREATE DATABASE "{name}"')
        webs[0].manage("restore", str(backup))
        assert redis_client.get(neighbour) == b"theirs"
        redis_client.delete(neighbour)

        report(webs[1], game, "a", 121, 110)
        assert report(webs[0], game, "b", 121, 110)["game"]["status"] == "confirmed"
        for web in webs:
            wait_until(lambda web=web: 110 in counted(web, slug), timeout=10, what="110 counted")
            for _ in range(5):  # and nothing from before the restore, on any later view
                assert 61 not in counted(web, slug)
    finally:
        for web in webs:
            web.stop()
        psql(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


LIVE = """
from tournaments.models import Event
Event.objects.filter(slug="%(slug)s").update(visibility=Event.Visibility.LIVE)
"""
