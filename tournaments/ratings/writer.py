"""Writing rating points as they come, in batches, with bounded memory.

The engine gives a point per player (and pair) after each game; a rebuild of a federation's
decade gives millions of them. :class:`PointWriter` keeps only the last point of each player
and pair in memory (the one that may still be the ``latest``), writes every earlier one in
batches as soon as a newer one supersedes it, and writes the last ones, marked ``latest``, when
closed: memory grows with the number of players and pairs, never with the number of games.
Layer 2: the models and the engine's records only.
"""

from __future__ import annotations

from django.db import connection

from tournaments.models import RatingPoint
from tournaments.ratings.engine import Point

Key = tuple[int, int | None]  # (player, None) for a player, (player, partner) for a pair
Row = list  # the columns of COLUMNS, in order

BATCH = 2000
# Written with PostgreSQL's COPY (SQLite, the hall's: one INSERT run over the batch), not
# bulk_create: at a million games building the model instances and Django's SQL for each cost
# three times the rating itself, and COPY sends the rows as one stream, not one statement each.
COLUMNS = [
    "player_id",
    "partner_id",
    "game_id",
    "event_id",
    "position",
    "games",
    "mu",
    "sigma",
    "ordinal",
    "latest",
]


class PointWriter:
    """Stores points in the order given; ``close()`` writes the last of each, marked latest."""

    def __init__(self, batch: int = BATCH) -> None:
        self.batch = batch
        self.pending: dict[Key, Row] = {}
        self.buffer: list[Row] = []
        self.written = 0
        table = connection.ops.quote_name(RatingPoint._meta.db_table)
        names = ", ".join(connection.ops.quote_name(c) for c in COLUMNS)
        marks = ", ".join(["%s"] * len(COLUMNS))
        self.sql = f"INSERT INTO {table} ({names}) VALUES ({marks})"
        self.copy_sql = (
            f"COPY {table} ({names}) FROM STDIN" if connection.vendor == "postgresql" else None
        )

    def add(self, point: Point, *, event: int, position: int) -> None:
        key = (point.player, point.partner)
        row = [
            point.player,
            point.partner,
            point.game,
            event,
            position,
            point.games,
            point.mu,
            point.sigma,
            point.low,
            False,
        ]
        previous = self.pending.get(key)
        if previous is not None:
            self.buffer.append(previous)
            if len(self.buffer) >= self.batch:
                self.flush()
        self.pending[key] = row

    def flush(self) -> None:
        if self.buffer:
            with connection.cursor() as cursor:
                if self.copy_sql is None:
                    cursor.executemany(self.sql, self.buffer)
                else:
                    with cursor.copy(self.copy_sql) as copy:  # psycopg 3
                        for row in self.buffer:
                            copy.write_row(row)
            self.written += len(self.buffer)
            self.buffer = []

    def close(self) -> set[Key]:
        """Write what is left, the last point of each player and pair marked ``latest``;
        returns the players and pairs written."""
        self.flush()
        for row in self.pending.values():
            row[-1] = True  # latest
            self.buffer.append(row)
            if len(self.buffer) >= self.batch:
                self.flush()
        self.flush()
        return set(self.pending)
