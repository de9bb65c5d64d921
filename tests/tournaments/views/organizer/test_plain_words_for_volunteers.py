"""Issue 34, point 14: the pages a volunteer reads say things plainly in French: no "clé
SHA256", no "archives de confiance", no "make hall / HUCHE_BASE_URL / docs/hall.md". The
technical words are still there for whoever installed Huche, folded in "Détails techniques"."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings

from tournaments.archives.signing import this_install
from tournaments.models import ArchiveKey, League, Season
from tournaments.seating.rounds import seat_next_round

pytestmark = pytest.mark.django_db

JARGON = ("SHA256", "de confiance", "make hall", "HUCHE_BASE_URL", "docs/hall.md", "clé")
DETAILS = re.compile(r"<details class=\"technical\".*?</details>", re.S)


def plain_words(html: str) -> str:
    """The page as read before opening any "Détails techniques"."""
    main = html[html.index("<main") :]
    return DETAILS.sub("", main)


def assert_plain(html: str) -> None:
    text = plain_words(html)
    for word in JARGON:
        assert word not in text, word


@pytest.fixture
def french(organizer) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    return client


def test_the_dashboard_and_the_import_page_speak_plainly(event, french):
    fingerprint = this_install().fingerprint
    for path in (f"/organize/{event.slug}/", "/organize/new/import/"):
        html = french.get(path).content.decode()
        assert_plain(html)
        assert "Détails techniques" in html and fingerprint in html


def test_the_league_page_names_recognized_halls_plainly(organizer, french):
    league = League.objects.create(name="Ligue", slug="ligue")
    league.organizers.add(organizer)
    Season.objects.create(league=league, name="2026", slug="2026")
    key = ArchiveKey.objects.create(
        league=league,
        hall="Salle Paroissiale",
        public_key="x",
        fingerprint="SHA256:abc",
        trusted_by=organizer,
    )
    html = french.get("/organize/leagues/ligue/").content.decode()
    assert_plain(html)
    assert "Salles reconnues par la ligue" in html and key.fingerprint in html


@override_settings(HUCHE_BASE_URL="", HUCHE_LISTEN="")
def test_the_slips_page_says_what_to_do_without_commands(event, organizer, french):
    seat_next_round(event, organizer)
    slips = french.get(f"/organize/{event.slug}/slips/print/", HTTP_HOST="127.0.0.1:8000")
    html = slips.content.decode()
    assert "demandez à la personne qui a installé Huche" in plain_words(html)
    assert_plain(html)
    assert "make hall" in html  # for the installer, behind "Détails techniques"
