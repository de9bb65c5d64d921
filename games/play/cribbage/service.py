"""Cribbage practice games as stored rows: deal a new one, apply one action under the row lock
(the service used by both the page and the API)."""

from __future__ import annotations

from typing import Any

from games.models import PracticeGame

from .. import store
from .table import Table

KIND = PracticeGame.Kind.CRIBBAGE


def start(
    level: str,
    target: int,
    count_own: bool,
    *,
    players: int = 2,
    rules: str | None = None,
    partner_level: str | None = None,
    owner: str = "",
    coach_play: bool | None = None,
) -> PracticeGame:
    """Deal a new game with the form's (or the API's) validated choices (two, three or four
    players; four-handed: the rule set and the partner's level too), for ``owner`` (who started
    it: games.play.limits)."""
    table = Table.new(
        level,
        int(target),
        count_own,
        players=players,
        rules=rules,
        partner_level=partner_level,
        coach_play=coach_play,
    )
    options: dict[str, Any] = {"target": int(target), "count_own": count_own}
    if table.coach_play:
        options |= {"coach_play": True}
    if players == 3:
        options |= {"players": 3}
    if players == 4:
        options |= {
            "players": 4,
            "rules": table.game.rules.name,
            "partner_level": table.partner_level,
        }
    return store.create(KIND, level, options, table.to_state(), owner=owner)


def discards(game: PracticeGame) -> int:
    """How many cards the player lays away in ``game`` (2, or 1 three- and four-handed)."""
    return 1 if game.options.get("players") in (3, 4) else 2


def act(game: PracticeGame, move: int | None, action: dict[str, Any]) -> tuple[PracticeGame, bool]:
    """Apply the player's action (engine JSON) under the row lock; returns (game, applied).
    Raises TableError (its ``code`` says why, ``words.reason_text`` in words)."""

    def change(row: PracticeGame) -> bool:
        table = Table.from_state(row.state)
        table.act(action)
        row.state = table.to_state()
        return table.game.is_over

    return store.apply_move(game.pk, move, change, kind=KIND)
