"""Issue 25, carrying archives: a game corrected differently at the hall and on the central
site is shown to a league organizer, who chooses which version stands (both are kept, the
audit log says who chose); the rest of the archive is imported with it. A re-import after the
hall closed the event again keeps the later closing. A file that is not an archive says so."""

from __future__ import annotations

import datetime
import io
import json
import zipfile

import pytest
from django.core.management import CommandError, call_command

from tests.builders.archive_rows import build_demo, later_changes
from tests.tournaments.archives.test_transfer import archives_of, grant_somewhere, snapshot
from tournaments.archives.transfer import ArchiveDiverged, dumps, import_event
from tournaments.audit import describe
from tournaments.errors import RuleError
from tournaments.models import ArchiveSettlement, AuditEntry, Event, Game, Report
from tournaments.results import reporting


@pytest.fixture
def importer(organizer):
    grant_somewhere(organizer)
    return organizer


@pytest.fixture
def demo_archives(db):
    return archives_of(build_demo, later_changes)


def first_game(event) -> Game:
    return Game.objects.filter(round__event=event, round__number=1).order_by("table").first()


def correct_here(event, user, score=(121, 100)) -> Report:
    """The central site's desk corrects the game the hall also corrected, differently."""
    desk = reporting.Actor(user=user, channel=Report.Channel.OFFICIAL, client="test")
    outcome = reporting.submit(
        first_game(event),
        desk,
        Report.Kind.FINAL,
        {"score_a": score[0], "score_b": score[1]},
        idempotency_key="central-correction",
        note="Corrigé au siège",
    )
    return outcome.report


def diverge(demo_archives, importer):
    """Imported once; then both sites corrected round 1, table 1 (the hall by sheet,
    121–85; here by final score, 121–100)."""
    event = import_event(demo_archives[0], importer).event
    mine = correct_here(event, importer)
    return event, mine


@pytest.fixture
def diverged(demo_archives, importer):
    return diverge(demo_archives, importer)


def test_both_corrections_are_shown_and_nothing_is_imported(diverged, demo_archives, importer):
    event, mine = diverged
    before = snapshot()
    with pytest.raises(ArchiveDiverged) as refused:
        import_event(demo_archives[1], importer)
    assert snapshot() == before
    (game,) = refused.value.divergences
    assert (game.round, game.table) == (1, 1) and game.game_id == first_game(event).pk
    assert [(v.version, v.score_a, v.score_b, v.counts) for v in game.here] == [
        (mine.version, 121, 100, True)
    ]
    assert [(v.score_a, v.score_b, v.counts) for v in game.there] == [(121, 85, True)]
    assert "Bernard" in game.there[0].who  # the hall's official
    assert game.there[0].when != game.here[0].when
    assert refused.value.may_settle
    assert "round 1, table 1" in refused.value.message


def test_the_archive_version_chosen_stands_both_are_kept(diverged, demo_archives, importer):
    event, mine = diverged
    game = first_game(event)
    result = import_event(demo_archives[1], importer, choices={game.pk: "archive"})
    assert not result.up_to_date
    game.refresh_from_db()
    scores = list(game.reports.order_by("version").values_list("version", "score_a", "score_b"))
    # Nothing overwritten: this site's 121–100 stays version 3, the hall's 121–85 follows.
    assert scores[-2:] == [(3, 121, 100), (4, 121, 85)]
    assert (game.confirmed_report.score_a, game.confirmed_report.score_b) == (121, 85)
    # The rest of the archive came too: the dispute settled, the release.
    assert Event.objects.get(pk=event.pk).released_at is not None
    entry = AuditEntry.objects.get(event=event, action="result.archive_settle")
    assert entry.actor == importer and entry.after["stands"] == "archive"
    text = describe(entry).text
    assert "121–85" in text and "121–100" in text and "kept" in text
    # The same archive again: nothing new, the choice holds (no second question).
    again = import_event(demo_archives[1], importer)
    assert again.up_to_date
    assert ArchiveSettlement.objects.filter(game=game).count() == 1


def test_this_sites_version_chosen_stands(diverged, demo_archives, importer):
    event, mine = diverged
    game = first_game(event)
    import_event(demo_archives[1], importer, choices={game.pk: "here"})
    game.refresh_from_db()
    assert game.confirmed_report == mine
    assert game.reports.filter(score_a=121, score_b=85).exists()  # kept in the history
    assert import_event(demo_archives[1], importer).up_to_date
    game.refresh_from_db()
    assert game.confirmed_report == mine


def test_only_a_league_organizer_may_choose(diverged, demo_archives, importer, other_organizer):
    """The event is in no season here: its organizers choose; another organizer cannot."""
    from accounts.roles import grant

    event, _mine = diverged
    game = first_game(event)
    grant(other_organizer, event, "official")
    with pytest.raises(RuleError):
        import_event(demo_archives[1], other_organizer, choices={game.pk: "archive"})
    assert not ArchiveSettlement.objects.exists()


def test_the_command_lists_conflicts_and_takes_a_choice(diverged, demo_archives, tmp_path):
    event, _mine = diverged
    path = tmp_path / "later.json"
    path.write_text(dumps(demo_archives[1]), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(path), "--confirm")
    assert "1:1" in str(refused.value) and "121–85" in str(refused.value)
    out = io.StringIO()
    call_command("import_event", str(path), "--confirm", "--keep", "1:1=archive", stdout=out)
    assert first_game(event).confirmed_report.score_b == 85


# --- closed again at the hall -------------------------------------------------------------------


CLOSED = datetime.datetime(2026, 11, 21, 22, 0, tzinfo=datetime.UTC)


def closed(event):
    """Closed at the hall (set directly: closing's own checks are tested in events/)."""
    Event.objects.filter(pk=event.pk).update(status="finished", finished_at=CLOSED)
    return Event.objects.get(pk=event.pk)


def reopened_and_closed_again(event):
    """The hall reopened the event for a forgotten sheet and closed it two hours later."""
    Event.objects.filter(pk=event.pk).update(
        status="finished", finished_at=CLOSED + datetime.timedelta(hours=2)
    )


def test_a_reimport_after_the_hall_closed_again_keeps_the_later_closing(db, importer):
    first, later = archives_of(lambda: closed(build_demo()), reopened_and_closed_again)
    event = import_event(first, importer).event
    assert event.finished_at == CLOSED
    result = import_event(later, importer)
    assert not result.up_to_date
    event.refresh_from_db()
    assert event.finished_at == CLOSED + datetime.timedelta(hours=2)
    # The older archive afterwards does not take the closing back.
    import_event(first, importer)
    event.refresh_from_db()
    assert event.finished_at == CLOSED + datetime.timedelta(hours=2)


# --- not an archive -----------------------------------------------------------------------------


def zipped() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("photo.txt", "pas une archive")
    return buffer.getvalue()


@pytest.mark.parametrize(
    "data",
    [
        json.dumps({"hello": "world"}).encode(),
        b"[1, 2, 3]",
        b'"texte"',
        b"bonjour, ceci n'est pas du JSON",
        zipped(),
        json.dumps({"schema": "autre.chose", "schema_version": 1}).encode(),
    ],
    ids=["hello-world", "list", "string", "not-json", "zip", "other-schema"],
)
def test_a_file_that_is_not_an_archive_says_so(data, importer):
    with pytest.raises(RuleError) as refused:
        import_event(data, importer)
    message = refused.value.message
    assert "not a Huche event archive" in message, message
    assert "None" not in message


def test_the_command_says_a_file_is_not_an_archive(tmp_path):
    path = tmp_path / "bonjour.json"
    path.write_text('{"hello": "world"}', encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_event", str(path))
    assert "not a Huche event archive" in str(refused.value)
    assert "None" not in str(refused.value)
