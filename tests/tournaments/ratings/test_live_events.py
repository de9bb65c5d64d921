"""Issue 50: a live event (a club night run live) has no release, so its games never counted
for the ratings. Its closing is now its release: its games count once it is closed, reopening
keeps them counted (a correction then updates the ratings), and its results cannot be hidden
while they are live. After every step, the ratings the worker's update left are, to the last
bit, those the full rebuild writes from scratch (the reference)."""

from __future__ import annotations

import datetime
import importlib
from html import unescape

import pytest
from django.apps import apps

from tests.builders.season import build_event
from tests.tournaments.ratings.test_incremental import history
from tournaments.errors import RuleError
from tournaments.events.closing import close_event, reopen_event
from tournaments.models import AuditEntry, Event, Game, League, Player, RatingPoint, Report, Season
from tournaments.ratings import service
from tournaments.results import reporting
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db

NAMES = ["Alice", "Bruno", "Carole", "Denis", "Élise", "Francis", "Gisèle", "Henri"]


def spec(number: int, date: datetime.date):
    teams = {f"E{number} T{i}": (NAMES[2 * i], NAMES[2 * i + 1]) for i in range(4)}
    names = list(teams)
    rounds = [
        [(names[0], names[1], 95), (names[2], names[3], 80)],
        [(names[0], names[2], 100), (names[1], names[3], 70)],
    ]
    return (f"Soirée {number}", date, teams, rounds)


@pytest.fixture
def nights(organizer, django_capture_on_commit_callbacks, tasks_in_process):
    """Two club nights of the same league: the first released the usual way, the second run
    live, every game confirmed, not closed yet."""
    league = League.objects.create(name="Club du mardi", slug="mardi", created_by=organizer)
    league.organizers.add(organizer)
    season = Season.objects.create(league=league, name="Saison 2027", slug="2027")
    people = {name: Player.objects.create(league=league, name=name) for name in NAMES}
    with django_capture_on_commit_callbacks(execute=True):
        first = build_event(organizer, season, spec(1, datetime.date(2027, 1, 12)), people)
        live = build_event(
            organizer, season, spec(2, datetime.date(2027, 1, 19)), people, released=False
        )
    Event.objects.filter(pk=live.pk).update(
        visibility=Event.Visibility.LIVE, status=Event.Status.RUNNING, number_of_games=2
    )
    return first, Event.objects.get(pk=live.pk)


def same_as_rebuild() -> list[tuple]:
    updated = history()
    service.rebuild()
    assert history() == updated
    return updated


def counted(event) -> int:
    return RatingPoint.objects.filter(event=event).values("game").distinct().count()


def run(capture, action):
    with capture(execute=True):
        return action()


def test_a_live_events_games_count_once_it_is_closed(
    nights, organizer, django_capture_on_commit_callbacks
):
    first, live = nights
    assert counted(first) == 4
    assert counted(live) == 0  # live, public, still running: nothing counts yet
    closed = run(django_capture_on_commit_callbacks, lambda: close_event(live, organizer))
    assert closed.released_at == closed.finished_at  # the closing is its release
    assert counted(live) == 4  # the worker's update rated its four games
    assert RatingPoint.objects.filter(latest=True, event=live, partner__isnull=True).count() == 8
    same_as_rebuild()
    entry = AuditEntry.objects.filter(event=live, action="event.close").latest("pk")
    assert entry.after["released_at"] == closed.released_at.isoformat()


def test_reopened_it_keeps_counting_and_a_correction_updates_the_ratings(
    nights, organizer, django_capture_on_commit_callbacks
):
    _first, live = nights
    run(django_capture_on_commit_callbacks, lambda: close_event(live, organizer))
    before = same_as_rebuild()
    reopened = run(
        django_capture_on_commit_callbacks,
        lambda: reopen_event(Event.objects.get(pk=live.pk), organizer, "Score mal inscrit"),
    )
    assert reopened.released_at is not None and counted(live) == 4
    assert history() == before  # reopening changes no rating
    game = Game.objects.filter(round__event=live).order_by("round__number", "table").first()
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    run(
        django_capture_on_commit_callbacks,
        lambda: reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 90, "score_b": 121}),
    )
    after = same_as_rebuild()
    assert after != before  # the winner changed: the ratings followed
    closed_again = run(
        django_capture_on_commit_callbacks,
        lambda: close_event(Event.objects.get(pk=live.pk), organizer),
    )
    assert closed_again.released_at == reopened.released_at  # released once, when first closed
    assert same_as_rebuild() == after


def test_live_results_are_not_hidden_but_can_be_once_no_longer_live(
    nights, organizer, django_capture_on_commit_callbacks
):
    _first, live = nights
    run(django_capture_on_commit_callbacks, lambda: close_event(live, organizer))
    live = run(
        django_capture_on_commit_callbacks,
        lambda: reopen_event(Event.objects.get(pk=live.pk), organizer, "Vérification"),
    )
    with pytest.raises(RuleError) as refused:
        release(live, organizer, released=False)
    assert refused.value.code == "live"
    assert "Hidden until the organizer releases them" in refused.value.message
    assert Event.objects.get(pk=live.pk).released_at is not None and counted(live) == 4
    Event.objects.filter(pk=live.pk).update(visibility=Event.Visibility.AFTER_RELEASE)
    run(
        django_capture_on_commit_callbacks,
        lambda: release(Event.objects.get(pk=live.pk), organizer, released=False),
    )
    assert counted(live) == 0  # hidden: out of the ratings, like any event hidden again
    same_as_rebuild()


def test_an_event_hidden_until_release_is_not_released_by_its_closing(
    nights, organizer, django_capture_on_commit_callbacks
):
    first, _live = nights
    Event.objects.filter(pk=first.pk).update(
        released_at=None, status=Event.Status.RUNNING, number_of_games=2
    )
    with pytest.raises(RuleError) as refused:
        close_event(Event.objects.get(pk=first.pk), organizer)
    assert "The results are not released yet." in refused.value.extra["reasons"]


def test_the_upgrade_releases_the_live_events_closed_before(
    nights, organizer, django_capture_on_commit_callbacks
):
    _first, live = nights
    closed_at = datetime.datetime(2027, 1, 19, 22, 30, tzinfo=datetime.UTC)
    Event.objects.filter(pk=live.pk).update(status=Event.Status.FINISHED, finished_at=closed_at)
    migration = importlib.import_module("tournaments.migrations.0017_smallpoints_live_released")
    migration.release_closed_live_events(apps, None)
    assert Event.objects.get(pk=live.pk).released_at == closed_at
    from tournaments.models import OutboxTask

    assert OutboxTask.objects.filter(name="rebuild_ratings", done_at__isnull=True).exists()
    service.rebuild()  # what the queued task does
    assert counted(live) == 4


def test_the_dashboard_says_when_a_live_events_games_count(
    nights, organizer, django_capture_on_commit_callbacks
):
    from django.test import Client

    _first, live = nights
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(organizer)
    html = unescape(client.get(f"/organize/{live.slug}/").content.decode())
    assert "quand vous clôturerez l'événement (clôturer un événement en direct publie" in html
    assert "Cacher de nouveau" not in html
    run(django_capture_on_commit_callbacks, lambda: close_event(live, organizer))
    html = client.get(f"/organize/{live.slug}/").content.decode()
    assert "Ses parties comptent pour les cotes des joueurs." in html


def test_an_older_halls_archive_of_a_closed_live_event_is_released_here(organizer):
    """A hall from before issue 50 closed a live event without recording its release: imported
    here, its closing is its release, as for the site's own live events."""
    from tests.tournaments.archives.test_transfer import archives_of, grant_somewhere, resign
    from tournaments.archives.store import release_of
    from tournaments.archives.transfer import import_event

    def build():
        league = League.objects.create(name="Club du jeudi", slug="jeudi", created_by=organizer)
        league.organizers.add(organizer)
        season = Season.objects.create(league=league, name="Saison 2027", slug="2027")
        people = {name: Player.objects.create(league=league, name=name) for name in NAMES}
        event = build_event(
            organizer, season, spec(3, datetime.date(2027, 2, 2)), people, released=False
        )
        Event.objects.filter(pk=event.pk).update(
            visibility=Event.Visibility.LIVE, status=Event.Status.RUNNING, number_of_games=2
        )
        return close_event(Event.objects.get(pk=event.pk), organizer)

    (document,) = archives_of(build)
    closed_at = document["event"]["finished_at"]
    assert document["event"]["released_at"] == closed_at  # this site records it
    document["event"]["released_at"] = None  # as an older hall wrote it
    assert release_of(document["event"]) == closed_at
    grant_somewhere(organizer)
    imported = import_event(resign(document), organizer, confirmed=True).event
    assert imported.released_at is not None
    assert imported.released_at == imported.finished_at
    hidden = dict(document["event"], visibility="release")  # not live: no release implied
    assert release_of(hidden) is None
