"""Ratings on the Django side: rebuild them from the released games, and read them for pages.

:func:`rebuild` recomputes every rating from scratch, in the order the games were played (event
date, event, round, table), and replaces the stored history in one transaction: recomputing
gives the same numbers, so running it twice (a task redelivered, the command after the task)
changes nothing. It streams: the games are read in chunks and the points written in batches
(``ratings.writer``), so memory grows with the players, not the games. It is the reference
(``manage.py rebuild_ratings``); after a release, a hide, a correction or an import the worker
recomputes only from the event concerned onward (``ratings.incremental``), with the same
numbers.

Readers never wait on either: the points are replaced by plain DELETE and INSERT in one
transaction (PostgreSQL readers keep reading the rows committed before it; SQLite's WAL lets
them read too), and the advisory lock below is taken by rating writers only.

What counts (docs/ratings.md): confirmed cribbage games of events whose results are released,
between two teams each with at least one player known to the league; not a bye, not a forfeit
(no game was played), nothing of an unreleased event nor of a draft.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q

from tournaments.models import Event, Game, League, Player, RatingPoint, Report
from tournaments.ratings.current import released_points
from tournaments.ratings.engine import RatedGame, RatingEngine, Winner, Z
from tournaments.ratings.writer import PointWriter

# Two rebuilds at once would each delete and insert the whole history: on PostgreSQL the second
# waits for the first (SQLite lets one writer in at a time anyway).
LOCK_KEY = 7_337_001


def lock() -> None:
    """Rating writers one at a time (PostgreSQL; SQLite lets one writer in at a time anyway)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])


def counted_games(
    since: tuple[datetime.date, int] | None = None,
) -> Iterator[tuple[RatedGame, int]]:
    """The games that count, in the order they were played, each with its event's id; with
    ``since`` (an event's date and id), only those of that event and the events after it."""
    later = Q()
    if since is not None:
        date, event = since
        later = Q(round__event__date__gt=date) | Q(
            round__event__date=date, round__event_id__gte=event
        )
    rows = (
        Game.objects.filter(
            later,
            round__event__released_at__isnull=False,
            round__event__published_at__isnull=False,  # a draft counts once published
            round__event__game_type=Event.GameType.CRIBBAGE,
            status=Game.Status.CONFIRMED,
            team_b__isnull=False,
            confirmed_report__isnull=False,
        )
        .exclude(confirmed_report__kind=Report.Kind.FORFEIT)
        .order_by("round__event__date", "round__event_id", "round__number", "table", "pk")
        .values_list(
            "pk",
            "round__event_id",
            "team_a__captain_player_id",
            "team_a__partner_player_id",
            "team_b__captain_player_id",
            "team_b__partner_player_id",
            "confirmed_report__score_a",
            "confirmed_report__score_b",
        )
    )
    for game, event, a1, a2, b1, b2, score_a, score_b in rows.iterator(chunk_size=2000):
        side_a = tuple(p for p in (a1, a2) if p)
        side_b = tuple(p for p in (b1, b2) if p)
        if not side_a or not side_b or set(side_a) & set(side_b):
            continue  # a side nobody knows (names only), or the same person on both: not rated
        winner: Winner = "a" if score_a > score_b else "b" if score_b > score_a else None
        yield RatedGame(game, side_a, side_b, winner), event


@transaction.atomic
def rebuild() -> dict:
    """Recompute every rating from scratch and store the history; returns what was done."""
    lock()
    RatingPoint.objects.all().delete()
    engine = RatingEngine()
    writer = PointWriter()
    position = 0
    for position, (game, event) in enumerate(counted_games(), start=1):
        for point in engine.rate(game):
            writer.add(point, event=event, position=position)
    writer.close()
    return {"games": position, "points": writer.written, "from": 1}


# --- reading them ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rating:
    """A rating as the pages say it: the estimate, and the range the true strength is very
    likely in (± Z sigma)."""

    mu: float
    sigma: float
    games: int

    @property
    def margin(self) -> float:
        return Z * self.sigma

    @property
    def low(self) -> float:
        return self.mu - self.margin

    @property
    def high(self) -> float:
        return self.mu + self.margin


@dataclass(frozen=True)
class HistoryPoint:
    rating: Rating
    event: Event
    game: int
    round: int


@dataclass(frozen=True)
class PairRating:
    partner: Player
    rating: Rating


@dataclass
class PlayerRating:
    now: Rating | None
    history: list[HistoryPoint]
    pairs: list[PairRating]


def _rating(point: RatingPoint) -> Rating:
    return Rating(point.mu, point.sigma, point.games)


def player_rating(player: Player) -> PlayerRating:
    """The player's rating now, its history game by game, and the pairs they formed."""
    points = list(
        released_points()
        .filter(player=player, partner__isnull=True)
        .select_related("event", "game__round")
        .order_by("position")
    )
    history = [HistoryPoint(_rating(p), p.event, p.game_id, p.game.round.number) for p in points]
    pair_points = (
        released_points()
        .filter(Q(player=player) | Q(partner=player), partner__isnull=False, latest=True)
        .select_related("player", "partner")
    )
    pairs = [
        PairRating(p.partner if p.player_id == player.pk else p.player, _rating(p))
        for p in pair_points
    ]
    pairs.sort(key=lambda pair: (-pair.rating.games, pair.partner.name))
    return PlayerRating(history[-1].rating if history else None, history, pairs)


@dataclass(frozen=True)
class LeaderRow:
    rank: int
    player: Player
    rating: Rating


def min_games() -> int:
    """Games a player needs to be on the leaderboard (``RATING_MIN_GAMES``)."""
    return int(getattr(settings, "RATING_MIN_GAMES", 10))


def leaderboard(league: League, minimum: int | None = None) -> list[LeaderRow]:
    """The league's players with ``minimum`` games or more, by the low end of their range (a
    rating must be both high and sure to lead), then by name."""
    minimum = min_games() if minimum is None else minimum
    points = (
        released_points()
        .filter(
            latest=True,
            partner__isnull=True,
            player__league=league,
            player__merged_into__isnull=True,
            games__gte=minimum,
        )
        .select_related("player")
        .order_by("-ordinal", "player__name", "player_id")
    )
    return [
        LeaderRow(rank, point.player, _rating(point)) for rank, point in enumerate(points, start=1)
    ]
