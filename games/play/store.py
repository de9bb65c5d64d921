"""Loading and saving practice games: the one place that touches :class:`PracticeGame` rows.

A move is applied under a row lock (``select_for_update`` in a transaction), so two requests
for the same game (a double tap, a retry racing the original) are applied one after the other,
and the second sees the move number already used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.http import Http404
from django.utils import timezone

from games.models import PracticeGame

from .limits import keep_a_few

SESSION_KEY = "play:{kind}"  # the visitor's current game of each kind


def create(
    kind: str,
    level: str,
    options: dict[str, Any],
    state: dict[str, Any],
    *,
    finished: bool = False,
    owner: str = "",
) -> PracticeGame:
    """A new game of ``owner`` (see games.play.limits), whose oldest unfinished games beyond
    the cap are dropped."""
    game = PracticeGame.objects.create(
        kind=kind,
        level=level,
        options=options,
        state=state,
        finished_at=timezone.now() if finished else None,
        owner=owner,
    )
    keep_a_few(owner)
    return game


def get(game_id, kind: str | None = None) -> PracticeGame:
    """The game, or 404 (also for a game of another kind)."""
    query = PracticeGame.objects.filter(pk=game_id)
    if kind is not None:
        query = query.filter(kind=kind)
    game = query.first()
    if game is None:
        raise Http404("no such practice game")
    return game


def apply_move(
    game_id, move: int | None, change: Callable[[PracticeGame], bool], kind: str | None = None
) -> tuple[PracticeGame, bool]:
    """Lock the row; when ``move`` is the game's current move number, call ``change(game)``
    (which updates ``game.state`` and returns whether the game is now over) and save.

    Returns the game and whether the move was applied (``False``: a repeated or stale move,
    nothing changed). ``change`` raising leaves the row as it was.
    """
    with transaction.atomic():
        query = PracticeGame.objects.select_for_update().filter(pk=game_id)
        if kind is not None:
            query = query.filter(kind=kind)
        game = query.first()
        if game is None:
            raise Http404("no such practice game")
        if move != game.moves or game.is_finished:
            return game, False
        over = change(game)
        game.moves += 1
        if over:
            game.finished_at = timezone.now()
        game.save()
        return game, True


def remember(session, game: PracticeGame) -> None:
    session[SESSION_KEY.format(kind=game.kind)] = str(game.pk)


def current(session, kind: str) -> PracticeGame | None:
    """The visitor's current game of ``kind`` (``None`` if none, or it no longer exists)."""
    game_id = session.get(SESSION_KEY.format(kind=kind))
    if not game_id:
        return None
    return PracticeGame.objects.filter(pk=game_id, kind=kind).first()


def posted_move(data) -> int | None:
    """The move number a form was made at; None when missing or not a number (the move is then
    judged against the current position, as a first submit would be)."""
    try:
        return int(data.get("move", ""))
    except (TypeError, ValueError):
        return None


CHOICES_KEY = "play:{kind}:choices"  # the options of the visitor's last new game of each kind


def remember_choices(session, kind: str, choices: dict[str, Any]) -> None:
    """Keep the new-game form's choices, so that the next "New game" starts from them."""
    session[CHOICES_KEY.format(kind=kind)] = {
        name: value
        for name, value in choices.items()
        if isinstance(value, str | int | bool) and value != ""  # a field left out keeps its default
    }


def last_choices(session, kind: str) -> dict[str, Any]:
    """The choices of the last new game (``{}`` before the first), the form's initial values."""
    choices = session.get(CHOICES_KEY.format(kind=kind))
    return dict(choices) if isinstance(choices, dict) else {}
