"""Huche without a checkout, as docs/hall.md ("Install Huche") tells a volunteer: the wheel
built from this checkout, installed into a new virtual environment in a temporary folder
outside it, and run from yet another folder with `huche` alone (no manage.py, no make, no
settings to set but HUCHE_HOME). `huche hall` serves a real event: the home page in French, a
static file, a captain's report through the link and PIN of a slip; `huche backup` then
`huche restore` into another data folder bring that report back; waitress serves it too.

CI builds the wheel once (`make wheel` in .ci/run, HUCHE_WHEEL); alone, the test builds it.
The packages come from pip's cache after the first run (about a minute and a half in all).
"""

from __future__ import annotations

import http.cookiejar
import importlib.metadata
import os
import re
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

from common import addresses as hall_address
from tests.support.html_forms import post_forms
from tests.support.processes import stop

pytestmark = [pytest.mark.deploy, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
VERSION = importlib.metadata.version("huche")
ORGANIZER = "organisatrice@club.example"
SCORE = ("121", "77")  # the captain's report: us, them
COUNT_REPORTS = (
    "from django.db.models import Q; from tournaments.models import Report; "
    "print(Report.objects.filter(Q(score_a=121, score_b=77) | Q(score_a=77, score_b=121)).count())"
)


@pytest.fixture(scope="module")
def huche_install(tmp_path_factory) -> tuple[Path, str]:
    """A new virtual environment's scripts folder holding only the wheel and what it depends
    on, and the wheel it was installed from."""
    place = tmp_path_factory.mktemp("no-checkout")
    assert not place.is_relative_to(ROOT)
    wheel = os.environ.get("HUCHE_WHEEL", "")
    if not wheel:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
            + ["--wheel-dir", str(place / "dist"), str(ROOT)],
            check=True,
            timeout=300,
        )
        (wheel,) = map(str, (place / "dist").glob("huche-*.whl"))
    subprocess.run([sys.executable, "-m", "venv", str(place / "venv")], check=True, timeout=120)
    bin_dir = place / "venv" / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "--no-compile", wheel],
        check=True,
        timeout=600,
    )
    return bin_dir, wheel


@pytest.fixture(scope="module")
def huche_exe(huche_install) -> Path:
    """The `huche` command of that virtual environment."""
    return huche_install[0] / "huche"


def volunteer_env(home: Path) -> dict[str, str]:
    """A fresh terminal: nothing of the checkout's settings, services or virtual environment."""
    kept = ("PATH", "LANG", "LC_ALL", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP")
    env = {key: os.environ[key] for key in kept if key in os.environ}
    return env | {"HUCHE_HOME": str(home), "HOME": str(home.parent), "PYTHONUNBUFFERED": "1"}


class Volunteer:
    """Runs `huche …` from a folder that is not the checkout, with one data folder."""

    def __init__(self, exe: Path, home: Path, cwd: Path):
        self.exe, self.home, self.cwd = exe, home, cwd
        self.env = volunteer_env(home)

    def run(self, *args: str, check: bool = True, **env: str) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [str(self.exe), *args],
            cwd=self.cwd,
            env=self.env | env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if check:
            assert done.returncode == 0, f"huche {' '.join(args)}:\n{done.stdout}\n{done.stderr}"
        return done

    def reports(self) -> int:
        return int(self.run("shell", "--no-imports", "-c", COUNT_REPORTS).stdout.strip())

    def serve(self, *args: str, host: str = "127.0.0.1") -> tuple[str, subprocess.Popen, list[str]]:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        server = subprocess.Popen(
            [str(self.exe), "hall", "--listen", f"{host}:{port}", *args],
            cwd=self.cwd,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        printed: list[str] = []
        threading.Thread(target=lambda: printed.extend(server.stdout), daemon=True).start()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            assert server.poll() is None, "".join(printed)
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return f"http://127.0.0.1:{port}", server, printed
            except OSError:
                time.sleep(0.3)
        stop(server)
        pytest.fail(f"huche hall did not listen on port {port}: {''.join(printed)}")


def a_browser() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )


def submit(browser, url: str, **typed: str) -> tuple[str, str]:
    """Open ``url``, fill its form that has the ``typed`` fields, send it as a browser would:
    (the address landed on, the page)."""
    page = browser.open(url, timeout=20).read().decode()
    form = next(form for form in post_forms(page, url) if set(typed) <= form.names)
    data = form.data() | {name: [value] for name, value in typed.items()}
    sent = urllib.request.Request(
        urllib.parse.urljoin(url, form.action),
        data=urllib.parse.urlencode(data, doseq=True).encode(),
        headers={"Referer": url},
    )
    answer = browser.open(sent, timeout=20)
    return answer.geturl(), answer.read().decode()


def the_home_page_and_a_static_file_in_french(base: str) -> None:
    page = urllib.request.urlopen(f"{base}/", timeout=20).read().decode()
    assert '<html lang="fr-ca">' in page and "tournois et ligues de cribble" in page
    assert f'Huche <span class="version">{VERSION}</span>' in page
    css = re.search(r'href="(/static/huche/huche\.[0-9a-f]+\.css)"', page).group(1)
    with urllib.request.urlopen(f"{base}{css}", timeout=20) as answer:
        assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/css")
        assert b"footer.site" in answer.read()


def a_captain_reports_through_a_slip(
    slips: list[tuple[str, str]],
) -> tuple[urllib.request.OpenerDirector, str]:
    """Each captain's link and PIN until one has a game to report; reports the final score.
    That captain's phone (its cookies) and link's path."""
    for url, pin in slips:
        phone = a_browser()
        landed, page = submit(phone, url, pin=pin)
        assert landed == url and 'name="pin"' not in page, page  # the PIN opened the page
        game = re.search(r'<a class="button" href="(/c/[^"]+/games/\d+/)"', page)
        if game:
            us, them = SCORE
            game_url = urllib.parse.urljoin(url, game.group(1))
            _, page = submit(phone, game_url, mode="final", score_us=us, score_them=them)
            assert f'<span class="score">{us} – {them}</span>' in page, page
            return phone, urllib.parse.urlsplit(url).path
    pytest.fail("no captain had a game to report")


def the_results_schema_from_the_package(base: str) -> None:
    """The open results format's JSON Schema ships in the wheel (docs/result-format.md)."""
    schema = ROOT / "tournaments" / "archives" / "schemas" / "huche-results-1.schema.json"
    with urllib.request.urlopen(base + "/schemas/results/1.json", timeout=10) as response:
        assert response.headers["Content-Type"] == "application/schema+json"
        assert response.read() == schema.read_bytes()


def test_the_wheel_runs_an_event_without_a_checkout(huche_exe, tmp_path):
    elsewhere = tmp_path / "Documents"
    elsewhere.mkdir()
    home = tmp_path / "donnees-huche"
    hall = Volunteer(huche_exe, home, elsewhere)

    assert hall.run("--version").stdout == f"huche {VERSION}\n"
    python_m = subprocess.run(  # where the launcher is not on the PATH (Windows)
        [str(huche_exe.with_name("python")), "-m", "huche", "--version"],
        cwd=elsewhere,
        env=hall.env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert python_m.stdout == f"huche {VERSION}\n"
    # The organizer, from a script (docs/hall.md): nobody at the keyboard.
    hall.run("migrate", "--noinput")
    hall.run(
        "createsuperuser",
        "--noinput",
        f"--email={ORGANIZER}",
        DJANGO_SUPERUSER_PASSWORD="correct-horse-battery-9",
    )
    # An event with teams, seated rounds and the captains' links and PINs.
    demo = hall.run("load_demo", "--into-this-database", HUCHE_LISTEN="127.0.0.1:8000").stdout
    slips = [
        (urllib.parse.urlsplit(url).path, pin)
        for url, pin in re.findall(r": (http://\S+/c/\S+/)  PIN (\d+)", demo)
    ]
    assert len(slips) == 6, demo
    assert hall.reports() == 0

    base, server, printed = hall.serve()
    try:
        # The data folder is the one chosen, said in French before anything else.
        assert printed[0] == f"Dossier des données : {home}\n", printed
        assert {path.name for path in home.iterdir()} >= {
            "hall.sqlite3",
            ".hall-secret-key",
            "staticfiles",
        }
        the_home_page_and_a_static_file_in_french(base)
        the_results_schema_from_the_package(base)
        phone, captain = a_captain_reports_through_a_slip([(base + p, pin) for p, pin in slips])
    finally:
        stop(server)
    assert hall.reports() == 1

    # The backup, on a USB stick, restored on another laptop (another data folder).
    usb = tmp_path / "usb"
    usb.mkdir()
    said = hall.run("backup", str(usb)).stdout
    backup = re.search(re.escape(str(usb)) + r"[^\s'\"«»]*", said).group(0).rstrip(".,;:")
    assert Path(backup).exists(), said
    refused = hall.run("restore", backup, check=False)  # never over a database with tables
    assert refused.returncode != 0 and hall.reports() == 1
    other = Volunteer(huche_exe, tmp_path / "autre-portable", elsewhere)
    other.run("restore", backup)
    assert other.reports() == 1

    # Where gunicorn cannot run (Windows), waitress serves the same site.
    base, server, printed = other.serve("--server=waitress")
    try:
        the_home_page_and_a_static_file_in_french(base)
        # The captain's phone goes on without the PIN: the hall's key came with the backup.
        page = phone.open(base + captain, timeout=20).read().decode()
        assert 'name="pin"' not in page and "/games/" in page, page
    finally:
        stop(server)


def test_the_installed_hall_prints_its_network_address_with_the_port_it_was_given(
    huche_exe, tmp_path
):
    """Issue 52, points 1 and 2: `huche hall --listen 0.0.0.0:PORT` (no HUCHE_LISTEN set), the
    slips printed by the organizer's browser at 127.0.0.1 carry the laptop's address on the
    network with that port, never 127.0.0.1 or port 8000; so does the address-change page."""
    hall = Volunteer(huche_exe, tmp_path / "donnees", tmp_path)
    hall.run("migrate", "--noinput")
    demo = hall.run("load_demo", "--into-this-database").stdout
    password = re.search(r"password '([^']+)'", demo).group(1)
    lan = hall_address.lan_address()
    assert lan, "the test needs a network address besides the loopback"

    base, server, printed = hall.serve("--backup-every=0", host="0.0.0.0")  # noqa: S104
    port = int(base.rsplit(":", 1)[1])
    try:
        organizer = a_browser()
        submit(
            organizer,
            f"{base}/accounts/login/",
            username="organisatrice@huche.demo",
            password=password,
        )
        page = organizer.open(f"{base}/organize/demo-fadoq/slips/print/", timeout=30)
        text = re.sub(r"<[^>]+>", "", page.read().decode())
        links = re.findall(r"(http://[^\s\"<]+?)/c/", text)
        assert links, text[:3000]
        assert all(link.endswith(f":{port}") for link in links), set(links)
        assert f"http://{lan}:{port}" in links, set(links)
        assert "127.0.0.1" not in " ".join(links) and "make hall" not in text
        # A phone arriving by an address the laptop no longer has.
        moved = urllib.request.Request(f"{base}/", headers={"Host": f"192.0.2.250:{port}"})
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(moved, timeout=20)
        body = answer.value.read().decode()
        assert answer.value.code == 400 and f"http://{lan}:{port}/" in body, body
        assert ":8000" not in body
    finally:
        stop(server)
    assert any(f"http://{lan}:{port}/" in line for line in printed), "".join(printed)


def test_the_documented_update_replaces_the_installed_code(huche_install):
    """docs/hall.md, "A newer Huche": every build has the same file name, so installing the new
    file as at first changes nothing ("already installed"); the documented line replaces the
    code. An installed file is made to look older, then each command is run as written."""
    bin_dir, wheel = huche_install
    doc = " ".join((ROOT / "docs" / "hall.md").read_text().split())
    name = f"huche-{VERSION}-py3-none-any.whl"
    assert Path(wheel).name == name
    documented = f"huche-env/bin/python -m pip install --force-reinstall --no-deps {name}"
    assert documented in doc and f"python -m pipx install --force {name}" in doc
    python = str(bin_dir / "python")
    where = subprocess.run(
        [python, "-c", "import huche, pathlib; print(pathlib.Path(huche.__file__).parent)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=bin_dir,
    ).stdout.strip()
    installed = Path(where) / "cli.py"
    current = installed.read_text()
    installed.write_text("# an older Huche\n" + current)

    def install(*options: str) -> None:
        subprocess.run(
            [python, "-m", "pip", "install", "--quiet", "--no-compile", *options, wheel],
            check=True,
            timeout=600,
            cwd=Path(wheel).parent,
        )

    install()  # the first install's line again: the trap the doc warns of
    assert installed.read_text().startswith("# an older Huche")
    install("--force-reinstall", "--no-deps")  # the documented update
    assert installed.read_text() == current
