"""The foundation: settings from the environment, /healthz, the real services in CI, the
production stack's compose file, the engine's independence from Django, the two languages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def settings_in_subprocess(env: dict, expression: str) -> subprocess.CompletedProcess:
    """Load config.settings in a fresh interpreter with ``env`` and print ``expression``."""
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; "
        f"from django.conf import settings; import json; print(json.dumps({expression}))"
    )
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "REDIS_URL", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"}
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        env=clean | env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_embedded_default_is_sqlite_locmem_and_eager():
    out = settings_in_subprocess(
        {},
        "[settings.DATABASES['default']['ENGINE'], "
        "settings.CACHES['default']['BACKEND'], "
        "settings.CELERY_TASK_ALWAYS_EAGER]",
    )
    engine, cache, eager = json.loads(out.stdout)
    assert engine == "django.db.backends.sqlite3"
    assert cache.endswith("LocMemCache")
    assert eager is True


def test_database_and_redis_urls_switch_to_the_services():
    out = settings_in_subprocess(
        {
            "DATABASE_URL": "postgres://huche@db.example:5433/league",
            "REDIS_URL": "redis://cache.example:6379/2",
        },
        "[settings.DATABASES['default'][k] for k in ('ENGINE','HOST','PORT','NAME','USER')]"
        " + [settings.CACHES['default']['BACKEND'], settings.CELERY_BROKER_URL, "
        "settings.CELERY_TASK_ALWAYS_EAGER]",
    )
    assert json.loads(out.stdout) == [
        "django.db.backends.postgresql",
        "db.example",
        5433,
        "league",
        "huche",
        "common.redis_cache.RedisCache",
        "redis://cache.example:6379/2",
        False,
    ]


def test_production_settings_require_a_secret_key_and_are_secure():
    missing = settings_in_subprocess({"DEBUG": "0"}, "settings.DEBUG")
    assert missing.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in missing.stderr
    out = settings_in_subprocess(
        {"DEBUG": "0", "SECRET_KEY": "x" * 60, "ALLOWED_HOSTS": "huche.example.org"},
        "[settings.DEBUG, settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE, "
        "settings.SECURE_HSTS_SECONDS > 0, settings.ALLOWED_HOSTS]",
    )
    assert json.loads(out.stdout) == [False, True, True, True, ["huche.example.org"]]


# /healthz: tests/operations/health/test_health.py


@pytest.mark.postgres
@pytest.mark.django_db
def test_really_talks_to_postgresql():
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("DATABASE_URL is not a PostgreSQL URL (embedded SQLite run)")
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        assert "PostgreSQL" in cursor.fetchone()[0]


def test_compose_file_names_the_production_services():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert {"web", "worker", "db", "redis"} <= set(services)
    assert "gunicorn" in services["web"]["command"]
    assert "celery" in services["worker"]["command"]
    assert services["web"]["environment"]["DATABASE_URL"].startswith("postgres://")
    assert (ROOT / "Dockerfile").read_text().count("gunicorn") >= 1


def test_rules_engine_never_imports_django():
    code = (
        "import pkgutil, importlib, sys\n"
        "import games.cards, games.cribbage, games.crapette\n"
        "for pkg in (games.cribbage, games.crapette):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        if not m.name.endswith('__main__'):\n"
        "            importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n == 'django' or n.startswith('django.'))\n"
        "print(len(sys.modules)); assert not bad, bad\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.django_db
def test_pages_are_french_first_and_english_on_request(client):
    french = client.get("/")
    assert french["Content-Language"] == "fr-ca"
    assert "Événements" in french.content.decode()
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert english["Content-Language"] == "en"
    assert "Events" in english.content.decode()
    switched = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert switched.status_code == 302
    assert client.get("/").content.decode().count("Cribbage events") == 1


@pytest.mark.django_db
def test_api_docs_need_no_internet(client):
    page = client.get("/api/docs/").content.decode()
    assert "swagger-ui" in page
    assert "http://" not in page.replace("http://testserver", "") and "https://" not in page
    assert client.get("/api/schema/").status_code == 200


def test_the_sites_language_comes_from_huche_language_and_is_checked():
    english = settings_in_subprocess({"HUCHE_LANGUAGE": "en"}, "settings.LANGUAGE_CODE")
    assert json.loads(english.stdout) == "en"
    default = settings_in_subprocess({}, "settings.LANGUAGE_CODE")
    assert json.loads(default.stdout) == "fr-ca"
    wrong = settings_in_subprocess({"HUCHE_LANGUAGE": "de"}, "settings.LANGUAGE_CODE")
    assert wrong.returncode != 0
    assert "HUCHE_LANGUAGE='de' is not a language of Huche: allowed are fr-ca, en" in wrong.stderr


def test_the_language_switch_works_without_a_csrf_token(db):
    # The standings stored whole for anonymous visitors carry no token; a phone without
    # JavaScript must still switch language there (issue 54's shared pages).
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    switched = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert switched.status_code == 302
    assert client.cookies["django_language"].value == "en"
