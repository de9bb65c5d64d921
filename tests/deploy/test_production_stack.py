"""The central site's stack, from Debian's packages (no container image can be pulled here),
started exactly as deploy/systemd/ (docs/deploy-systemd.md) starts it: the units' command
lines, their env file, the Caddyfile and Caddy's settings (tests/deploy/systemd_recipe.py).
Caddy (its internal authority for huche.localhost) in front of gunicorn, a private PostgreSQL
and Redis, a real Celery worker and beat. Caddy answers "Huche démarre…" before gunicorn is up;
a real Chromium opens the site over HTTPS, a captain reports a score through the proxy; the PIN
throttle sees the phone's address (127.0.0.2), not the proxy's; plain HTTP is redirected;
/healthz/live answers; no captain's link appears in any log line.

Skipped with the reason where caddy, the PostgreSQL server binaries, redis-server or Chromium
are missing; .ci/run installs them (HUCHE_DEPLOY_REQUIRED=1 then makes a skip a failure).
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import shutil
import socket
import ssl
import subprocess
import threading
import urllib.parse
from pathlib import Path

import pytest

from tests.deploy.systemd_recipe import SYSTEMD, Places, env_file, unit_environment, unit_lines
from tests.security.services import (
    ROOT,
    Huche,
    PrivatePostgres,
    PrivateRedis,
    free_port,
    huche_env,
    missing_binaries,
    set_up_event,
    wait_until,
)

pytestmark = [pytest.mark.deploy, pytest.mark.slow]
CHROMIUM = os.environ.get("HUCHE_CHROMIUM", "/usr/bin/chromium")
DOMAIN = "huche.localhost"
PHONE = "127.0.0.2"  # the captain's phone: another address than the proxy's 127.0.0.1
ARTIFACTS = ROOT / "test-artifacts"


def need(reason: str | None) -> None:
    if reason is None:
        return
    if os.environ.get("HUCHE_DEPLOY_REQUIRED") == "1":
        pytest.fail(f"CI must run the production stack test, but {reason}")
    pytest.skip(reason)


class Client:
    """HTTP(S) from a chosen source address to the stack, verifying Caddy's certificate
    against its internal authority's root (Python's ssl, hostname included)."""

    def __init__(self, source: str, https: int, http: int, ca: Path):
        self.source, self.https, self.http = source, https, http
        self.tls = ssl.create_default_context(cafile=str(ca))
        self.cookies: dict[str, str] = {}

    def _connection(self, secure: bool) -> http.client.HTTPConnection:
        if secure:
            conn = http.client.HTTPSConnection(DOMAIN, self.https, context=self.tls, timeout=20)
        else:
            conn = http.client.HTTPConnection(DOMAIN, self.http, timeout=20)
        conn.source_address = (self.source, 0)
        # huche.localhost is a loopback name: connect to 127.0.0.1, keep the name for TLS.
        conn._create_connection = lambda address, timeout, source: socket.create_connection(
            ("127.0.0.1", address[1]), timeout, source
        )
        return conn

    def request(self, method: str, path: str, fields: dict | None = None, secure: bool = True):
        conn = self._connection(secure)
        origin = f"https://{DOMAIN}:{self.https}"
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields)
            headers |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": origin,
                "Referer": origin + path,
            }
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        content = response.read().decode(errors="replace")
        conn.close()
        return response, content

    def post_form(self, path: str, fields: dict):
        _, page = self.request("GET", path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        return self.request("POST", path, {"csrfmiddlewaretoken": token, **fields})


CADDY_GLOBAL = """{
	skip_install_trust
	http_port %(http)d
	https_port %(https)d
	admin off
	storage file_system %(storage)s
}
import %(site)s
"""


def start_caddy(tmp: Path, places: Places) -> tuple[subprocess.Popen, int, int, Path]:
    """Caddy with deploy/systemd/Caddyfile (which imports deploy/Caddyfile) and the settings of
    deploy/systemd/caddy-huche.conf; only the ports and storage are the test's own."""
    http_port, https_port = free_port(), free_port()
    site = tmp / "systemd-Caddyfile"
    site.write_text(places((SYSTEMD / "Caddyfile").read_text()))
    config = tmp / "Caddyfile"
    config.write_text(
        CADDY_GLOBAL
        % {"http": http_port, "https": https_port, "storage": tmp / "caddy", "site": site}
    )
    settings = {name: places(value) for name, value in unit_environment("caddy-huche.conf").items()}
    env = {
        **os.environ,
        **settings,
        "HUCHE_DOMAIN": DOMAIN,
        "HOME": str(tmp),
        "XDG_DATA_HOME": str(tmp / "data"),
        "XDG_CONFIG_HOME": str(tmp / "config"),
    }
    caddy = subprocess.Popen(
        ["caddy", "run", "--config", str(config), "--adapter", "caddyfile"],
        env=env,
        stdout=open(tmp / "caddy.log", "w"),  # noqa: SIM115 (closed with the process)
        stderr=subprocess.STDOUT,
    )
    root = tmp / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    wait_until(lambda: root.exists(), timeout=90, what="caddy's internal authority")
    wait_until(
        lambda: socket.create_connection(("127.0.0.1", https_port), 0.2).close() or True,
        timeout=90,
        what="caddy",
    )
    return caddy, http_port, https_port, root


def start_unit(unit: str, places: Places, env: dict, tmp: Path) -> subprocess.Popen:
    """The unit's ExecStart, its output to a file named after it."""
    (line,) = unit_lines(unit, "ExecStart")
    log = open(tmp / f"{unit}.log", "w")  # noqa: SIM115 (closed with the process)
    return subprocess.Popen(
        places.command(line, env), cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )


def stop(process: subprocess.Popen | None) -> None:
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()


def recipe_env(postgres_url: str, redis_url: str, places: Places) -> dict:
    """deploy/systemd/huche.env with this test's database, Redis, secret and domain."""
    recipe = {name: places(value) for name, value in env_file(SYSTEMD / "huche.env").items()}
    ours = {
        "DATABASE_URL": postgres_url,
        "REDIS_URL": redis_url,
        "SECRET_KEY": secrets.token_urlsafe(50),
        "HUCHE_DOMAIN": DOMAIN,  # ALLOWED_HOSTS and the rest follow it (config/settings.py)
        "WEB_WORKERS": "2",
    }
    assert set(ours) <= set(recipe), "deploy/systemd/huche.env lost a setting the site needs"
    env = huche_env(postgres_url, redis_url) | recipe | ours
    env.pop("LOG_LEVEL")  # the site's default (WARNING), as the env file leaves it
    return env | {
        "THROTTLE_PIN_CLIENT_FAILURES": "3",
        "CACHE_KEY_PREFIX": f"huche-stack-{os.getpid()}",
    }


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    need(
        None if shutil.which("caddy") else "caddy is not installed (Debian: apt-get install caddy)"
    )
    need(missing_binaries())
    need(None if Path(CHROMIUM).exists() else f"no Chromium at {CHROMIUM}")
    tmp_path = tmp_path_factory.mktemp("stack")
    postgres, redis = PrivatePostgres(), PrivateRedis()
    processes: list[subprocess.Popen] = []
    huche = None
    try:
        postgres.init()
        redis.start()
        huche = Huche({})
        places = Places(tmp_path / "state", tmp_path / "caddy-logs", huche.port)
        (tmp_path / "state").mkdir()
        huche.env = env = recipe_env(postgres.url, redis.url, places)
        # Caddy first, as when it starts before gunicorn: "Huche démarre…", never a blank 503.
        caddy, http_port, https_port, root = start_caddy(tmp_path, places)
        processes.append(caddy)
        early = Client("127.0.0.1", https_port, http_port, root)
        wait_until(lambda: early.request("GET", "/")[0].status == 503, timeout=90, what="HTTPS")
        starting = early.request("GET", "/e/x/standings/")
        # huche-web.service: ExecStartPre (migrate, collectstatic: with DEBUG off pages name the
        # collected files' hashed names), then ExecStart.
        for line in unit_lines("huche-web.service", "ExecStartPre"):
            done = subprocess.run(
                places.command(line, env), cwd=ROOT, env=env, capture_output=True, timeout=300
            )
            assert done.returncode == 0, (line, done.stderr[-3000:])
        event = set_up_event(huche, teams=4)
        huche.process = start_unit("huche-web.service", places, env, tmp_path)
        processes.append(start_unit("huche-worker.service", places, env, tmp_path))
        processes.append(start_unit("huche-beat.service", places, env, tmp_path))
        yield {
            "huche": huche,
            "event": event,
            "http": http_port,
            "https": https_port,
            "ca": root,
            "tmp": tmp_path,
            "env": env,
            "celery": processes[1:],
            "starting": starting,
        }
    finally:
        for process in reversed(processes):
            stop(process)
        if huche is not None:
            huche.stop()
        redis.stop()
        postgres.destroy()


def test_caddy_says_huche_is_starting_until_gunicorn_answers(stack):
    response, page = stack["starting"]
    assert response.status == 503
    assert response.getheader("Retry-After") == "5"
    assert "Huche démarre…" in page and 'http-equiv="refresh"' in page
    # Once gunicorn is up, Caddy passes requests to it within its 5 s health checks.
    desk = Client("127.0.0.1", stack["https"], stack["http"], stack["ca"])
    wait_until(
        lambda: desk.request("GET", "/healthz/live")[0].status == 200, timeout=90, what="web"
    )


def test_the_stack_serves_https_through_caddy_to_a_real_browser(stack):
    https, ca = stack["https"], stack["ca"]
    base = f"https://{DOMAIN}:{https}"
    phone = Client(PHONE, https, stack["http"], ca)
    desk = Client("127.0.0.1", https, stack["http"], ca)

    # Caddy's certificate chains to its internal authority for this name (checked by ssl;
    # Caddy issues it in the background once started).
    wait_until(
        lambda: desk.request("GET", "/healthz/live")[0].status == 200, timeout=90, what="HTTPS"
    )
    response, body = desk.request("GET", "/healthz/live")
    assert response.status == 200 and body == "ok\n"
    # Plain HTTP is redirected to HTTPS, path kept.
    response, _ = desk.request("GET", "/e/x/standings/", secure=False)
    assert response.status in (301, 308)
    # (Caddy 2.6 leaves out a non-standard HTTPS port, as the test's is; 443 on the site.)
    location = response.getheader("Location")
    assert location in {f"{base}/e/x/standings/", f"https://{DOMAIN}/e/x/standings/"}
    # Public pages travel compressed (Caddy's encode)...
    conn = desk._connection(True)
    conn.request("GET", f"/e/{stack['event']['slug']}/", headers={"Accept-Encoding": "gzip"})
    public = conn.getresponse()
    public.read()
    assert public.status == 200 and public.getheader("Content-Encoding") == "gzip"

    # The PIN throttle counts the phone's address, not the proxy's: three wrong PINs from the
    # phone block the phone, not the officials' desk, which reaches gunicorn the same way.
    game = stack["event"]["games"][0]
    token, pin = game["a"]
    other_token = game["b"][0]
    for _ in range(3):
        response, page = phone.post_form(f"/c/{other_token}/", {"pin": "000000"})
        assert response.status != 429 and "NIP erroné" in page
    response, _ = phone.post_form(f"/c/{other_token}/", {"pin": "000000"})
    assert response.status == 429
    response, page = desk.post_form(f"/c/{other_token}/", {"pin": "000000"})
    assert response.status != 429 and "NIP erroné" in page  # a wrong PIN, not throttled

    # A captain's phone: a real Chromium opens the slip's address over HTTPS, types the PIN
    # and reports the final score through Caddy.
    sync_api = pytest.importorskip("playwright.sync_api")

    def phone_reports() -> None:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM,
                headless=True,
                # The chain was verified above with the authority's file; Chromium has no trust
                # store of its own to add it to without touching the machine's.
                args=[
                    "--no-sandbox",
                    "--disable-gpu",
                    "--ignore-certificate-errors",
                    f"--host-resolver-rules=MAP {DOMAIN} 127.0.0.1",
                ],
            )
            page = browser.new_page(viewport={"width": 390, "height": 844}, locale="fr-CA")
            page.set_default_timeout(30_000)
            page.goto(f"{base}/c/{token}/")
            assert page.url.startswith("https://")
            page.fill("#id_pin", pin)
            page.click("main form button[type=submit]")
            page.click(f"a[href='/c/{token}/games/{game['id']}/']")
            page.fill("#score_us", "121")
            page.fill("#score_them", "95")
            page.click("#final-form button[type=submit]")
            # report.js sends it and shows the receipt in place (issue 24).
            receipt = page.locator("[data-send-status] [data-receipt]")
            receipt.wait_for()
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "stack-captain-reported-390.png"), full_page=True)
            assert "121" in receipt.inner_text() and "95" in receipt.inner_text()
            browser.close()

    # In its own thread: Playwright's sync API refuses to run inside the asyncio loop that the
    # session's other browser tests keep in the main thread.
    errors: list[BaseException] = []

    def run() -> None:
        try:
            phone_reports()
        except BaseException as exc:  # noqa: BLE001 (re-raised in the test's thread)
            errors.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(timeout=240)
    assert not worker.is_alive(), "the browser did not finish within 240 s"
    if errors:
        raise errors[0]

    # The other captain confirms: the confirmation's work goes through Redis to the worker.
    huche = stack["huche"]
    other = Client("127.0.0.3", https, stack["http"], ca)
    b_token, b_pin = game["b"]
    other.post_form(f"/c/{b_token}/", {"pin": b_pin})
    _, home = other.request("GET", f"/c/{b_token}/")
    report = re.search(r'name="report" value="(\d+)"', home).group(1)
    path = f"/c/{b_token}/games/{game['id']}/confirm/"
    token_ = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', home).group(1)
    response, _ = other.request("POST", path, {"csrfmiddlewaretoken": token_, "report": report})
    assert response.status == 302

    def worker_ran() -> bool:
        done = huche.python(
            "from tournaments.models import OutboxTask; import json; "
            "print(json.dumps({'n': OutboxTask.objects.filter(done_at__isnull=False).count()}))"
        )
        return done["n"] > 0

    wait_until(worker_ran, timeout=90, what="the worker's refresh of the standings")
    worker, beat = stack["celery"]
    assert worker.poll() is None and beat.poll() is None  # both still running
    assert "beat: Starting" in (stack["tmp"] / "huche-beat.service.log").read_text()


def test_no_captain_link_in_any_log_line(stack):
    """A captain's link is a password: Caddy's access log, gunicorn's (access log included)
    and the worker's and beat's show /c/***/ instead, whatever the request was."""
    https, ca = stack["https"], stack["ca"]
    game = stack["event"]["games"][1]
    token, pin = game["a"]
    tokens = {token, *(t for g in stack["event"]["games"] for t in (g["a"][0], g["b"][0]))}
    phone = Client("127.0.0.4", https, stack["http"], ca)
    wait_until(
        lambda: phone.request("GET", "/healthz/live")[0].status == 200, timeout=90, what="web"
    )
    phone.request("GET", f"/c/{token}/")
    phone.post_form(f"/c/{token}/", {"pin": "000000"})  # a wrong PIN
    phone.post_form(f"/c/{token}/", {"pin": pin})  # logged in: a redirect to the link
    phone.request("GET", f"/c/{token}/games/999999/")  # a 404, which Django logs with its path
    conn = phone._connection(True)  # the page it came from, in the Referer
    referer = f"https://{DOMAIN}:{https}/c/{token}/"
    conn.request("GET", "/", headers={"Referer": referer, "Cookie": "sessionid=x"})
    conn.getresponse().read()
    tmp = stack["tmp"]
    access = tmp / "caddy-logs" / "access.log"
    wait_until(lambda: access.read_text().count("/c/***/") >= 4, timeout=30, what="Caddy's log")
    web_log = tmp / "huche-web.service.log"
    wait_until(lambda: "/c/***/games/999999/" in web_log.read_text(), timeout=30, what="access")

    logs = [path for path in tmp.rglob("*") if path.is_file() and "log" in path.name]
    assert access in logs and web_log in logs and len(logs) >= 5
    for path in logs:
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            leaked = [t for t in tokens if t in line]
            assert not leaked, f"{path.name}:{number} shows a captain's link: {line[:300]}"
    assert "Not Found: /c/***/games/999999/" in web_log.read_text()  # Django's own line
    assert '"Referer":["' + f"https://{DOMAIN}:{https}/c/***/" in access.read_text()
    assert "sessionid" not in access.read_text()  # cookies left out of Caddy's log
