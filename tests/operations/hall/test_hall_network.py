"""docs/hall.md followed on a pretend hall network: `make hall` on a non-loopback address, the
captains' slips printed from it, and a "phone" on another host opening a slip's QR code
address, entering the PIN and reporting a score. On the network the demo's published password
no longer opens anything and no error shows a debug page.

The other host is a network namespace joined to this one by a veth pair (10.213.7.1 here,
10.213.7.2 the phone): no traffic leaves the machine. Needs root and iproute2; skipped with the
reason otherwise. Everything is removed afterwards, also on failure.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from zeroconf import AddressResolverIPv4, IPVersion, Zeroconf

from tests.support.processes import stop
from tournaments.publishing.printing import qr_svg

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
LAPTOP, PHONE = "10.213.7.1", "10.213.7.2"
TAG = f"hh{os.getpid() % 100000}"
NETNS, VETH_LAPTOP, VETH_PHONE = f"huche-{TAG}", f"{TAG}l", f"{TAG}p"

# The phone: open each slip's address until one has a game to report, enter the PIN, report.
PHONE_SCRIPT = r"""
import http.cookiejar, re, sys, urllib.parse, urllib.request
for url, pin in zip(sys.argv[1::2], sys.argv[2::2]):
    phone = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    def post(address, fields):
        page = phone.open(address, timeout=20).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        key = re.search(r'name="idempotency_key" value="([^"]+)"', page)
        fields = {"csrfmiddlewaretoken": token, **fields}
        if key:
            fields["idempotency_key"] = key.group(1)
        data = urllib.parse.urlencode(fields).encode()
        return phone.open(urllib.request.Request(address, data=data, headers={"Referer": address}), timeout=20)
    home = post(url, {"pin": pin})
    page = home.read().decode()
    assert home.geturl() == url and 'name="pin"' not in page, page
    game = re.search(r'<a class="button" href="(/c/[^"]+/games/\d+/)"', page)
    if not game:
        continue
    base = url.split("/c/", 1)[0]
    after = post(base + game.group(1), {"mode": "final", "score_us": "121", "score_them": "98"})
    print(after.status, after.geturl())
    print(after.read().decode())
    break
"""


def ip(*args, netns: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
    command = ["ip", *(["netns", "exec", netns, "ip"] if netns else []), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=30, check=check)


@pytest.fixture
def hall_network():
    """A veth pair: LAPTOP on this side, PHONE inside a new network namespace."""
    if not shutil.which("ip"):
        pytest.skip("no iproute2 ('ip'): cannot build the pretend hall network")
    if os.geteuid() != 0:
        pytest.skip("creating a network namespace needs root (CI runs as root)")
    made = ip("netns", "add", NETNS, check=False)
    if made.returncode != 0:
        pytest.skip(f"cannot create a network namespace here: {made.stderr.strip()}")
    try:
        ip("link", "add", VETH_LAPTOP, "type", "veth", "peer", "name", VETH_PHONE)
        ip("link", "set", VETH_PHONE, "netns", NETNS)
        ip("addr", "add", f"{LAPTOP}/24", "dev", VETH_LAPTOP)
        ip("link", "set", VETH_LAPTOP, "up")
        ip("addr", "add", f"{PHONE}/24", "dev", VETH_PHONE, netns=NETNS)
        ip("link", "set", VETH_PHONE, "up", netns=NETNS)
        ip("link", "set", "lo", "up", netns=NETNS)
        yield NETNS
    finally:
        ip("link", "del", VETH_LAPTOP, check=False)
        ip("netns", "del", NETNS, check=False)


def free_port(host: str) -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def wait_for(host: str, port: int, server: subprocess.Popen, seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail("make hall stopped before serving")
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"the server did not listen on {host}:{port}")


def log_in(base: str, email: str, password: str) -> tuple[urllib.request.OpenerDirector, str]:
    """The organizer's browser on the laptop: (the browser, the page after logging in)."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    login = f"{base}/accounts/login/"
    page = opener.open(login, timeout=20).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    data = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token, "username": email, "password": password}
    )
    after = opener.open(
        urllib.request.Request(login, data=data.encode(), headers={"Referer": login}), timeout=20
    )
    return opener, after.geturl()


def hall_env(tmp_path) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in {
            "HUCHE_TESTING",
            "HUCHE_BASE_URL",
            "HUCHE_LISTEN",
            "ALLOWED_HOSTS",
            "REDIS_URL",
            "DEBUG",
            "SECRET_KEY",
            "DJANGO_SETTINGS_MODULE",
        }
    }
    return env | {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'hall.sqlite3'}",
        "HUCHE_SECRET_KEY_FILE": str(tmp_path / "secret-key"),
        "PYTHONUNBUFFERED": "1",
        # The laptop's name on the network (mDNS), of this test alone: tests run side by side.
        "HUCHE_HALL_NAME": f"huche-{TAG}.local",
    }


def test_a_phone_on_the_hall_network_reports_a_score_through_make_hall(hall_network, tmp_path):
    port = free_port(LAPTOP)
    base = f"http://{LAPTOP}:{port}"
    env = hall_env(tmp_path)
    # The worst case: a demo database with the published password (loaded with DEBUG on, as
    # `make run` does) ends up as the hall's database.
    demo = env | {"HUCHE_HALL": "1", "HUCHE_LISTEN": f"{LAPTOP}:{port}", "DEBUG": "1"}
    for command in (["migrate", "--noinput"], ["load_demo", "--quiet", "--into-this-database"]):
        subprocess.run(
            [sys.executable, "manage.py", *command], cwd=ROOT, env=demo, check=True, timeout=300
        )
    # docs/hall.md, step 3: `make hall` (here on the laptop's address on the pretend network
    # rather than every network, so nothing else on this machine can reach the server).
    server = subprocess.Popen(
        ["make", "--no-print-directory", "hall", f"HOST={LAPTOP}", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        printed: list[str] = []  # what `make hall` prints, read beside the test
        threading.Thread(target=lambda: printed.extend(server.stdout), daemon=True).start()
        wait_for(LAPTOP, port, server)
        # The address phones must use follows HOST and PORT.
        assert f"Les téléphones du réseau de la salle ouvrent : {base}/\n" in printed, printed
        # The laptop's name is announced on the network and leads to that address.
        named = f"http://huche-{TAG}.local:{port}"
        announced = f"Huche : les téléphones peuvent aussi ouvrir {named}/, le nom de l'ordinateur"
        deadline = time.monotonic() + 60
        while not any(line.startswith(announced) for line in printed):
            assert time.monotonic() < deadline, printed
            time.sleep(0.2)
        resolver = AddressResolverIPv4(f"huche-{TAG}.local.")
        mdns_client = Zeroconf(ip_version=IPVersion.V4Only)
        try:
            assert resolver.request(mdns_client, 3000) and resolver.parsed_addresses() == [LAPTOP]
        finally:
            mdns_client.close()
        # The published demo password was replaced, the new one printed on the laptop only.
        changed = [line for line in printed if "avait le mot de passe publié de la démo" in line]
        assert len(changed) == 3, printed
        organizer = next(line for line in changed if line.startswith("organisatrice@"))
        _, landed = log_in(base, "organisatrice@huche.demo", "huche-demo")
        assert landed.endswith("/accounts/login/")  # refused: still on the login page
        opener, landed = log_in(base, "organisatrice@huche.demo", organizer.split()[-1])
        assert landed.endswith("/organize/")

        # No debug page on the network: an unknown address is a page in French.
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{base}/no/such/page/", timeout=20)
        html = missing.value.read().decode()
        assert missing.value.code == 404 and "Page introuvable" in html
        assert "URLconf" not in html and "DEBUG" not in html
        # The static files come from the server itself (gunicorn + whitenoise, DEBUG off).
        css = re.search(r'href="(/static/huche/huche\.[0-9a-f]+\.css)"', html).group(1)
        assert urllib.request.urlopen(f"{base}{css}", timeout=20).status == 200

        # Step 6: the desk prints the captains' slips.
        html = opener.open(f"{base}/organize/demo-fadoq/slips/print/", timeout=20).read().decode()
        html = html.replace("<wbr>", "")  # the address wraps between its parts (issue 25)
        slips = []
        for slip in re.findall(r'<article class="slip".*?</article>', html, re.S):
            url = re.search(r'<p class="slip-url">([^<]+)</p>', slip).group(1)
            fallback = re.search(r'<span class="slip-url">([^<]+)</span>', slip).group(1)
            pin = re.search(r'<p class="slip-pin">([^<]+)</p>', slip).group(1)  # "461 224"
            assert url.startswith(f"{named}/c/") and fallback == url.replace(named, base)
            assert qr_svg(url) in slip  # the QR code says exactly the name's address
            slips += [fallback, pin]  # the phone's Python resolves no .local name: the address
        assert len(slips) == 12

        # Step 9: a captain's phone, on the other host, opens a slip's address, types the PIN
        # as printed and reports the final score of the team's game.
        phone = subprocess.run(
            ["ip", "netns", "exec", hall_network, sys.executable, "-c", PHONE_SCRIPT, *slips],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert phone.returncode == 0, phone.stderr
        status, landed = phone.stdout.splitlines()[0].split()
        assert status == "200" and "/c/" in landed and "/games/" not in landed
        assert '<ul class="messages" role="status"><li class="success">' in phone.stdout
        assert '<span class="score">121 – 98</span>' in phone.stdout  # the score, received
    finally:
        stop(server)
