"""A burst of confirmations queues the standings refresh once per event at a time, not once
each (issue 32, finding 7: 300 confirmations queued 406 refreshes): the refresh reads the
event's latest version when it starts, so it covers every change committed before it; a change
committed after it started queues the next one. On the real database (PostgreSQL in CI), each
confirmation in its own committed transaction as on the site."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tournaments.models import Game, OutboxTask, Report
from tournaments.publishing.caching import fragment_key
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.tasks import refresh_standings

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def queued(monkeypatch) -> list[list]:
    """What reaches the broker (a busy worker: nothing runs yet)."""
    sent: list[list] = []
    monkeypatch.setattr(refresh_standings, "apply_async", lambda args, **kw: sent.append(args))
    return sent


def confirm(game: Game, a: int = 121, b: int = 90) -> None:
    final = Report.Kind.FINAL, {"score_a": a, "score_b": b}
    reporting.submit(game, reporting.Actor(team=game.team_a), *final)
    reporting.submit(game, reporting.Actor(team=game.team_b), *final)


def games_of(event, organizer) -> list[Game]:
    round_ = seating.seat_next_round(event, organizer)
    return list(round_.games.filter(team_b__isnull=False).order_by("table"))


def test_a_burst_queues_one_refresh_per_event_and_a_later_change_its_own(
    make_event, organizer, queued
):
    event = make_event(12)
    games = games_of(event, organizer)
    assert len(games) == 6
    for game in games[:5]:
        confirm(game)
    assert [args[0] for args in queued] == [event.pk]
    assert OutboxTask.objects.filter(name="refresh_standings").count() == 1

    # Another event's confirmation has its own refresh.
    other = make_event(4, name="Tournoi local")
    confirm(games_of(other, organizer)[0])
    assert [args[0] for args in queued] == [event.pk, other.pk]

    # The worker starts the first refresh: it covers the five confirmations (the standings
    # at the event's latest version are in the cache)...
    row = OutboxTask.objects.filter(args=[event.pk]).get()
    assert refresh_standings(event.pk, row.pk)["rows"] == 12
    event.refresh_from_db()
    assert cache.get(fragment_key(event, "standings")) is not None
    # ... and a confirmation after its start queues the next one.
    confirm(games[5])
    assert [args[0] for args in queued] == [event.pk, other.pk, event.pk]


def test_without_the_cache_every_confirmation_still_queues_its_refresh(
    make_event, organizer, queued, monkeypatch
):
    def unreachable(*args, **kwargs):
        raise ConnectionError("Redis is away")

    event = make_event(6)
    games = games_of(event, organizer)
    monkeypatch.setattr(cache, "add", unreachable)
    for game in games[:2]:
        confirm(game)
    assert [args[0] for args in queued] == [event.pk, event.pk]
