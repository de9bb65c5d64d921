"""Crapette practice games as stored rows: deal a new one, apply one action under the row lock
(the service used by both the page and the API)."""

from __future__ import annotations

from games.models import PracticeGame

from .. import store
from .table import CrapetteTable

KIND = PracticeGame.Kind.CRAPETTE


def start(data: dict, owner: str = "") -> PracticeGame:
    """Deal a new game with the form's (or the API's) validated choices, for ``owner``."""
    table = CrapetteTable.new(
        data["level"], data["vigilance"], data["loading"], bool(data.get("strict_calls"))
    )
    options = {"vigilance": data["vigilance"], "loading": data["loading"],
               "strict_calls": bool(data.get("strict_calls"))}  # fmt: skip
    return store.create(KIND, data["level"], options, table.to_state(), owner=owner)


def act(game: PracticeGame, move: int | None, action: str, source: str, target: str):
    """Apply one action under the row lock; returns (game, applied). Raises TableError."""

    def change(row: PracticeGame) -> bool:
        table = CrapetteTable.from_state(row.state)
        table.act(action, source, target)
        row.state = table.to_state()
        return table.is_over

    return store.apply_move(game.pk, move, change, kind=KIND)
