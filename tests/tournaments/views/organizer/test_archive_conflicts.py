"""Issue 25, carrying archives, on the import page: the import is asked before it is done (it
cannot be undone), a game corrected differently on both sites is shown side by side for a
league organizer to choose, and a file that is not an archive says so."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.builders.archive_rows import build_demo, later_changes
from tests.tournaments.archives.test_conflicts import diverge, first_game
from tests.tournaments.archives.test_transfer import archives_of, counts, grant_somewhere
from tests.tournaments.views.organizer.test_archive_pages import upload
from tournaments.models import ArchiveSettlement, AuditEntry, Event, PendingArchiveImport


@pytest.fixture
def importer(organizer):
    grant_somewhere(organizer)
    return organizer


@pytest.fixture
def demo_archives(db):
    return archives_of(build_demo, later_changes)


@pytest.fixture
def diverged(demo_archives, importer):
    return diverge(demo_archives, importer)


def test_an_upload_is_asked_before_it_is_imported(client, demo_archives, importer):
    """Without JavaScript the page asks (what it would add, what cannot be undone); with it,
    the form's data-ask asks in place and sends confirm=1."""
    client.force_login(importer)
    page = unescape(client.get("/organize/new/import/", HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert 'data-ask="Importer cette archive ?' in page
    before = counts()
    asked = upload(client, demo_archives[0], asked=False)
    html = asked.content.decode()
    assert asked.status_code == 200 and 'id="confirm-step"' in html
    assert "It would create the event" in html and "cannot be undone" in html
    assert counts() == before
    held = PendingArchiveImport.objects.get()
    done = client.post(
        "/organize/new/import/", {"pending": held.pk, "confirm": "1"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert done.status_code == 200 and "New event" in done.content.decode()
    assert Event.objects.filter(uid=demo_archives[0]["event"]["uid"]).exists()


def test_the_page_shows_both_versions_and_imports_with_the_choice(
    client, diverged, demo_archives, importer
):
    event, _mine = diverged
    game = first_game(event)
    client.force_login(importer)
    shown = upload(client, demo_archives[1])
    html = shown.content.decode()
    assert shown.status_code == 200 and 'id="archive-conflicts"' in html
    assert "Round 1, table 1" in html and "121–85" in html and "121–100" in html
    assert f'name="game-{game.pk}" value="archive"' in html
    assert not ArchiveSettlement.objects.exists()
    held = PendingArchiveImport.objects.get()
    unanswered = client.post(
        "/organize/new/import/", {"pending": held.pk, "confirm": "1"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert 'id="archive-conflicts"' in unanswered.content.decode()
    done = client.post(
        "/organize/new/import/",
        {"pending": held.pk, "confirm": "1", f"game-{game.pk}": "archive"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert done.status_code == 200 and "updated from a later archive" in done.content.decode()
    game.refresh_from_db()
    assert (game.confirmed_report.score_a, game.confirmed_report.score_b) == (121, 85)
    assert AuditEntry.objects.filter(action="result.archive_settle", actor=importer).exists()
    french = client.get(f"/organize/{event.slug}/audit/", HTTP_ACCEPT_LANGUAGE="fr")
    if french.status_code == 200:
        assert "121–85" in french.content.decode()


@pytest.mark.parametrize(
    "text", [json.dumps({"hello": "world"}), "[1, 2]", "bonjour", "PK\x03\x04zip"]
)
def test_a_file_that_is_not_an_archive_says_so_in_french(client, importer, text):
    client.force_login(importer)
    response = client.post(
        "/organize/new/import/",
        {"file": SimpleUploadedFile("a.json", text.encode(), "application/json"), "confirm": "1"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    html = unescape(response.content.decode())
    assert response.status_code == 400
    assert "n'est pas une archive Huche" in html or "est un zip, pas une archive Huche" in html
    assert "None" not in html
