"""Game records: a JSON document holding the rules, both decks and the moves, and its replay.

The format is described in ``docs/crapette.md`` and ``record.schema.json`` (beside this file).
The structure is checked here by hand, with messages that name the bad field, so that no
JSON Schema package is needed at run time; a test keeps the two in step.

>>> data = {"format": FORMAT, "version": 1, "deal": Deal.from_seed(5).as_dict(),
...         "moves": ["T", "C>F"]}
>>> result = check_record(data)
>>> result.valid, result.index, result.reason[:40]
(False, 1, 'C>F: J♦ cannot go to a foundation: the ♦')
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import DealError, IllegalMove, NotationError, RecordFormatError, RulesError
from .layout import Deal
from .rules import STANDARD, Rules
from .state import GameState

FORMAT = "huche-crapette-record"
VERSION = 1
MAX_MOVE_TEXT = 32
_TOP_KEYS = {"format", "version", "rules", "seed", "players", "deal", "moves", "result"}
_REQUIRED = ("format", "version", "deal", "moves")
_ENDS = ("win", "stalemate", "unfinished")


@dataclass(frozen=True)
class GameRecord:
    """A game as recorded: enough to replay it move by move."""

    rules: Rules
    deal: Deal
    moves: tuple[str, ...] = ()
    seed: int | str | None = None
    players: dict[str, str] = field(default_factory=dict)
    #: the result the record claims (checked on replay), or None
    result: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        data["rules"] = self.rules.as_dict()
        if self.seed is not None:
            data["seed"] = self.seed
        if self.players:
            data["players"] = dict(self.players)
        data["deal"] = self.deal.as_dict()
        data["moves"] = list(self.moves)
        if self.result is not None:
            data["result"] = {
                k: self.result[k] for k in ("end", "winner", "points", "detail") if k in self.result
            }
        return data

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), ensure_ascii=False, indent=1)


@dataclass(frozen=True)
class ReplayResult:
    """What replaying a record found: valid or not, where it went wrong and the final position
    (the position before the first illegal move when invalid)."""

    valid: bool
    index: int | None = None
    move: str | None = None
    reason: str | None = None
    state: GameState | None = None
    moves_applied: int = 0

    def as_dict(self) -> dict[str, Any]:
        score = self.state.score() if self.state is not None else None
        return {
            "valid": self.valid,
            "index": self.index,
            "move": self.move,
            "reason": self.reason,
            "moves_applied": self.moves_applied,
            "winner": score.winner.label if score and score.winner is not None else None,
            "score": score.as_dict() if score else None,
            "start": self.state.start_reason if self.state is not None else None,
            "position": None
            if self.state is None
            else {"text": str(self.state), "state": self.state.as_dict()},
        }


def check_record(data: object) -> ReplayResult:
    """Validate a record (parsed JSON) by replaying it.

    Raises :class:`RecordFormatError` when the structure does not match the format (the
    message names the field); otherwise returns a :class:`ReplayResult`: ``valid`` is False
    with ``index`` (0-based) and ``reason`` at the first illegal or unreadable move, or with
    ``index`` None when the decks are not two full decks or the claimed result is wrong.
    """
    rules, deal_data, moves, claimed = _read_structure(data)
    try:
        deal = Deal.from_cards(deal_data["A"], deal_data["B"], deal_data.get("draw", "A"))
    except DealError as error:
        return ReplayResult(False, None, None, str(error))
    return replay(GameRecord(rules, deal, tuple(moves), result=claimed))


def replay(record: GameRecord) -> ReplayResult:
    """Play the record's moves from its deal; stop at the first one that is not legal."""
    state = GameState.new(record.deal, record.rules)
    for index, text in enumerate(record.moves):
        try:
            state.apply(state.parse_move(text))
        except (NotationError, IllegalMove) as error:
            reason = error.reason if isinstance(error, IllegalMove) else str(error)
            return ReplayResult(False, index, text, f"{text}: {reason}", state, index)
    applied = len(record.moves)
    if record.result is not None:
        wrong = _wrong_claim(record.result, state)
        if wrong:
            return ReplayResult(False, None, None, wrong, state, applied)
    return ReplayResult(True, None, None, None, state, applied)


def load_record(path: str | Path) -> object:
    """Read a record file as JSON (any JSON value: :func:`check_record` checks its structure);
    unreadable files raise :class:`RecordFormatError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordFormatError(f"{path}: cannot read the file: {error}") from None
    try:
        data: object = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordFormatError(
            f"{path}: not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    return data


def record_from_dict(data: object) -> GameRecord:
    """Read a record without replaying it (structure and decks checked)."""
    rules, deal_data, moves, claimed = _read_structure(data)
    try:
        deal = Deal.from_cards(deal_data["A"], deal_data["B"], deal_data.get("draw", "A"))
    except DealError as error:
        raise RecordFormatError(f"deal: {error}") from None
    assert isinstance(data, dict)
    return GameRecord(rules, deal, tuple(moves), data.get("seed"), data.get("players", {}), claimed)


# ----------------------------------------------------------------- structure (the schema, by hand)


def _read_structure(data: object) -> tuple[Rules, dict[str, Any], list[str], dict[str, Any] | None]:
    if not isinstance(data, dict):
        raise RecordFormatError(f"a record is a JSON object, got {_json_kind(data)}")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise RecordFormatError(
            f"unknown field {unknown[0]!r}: a record has {', '.join(sorted(_TOP_KEYS))}"
        )
    for key in _REQUIRED:
        if key not in data:
            raise RecordFormatError(f"missing field {key!r}: a record needs {', '.join(_REQUIRED)}")
    if data["format"] != FORMAT:
        raise RecordFormatError(f"format: {data['format']!r} is not {FORMAT!r}")
    if data["version"] != VERSION or isinstance(data["version"], bool):
        raise RecordFormatError(f"version: {data['version']!r} is not supported: only {VERSION}")
    try:
        rules = Rules.from_dict(data.get("rules", {})) if "rules" in data else STANDARD
    except RulesError as error:
        raise RecordFormatError(str(error)) from None
    seed = data.get("seed")
    if seed is not None and not (isinstance(seed, str) or _whole(seed)):
        raise RecordFormatError(f"seed: {seed!r} is not a whole number or text")
    _check_players(data.get("players", {}))
    deal = _check_deal(data["deal"])
    moves = data["moves"]
    if not isinstance(moves, list):
        raise RecordFormatError(f"moves: expected a list of move strings, got {_json_kind(moves)}")
    for i, move in enumerate(moves):
        if not isinstance(move, str) or not 1 <= len(move) <= MAX_MOVE_TEXT:
            raise RecordFormatError(
                f"moves[{i}]: {move!r} is not a move string (1 to {MAX_MOVE_TEXT} characters)"
            )
    claimed = _check_result(data["result"]) if "result" in data else None
    return rules, deal, moves, claimed


def _check_players(players: object) -> None:
    if not isinstance(players, dict):
        raise RecordFormatError(f"players: expected an object, got {_json_kind(players)}")
    for key, name in players.items():
        if key not in ("A", "B"):
            raise RecordFormatError(f"players: unknown player {key!r}: use 'A' and 'B'")
        if not isinstance(name, str):
            raise RecordFormatError(f"players.{key}: {name!r} is not text")


def _check_deal(deal: object) -> dict[str, Any]:
    if not isinstance(deal, dict):
        raise RecordFormatError(
            f"deal: expected an object with A, B and draw, got {_json_kind(deal)}"
        )
    unknown = sorted(set(deal) - {"A", "B", "draw"})
    if unknown:
        raise RecordFormatError(f"deal: unknown field {unknown[0]!r}: allowed A, B, draw")
    for player in ("A", "B"):
        if player not in deal:
            raise RecordFormatError(f"deal: missing deck {player!r} (52 cards in dealing order)")
        deck = deal[player]
        if not isinstance(deck, list) or len(deck) != 52:
            size = f"{len(deck)} items" if isinstance(deck, list) else _json_kind(deck)
            raise RecordFormatError(f"deal.{player}: expected a list of 52 cards, got {size}")
        for i, text in enumerate(deck):
            if not isinstance(text, str) or not _is_card_text(text):
                raise RecordFormatError(
                    f"deal.{player}[{i}]: {text!r} is not a card: write a rank "
                    "(A 2-9 T 10 J Q K) then a suit (S H D C or ♠ ♥ ♦ ♣)"
                )
    if "draw" in deal and deal["draw"] not in ("A", "B"):
        raise RecordFormatError(f"deal.draw: {deal['draw']!r} is not a player: use 'A' or 'B'")
    return deal


_CARD = re.compile("(10|[2-9TJQKAtjqka])[SHDCshdc♠♥♦♣]\ufe0f?")  # as the schema's pattern


def _is_card_text(text: str) -> bool:
    return _CARD.fullmatch(text) is not None


def _check_result(result: object) -> dict[str, Any]:
    if not isinstance(result, dict):
        raise RecordFormatError(f"result: expected an object, got {_json_kind(result)}")
    unknown = sorted(set(result) - {"end", "winner", "points", "detail"})
    if unknown:
        raise RecordFormatError(
            f"result: unknown field {unknown[0]!r}: allowed end, winner, points, detail"
        )
    for key in ("end", "winner", "points"):
        if key not in result:
            raise RecordFormatError(f"result: missing field {key!r}")
    if result["end"] not in _ENDS:
        raise RecordFormatError(f"result.end: {result['end']!r} is not one of {', '.join(_ENDS)}")
    if result["winner"] not in ("A", "B", None):
        raise RecordFormatError(f"result.winner: {result['winner']!r} is not 'A', 'B' or null")
    points = result["points"]
    if not _whole(points) or points < 0:
        raise RecordFormatError(f"result.points: {points!r} is not a whole number ≥ 0")
    if "detail" in result and not isinstance(result["detail"], str):
        raise RecordFormatError(f"result.detail: {result['detail']!r} is not text")
    return result


def _wrong_claim(claimed: dict[str, Any], state: GameState) -> str | None:
    actual = state.score()
    winner = actual.winner.label if actual.winner is not None else None
    if (claimed["end"], claimed["winner"], claimed["points"]) == (
        actual.end,
        winner,
        actual.points,
    ):
        return None
    said = f"end {claimed['end']}, winner {claimed['winner']}, {claimed['points']} points"
    return f"the record claims {said}, but the moves give: {actual.detail}"


def _whole(value: object) -> bool:
    """A JSON whole number (JSON Schema counts 3.0 as the integer 3)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _json_kind(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}
    for kind, name in names.items():
        if isinstance(value, kind):
            return name
    return "a number" if isinstance(value, int | float) else type(value).__name__


def deal_record(seed: int | str, rules: Rules = STANDARD) -> GameRecord:
    """A new record dealt from ``seed``, with no moves yet."""
    return GameRecord(rules, Deal.from_seed(seed), (), seed=seed)
