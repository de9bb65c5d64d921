"""docs/hall.md followed on a pretend hall network: the laptop's server on a non-loopback
address, the captains' slips printed from it, and a "phone" on another host opening a slip's
QR code address and entering the PIN.

The other host is a network namespace joined to this one by a veth pair (10.213.7.1 here,
10.213.7.2 the phone): no traffic leaves the machine. Needs root and iproute2; skipped with the
reason otherwise. Everything is removed afterwards, also on failure.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tournaments.publishing.printing import qr_svg

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
LAPTOP, PHONE = "10.213.7.1", "10.213.7.2"
TAG = f"hh{os.getpid() % 100000}"
NETNS, VETH_LAPTOP, VETH_PHONE = f"huche-{TAG}", f"{TAG}l", f"{TAG}p"

# The phone: open the slip's address, enter the PIN, land on the team's page.
PHONE_SCRIPT = r"""
import http.cookiejar, re, sys, urllib.parse, urllib.request
url, pin = sys.argv[1], sys.argv[2]
jar = http.cookiejar.CookieJar()
phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
page = phone.open(url, timeout=20).read().decode()
token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
data = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "pin": pin}).encode()
request = urllib.request.Request(url, data=data, headers={"Referer": url})
after = phone.open(request, timeout=20)
print(after.status, after.geturl())
print(after.read().decode())
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
            pytest.fail("make run stopped before serving")
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"the server did not listen on {host}:{port}")


def organizer_opener(base: str) -> urllib.request.OpenerDirector:
    """The organizer's browser on the laptop, logged in with the demo account."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    login = f"{base}/accounts/login/"
    page = opener.open(login, timeout=20).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    data = urllib.parse.urlencode(
        {
            "csrfmiddlewaretoken": token,
            "username": "organisatrice@huche.demo",
            "password": "huche-demo",
        }
    )
    opener.open(
        urllib.request.Request(login, data=data.encode(), headers={"Referer": login}), timeout=20
    )
    return opener


def test_a_phone_on_the_hall_network_opens_a_printed_qr_code(hall_network, tmp_path):
    port = free_port(LAPTOP)
    # docs/hall.md, step 3: `make run HOST=...` (here the laptop's address on the pretend
    # network rather than 0.0.0.0, so nothing else on this machine can reach the server).
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
            "DJANGO_SETTINGS_MODULE",
        }
    }
    env |= {"DATABASE_URL": f"sqlite:///{tmp_path / 'hall.sqlite3'}", "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        ["make", "--no-print-directory", "run", f"HOST={LAPTOP}", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        printed: list[str] = []  # what `make run` prints, read beside the test
        threading.Thread(target=lambda: printed.extend(server.stdout), daemon=True).start()
        wait_for(LAPTOP, port, server)
        base = f"http://{LAPTOP}:{port}"
        # The address phones must use, and the captains' links, follow HOST and PORT.
        for _ in range(100):  # printed by load_demo before the server started listening
            if any("Phones on the hall's network" in line for line in printed):
                break
            time.sleep(0.1)
        assert f"Phones on the hall's network open: {base}/\n" in printed
        assert sum(f"{base}/c/" in line for line in printed) == 6
        assert not any("127.0.0.1" in line for line in printed if "/c/" in line)

        # Step 4: the desk prints the captains' slips.
        opener = organizer_opener(base)
        slips = opener.open(f"{base}/organize/demo-fadoq/slips/print/", timeout=20)
        html = slips.read().decode()
        slip = re.search(r'<article class="slip".*?</article>', html, re.S).group(0)
        url = re.search(r'<p class="slip-url">([^<]+)</p>', slip).group(1)
        pin = re.search(r'<p class="slip-pin">([^<]+)</p>', slip).group(1)  # "461 224"
        team = re.search(r"<h2>([^<]+)</h2>", slip).group(1)
        assert url.startswith(f"{base}/c/")
        assert qr_svg(url) in slip  # the QR code says exactly this address

        # Step 5: a captain's phone, on the other host, scans it and types the PIN as printed.
        phone = subprocess.run(
            ["ip", "netns", "exec", hall_network, sys.executable, "-c", PHONE_SCRIPT, url, pin],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert phone.returncode == 0, phone.stderr
        status, landed = phone.stdout.splitlines()[0].split()
        assert status == "200" and landed == url  # past the PIN, on the team's page
        assert team.replace("'", "&#x27;") in phone.stdout
        assert 'name="pin"' not in phone.stdout
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
