"""Production settings, security headers, CSRF on every form, no secret in the repository."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import resolve

ROOT = Path(__file__).resolve().parents[2]
PROD = {
    "DEBUG": "0",
    "SECRET_KEY": "x" * 20 + "-test-only-not-a-secret-0123456789abcdef",
    "ALLOWED_HOSTS": "huche.example.org",
}


def settings_in(env: dict, code: str) -> subprocess.CompletedProcess:
    # Test-only switches (the browser tests' DJANGO_ALLOW_ASYNC_UNSAFE, say) are not production.
    clean = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DEBUG",
            "SECRET_KEY",
            "ALLOWED_HOSTS",
            "HUCHE_TESTING",
            "DJANGO_ALLOW_ASYNC_UNSAFE",
        }
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_settings_are_hardened():
    done = settings_in(
        PROD,
        (
            "import json, django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings';"
            "from django.conf import settings as s; print(json.dumps({k: getattr(s, k) for k in "
            "['DEBUG','SESSION_COOKIE_SECURE','CSRF_COOKIE_SECURE','SECURE_SSL_REDIRECT',"
            "'SECURE_HSTS_SECONDS','SECURE_HSTS_INCLUDE_SUBDOMAINS','SECURE_CONTENT_TYPE_NOSNIFF',"
            "'SECURE_REFERRER_POLICY','X_FRAME_OPTIONS','SESSION_COOKIE_HTTPONLY']}))"
        ),
    )
    assert done.returncode == 0, done.stderr
    import json

    s = json.loads(done.stdout)
    assert s["DEBUG"] is False
    assert s["SESSION_COOKIE_SECURE"] and s["CSRF_COOKIE_SECURE"] and s["SECURE_SSL_REDIRECT"]
    assert s["SECURE_HSTS_SECONDS"] >= 31536000 and s["SECURE_HSTS_INCLUDE_SUBDOMAINS"]
    assert s["SECURE_CONTENT_TYPE_NOSNIFF"] and s["SESSION_COOKIE_HTTPONLY"]
    assert s["SECURE_REFERRER_POLICY"] == "same-origin" and s["X_FRAME_OPTIONS"] == "DENY"


@pytest.mark.parametrize("key", ["", "insecure-dev-only-key-set-SECRET_KEY-in-production"])
def test_production_refuses_to_start_without_a_real_secret_key(key):
    done = settings_in(
        {**PROD, "SECRET_KEY": key},
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings';"
        "from django.conf import settings; settings.SECRET_KEY",
    )
    assert done.returncode != 0
    assert "SECRET_KEY" in done.stderr


def test_deploy_check_passes_with_no_warning():
    done = settings_in(
        PROD,
        "import sys; from django.core.management import "
        "execute_from_command_line as e; e(['manage.py', 'check', "
        "'--deploy', '--fail-level', 'WARNING'])",
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_page_sends_the_security_headers(db):
    response = Client().get("/")
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"
    csp = response["Content-Security-Policy"]
    for directive in (
        "default-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "form-action 'self'",
    ):
        assert directive in csp


FORM = re.compile(r"<form\b[^>]*method=[\"']post[\"'][^>]*>(.*?)</form>", re.I | re.S)


# POST forms that need no token, each because its view is CSRF-exempt (checked below): the
# language switch (config/urls.py), so the standings stored for every visitor carry none.
EXEMPT_ACTIONS = {"{% url 'set_language' %}": "/i18n/setlang/"}


def test_every_post_form_in_the_templates_carries_a_csrf_token():
    missing = []
    for template in sorted((ROOT / "templates").rglob("*.html")):
        for match in FORM.finditer(template.read_text(encoding="utf-8")):
            exempt = any(f'action="{action}"' in match.group(0) for action in EXEMPT_ACTIONS)
            if "{% csrf_token %}" not in match.group(1) and not exempt:
                missing.append(f"{template.relative_to(ROOT)}: {match.group(0)[:80]}")
    assert not missing, missing
    for path in EXEMPT_ACTIONS.values():
        assert getattr(resolve(path).func, "csrf_exempt", False), f"{path} must be CSRF-exempt"
    assert (
        sum(
            len(FORM.findall(t.read_text(encoding="utf-8")))
            for t in (ROOT / "templates").rglob("*.html")
        )
        > 10
    )


def test_a_post_without_the_csrf_token_is_refused(event, organizer):
    from tests.conftest import link_of

    client = Client(enforce_csrf_checks=True)
    link = link_of(event.teams.first())
    assert client.post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 403
    assert (
        client.post(
            "/accounts/login/", {"username": "org@example.org", "password": "pw-organizer-1"}
        ).status_code
        == 403
    )
    client.force_login(organizer)
    assert client.post(f"/organize/{event.slug}/release/").status_code == 403
    event.refresh_from_db()
    assert event.released_at is None


SECRET_PATTERNS = {
    "private key": re.compile(r"-----BEGIN (?:RSA |EC |OPENSSH |DSA |PGP )?PRIVATE KEY"),
    "hard-coded SECRET_KEY": re.compile(
        r"SECRET_KEY\s*=\s*[\"'](?!insecure-dev-only-key)"
        r"[^\"'\s]{16,}[\"']"
    ),
    "AWS key": re.compile(r"AKIA[0-9A-Z]{16}"),
    "GitHub token": re.compile(r"gh[pousr]_[A-Za-z0-9]{36}"),
    "Slack token": re.compile(r"xox[baprs]-[A-Za-z0-9-]{10,}"),
    "password in a URL": re.compile(
        r"(?:postgres|redis|amqp)://[^:/\s]+:(?!pass@|password@|\$\{)"
        r"[^@\s]{6,}@"
    ),
}


def test_no_secret_is_committed():
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert files, "run from a git checkout"
    found = []
    for name in files:
        path = ROOT / name
        if not path.is_file() or path.suffix in {".mo", ".png", ".jpg", ".ico", ".woff2"}:
            continue
        text = path.read_text(encoding="utf-8", errors="ignore")
        found += [
            f"{name}: {what}"
            for what, pattern in SECRET_PATTERNS.items()
            if pattern.search(text) and name != "tests/security/test_settings_and_headers.py"
        ]
    assert not found, found
    assert ".env" not in files


# --- scripts: static files only (issue 22, finding 11) ------------------------------------------
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
JS_URL = re.compile(r"""(?:href|action|src)\s*=\s*["']\s*javascript:""", re.I)


def inline_scripts(html: str) -> list[str]:
    found = [m.group(0) for m in INLINE_SCRIPT.finditer(html)]
    found += [m.group(0)[:80] for m in INLINE_HANDLER.finditer(html)]
    return found + [m.group(0) for m in JS_URL.finditer(html)]


def test_no_template_has_an_inline_script_or_handler():
    """An inline handler would be refused by the browser (the CSP has no 'unsafe-inline' for
    scripts) and the page would silently lose its behaviour: use static/huche/*.js."""
    found = {}
    for folder in ("templates", "tournaments", "games", "accounts"):
        for template in sorted((ROOT / folder).rglob("*.html")):
            if hits := inline_scripts(template.read_text(encoding="utf-8")):
                found[str(template.relative_to(ROOT))] = hits
    assert not found


def test_the_csp_runs_no_inline_script(db):
    csp = dict(
        directive.strip().split(" ", 1)
        for directive in Client().get("/")["Content-Security-Policy"].split(";")
    )
    assert csp["script-src"] == "'self'"
    assert "unsafe-inline" not in csp.get("default-src", "")


@pytest.mark.parametrize("path", ["/api/docs/", "/admin/login/"])
def test_the_pages_of_the_libraries_run_no_inline_script(db, path):
    response = Client().get(path)
    assert response.status_code == 200
    assert not inline_scripts(response.content.decode())
