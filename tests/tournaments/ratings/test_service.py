"""Ratings from the stored games: what counts, the order, the rebuild after each release.

The season of ``tests/builders/season.py``: three released events (four teams, two rounds, so
12 games), a fourth not released. The expected numbers come from a direct openskill call with
the parameters docs/ratings.md documents, over the games in the order the builder lists them.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from openskill.models import BradleyTerryFull

from tests.builders.season import EVENTS, build_season
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team, withdraw_team
from tournaments.models import Game, OutboxTask, RatingPoint, Report, Round
from tournaments.ratings import service
from tournaments.results import forfeits, reporting
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db

MODEL = BradleyTerryFull(mu=25.0, sigma=25 / 3, beta=40.0, tau=25 / 300)


def expected_ratings(events=EVENTS) -> dict[str, tuple[float, float, int]]:
    """Name → (mu, sigma, games) by openskill itself, the games in the builder's order."""
    people: dict[str, object] = {}
    games: dict[str, int] = {}
    for _name, _date, teams, rounds in events:
        for tables in rounds:
            for winner, loser, _score in tables:
                sides = [list(teams[winner]), list(teams[loser])]
                rated = MODEL.rate(
                    [[people.setdefault(p, MODEL.rating()) for p in side] for side in sides],
                    ranks=[0, 1],
                )
                for side, after in zip(sides, rated, strict=True):
                    for person, rating in zip(side, after, strict=True):
                        people[person] = rating
                        games[person] = games.get(person, 0) + 1
    return {p: (r.mu, r.sigma, games[p]) for p, r in people.items()}  # type: ignore[attr-defined]


@pytest.fixture
def season(organizer, django_capture_on_commit_callbacks, tasks_in_process):
    with django_capture_on_commit_callbacks(execute=True):
        return build_season(organizer)


def test_every_released_game_rates_its_players_as_openskill_does(season):
    _season, people, events, hidden = season
    expected = expected_ratings()
    for name, (mu, sigma, games) in expected.items():
        now = service.player_rating(people[name]).now
        assert now is not None, name
        assert (now.mu, now.sigma, now.games) == pytest.approx((mu, sigma, games), abs=1e-9)
    # Alice played 6 released games (the unreleased event's game is not among them).
    assert service.player_rating(people["Alice"]).now.games == 6
    assert not RatingPoint.objects.filter(event=hidden).exists()
    # The history is in game order, one point a game, the event's date first.
    history = service.player_rating(people["Alice"]).history
    assert [p.event for p in history] == [events[0]] * 2 + [events[1]] * 2 + [events[2]] * 2
    assert [p.rating.games for p in history] == [1, 2, 3, 4, 5, 6]


def test_a_pair_has_its_own_rating_whatever_its_name(season):
    _season, people, _events, _hidden = season
    carole, denis = people["Carole"], people["Denis"]
    pairs = {p.partner.name: p.rating for p in service.player_rating(carole).pairs}
    # "Les Rois" then "Les Nouveaux Rois": one pair, 4 games (2 in January, 2 in February).
    assert pairs["Denis"].games == 4
    assert {p.partner.name for p in service.player_rating(people["Élise"]).pairs} == {
        "Francis",
        "Gisèle",
    }
    # Played 1 win 1 loss, then 2 wins: above the start.
    assert pairs["Denis"].mu > 25
    assert RatingPoint.objects.filter(player=min(carole, denis, key=lambda p: p.pk)).exists()


def test_rebuilding_gives_the_same_numbers(season):
    def snapshot():
        return list(
            RatingPoint.objects.order_by("player", "partner", "position").values_list(
                "player", "partner", "game", "position", "games", "mu", "sigma", "ordinal", "latest"
            )
        )

    first = snapshot()
    assert len(first) > 0
    service.rebuild()
    assert snapshot() == first
    call_command("rebuild_ratings", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert snapshot() == first


@pytest.mark.django_db(transaction=True)
def test_released_once_rated_once_and_only_released_events_count(
    organizer, tasks_in_process, monkeypatch
):
    """Each release commits on its own, as on the site: its work is sent after the commit. The
    worker rates again from the released (or hidden) event onward (ratings.incremental)."""
    from tournaments.ratings import incremental

    runs = []
    real = incremental.update
    monkeypatch.setattr(incremental, "update", lambda event: runs.append(event) or real(event))
    _season, people, events, hidden = build_season(organizer)
    assert runs == [e.pk for e in events]  # three events released, one update each, from it
    assert OutboxTask.objects.filter(name="update_ratings", done_at__isnull=False).count() == 3
    alice_before = service.player_rating(people["Alice"]).now

    # A result confirmed in the unreleased event (reopened): nothing to rebuild, nothing counted.
    hidden.status = "running"
    hidden.save(update_fields=["status"])
    game = Game.objects.filter(round__event=hidden).order_by("table").first()
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 70})
    assert len(runs) == 3
    assert service.player_rating(people["Alice"]).now == alice_before

    # Released: rated once, and Alice's seventh game counts.
    release(hidden, organizer)
    assert len(runs) == 4
    assert service.player_rating(people["Alice"]).now.games == 7

    # Hidden again: rated once more, the game no longer counts.
    hidden.refresh_from_db()
    release(hidden, organizer, released=False)
    assert len(runs) == 5
    assert service.player_rating(people["Alice"]).now == alice_before


def test_a_correction_in_a_released_event_rebuilds(
    season, organizer, django_capture_on_commit_callbacks
):
    _season, people, events, _hidden = season
    game = Game.objects.filter(round__event=events[0], round__number=1, table=1).get()
    before = service.player_rating(people["Alice"]).now
    events[0].status = "running"  # reopened to correct it
    events[0].save(update_fields=["status"])
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    with django_capture_on_commit_callbacks(execute=True):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 100, "score_b": 121})
    after = service.player_rating(people["Alice"]).now
    assert after.games == before.games and after.mu < before.mu  # Les As lost it after all


def test_byes_and_forfeits_are_not_games(
    organizer, django_capture_on_commit_callbacks, tasks_in_process
):
    with django_capture_on_commit_callbacks(execute=True):
        season, people, _events, _hidden = build_season(organizer)
    event = create_event(
        organizer, name="Omnium de mai", date=datetime.date(2027, 5, 15), seed=3, season=season
    )
    pairs = [("Alice", "Bruno"), ("Carole", "Denis"), ("Élise", "Francis")]
    teams = [
        add_team(
            event, organizer, name=f"Équipe {a}", captain_player=people[a], partner_player=people[b]
        )
        for a, b in pairs
    ]
    round_ = Round.objects.create(event=event, number=1, movement="winners_stay")
    played = Game.objects.create(round=round_, table=1, team_a=teams[0], team_b=teams[1])
    Game.objects.create(round=round_, team_a=teams[2], team_b=None, status=Game.Status.BYE)
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    reporting.submit(played, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 99})
    round_2 = Round.objects.create(event=event, number=2, movement="winners_stay")
    forfeited = Game.objects.create(round=round_2, table=1, team_a=teams[2], team_b=teams[1])
    Game.objects.create(round=round_2, team_a=teams[0], team_b=None, status=Game.Status.BYE)
    withdraw_team(teams[1], organizer)
    forfeits.award_forfeit(forfeited, desk)
    before = {p: service.player_rating(people[p]).now.games for p in ("Alice", "Carole", "Élise")}
    with django_capture_on_commit_callbacks(execute=True):
        release(event, organizer)
    after = {p: service.player_rating(people[p]).now.games for p in ("Alice", "Carole", "Élise")}
    # The one game played counts for Alice and Carole; Élise's bye and forfeit win do not.
    assert after == {
        "Alice": before["Alice"] + 1,
        "Carole": before["Carole"] + 1,
        "Élise": before["Élise"],
    }
    assert not RatingPoint.objects.filter(game=forfeited).exists()


def test_the_leaderboard_lists_players_with_the_minimum_of_games(season, settings):
    _season, people, _events, _hidden = season
    league = people["Alice"].league
    settings.RATING_MIN_GAMES = 6
    listed = [row.player.name for row in service.leaderboard(league)]
    # Counted by hand: Alice, Bruno, Élise and Gisèle came to the three released events (6
    # games); the others to two (4 games).
    assert sorted(listed) == ["Alice", "Bruno", "Gisèle", "Élise"]
    rows = service.leaderboard(league)
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    lows = [r.rating.low for r in rows]
    assert lows == sorted(lows, reverse=True)
    settings.RATING_MIN_GAMES = 4
    assert len(service.leaderboard(league)) == 10


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_rebuilds_at_once_wait_for_each_other_on_postgresql(organizer, tasks_in_process):
    """A task redelivered while the first still runs: the second waits (an advisory lock), and
    the history is whole and the same, not doubled nor half deleted."""
    import threading

    from django.db import connection, connections

    if connection.vendor != "postgresql":
        pytest.skip("DATABASE_URL is not a PostgreSQL URL (embedded SQLite run)")
    build_season(organizer)
    service.rebuild()

    def history():
        return list(
            RatingPoint.objects.order_by("player", "partner", "game").values_list(
                "player", "partner", "game", "mu"
            )
        )

    expected = history()
    failures: list[BaseException] = []

    def run():
        try:
            service.rebuild()
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert history() == expected


def test_a_merge_puts_the_duplicates_games_on_one_rating(
    season, organizer, django_capture_on_commit_callbacks
):
    from tests.builders.season import build_event
    from tournaments.leagues.players import merge
    from tournaments.models import Player

    league_season, people, _events, _hidden = season
    twice = Player.objects.create(league=league_season.league, name="Alice T.")
    spec = (
        "Omnium de juin",
        datetime.date(2027, 6, 19),
        {"Les Doubles": ("Alice T.", "Henri"), "Les Rois": ("Carole", "Denis")},
        [[("Les Doubles", "Les Rois", 90)]],
    )
    with django_capture_on_commit_callbacks(execute=True):
        build_event(organizer, league_season, spec, {**people, "Alice T.": twice})
    assert service.player_rating(people["Alice"]).now.games == 6
    with django_capture_on_commit_callbacks(execute=True):
        merge(twice, people["Alice"], organizer)
    assert service.player_rating(people["Alice"]).now.games == 7
    # Updated from the duplicate's first event onward: the full rebuild's history exactly.
    updated = list(RatingPoint.objects.order_by("player", "partner", "position").values())
    service.rebuild()
    fresh = list(RatingPoint.objects.order_by("player", "partner", "position").values())
    assert [{**p, "id": 0} for p in updated] == [{**p, "id": 0} for p in fresh]
