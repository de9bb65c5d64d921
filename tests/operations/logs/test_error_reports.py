"""Errors reach the maintainer (issue 32, finding 8): a server error (500) and a background task
failing for good are emailed to ``ADMINS``; with ``SENTRY_DSN`` set, sentry-sdk sends them to
the error-reporting service too, with captains' private links masked. No internet: the "service"
is a local socket that records what it receives."""

from __future__ import annotations

import gzip
import http.server
import json
import logging
import os
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest
from django.core import mail
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.urls import path

from config.env import admins
from config.urls import urlpatterns as site
from operations.logs.error_reports import scrub

ROOT = Path(__file__).resolve().parents[3]
# Split so that the source lines a report quotes do not hold the token itself.
TOKEN = "Zq8sEc" + "ReT-t0ken"


def fail(request, token):
    raise RuntimeError("a bug on the captain's page")


urlpatterns = [path("c/<str:token>/boom/", fail), *site]


def test_admins_are_read_from_one_line():
    assert admins("Marie Tremblay <marie@club.org>, it@club.org") == [
        ("Marie Tremblay", "marie@club.org"),
        ("it@club.org", "it@club.org"),
    ]
    assert admins("") == []
    with pytest.raises(ImproperlyConfigured, match="'marie' is not an email address"):
        admins("marie")


def test_the_settings_take_admins_from_the_environment():
    code = "from django.conf import settings; print(settings.ADMINS, settings.SERVER_EMAIL)"
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ADMINS": "Marie Tremblay <marie@club.org>",
        "DEFAULT_FROM_EMAIL": "huche@club.org",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert done.stdout.strip() == "[('Marie Tremblay', 'marie@club.org')] huche@club.org"


@pytest.mark.django_db
def test_a_server_error_is_emailed_to_the_admins_once(settings):
    settings.DEBUG = False
    settings.ROOT_URLCONF = __name__
    settings.ADMINS = admins("Marie Tremblay <marie@club.org>")
    response = Client(raise_request_exception=False).get(f"/c/{TOKEN}/boom/")
    assert response.status_code == 500
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["marie@club.org"]
    assert "Internal Server Error" in message.subject
    assert "a bug on the captain's page" in message.body


def test_a_task_failing_for_good_is_emailed_to_the_admins(settings):
    settings.DEBUG = False
    settings.ADMINS = admins("it@club.org")
    logging.getLogger("celery.app.trace").error(
        "Task tournaments.tasks.refresh_standings[abc] raised unexpected: RuntimeError('x')"
    )
    assert [m.to for m in mail.outbox] == [["it@club.org"]]
    assert "refresh_standings" in mail.outbox[0].subject


def test_captain_links_are_masked_anywhere_in_a_report():
    event = {
        "request": {"url": f"https://huche.example.org/c/{TOKEN}/boom/", "query_string": "a=1"},
        "transaction": f"/c/{TOKEN}/boom/",
        "breadcrumbs": {"values": [{"message": f"GET /c/{TOKEN}/games/3/ 200"}]},
        "exception": {"values": [{"value": "a bug", "stacktrace": {"frames": [{"lineno": 3}]}}]},
    }
    scrubbed = scrub(event, None)
    assert TOKEN not in json.dumps(scrubbed)
    assert scrubbed["request"]["url"] == "https://huche.example.org/c/***/boom/"
    assert scrubbed["exception"] == event["exception"]


class _Collector(http.server.BaseHTTPRequestHandler):
    received: list[bytes] = []

    def do_POST(self):  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        encoding = self.headers.get("Content-Encoding", "")
        if encoding == "gzip":
            body = gzip.decompress(body)
        elif encoding == "deflate":
            body = zlib.decompress(body)
        elif encoding == "br":
            import brotli  # type: ignore[import-not-found]

            body = brotli.decompress(body)
        self.received.append(body)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


@pytest.fixture
def error_service():
    server = http.server.HTTPServer(("127.0.0.1", 0), _Collector)
    _Collector.received = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1], _Collector.received
    server.shutdown()


SITE_WITH_A_BUG = f"""
import django, sentry_sdk
django.setup()
from django.test import Client, override_settings
print("active", sentry_sdk.get_client().is_active())
with override_settings(ROOT_URLCONF="tests.operations.logs.test_error_reports", DEBUG=False):
    status = Client(raise_request_exception=False).get(
        "/c/{TOKEN}/boom/", HTTP_X_CAPTAIN_PIN="4321"
    ).status_code
print("status", status)
sentry_sdk.flush(timeout=10)
"""


def run_site(env: dict) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in {"SENTRY_DSN", "DATABASE_URL"}}
    clean |= {"DJANGO_SETTINGS_MODULE": "config.settings", "HUCHE_TESTING": "1", **env}
    done = subprocess.run(
        [sys.executable, "-c", SITE_WITH_A_BUG],
        env=clean,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_with_sentry_dsn_errors_reach_the_service_without_captain_links(error_service):
    port, received = error_service
    out = run_site({"SENTRY_DSN": f"http://publickey@127.0.0.1:{port}/42"})
    assert "active True" in out and "status 500" in out
    sent = b"\n".join(received).decode()
    assert "a bug on the captain's page" in sent  # the error arrived
    assert "/c/***/boom/" in sent
    assert TOKEN not in sent and "4321" not in sent


def test_without_sentry_dsn_nothing_is_started(error_service):
    port, received = error_service
    out = run_site({})
    assert "active False" in out and "status 500" in out
    assert received == []
