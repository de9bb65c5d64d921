"""Archives are not free storage, and an unproved archive credits no account here (issue 33,
findings 7 and 8).

The attacks: a valid unsigned archive padded to 18 MB through an audit entry's free JSON, each
unconfirmed upload kept a day (55 MB in three requests); and an archive imported after
confirming its missing signature credited its audit entries and decisions to real accounts of
this site, matched by the email written in the file."""

from __future__ import annotations

import copy
import json
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import User
from tests.builders.archive_rows import build_demo
from tests.tournaments.archives.test_transfer import archives_of, grant_somewhere, resign
from tournaments.archives import pending
from tournaments.archives.transfer import MAX_BYTES, dumps, import_event
from tournaments.errors import RuleError
from tournaments.models import AuditEntry, Dispute, PendingArchiveImport, Report

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def importer(organizer):
    grant_somewhere(organizer)
    return organizer


@pytest.fixture
def demo(db) -> dict:
    return archives_of(build_demo)[0]


def padded(document: dict, size: int) -> dict:
    """The attack: an unsigned archive, valid but for its size, padded in an audit entry."""
    document = copy.deepcopy(document)
    document["audit"][0]["after"] = {"padding": "x" * size}
    return resign(document)


def test_a_padded_archive_is_refused_in_words_before_anything_is_kept(demo, importer):
    assert len(dumps(demo).encode()) < MAX_BYTES // 4  # a real event is far below the limit
    big = padded(demo, 3 * 2**20)
    for data in (dumps(big).encode(), dumps(big), big):
        with pytest.raises(RuleError) as refused:
            import_event(data, importer, confirmed=True)
        assert refused.value.code == "too_large"
        assert "an event archive is at most 2048 KB" in refused.value.message
    client = Client(**EN)
    client.force_login(importer)
    upload = SimpleUploadedFile("big.huche.json", dumps(big).encode())
    page = client.post("/organize/new/import/", {"file": upload})
    assert page.status_code == 400
    assert "an event archive is at most 2048 KB" in page.content.decode()
    api = APIClient(**EN)
    api.force_authenticate(importer)
    answer = api.post("/api/v1/archives/", {"archive": big}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "too_large"
    assert not PendingArchiveImport.objects.exists()


def test_an_account_keeps_at_most_three_uploads_waiting_and_old_ones_go(demo, importer):
    text = dumps(resign(demo))
    held = [pending.hold(text, importer, None) for _ in range(5)]
    waiting = PendingArchiveImport.objects.filter(user=importer)
    assert sorted(waiting.values_list("pk", flat=True)) == sorted(h.pk for h in held[-3:])
    PendingArchiveImport.objects.filter(pk=held[-1].pk).update(
        created_at=timezone.now() - timedelta(days=2)
    )
    assert pending.purge_expired() == 1
    assert waiting.count() == 2


def test_an_account_uploads_a_limited_number_of_archives(demo, importer, settings):
    settings.THROTTLE_ARCHIVE_ACCOUNT = {"failures": 2, "window": 3600}
    api = APIClient(**EN)
    api.force_authenticate(importer)
    unsigned = resign(demo)
    for _ in range(2):
        assert (
            api.post("/api/v1/archives/", {"archive": unsigned}, format="json").status_code == 409
        )
    refused = api.post("/api/v1/archives/", {"archive": unsigned}, format="json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many archives uploaded by this account" in refused.json()["detail"]


def test_an_unsigned_archive_credits_no_account_of_this_site(demo, importer):
    """The official named in the archive has an account here, with the same email: the
    confirmed unsigned import shows the archive's names and credits that account nothing."""
    here = User.objects.create_user("arbitre@huche.demo", "pw-here-1", display_name="Homonyme")
    named = {e["actor"]["email"] for e in demo["audit"] if e.get("actor")}
    assert here.email in named
    result = import_event(resign(demo), importer, confirmed=True)
    event = result.event
    imported = AuditEntry.objects.filter(event=event).exclude(action="event.import")
    assert imported.exists() and not imported.filter(actor=here).exists()
    assert imported.exclude(actor_label="").exists()
    assert not Report.objects.filter(game__round__event=event, by_user=here).exists()
    assert not Dispute.objects.filter(game__round__event=event, resolved_by=here).exists()
    entry = AuditEntry.objects.get(event=event, action="event.import")
    assert entry.actor == importer  # the importer, who is logged in here, is credited


def test_an_archive_of_this_site_still_credits_its_accounts(demo, importer):
    here = User.objects.create_user("arbitre@huche.demo", "pw-here-1", display_name="Arbitre")
    result = import_event(demo, importer)  # signed by this installation: proved
    assert AuditEntry.objects.filter(event=result.event, actor=here).exists()
    assert json.loads(dumps(demo))["signature"]
