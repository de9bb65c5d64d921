"""Real-browser tests: Playwright drives the machine's Chromium against a live Huche server.

The browser comes from the Debian packages (``/usr/bin/chromium``), never from a download.
Without it the tests are skipped on a laptop, but fail in CI (HUCHE_E2E_REQUIRED=1), where
``.ci/run`` installs it. Screenshots go to ``test-artifacts/``, for a person to look at;
``HUCHE_SCREENSHOTS=0`` skips writing them (``.ci/run``: a fresh clone's CI throws them away,
and on a slow machine they cost a minute) while every check on the pages still runs.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("HUCHE_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

# The live server runs in a thread beside the async Playwright loop: allow sync ORM calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# Closed once the browser tests are done: a page left open (live.js refreshing the standings)
# would keep calling the live server while later tests, without database access, run.
@pytest.fixture(scope="package")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("HUCHE_E2E_REQUIRED") == "1":
            pytest.fail(f"Chromium is required in CI but {CHROMIUM} is missing")
        pytest.skip(f"no Chromium at {CHROMIUM}: install the Debian package 'chromium'")
    sync_api = pytest.importorskip("playwright.sync_api")
    if os.environ.get("HUCHE_SCREENSHOTS") == "0":
        no_pictures(sync_api)
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield browser
        browser.close()


def no_pictures(sync_api) -> None:
    """Screenshots of pages and of parts of them are not written (nothing a test asserts reads
    them back: they are for people)."""

    def skip(self, *args, **kwargs) -> bytes:
        return b""

    for kind in (sync_api.Page, sync_api.Locator, sync_api.ElementHandle):
        kind.screenshot = skip


@pytest.fixture(autouse=True)
def close_what_the_test_opened(request):
    """Every browser window a test opened is closed after it, even when the test failed half
    way: an open page keeps polling the server into the next tests."""
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    if browser is not None:
        for context in list(browser.contexts):
            context.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 430, "height": 932}, locale="fr-CA")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def shot():
    """Save a screenshot as a test artifact: ``shot(page, "name")``."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        # A full-page capture resizes the emulated phone's viewport and back, and Chromium's
        # scroll anchoring leaves the page scrolled elsewhere (seen: 483 px back to 415, the
        # card to lay pushed below the screen): the scroll the player had is put back, so that
        # what the test measures next is what the phone would show.
        where = page.evaluate("[window.scrollX, window.scrollY]")
        page.screenshot(path=str(path), full_page=True)
        page.evaluate("([x, y]) => window.scrollTo(x, y)", where)
        return path

    return take


def yes_if_asked(page) -> None:
    """Answer "yes" to the page's in-place question if the last tap raised one (starting a
    practice game over an unfinished one asks first)."""
    if page.locator("#confirm-dialog[open]").count():
        page.click("#confirm-dialog [data-confirm-yes]")
