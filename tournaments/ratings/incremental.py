"""Ratings updated from the event concerned onward, not rebuilt from scratch.

A release, a hide, a correction or an import changes the games of one event (a merge of two
players, those of the duplicate's first event onward). Every game played before that event is
rated as it was: :func:`update` keeps their points, reads each player's and pair's state just
before the event (their last point before it), deletes the points from the event onward and
rates those games again, in the same order and from the same stored numbers as the full
rebuild (``service.rebuild``), so both give the same history to the last bit (a hypothesis test
checks it on random sequences of releases, corrections and hides). Releasing tonight's club
night rates tonight's games only, however long the league's history.

The games are read in chunks and the points written in batches: memory grows with the players
and pairs of the chunk, not with the games recomputed.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator
from itertools import islice

from django.db import transaction
from django.db.models import Max, Min, Q

from tournaments.models import Event, RatingPoint
from tournaments.ratings import service
from tournaments.ratings.engine import RatedGame, RatingEngine, Skill, pair_of
from tournaments.ratings.writer import Key, PointWriter

CHUNK = 1000  # games read at a time (their players' states are loaded in one go)


@transaction.atomic
def update(event_id: int) -> dict:
    """Rate again the games of ``event_id``'s event and of every event after it (by date, then
    id); returns what was done. No such event (deleted since): the full rebuild."""
    start = Event.objects.filter(pk=event_id).values_list("date", flat=True).first()
    if start is None:
        return service.rebuild()
    service.lock()
    since = (start, event_id)
    first = _first_position(start, event_id)
    orphans = set(
        RatingPoint.objects.filter(position__gte=first, latest=True).values_list(
            "player", "partner"
        )
    )
    RatingPoint.objects.filter(position__gte=first).delete()
    engine = RatingEngine()
    writer = PointWriter()
    before: dict[Key, tuple[int, bool]] = {}  # the point just before: (id, latest)
    position = first - 1
    for chunk in _chunks(service.counted_games(since), CHUNK):
        _load(engine, before, first, _keys(chunk, engine))
        for game, event in chunk:
            position += 1
            for point in engine.rate(game):
                writer.add(point, event=event, position=position)
    touched = writer.close()
    # A player's (or pair's) point just before the event is the latest no more if they played
    # since; it is again if their later points are gone and no new one came (an event hidden).
    superseded = [row for key, (row, latest) in before.items() if latest and key in touched]
    _set_latest(superseded, False)
    returning = orphans - touched
    found: dict[Key, tuple[int, bool]] = {}
    _load(RatingEngine(), found, first, returning)
    _set_latest([row for row, _latest in found.values()], True)
    return {"games": position - first + 1, "points": writer.written, "from": first}


def _first_position(date: datetime.date, event_id: int) -> int:
    """The position of the first point of this event or a later one: where rating starts
    again (after the last point if there is none)."""
    later = Event.objects.filter(Q(date__gt=date) | Q(date=date, pk__gte=event_id)).values("pk")
    first = RatingPoint.objects.filter(event_id__in=later).aggregate(first=Min("position"))
    if first["first"] is not None:
        return int(first["first"])
    last = RatingPoint.objects.aggregate(last=Max("position"))["last"]
    return int(last or 0) + 1


def _chunks(
    games: Iterator[tuple[RatedGame, int]], size: int
) -> Iterator[list[tuple[RatedGame, int]]]:
    while chunk := list(islice(games, size)):
        yield chunk


def _keys(chunk: list[tuple[RatedGame, int]], engine: RatingEngine) -> set[Key]:
    """The players and pairs of these games the engine has not met yet."""
    keys: set[Key] = set()
    for game, _event in chunk:
        for side in (game.side_a, game.side_b):
            keys.update((p, None) for p in side if p not in engine.players)
            pair = pair_of(side)
            if pair is not None and pair not in engine.pairs:
                keys.add(pair)
    return keys


def _load(
    engine: RatingEngine, before: dict[Key, tuple[int, bool]], first: int, keys: Iterable[Key]
) -> None:
    """Give the engine each player's and pair's state just before ``first`` (their last point
    before it); those never rated before start new, as in the full rebuild."""
    keys = set(keys)
    players = {p for p, partner in keys if partner is None}
    pairs = {key for key in keys if key[1] is not None}
    earlier = RatingPoint.objects.filter(position__lt=first)
    found = []
    if players:
        mine = earlier.filter(partner__isnull=True, player_id__in=players)
        last = dict(
            mine.values("player").annotate(last=Max("position")).values_list("player", "last")
        )
        rows = mine.filter(position__in=set(last.values())).values_list(
            "pk", "player", "partner", "position", "games", "mu", "sigma", "latest"
        )
        found += [row for row in rows if last.get(row[1]) == row[3]]
    if pairs:
        ours = earlier.filter(
            player_id__in={a for a, _b in pairs}, partner_id__in={b for _a, b in pairs}
        )
        lasts = {
            (a, b): last
            for a, b, last in ours.values("player", "partner")
            .annotate(last=Max("position"))
            .values_list("player", "partner", "last")
            if (a, b) in pairs
        }
        rows = ours.filter(position__in=set(lasts.values())).values_list(
            "pk", "player", "partner", "position", "games", "mu", "sigma", "latest"
        )
        found += [row for row in rows if lasts.get((row[1], row[2])) == row[3]]
    for pk, player, partner, _position, games, mu, sigma, latest in found:
        rating = Skill(mu, sigma)
        if partner is None:
            engine.players[player] = rating
        else:
            engine.pairs[(player, partner)] = rating
        engine.games[(player, partner)] = games
        before[(player, partner)] = (pk, latest)


def _set_latest(ids: list[int], latest: bool) -> None:
    for start in range(0, len(ids), 2000):
        RatingPoint.objects.filter(pk__in=ids[start : start + 2000]).update(latest=latest)
