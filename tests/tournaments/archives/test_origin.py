"""Archives that prove where they come from (issue 22, finding 5).

The attack: with no ``HUCHE_ARCHIVE_KEY`` (the default), an archive whose score was edited was
imported as soon as the editor recomputed the report's fingerprint and the file's SHA-256.
Now every archive is signed with its installation's Ed25519 key: an edit breaks the signature,
and an archive without one (or signed by a hall the league does not trust yet) is imported
only after an organizer saw what it would change and confirmed it, in the audit log.
"""

from __future__ import annotations

import contextlib
import copy
import io
import os

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings

from tests.builders.archive_rows import build_demo, later_changes
from tests.tournaments.archives.test_transfer import archives_of, grant_somewhere, snapshot
from tournaments.archives import signing
from tournaments.archives.origin import ArchiveNotProved
from tournaments.archives.transfer import checksum, import_event
from tournaments.errors import RuleError
from tournaments.models import ArchiveKey, AuditEntry, League, Report, Season
from tournaments.results.reporting import fingerprint


@pytest.fixture
def importer(organizer):
    grant_somewhere(organizer)
    return organizer


@contextlib.contextmanager
def hall(tmp_path, name="Salle Saint-Joseph", key="hall.pem"):
    """Another installation: its own key file and name."""
    with override_settings(HUCHE_SIGNING_KEY_FILE=str(tmp_path / key), HUCHE_INSTALL_NAME=name):
        yield


@pytest.fixture
def league_season(importer):
    league = League.objects.create(name="FADOQ Saguenay", slug="fadoq-sag")
    league.organizers.add(importer)
    return Season.objects.create(league=league, name="2026-2027", slug="2026-2027")


def forged(document: dict, *, keep_signature: bool) -> tuple[dict, int, int]:
    """A final score edited, its report fingerprint and the file's checksum recomputed: what
    the issue's attacker did. Returns the document and the game, version edited."""
    document = copy.deepcopy(document)
    for g, game in enumerate(document["games"]):
        for r, report in enumerate(game["reports"]):
            if report["kind"] == "final" and report["score_a"] == 121 and report["score_b"] > 91:
                report["score_b"] -= 1  # the same skunk: the rules engine sees nothing wrong
                content = {k: report[k] for k in ("score_a", "score_b", "skunk", "detail")}
                report["fingerprint"] = fingerprint("final", content)
                if not keep_signature:
                    del document["signature"]
                document["checksum"] = checksum(document)
                return document, g, r
    raise AssertionError("no final report to edit")


def test_an_edited_archive_is_not_imported_without_an_organizers_confirmation(tmp_path, importer):
    """The attack replayed: before the fix the forged archive imported silently."""
    with hall(tmp_path):
        (archive,) = archives_of(build_demo)
    before = snapshot()
    # Signature kept: it no longer matches.
    with pytest.raises(RuleError) as refused:
        import_event(forged(archive, keep_signature=True)[0], importer)
    assert refused.value.code == "archive_signature"
    assert "the file was changed after “Salle Saint-Joseph” signed it" in refused.value.message
    # Signature dropped (the editor cannot make one): shown, not imported.
    document, g, r = forged(archive, keep_signature=False)
    with pytest.raises(ArchiveNotProved) as unproved:
        import_event(document, importer)
    assert "not signed: nothing proves which installation wrote it" in unproved.value.message
    assert unproved.value.plan.new_event and unproved.value.plan.counts["reports"] == 22
    assert snapshot() == before
    # The organizer confirms: imported, and the audit log says on what grounds.
    result = import_event(document, importer, confirmed=True)
    edited = document["games"][g]["reports"][r]
    stored = Report.objects.get(game__round__event=result.event, fingerprint=edited["fingerprint"])
    assert stored.score_b == edited["score_b"]
    entry = AuditEntry.objects.get(event=result.event, action="event.import")
    assert entry.actor == importer
    assert entry.after["origin"] == "unsigned" and entry.after["confirmed"] is True


def test_a_halls_key_is_trusted_on_first_use_then_pinned(tmp_path, importer, league_season):
    with hall(tmp_path):
        first, later = archives_of(build_demo, later_changes)
        laptop = signing.this_install()
    with pytest.raises(ArchiveNotProved) as unproved:
        import_event(first, importer, season=league_season)
    origin = unproved.value.origin
    assert origin.may_trust and origin.signer == laptop
    assert laptop.fingerprint in unproved.value.message
    assert "does not know yet" in unproved.value.message
    import_event(first, importer, season=league_season, confirmed=True, trust_key=True)
    pinned = ArchiveKey.objects.get()
    assert (pinned.league, pinned.hall) == (league_season.league, "Salle Saint-Joseph")
    assert pinned.fingerprint == laptop.fingerprint and pinned.trusted_by == importer
    assert AuditEntry.objects.filter(action="archive_key.trust", actor=importer).exists()
    # The next archive of that hall needs no confirmation.
    result = import_event(later, importer, season=league_season)
    assert result.counts["reports"] == 1
    entry = AuditEntry.objects.filter(event=result.event, action="event.import").first()
    assert entry.after["origin"] == "trusted_key" and entry.after["key"] == laptop.fingerprint


def test_another_key_for_a_trusted_hall_is_refused_until_an_organizer_forgets_the_old_one(
    tmp_path, importer, league_season
):
    with hall(tmp_path):
        (genuine,) = archives_of(build_demo)
    with hall(tmp_path, key="impostor.pem"):
        (impostor,) = archives_of(build_demo)
        impostor_key = signing.this_install().fingerprint
    import_event(genuine, importer, season=league_season, confirmed=True, trust_key=True)
    pinned = ArchiveKey.objects.get()
    before = snapshot()
    for confirmed in (False, True):
        with pytest.raises(RuleError) as refused:
            import_event(
                impostor, importer, season=league_season, confirmed=confirmed, trust_key=confirmed
            )
        assert refused.value.code == "archive_key_mismatch"
        message = refused.value.message
        assert impostor_key in message and pinned.fingerprint in message
        assert "forgets the old key on the league's page" in message
    assert snapshot() == before and ArchiveKey.objects.get() == pinned
    from tournaments.archives.origin import forget

    forget(pinned, importer)
    with pytest.raises(ArchiveNotProved):
        import_event(impostor, importer, season=league_season)
    assert AuditEntry.objects.filter(action="archive_key.forget").exists()


def test_without_a_season_a_signed_archive_of_another_hall_needs_confirmation(tmp_path, importer):
    with hall(tmp_path):
        (archive,) = archives_of(build_demo)
    with pytest.raises(ArchiveNotProved) as unproved:
        import_event(archive, importer)
    assert not unproved.value.origin.may_trust
    with pytest.raises(RuleError, match="trust a hall's key for a league"):
        import_event(archive, importer, confirmed=True, trust_key=True)
    assert import_event(archive, importer, confirmed=True).new_event
    assert not ArchiveKey.objects.exists()


def test_the_shared_archive_key_still_proves_the_origin(tmp_path, importer, settings):
    settings.HUCHE_ARCHIVE_KEY = "clé-de-la-ligue"
    with hall(tmp_path):
        (archive,) = archives_of(build_demo)
    assert archive["checksum"].startswith("hmac-sha256:")
    result = import_event(archive, importer)  # a league install: no confirmation asked
    entry = AuditEntry.objects.get(event=result.event, action="event.import")
    assert entry.after["origin"] == "shared_key"


def test_this_sites_own_archives_need_no_confirmation(importer):
    (archive,) = archives_of(build_demo)
    assert archive["signature"]["signer"] == signing.install_name()
    assert import_event(archive, importer).new_event


# --- the key file -------------------------------------------------------------------------------


def test_the_key_is_created_once_readable_only_by_its_owner(tmp_path):
    with hall(tmp_path, key="data/huche-signing-key.pem"):
        first = signing.this_install()
        path = tmp_path / "data" / "huche-signing-key.pem"
        assert oct(os.stat(path).st_mode & 0o777) == "0o600"
        signing._loaded.clear()  # another process, later
        assert signing.this_install() == first
        assert first.fingerprint.startswith("SHA256:") and len(first.fingerprint) == 50
        out = io.StringIO()
        call_command("archive_key", stdout=out)
        assert first.fingerprint in out.getvalue() and "Salle Saint-Joseph" in out.getvalue()
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["huche-signing-key.pem"]


def test_an_unreadable_key_file_is_explained(tmp_path):
    (tmp_path / "broken.pem").write_text("not a key")
    with hall(tmp_path, key="broken.pem"), pytest.raises(RuleError, match="is unreadable"):
        signing.this_install()


# --- the command ----------------------------------------------------------------------------


def test_the_import_command_shows_the_plan_and_imports_only_with_confirm(tmp_path, importer):
    with hall(tmp_path):
        (archive,) = archives_of(build_demo)
    path = tmp_path / "event.json"
    from tournaments.archives.transfer import dumps

    path.write_text(dumps(forged(archive, keep_signature=False)[0]), encoding="utf-8")
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(path))
    assert "It would create the event" in str(refused.value) and "--confirm" in str(refused.value)
    assert snapshot() == before
    out = io.StringIO()
    call_command("import_event", str(path), "--confirm", stdout=out)
    assert "New event" in out.getvalue()
    entry = AuditEntry.objects.get(action="event.import")
    assert entry.after["origin"] == "unsigned" and entry.after["confirmed"] is True


def test_the_import_command_trusts_a_halls_key_for_a_season(tmp_path, importer, league_season):
    with hall(tmp_path):
        first, later = archives_of(build_demo, later_changes)
    path = tmp_path / "event.json"
    from tournaments.archives.transfer import dumps

    path.write_text(dumps(first), encoding="utf-8")
    season = f"{league_season.league.slug}/{league_season.slug}"
    call_command("import_event", str(path), "--season", season, "--trust", stdout=io.StringIO())
    assert ArchiveKey.objects.get().hall == "Salle Saint-Joseph"
    path.write_text(dumps(later), encoding="utf-8")
    out = io.StringIO()
    call_command("import_event", str(path), "--season", season, stdout=out)
    assert "updated from a later archive" in out.getvalue()


def test_an_unreadable_key_says_why_on_export_and_the_dashboard_still_opens(
    tmp_path, client, event, organizer
):
    (tmp_path / "broken.pem").write_text("not a key")
    client.force_login(organizer)
    with hall(tmp_path, key="broken.pem"):
        assert client.get(f"/organize/{event.slug}/").status_code == 200
        response = client.get(f"/organize/{event.slug}/archive.json", HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 503 and b"is unreadable" in response.content
        with pytest.raises(CommandError, match="is unreadable"):
            call_command("export_event", event.slug)


def test_a_rotated_key_signs_anew_and_keeps_the_old_one(tmp_path, importer, league_season):
    """A lost laptop: `archive_key --rotate` makes a new key, keeps the old one renamed, says
    what the league must do; the league's pinned old key then refuses the new archives until
    it is forgotten (docs/archives.md, "A new key")."""
    from io import StringIO

    from django.core.management import call_command

    with hall(tmp_path):
        (before,) = archives_of(build_demo)
        old = signing.this_install()
        out = StringIO()
        call_command("archive_key", "--rotate", stdout=out)
        new = signing.this_install()
        (after,) = archives_of(build_demo)
    assert new.fingerprint != old.fingerprint and new.name == old.name
    retired = list(tmp_path.glob("hall.pem.retired-*"))
    assert len(retired) == 1 and retired[0].stat().st_size > 0
    assert old.fingerprint in out.getvalue() and new.fingerprint in out.getvalue()
    assert "forget the old key" in out.getvalue()
    import_event(before, importer, season=league_season, confirmed=True, trust_key=True)
    with pytest.raises(RuleError) as refused:
        import_event(after, importer, season=league_season)
    assert refused.value.code == "archive_key_mismatch"
