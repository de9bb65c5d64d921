"""Writing rating points as they come, in batches, with bounded memory.

The engine gives a point per player (and pair) after each game; a rebuild of a federation's
decade gives millions of them. :class:`PointWriter` keeps only the last point of each player
and pair in memory (the one that may still be the ``latest``), writes every earlier one in
batches as soon as a newer one supersedes it, and writes the last ones, marked ``latest``, when
closed: memory grows with the number of players and pairs, never with the number of games.
Layer 2: the models and the engine's records only.
"""

from __future__ import annotations

from tournaments.models import RatingPoint
from tournaments.ratings.engine import Point

Key = tuple[int, int | None]  # (player, None) for a player, (player, partner) for a pair

BATCH = 2000


class PointWriter:
    """Stores points in the order given; ``close()`` writes the last of each, marked latest."""

    def __init__(self, batch: int = BATCH) -> None:
        self.batch = batch
        self.pending: dict[Key, RatingPoint] = {}
        self.buffer: list[RatingPoint] = []
        self.written = 0

    def add(self, point: Point, *, event: int, position: int) -> None:
        key = (point.player, point.partner)
        row = RatingPoint(
            player_id=point.player,
            partner_id=point.partner,
            game_id=point.game,
            event_id=event,
            position=position,
            games=point.games,
            mu=point.mu,
            sigma=point.sigma,
            ordinal=point.low,
        )
        previous = self.pending.get(key)
        if previous is not None:
            self.buffer.append(previous)
            if len(self.buffer) >= self.batch:
                self.flush()
        self.pending[key] = row

    def flush(self) -> None:
        if self.buffer:
            RatingPoint.objects.bulk_create(self.buffer, batch_size=self.batch)
            self.written += len(self.buffer)
            self.buffer = []

    def close(self) -> set[Key]:
        """Write what is left, the last point of each player and pair marked ``latest``;
        returns the players and pairs written."""
        self.flush()
        for row in self.pending.values():
            row.latest = True
            self.buffer.append(row)
            if len(self.buffer) >= self.batch:
                self.flush()
        self.flush()
        return set(self.pending)
