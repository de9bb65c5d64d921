"""Printed in Chromium as the desk would: one score sheet per table on one page (Letter and
A4, portrait), and the captains' slips with each team's own QR code, link and NIP."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import ARTIFACTS
from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LONG = "Les Très Honorables Joueurs de Crib de Saint-Jean-Baptiste-de-l'Île-aux-Coudres"


def pdf_pages(pdf: bytes) -> int:
    """The page count of a PDF, read from its page tree (Chromium writes it uncompressed)."""
    counts = [int(n) for n in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", pdf)]
    counts += [int(n) for n in re.findall(rb"/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", pdf)]
    assert counts, "no page tree found in the PDF"
    return max(counts)


def log_in(page, base, email, password):
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", email)
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    page.wait_for_load_state()


@pytest.mark.parametrize("paper", ["Letter", "A4"])
def test_each_table_sheet_is_one_page(live_server, browser, make_event, organizer, paper):
    event = make_event(8)
    team = event.teams.order_by("id").first()
    team.name, team.captain = LONG, "Marie-Thérèse Bouchard-Tremblay de la Sagouine"
    team.save(update_fields=["name", "captain"])
    round_ = seating.seat_next_round(event, organizer)
    tables = round_.games.count()
    assert tables == 4

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-CA")
    page = context.new_page()
    log_in(page, live_server.url, "org@example.org", "pw-organizer-1")
    page.goto(f"{live_server.url}/organize/{event.slug}/rounds/1/print/")
    page.emulate_media(media="print")
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = page.pdf(format=paper, print_background=True)
    (ARTIFACTS / f"print-round-{paper}.pdf").write_bytes(pdf)
    page.set_viewport_size({"width": 816, "height": 1056})
    page.screenshot(path=str(ARTIFACTS / f"print-round-{paper}.png"), full_page=True)
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "print-round-390.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
    assert pdf_pages(pdf) == tables


def test_captains_slips_print_whole_and_read_on_a_phone(
    live_server, browser, make_event, organizer
):
    event = make_event(8)
    team = event.teams.order_by("id").first()
    team.name = LONG
    team.save(update_fields=["name"])
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-CA")
    page = context.new_page()
    log_in(page, live_server.url, "org@example.org", "pw-organizer-1")
    page.goto(f"{live_server.url}/organize/{event.slug}/slips/print/")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "captains-slips-390.png"), full_page=True)
    assert page.locator("article.slip").count() == 8
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # Long names and links stay inside their slip.
    for box in page.locator("article.slip").all():
        outer = box.bounding_box()
        for inner in box.locator("h2, .slip-url, svg").all():
            b = inner.bounding_box()
            assert outer["x"] <= b["x"] and b["x"] + b["width"] <= outer["x"] + outer["width"] + 1
    page.emulate_media(media="print")
    pdf = page.pdf(format="Letter")
    (ARTIFACTS / "captains-slips-Letter.pdf").write_bytes(pdf)
    assert pdf_pages(pdf) == 2  # six slips a page
    context.close()
