"""Ratings updated from the event concerned onward give exactly the full rebuild's history.

A small league of eight players and five events (two on the same day: the order is then the
event's id), every event played but none released. Hypothesis draws sequences of releases,
hides and corrections, each made through the services as on the site (the worker's update runs
after the commit); after each step the stored history must be, to the last bit, the one the
full rebuild (``manage.py rebuild_ratings``, the reference) writes from scratch.
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.builders.season import build_event
from tournaments.models import Event, Game, League, OutboxTask, Player, RatingPoint, Report, Season
from tournaments.ratings import incremental, service
from tournaments.results import reporting
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db

NAMES = ["Alice", "Bruno", "Carole", "Denis", "Élise", "Francis", "Gisèle", "Henri"]
DATES = [
    datetime.date(2027, 1, 16),
    datetime.date(2027, 2, 20),
    datetime.date(2027, 2, 20),  # the same day as the one before: the event's id decides
    datetime.date(2027, 3, 20),
    datetime.date(2027, 4, 17),
]


def history() -> list[tuple]:
    return list(
        RatingPoint.objects.order_by("player", "partner", "position").values_list(
            "player",
            "partner",
            "game",
            "event",
            "position",
            "games",
            "mu",
            "sigma",
            "ordinal",
            "latest",
        )
    )


def spec(number: int, date: datetime.date, draw: random.Random):
    """Four pairs drawn from the eight players, two rounds of two tables."""
    people = draw.sample(NAMES, 8)
    teams = {f"E{number} T{i}": (people[2 * i], people[2 * i + 1]) for i in range(4)}
    names = list(teams)
    rounds = [
        [(names[0], names[1], draw.randint(60, 120)), (names[2], names[3], draw.randint(60, 120))],
        [(names[0], names[2], draw.randint(60, 120)), (names[1], names[3], draw.randint(60, 120))],
    ]
    return (f"Soirée {number}", date, teams, rounds)


@pytest.fixture
def league(organizer, django_capture_on_commit_callbacks, tasks_in_process):
    draw = random.Random(54)
    league = League.objects.create(name="Ligue du Fjord", slug="fjord", created_by=organizer)
    league.organizers.add(organizer)
    season = Season.objects.create(league=league, name="Saison 2027", slug="2027")
    people = {name: Player.objects.create(league=league, name=name) for name in NAMES}
    with django_capture_on_commit_callbacks(execute=True):
        events = [
            build_event(organizer, season, spec(n, date, draw), people, released=False)
            for n, date in enumerate(DATES)
        ]
    return events


def apply(step: tuple, events: list[Event], organizer) -> None:
    """A step: ("release", n, ...) releases the n-th event not released (modulo how many there
    are), ("hide", n, ...) and ("correct", n, table, score) hide or correct the n-th released."""
    kind, index, table, score = step
    fresh = Event.objects.filter(pk__in=[e.pk for e in events]).order_by("date", "pk")
    candidates = list(fresh.filter(released_at__isnull=(kind == "release")))
    if not candidates:
        return
    event = candidates[index % len(candidates)]
    if kind == "release":
        release(event, organizer)
    elif kind == "hide":
        event.status = "running"  # reopened: a finished event's results stay public
        event.save(update_fields=["status"])
        release(event, organizer, released=False)
    elif kind == "correct":
        event.status = "running"
        event.save(update_fields=["status"])
        game = Game.objects.filter(round__event=event).order_by("round__number", "table")[table]
        desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
        scores = (
            {"score_a": score, "score_b": 121} if score < 121 else {"score_a": 121, "score_b": 90}
        )
        reporting.submit(game, desk, Report.Kind.FINAL, scores)


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["release", "hide", "correct"]),
        st.integers(0, len(DATES) - 1),
        st.integers(0, 3),
        st.integers(60, 121),
    ),
    min_size=1,
    max_size=8,
)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=STEPS)
def test_updating_from_the_event_gives_the_full_rebuilds_history(
    league, organizer, django_capture_on_commit_callbacks, steps
):
    with transaction.atomic():  # each example starts from the league as built
        for step in steps:
            with django_capture_on_commit_callbacks(execute=True):
                apply(step, league, organizer)
            updated = history()
            service.rebuild()
            assert updated == history(), step
        transaction.set_rollback(True)


def test_a_release_rates_only_its_own_games_and_those_after(
    league, organizer, django_capture_on_commit_callbacks
):
    for event in league[:4]:
        with django_capture_on_commit_callbacks(execute=True):
            release(Event.objects.get(pk=event.pk), organizer)
    assert OutboxTask.objects.filter(name="update_ratings").count() == 4
    earlier = list(RatingPoint.objects.filter(event__in=league[:3]).values_list("pk", flat=True))
    with django_capture_on_commit_callbacks(execute=True):
        release(Event.objects.get(pk=league[4].pk), organizer)
    # The four events before it kept their rows (the same ids); only the last one's 4 games
    # were rated.
    assert (
        list(RatingPoint.objects.filter(event__in=league[:3]).values_list("pk", flat=True))
        == earlier
    )
    done = incremental.update(league[4].pk)
    assert done["games"] == 4
    updated = history()
    service.rebuild()
    assert history() == updated


def test_an_event_deleted_since_falls_back_to_the_full_rebuild(league, organizer):
    release(Event.objects.get(pk=league[0].pk), organizer)
    done = incremental.update(999_999)
    assert done["from"] == 1 and done["games"] == 4


def test_hiding_the_last_event_gives_each_player_back_their_point_before_it(
    league, organizer, django_capture_on_commit_callbacks
):
    for step in [("release", 0, 0, 0), ("release", 0, 0, 0), ("hide", 1, 0, 0)]:
        with django_capture_on_commit_callbacks(execute=True):
            apply(step, league, organizer)
    latest = RatingPoint.objects.filter(latest=True, partner__isnull=True)
    assert latest.count() == 8 and set(latest.values_list("event", flat=True)) == {league[0].pk}
    updated = history()
    service.rebuild()
    assert history() == updated


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_pages_read_ratings_while_a_rebuild_runs_on_postgresql(organizer, tasks_in_process):
    """A rebuild holds its transaction open (deleted every point, written half): a page reading
    the ratings meanwhile answers at once, with the history committed before it."""
    import threading
    import time as clock

    from django.db import connection, connections

    from tests.builders.season import build_season
    from tournaments.ratings import writer

    if connection.vendor != "postgresql":
        pytest.skip("DATABASE_URL is not a PostgreSQL URL (embedded SQLite run)")
    _season, people, _events, _hidden = build_season(organizer)
    before = service.player_rating(people["Alice"]).now
    inside, release_it = threading.Event(), threading.Event()
    real_close = writer.PointWriter.close

    def slow_close(self):
        done = real_close(self)
        inside.set()
        release_it.wait(10)  # the transaction stays open, its rows written
        return done

    def rebuild():
        try:
            service.rebuild()
        finally:
            connections.close_all()

    writer.PointWriter.close = slow_close  # type: ignore[method-assign]
    try:
        thread = threading.Thread(target=rebuild)
        thread.start()
        assert inside.wait(10)
        started = clock.perf_counter()
        with connection.cursor() as cursor:
            cursor.execute("SET statement_timeout = 1000")
        now = service.player_rating(people["Alice"]).now
        assert clock.perf_counter() - started < 1
        assert now == before
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SET statement_timeout = 0")
        release_it.set()
        thread.join()
        writer.PointWriter.close = real_close  # type: ignore[method-assign]
    assert service.player_rating(people["Alice"]).now == before
