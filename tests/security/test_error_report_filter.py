"""Issue 51, finding 8: the report of a 500 (the e-mail to ADMINS, Sentry's event) holds no
secret. The request here carries them all, as the hall's waitress or wsgiref make it: the
process environment copied into the request (DATABASE_URL with its password, SECRET_KEY,
REDIS_URL, EMAIL_URL, SENTRY_DSN), a captain's link in the path and the Referer, the link and
the PIN in the API's headers, the PIN in the posted form, the token in the view's variables.
One filter (operations/logs/report_filter.py, DEFAULT_EXCEPTION_REPORTER_FILTER) removes them; Sentry's
``before_send`` (operations/logs/error_reports.scrub) uses it too."""

from __future__ import annotations

import json
import logging
import sys

import pytest
from django.core import mail
from django.test import Client, RequestFactory
from django.urls import path
from django.views.debug import get_exception_reporter_filter

from config.env import admins
from config.urls import urlpatterns as site
from operations.logs.error_reports import scrub
from operations.logs.report_filter import Reporter, ReportFilter

# Split so that the source lines a report quotes do not hold the secrets themselves.
TOKEN = "Zq8sEc" + "ReT-t0ken"
PIN = "91" + "8273"
DB_PASSWORD = "Db" + "Passw0rd-ultra"
ENVIRONMENT = {  # what wsgiref/waitress copy from os.environ into the request's environ
    "DATABASE_URL": "postgres://huche:" + DB_PASSWORD + "@db:5432/huche",
    "REDIS_URL": "redis://:" + "RedisPw-9b1c" + "@redis:6379/0",
    "EMAIL_URL": "smtp://club:" + "MailPw-77aa" + "@mail.club.org:587",
    "SENTRY_DSN": "https://" + "publicKeyAbc123" + "@errors.example.org/4",
    "SECRET_KEY": "sk-" + "0123456789abcdef0123456789abcdef",
    "HUCHE_ARCHIVE_SIGNING": "k" + "ey-material-4455",
}
SECRETS = [
    TOKEN,
    PIN,
    DB_PASSWORD,
    "RedisPw-9b1c",
    "MailPw-77aa",
    "publicKeyAbc123",
    "0123456789abcdef0123456789abcdef",
    "ey-material-4455",
]


def captain_page_bug(request, token, game_id=3):
    link = f"https://huche.example.org/c/{token}/games/3/"  # a local variable holding it
    raise RuntimeError(f"a bug on the captain's page {link}")


urlpatterns = [path("c/<str:token>/games/<int:game_id>/", captain_page_bug), *site]


def _request_kwargs() -> dict:
    return {
        **ENVIRONMENT,
        "HTTP_REFERER": f"https://huche.example.org/c/{TOKEN}/",
        "HTTP_X_CAPTAIN_LINK": TOKEN,
        "HTTP_X_CAPTAIN_PIN": PIN,
    }


def _leaks(text: str) -> list[str]:
    return [secret for secret in SECRETS if secret in text]


def test_the_settings_name_the_one_filter_and_its_reporter(settings):
    request = RequestFactory().get("/")
    assert isinstance(get_exception_reporter_filter(request), ReportFilter)
    assert settings.DEFAULT_EXCEPTION_REPORTER == "operations.logs.report_filter.Reporter"


@pytest.mark.django_db
def test_the_500_emailed_to_admins_holds_no_secret(settings):
    settings.DEBUG = False
    settings.ROOT_URLCONF = __name__
    settings.ADMINS = admins("Marie Tremblay <marie@club.org>")
    client = Client(raise_request_exception=False)
    response = client.post(
        f"/c/{TOKEN}/games/3/", {"pin": PIN, "score": "121"}, **_request_kwargs()
    )
    assert response.status_code == 500
    (message,) = mail.outbox
    report = str(message.subject) + message.body
    assert "a bug on the captain's page" in report  # the report is there, and useful
    assert "/c/***/games/3/" in report
    assert "score" in report and "PATH_INFO" in report and "HTTP_USER_AGENT" not in report
    assert _leaks(report) == []
    # The environment's settings are not shown at all, only that they were there.
    assert "DATABASE_URL = '********************'" in report


def _report(html: bool) -> str:
    request = RequestFactory().post(
        f"/c/{TOKEN}/games/3/", {"pin": PIN, "score": "121"}, **_request_kwargs()
    )
    try:
        captain_page_bug(request, TOKEN)
    except RuntimeError:
        exc_type, exc_value, traceback = sys.exc_info()
        reporter = Reporter(request, exc_type, exc_value, traceback, is_email=True)
    return reporter.get_traceback_html() if html else reporter.get_traceback_text()


@pytest.mark.parametrize("html", [False, True])
def test_the_report_in_text_and_html_holds_no_secret(settings, html):
    settings.DEBUG = False
    report = _report(html)
    assert "captain_page_bug" in report and "/c/***/games/3/" in report
    assert _leaks(report) == []


def test_a_settings_url_keeps_its_host_and_loses_its_credentials():
    cleanse = ReportFilter().cleanse_setting
    location = "postgres://huche:" + DB_PASSWORD + "@db:5432/huche"
    assert cleanse("CACHES", {"default": {"LOCATION": location}}) == {
        "default": {"LOCATION": "postgres://********************@db:5432/huche"}
    }
    assert cleanse("SENTRY_DSN", "https://k@x/1") == "********************"
    assert cleanse("STATIC_URL", "/static/") == "/static/"


def test_sentrys_event_goes_through_the_same_filter():
    event = {
        "request": {
            "url": f"https://huche.example.org/c/{TOKEN}/games/3/",
            "headers": {"X-Captain-Pin": PIN, "X-Captain-Link": TOKEN, "Referer": "/r/" + TOKEN},
            "env": {"SERVER_NAME": "huche.example.org"},
        },
        "exception": {
            "values": [
                {
                    "value": "cannot connect to postgres://huche:" + DB_PASSWORD + "@db/huche",
                    "stacktrace": {"frames": [{"vars": {"token": TOKEN, "pin": PIN, "n": 3}}]},
                }
            ]
        },
        "breadcrumbs": {"values": [{"message": f"GET /invitation/{TOKEN}/ 200"}]},
    }
    scrubbed = scrub(event, None)
    assert _leaks(json.dumps(scrubbed)) == []
    assert scrubbed["request"]["url"] == "https://huche.example.org/c/***/games/3/"
    assert scrubbed["request"]["env"] == {"SERVER_NAME": "huche.example.org"}
    (frame,) = scrubbed["exception"]["values"][0]["stacktrace"]["frames"]
    assert frame["vars"]["n"] == 3


def test_a_failed_tasks_email_quotes_no_broker_password(settings):
    settings.DEBUG = False
    settings.ADMINS = admins("it@club.org")
    url = "redis://:" + "RedisPw-9b1c" + "@redis:6379/0"
    logging.getLogger("celery.app.trace").error(
        "Task tournaments.tasks.refresh_standings[abc] raised unexpected: ConnectionError(%r)", url
    )
    (message,) = mail.outbox
    assert "refresh_standings" in message.subject and "redis:6379" in message.body
    assert _leaks(str(message.subject) + message.body) == []
