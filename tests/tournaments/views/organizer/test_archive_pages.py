"""Archives from the organizer's side: the commands and the pages (download, import)."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from accounts.models import User
from tests.builders.archive_rows import build_demo
from tests.tournaments.archives.test_transfer import (
    archives_of,
    counts,
    grant_somewhere,
    resign,
)
from tournaments.archives.transfer import dumps
from tournaments.models import (
    ArchiveKey,
    AuditEntry,
    Event,
    League,
    PendingArchiveImport,
    Report,
    Season,
)


@pytest.fixture
def demo_archive(db):
    return archives_of(build_demo)[0]


# --- commands -----------------------------------------------------------------------------------


def test_export_command_writes_the_archive_to_stdout_or_a_file(event, tmp_path):
    out = io.StringIO()
    call_command("export_event", event.slug, stdout=out)
    archived = json.loads(out.getvalue())
    assert archived["event"]["uid"] == str(event.uid)
    assert len(archived["teams"]) == 6
    target = tmp_path / "event.json"
    err = io.StringIO()
    call_command("export_event", event.slug, "-o", str(target), stderr=err)
    assert json.loads(target.read_text(encoding="utf-8"))["event"] == archived["event"]
    assert str(target) in err.getvalue()
    with pytest.raises(CommandError, match="No event “nope” here"):
        call_command("export_event", "nope")


def test_import_command_imports_then_says_up_to_date(demo_archive, tmp_path):
    path = tmp_path / "event.json"
    path.write_text(dumps(demo_archive), encoding="utf-8")
    league = League.objects.create(name="FADOQ", slug="fadoq")
    Season.objects.create(league=league, name="2026-2027", slug="2026-2027")
    importer = User.objects.create_user("chef@example.org", "pw-chef-12")
    out = io.StringIO()
    call_command(
        "import_event",
        str(path),
        "--season",
        "fadoq/2026-2027",
        "--as",
        "chef@example.org",
        stdout=out,
    )
    assert "New event" in out.getvalue() and "22 reports" in out.getvalue()
    event = Event.objects.get(uid=demo_archive["event"]["uid"])
    assert event.season.slug == "2026-2027"
    assert event.roles.filter(user=importer, role="organizer").exists()
    out = io.StringIO()
    call_command("import_event", str(path), stdout=out)
    assert "already up to date" in out.getvalue()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["{missing}"], "Cannot read"),
        (["{file}", "--season", "no-slash"], "LEAGUE_SLUG/SEASON_SLUG"),
        (["{file}", "--season", "x/y"], "No season x/y here"),
        (["{file}", "--as", "nobody@example.org"], "No account with the email"),
        (["{bad}"], "checksum: does not match"),
    ],
)
def test_import_command_errors_say_what_to_do(demo_archive, tmp_path, args, message):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(dumps(demo_archive), encoding="utf-8")
    tampered = json.loads(dumps(demo_archive))
    tampered["event"]["name"] = "Autre nom"
    bad.write_text(dumps(tampered), encoding="utf-8")
    paths = {"file": good, "bad": bad, "missing": tmp_path / "missing.json"}
    before = counts()
    with pytest.raises(CommandError, match=message):
        call_command("import_event", *[a.format(**paths) for a in args])
    assert counts() == before


# --- pages --------------------------------------------------------------------------------------


def test_the_dashboard_offers_the_archive_to_the_event_officials(
    client, event, official, other_organizer
):
    client.force_login(official)
    page = client.get(f"/organize/{event.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    url = f"/organize/{event.slug}/archive.json"
    assert url in page.content.decode()
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith(f'attachment; filename="{event.slug}-')
    assert json.loads(response.content)["event"]["uid"] == str(event.uid)
    client.force_login(other_organizer)
    assert client.get(url).status_code == 404
    client.logout()
    assert client.get(url).status_code == 302  # to the login page


def upload(client, document, *, asked=True, **fields):
    """Post the file; ``asked``: as confirmed in place by confirm.js (``confirm=1``)."""
    text = document if isinstance(document, str) else dumps(document)
    return client.post(
        "/organize/new/import/",
        {
            "file": SimpleUploadedFile("event.json", text.encode(), "application/json"),
            **({"confirm": "1"} if asked else {}),
            **fields,
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )


def test_import_page_shows_what_was_imported(client, demo_archive, event, organizer):
    client.force_login(organizer)
    page = client.get("/organize/", HTTP_ACCEPT_LANGUAGE="en")
    assert "/organize/new/import/" in page.content.decode()
    response = upload(client, demo_archive)
    html = response.content.decode()
    assert response.status_code == 200
    assert "New event" in html and "6 teams" in html and "22 reports" in html
    assert "12 created" in html
    imported = Event.objects.get(uid=demo_archive["event"]["uid"])
    assert f"/organize/{imported.slug}/" in html
    assert client.get(f"/organize/{imported.slug}/").status_code == 200
    standings = client.get(f"/e/{imported.slug}/standings/")
    assert standings.status_code == 200
    again = upload(client, demo_archive)
    assert "already up to date" in again.content.decode()


def test_import_page_shows_the_error_in_place_and_imports_nothing(
    client, demo_archive, event, organizer
):
    client.force_login(organizer)
    tampered = json.loads(dumps(demo_archive))
    tampered["games"][0]["reports"][0]["note"] = "x" * 301
    before = counts()
    response = upload(client, resign(tampered))
    html = response.content.decode()
    assert response.status_code == 400
    assert "Nothing was imported." in html
    assert "games[0].reports[0].note: must be text of at most 300 characters." in html
    assert counts() == before and not Report.objects.filter(note__startswith="xxx").exists()
    truncated = upload(client, dumps(demo_archive)[:300])
    assert "not valid JSON" in truncated.content.decode()


def test_import_page_permissions(client, demo_archive, event, organizer, staff):
    league = League.objects.create(name="Ligue", slug="ligue")
    season = Season.objects.create(league=league, name="2026", slug="2026")
    assert client.get("/organize/new/import/").status_code == 302  # log in first
    nobody = User.objects.create_user("nobody@example.org", "pw-nobody-1")
    client.force_login(nobody)
    assert client.get("/organize/new/import/").status_code == 403
    client.force_login(organizer)  # organizes an event, not the league: no season offered
    refused = upload(client, demo_archive, season=season.pk)
    assert refused.status_code == 400 and "Select a valid choice" in refused.content.decode()
    league.organizers.add(organizer)
    response = upload(client, demo_archive, season=season.pk)
    assert response.status_code == 200
    assert Event.objects.get(uid=demo_archive["event"]["uid"]).season == season
    client.force_login(staff)
    assert client.get("/organize/new/import/").status_code == 200


# --- archives whose origin is not proved: shown, then confirmed (issue 22, finding 5) ----------


def test_the_dashboard_shows_the_key_this_hall_signs_with(client, event, organizer):
    from tournaments.archives.signing import this_install

    client.force_login(organizer)
    html = client.get(f"/organize/{event.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="archive-key"' in html and this_install().fingerprint in html


def test_an_unsigned_archive_is_shown_and_imported_only_once_confirmed(
    client, demo_archive, event, organizer, other_organizer
):
    client.force_login(organizer)
    unsigned = resign(demo_archive)  # an edited file: checksum recomputed, no signature
    before = counts()
    shown = upload(client, unsigned)
    html = shown.content.decode()
    assert shown.status_code == 200 and 'id="confirm-import"' in html
    assert "This archive is not signed" in html
    assert "It would create the event" in html and "22 reports" in html
    assert counts() == before
    pending = PendingArchiveImport.objects.get()
    # Nobody else may confirm it.
    client.force_login(other_organizer)
    grant_somewhere(other_organizer)
    stolen = client.post(
        "/organize/new/import/", {"pending": pending.pk, "trust": "0"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "no longer waiting" in stolen.content.decode()
    assert not Event.objects.filter(uid=demo_archive["event"]["uid"]).exists()
    client.force_login(organizer)
    done = client.post(
        "/organize/new/import/", {"pending": pending.pk, "trust": "0"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert done.status_code == 200 and "New event" in done.content.decode()
    imported = Event.objects.get(uid=demo_archive["event"]["uid"])
    entry = AuditEntry.objects.get(event=imported, action="event.import")
    assert entry.actor == organizer and entry.after["confirmed"] is True
    assert not PendingArchiveImport.objects.exists()


def test_a_league_organizer_trusts_a_halls_key_then_forgets_it(client, tmp_path, event, organizer):
    from django.test import override_settings

    with override_settings(
        HUCHE_SIGNING_KEY_FILE=str(tmp_path / "hall.pem"), HUCHE_INSTALL_NAME="Salle Paroissiale"
    ):
        (archive,) = archives_of(build_demo)
    league = League.objects.create(name="Ligue", slug="ligue")
    league.organizers.add(organizer)
    season = Season.objects.create(league=league, name="2026", slug="2026")
    client.force_login(organizer)
    shown = upload(client, archive, season=season.pk).content.decode()
    assert "a hall the league “Ligue” does not know yet" in shown
    assert "Trust the key of “Salle Paroissiale” for the league Ligue and import" in shown
    pending = PendingArchiveImport.objects.get()
    client.post("/organize/new/import/", {"pending": pending.pk, "trust": "1"})
    key = ArchiveKey.objects.get(league=league)
    assert key.hall == "Salle Paroissiale" and key.trusted_by == organizer
    page = client.get("/organize/leagues/ligue/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert key.fingerprint in page and "Salle Paroissiale" in page
    forget = f"/organize/leagues/ligue/archive-keys/{key.pk}/forget/"
    assert client.get(forget).status_code == 405
    client.post(forget)
    assert not ArchiveKey.objects.exists()
    assert AuditEntry.objects.filter(action="archive_key.forget", actor=organizer).exists()


def test_an_import_into_a_season_counting_game_points_says_what_it_would_count(
    demo_archive, tmp_path
):
    """Issue 50's leftover: the demo's FADOQ event (accumulated points) imported into a club
    season scored by the ACC's rule (a night of 12 game points or more) was imported without a
    word, though every team's accumulated points pass 12. It is still imported (nothing is
    refused), and the import says so."""
    path = tmp_path / "event.json"
    path.write_text(dumps(demo_archive), encoding="utf-8")
    league = League.objects.create(name="Club du mardi", slug="club")
    Season.objects.create(league=league, name="Hiver", slug="hiver", aggregation="threshold")
    User.objects.create_user("chef@example.org", "pw-chef-12")
    out = io.StringIO()
    call_command(
        "import_event", str(path), "--season", "club/hiver", "--as", "chef@example.org", stdout=out
    )
    event = Event.objects.get(uid=demo_archive["event"]["uid"])
    assert event.season.slug == "hiver"
    assert (
        f"The season “Hiver” scores each night by its game points; “{event.name}” counts "
        "accumulated points (FADOQ), so its nights would be scored on those."
    ) in " ".join(out.getvalue().split())
