"""Event archives through the API: the export is the page's file, the import the page's service
with its trust rules (docs/archives.md): an archive whose origin is not proved is shown (409,
with what it would add) and imported only when the same request says ``confirm``."""

from __future__ import annotations

import copy
import json

import pytest

from tests.builders.scene import API, logged_in
from tournaments.archives.transfer import checksum
from tournaments.models import AuditEntry, Event, Team


@pytest.fixture
def org(api_client, organizer, make_event):
    make_event(0, name="Omnium d'hiver")  # still an organizer here once the event is deleted
    return logged_in(api_client, organizer)


def exported(org, event) -> dict:
    response = org.get(f"{API}events/{event.slug}/archive/")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="tournoi-regional-')
    return json.loads(response.content)


def unsigned(document: dict) -> dict:
    document = copy.deepcopy(document)
    document.pop("signature")
    document["checksum"] = checksum(document)
    return document


def test_the_export_is_a_signed_archive_of_the_event(org, event):
    archive = exported(org, event)
    assert archive["schema"] == "huche.event-archive"
    assert archive["event"]["uid"] == str(event.uid)
    assert len(archive["teams"]) == 6
    assert archive["signature"]["algorithm"] == "ed25519"


def test_an_archive_of_this_site_imports_at_once(org, event):
    archive = exported(org, event)
    assert org.delete(f"{API}events/{event.slug}/?confirm_name={event.name}").status_code == 204
    response = org.post(f"{API}archives/", {"archive": archive}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["new_event"] is True and body["event"] == "tournoi-regional"
    assert body["counts"]["teams"] == 6
    assert body["summary"][0].startswith("New event “Tournoi régional”")
    assert Team.objects.filter(event__slug="tournoi-regional").count() == 6


def test_an_unsigned_archive_waits_for_a_confirmation(org, event):
    archive = unsigned(exported(org, event))
    org.delete(f"{API}events/{event.slug}/?confirm_name={event.name}")
    response = org.post(f"{API}archives/", {"archive": archive}, format="json")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "archive_unproved"
    assert body["origin"] == {"origin": "unsigned"}
    assert body["plan"][0] == "It would create the event “Tournoi régional”."
    assert not Event.objects.filter(slug="tournoi-regional").exists()  # nothing written yet
    response = org.post(f"{API}archives/", {"archive": archive, "confirm": True}, format="json")
    assert response.status_code == 201
    entry = AuditEntry.objects.get(action="event.import")
    assert entry.after["confirmed"] is True


def test_an_import_again_adds_nothing(org, event):
    archive = exported(org, event)
    response = org.post(f"{API}archives/", {"archive": archive}, format="json")
    assert response.status_code == 200
    assert response.json()["up_to_date"] is True


def test_something_that_is_no_archive_is_refused(org, event):
    response = org.post(f"{API}archives/", {"archive": {"hello": "world"}}, format="json")
    assert response.status_code == 400
    assert Event.objects.count() == 2


def test_the_archive_is_given_once(org, event):
    response = org.post(f"{API}archives/", {"confirm": True}, format="json")
    assert response.status_code == 400
    assert "“archive”" in response.json()["detail"]


def test_an_official_may_export_but_not_import(api_client, official, event):
    client = logged_in(api_client, official)
    archive = exported(client, event)
    response = client.post(f"{API}archives/", {"archive": archive}, format="json")
    assert response.status_code == 403


def test_the_archive_may_be_uploaded_as_a_file(org, event):
    from django.core.files.uploadedfile import SimpleUploadedFile

    archive = exported(org, event)
    org.delete(f"{API}events/{event.slug}/?confirm_name={event.name}")
    upload = SimpleUploadedFile(
        "tournoi.huche.json", json.dumps(archive).encode(), content_type="application/json"
    )
    response = org.post(f"{API}archives/", {"file": upload}, format="multipart")
    assert response.status_code == 201, response.json()
    assert response.json()["counts"]["teams"] == 6
