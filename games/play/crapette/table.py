"""A Crapette table against the computer: the game, the computer's moves and calls, the log.

Plain Python over the engine (no Django): the views and the API load a :class:`CrapetteTable`
from a :class:`~games.models.PracticeGame`'s ``state``, apply one action and save
:meth:`CrapetteTable.to_state`. The game is stored as its seed, rules and the engine's move
list, and replayed on load, so the engine stays the only authority on what is legal.

The player sits at A, the computer at B. Actions (one card at a time, as at the table):

- ``move`` (``source``, ``target`` in the engine's notation: ``C>F``, ``3>OC``, ``S>D``…),
  ``turn`` (T), ``recycle`` (R), ``pass`` (P): the player's moves on their turn; after each,
  the computer may call "Crapette !" on a missed mandatory move (by its vigilance);
- ``step``: the computer plays its next move (the page sends it on a timer, so the player
  watches the computer's turn card by card and may call it);
- ``call``: the player calls "Crapette !" during the computer's turn.

A refused action raises :class:`TableError` whose ``reason`` is the engine's
:class:`~games.crapette.reasons.Reason` (or a table ``code``); nothing changes.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from games.crapette import (
    CALL,
    PASS,
    RECYCLE,
    TURN,
    Computer,
    Deal,
    GameRecord,
    GameState,
    IllegalMove,
    Level,
    Loading,
    Move,
    NotationError,
    Player,
    Rules,
    Vigilance,
)
from games.crapette.reasons import Reason, explain

HUMAN, COMPUTER = Player.A, Player.B
FORMAT = "huche-practice-crapette/1"
LOG_LENGTH = 12  # events kept for the page: the computer's last moves, the calls


class TableError(ValueError):
    """A refused action; ``reason`` says why (an engine reason or a table code)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.text)
        self.reason = reason


def table_reason(code: str, text: str) -> Reason:
    return Reason(code, text)


@dataclass
class CrapetteTable:
    seed: int
    rules: Rules
    level: Level
    vigilance: Vigilance
    state: GameState
    moves: list[str] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    #: what the computer missed this turn (a call by the player is then valid), for the page
    computer_fault: dict[str, Any] | None = None
    computer: Computer = field(init=False)

    def __post_init__(self) -> None:
        self.computer = Computer(COMPUTER, self.level, self.vigilance, seed=self.seed)

    # -- set up, load, save ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        level: str,
        vigilance: str = "always",
        loading: str = "same-suit",
        strict_calls: bool = False,
        seed: int | None = None,
    ) -> CrapetteTable:
        seed = secrets.randbelow(2**31) if seed is None else seed
        rules = Rules(loading=Loading(loading), strict_calls=strict_calls)
        state = GameState.new(Deal.from_seed(seed), rules)
        return cls(seed, rules, Level(level), Vigilance(vigilance), state)

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> CrapetteTable:
        rules = Rules.from_dict(data["rules"])
        table = cls(
            data["seed"],
            rules,
            Level(data["level"]),
            Vigilance(data["vigilance"]),
            GameState.new(Deal.from_seed(data["seed"]), rules),
            log=list(data.get("log", [])),
            computer_fault=data.get("computer_fault"),
        )
        for text in data["moves"]:
            move = table.state.parse_move(text)
            table.computer.observe(table.state, move)  # its memory of the current turn
            table.state.apply(move)
            table.moves.append(text)
        return table

    def to_state(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "seed": self.seed,
            "rules": self.rules.as_dict(),
            "level": self.level.value,
            "vigilance": self.vigilance.value,
            "moves": list(self.moves),
            "log": self.log[-LOG_LENGTH:],
            "computer_fault": self.computer_fault,
        }

    # -- what the page needs --------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def players_turn(self) -> bool:
        return not self.state.is_over and self.state.turn == HUMAN

    def record(self) -> GameRecord:
        return GameRecord(
            self.rules,
            Deal.from_seed(self.seed),
            tuple(self.moves),
            seed=self.seed,
            players={"A": "player", "B": f"computer ({self.level.value})"},
            result=self.state.score().as_dict(),
        )

    # -- actions --------------------------------------------------------------------------------

    def act(self, action: str, source: str = "", target: str = "") -> None:
        """Apply one action (see the module docstring) or raise :class:`TableError`."""
        if self.state.is_over:
            raise TableError(table_reason("game-over", "the game is over"))
        if action == "step":
            self.computer_step()
        elif action == "call":
            self.player_calls()
        elif action in ("move", "turn", "recycle", "pass"):
            if self.state.turn != HUMAN:
                raise TableError(table_reason("not-your-turn", "it is the computer's turn"))
            self.player_moves(self._move(action, source, target))
        else:
            raise TableError(table_reason("unknown-action", f"unknown action {action!r}"))

    def _move(self, action: str, source: str, target: str) -> Move:
        if action == "turn":
            return TURN
        if action == "recycle":
            return RECYCLE
        if action == "pass":
            return PASS
        if not source:
            raise TableError(table_reason("choose-card", "choose a card first, then its place"))
        try:
            return Move.transfer(source, target)
        except NotationError as error:
            raise TableError(table_reason("bad-place", str(error))) from None

    def player_moves(self, move: Move) -> None:
        state = self.state
        refusal = explain(state, move)
        if refusal is not None:
            raise TableError(refusal)
        missed = self._missed(move)
        self._apply(move)
        self.log.append({"who": "player", "move": str(move)})
        if self.computer.calls_crapette(state):
            self._apply(CALL)
            self.log.append({"who": "computer", "call": True, **(missed or {})})

    def player_calls(self) -> None:
        state = self.state
        if state.turn != COMPUTER:
            raise TableError(
                table_reason("call-own-turn", "it is your turn: a call is for the computer's turn")
            )
        refusal = explain(state, CALL)
        if refusal is not None:
            raise TableError(refusal)
        missed, self.computer_fault = self.computer_fault, None
        self._apply(CALL)
        self.log.append({"who": "player", "call": True, **(missed or {})})

    def computer_step(self) -> None:
        """The computer's next move (its turn only)."""
        state = self.state
        if state.turn != COMPUTER:
            raise TableError(table_reason("not-computer-turn", "it is your turn"))
        move = self.computer.choose(state)
        card = state.card_moved_by(move)
        had_fault = state.fault is not None
        missed = self._missed(move)
        self._apply(move)
        event: dict[str, Any] = {"who": "computer", "move": str(move)}
        if card is not None:
            event["card"] = str(card)
        if state.turn != COMPUTER:
            self.computer_fault = None
        elif not had_fault and state.fault is not None:
            self.computer_fault = missed or {}
        self.log.append(event)

    # -- helpers --------------------------------------------------------------------------------

    def _missed(self, move: Move) -> dict[str, Any] | None:
        """What ``move`` would skip (a free card for a foundation; or, in the strict variant,
        the optional moves that would have freed one), before it is played."""
        state = self.state
        if move.is_foundation or move.ends_turn or state.fault is not None:
            return None
        found = state.first_foundation_card()
        if found is not None:
            source, card = found
            return {"missed": f"{source}>F", "missed_card": str(card), "missed_source": source}
        if self.rules.strict_calls and move in (TURN, RECYCLE):
            sequence = state.freeing_sequence()
            if sequence:
                return {"missed": " ".join(str(m) for m in sequence), "strict": True}
        return None

    def _apply(self, move: Move) -> None:
        text = self.state.notation(move)
        try:
            self.state.apply(move)
        except IllegalMove as error:  # checked before: a bug, not a player's mistake
            raise TableError(table_reason("illegal", error.reason)) from None
        self.moves.append(text)
