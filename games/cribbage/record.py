"""Recording a cribbage game as JSON and replaying it to the identical state.

A record holds the set-up (the rule set, by preset name or in full, the seed and/or the deck
orders, the first dealer, the starting scores) and the list of actions. Replaying applies the
actions one by one through :meth:`GameState.apply`, so a tampered record fails with the
:class:`IllegalAction` of its first bad action, numbered.

>>> from games.cribbage.game import play_random_game
>>> from games.cribbage.rules import THREE_PLAYER
>>> game = play_random_game(THREE_PLAYER, seed=3)
>>> record = game_to_record(game)
>>> record["rules"], record["format"]
('THREE_PLAYER', 'huche-cribbage-game/1')
>>> replay(record) == game
True
"""

from __future__ import annotations

import json
from typing import Any

from games.cards import format_cards
from games.cribbage.actions import GameError, IllegalAction, action_from_json
from games.cribbage.game import GameState
from games.cribbage.rules import PRESETS, RuleSet, RuleSetError

FORMAT = "huche-cribbage-game/1"


class RecordError(GameError):
    """A game record that cannot be read or replayed."""


def game_to_record(game: GameState) -> dict[str, Any]:
    """The set-up and every action of ``game``, JSON-ready."""
    rules = game.rules
    named = PRESETS.get(rules.name) == rules
    return {
        "format": FORMAT,
        "rules": rules.name if named else rules.to_dict(),
        "seed": game.seed,
        "decks": [format_cards(d).split() for d in game.decks],
        "cut_decks": [format_cards(d).split() for d in game.cut_decks],
        "first_dealer": game.first_dealer,
        "scores": list(game.initial_scores),
        "actions": [action.to_json() for action in game.history],
    }


def new_game_from_record(record: dict[str, Any]) -> GameState:
    """The game of ``record`` before its first action."""
    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object, got {type(record).__name__}")
    if record.get("format") != FORMAT:
        raise RecordError(
            f"not a cribbage game record: format is {record.get('format')!r}, expected {FORMAT!r}"
        )
    try:
        spec = record["rules"]
        rules = RuleSet.by_name(spec) if isinstance(spec, str) else RuleSet.from_dict(spec)
    except KeyError:
        raise RecordError("the game record has no 'rules'") from None
    except RuleSetError as exc:
        raise RecordError(f"the game record's rules are not valid: {exc}") from None
    return GameState(
        rules,
        seed=record.get("seed"),
        decks=record.get("decks") or (),
        cut_decks=record.get("cut_decks") or (),
        first_dealer=record.get("first_dealer"),
        scores=record.get("scores"),
    )


def replay(record: dict[str, Any]) -> GameState:
    """Rebuild a game from its record, applying every action."""
    game = new_game_from_record(record)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(f"the record's 'actions' must be a list, got {type(actions).__name__}")
    for number, data in enumerate(actions, 1):
        try:
            game.apply(action_from_json(data))
        except IllegalAction as exc:
            raise RecordError(f"action {number} of the record ({data}) is refused: {exc}") from None
    return game


def dumps(game: GameState) -> str:
    """The record of ``game`` as JSON text."""
    return json.dumps(game_to_record(game), ensure_ascii=False)


def loads(text: str) -> GameState:
    """Replay a game from JSON text written by :func:`dumps`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the game record is not valid JSON: {exc}") from None
    return replay(data)
