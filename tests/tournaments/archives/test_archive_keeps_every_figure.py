"""Two ways an event carried to the central site showed other figures than at the hall (found
by an audit comparing every output before and after an archive's import):

- a late team whose missed rounds count as byes (the FADOQ way) had 359 points at the hall and
  269 once imported: the archive did not carry when it joined nor what its missed rounds count;
- an event where a captain declared a 28 with a final score could not be imported at all (the
  import rebuilt the report without its declared hand and called it tampered with).
"""

from __future__ import annotations

import pytest
from django.db import transaction

from accounts.models import EventRole
from accounts.roles import grant
from tournaments.archives.transfer import checksum, export_event, import_event
from tournaments.events.teams import add_team
from tournaments.models import Event, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import compute, release

pytestmark = pytest.mark.django_db

TWENTY_EIGHT = {"side": "b", "cards": "5S 5H 5C 5D", "starter": "KH", "count": 28}


def play(round_, organizer, declared=None) -> None:
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    for n, game in enumerate(round_.games.exclude(team_b=None).order_by("table")):
        payload = {"score_a": 121, "score_b": 60 + 10 * n}
        if declared and n == 0:
            payload = {"score_a": 85, "score_b": 121, "declared": [declared]}
        reporting.submit(game, desk, Report.Kind.FINAL, payload)


def elsewhere(build) -> dict:
    """The event's archive, built as on the hall's laptop (rolled back here)."""
    with transaction.atomic():
        event = build()
        archive = export_event(event)
        figures = {row.team: dict(row.metrics) for row in compute(event).standings.rows}
        names = {t.pk: t.name for t in event.teams.all()}
        transaction.set_rollback(True)
    archive["_figures"] = {names[pk]: values for pk, values in figures.items()}
    return archive


@pytest.fixture
def importer(organizer):
    other = Event.objects.create(name="Ailleurs", slug="ailleurs", date="2026-01-01")
    grant(organizer, other, EventRole.Role.ORGANIZER)
    return organizer


def imported_figures(archive, importer) -> dict:
    expected = archive.pop("_figures")
    event = import_event(archive, importer, trusted=True, confirmed=True).event
    names = {t.pk: t.name for t in event.teams.all()}
    got = {names[row.team]: dict(row.metrics) for row in compute(event).standings.rows}
    return expected, got, event


def test_a_late_team_keeps_its_byes_once_imported(make_event, organizer, importer):
    def build():
        event = make_event(6, bye_points=None)
        play(seating.seat_next_round(event, organizer), organizer)
        add_team(
            event, organizer, name="Les Retardataires", captain="Rita", partner="Paul",
            missed_rounds="bye",
        )  # fmt: skip
        for _ in range(2):
            play(seating.seat_next_round(event, organizer), organizer)
        release(event, organizer)
        return event

    archive = elsewhere(build)
    late = next(t for t in archive["teams"] if t["name"] == "Les Retardataires")
    assert (late["joined_round"], late["missed_rounds"]) == (2, "bye")
    expected, got, event = imported_figures(archive, importer)
    assert got == expected  # every figure of every team, the late team's byes included
    assert got["Les Retardataires"]["byes"] >= 1
    team = event.teams.get(name="Les Retardataires")
    assert (team.joined_round, team.missed_rounds) == (2, "bye")


def test_an_older_archive_without_the_late_fields_still_imports(make_event, organizer, importer):
    archive = elsewhere(lambda: _small(make_event, organizer))
    archive.pop("_figures")
    for team in archive["teams"]:
        team.pop("joined_round"), team.pop("missed_rounds")
    archive.pop("signature", None)
    archive["checksum"] = checksum(archive)
    event = import_event(archive, importer, trusted=True, confirmed=True).event
    assert {t.joined_round for t in event.teams.all()} == {None}


def test_an_event_with_a_declared_hand_is_imported_with_it(make_event, organizer, importer):
    def build():
        return _small(make_event, organizer, declared=TWENTY_EIGHT)

    archive = elsewhere(build)
    expected, got, event = imported_figures(archive, importer)
    assert got == expected
    (report,) = [
        r for r in Report.objects.filter(game__round__event=event) if r.detail.get("declared")
    ]
    assert report.detail["declared"][0]["count"] == 28


def _small(make_event, organizer, declared=None) -> Event:
    event = make_event(4)
    play(seating.seat_next_round(event, organizer), organizer, declared)
    release(event, organizer)
    return event


def test_a_declared_hand_edited_in_the_file_is_still_refused(make_event, organizer, importer):
    archive = elsewhere(lambda: _small(make_event, organizer, TWENTY_EIGHT))
    archive.pop("_figures")
    for game in archive["games"]:
        for report in game["reports"]:
            if report["detail"].get("declared"):
                report["detail"]["declared"][0]["count"] = 29  # a 28 made a 29 by hand
    archive.pop("signature", None)
    archive["checksum"] = checksum(archive)
    with pytest.raises(Exception) as refused:
        import_event(archive, importer, trusted=True, confirmed=True)
    assert "28" in str(refused.value) or "29" in str(refused.value)
    assert not Event.objects.filter(name="Tournoi régional").exists()
