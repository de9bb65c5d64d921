"""What every phase of a cribbage game shares (:mod:`games.cribbage.game`): the phases, a scoring
moment, the state's attributes, the score keeping that may end the game at once, and the move
from the play to the show. :class:`GameBase` is the base of the play's and the show's rules
(:mod:`games.cribbage.play_phase`, :mod:`games.cribbage.show_phase`) and of
:class:`~games.cribbage.game.GameState`, which sets the state up."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, NoReturn

from games.cards import Card
from games.cribbage.actions import IllegalAction
from games.cribbage.rules import RuleSet


class Phase(enum.Enum):
    CUT_FOR_DEAL = "cut for deal"
    DEAL = "deal"
    DISCARD = "discard"
    CUT = "cut"
    STARTER = "starter"
    PLAY = "play"
    SHOW = "show"
    OVER = "game over"


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """One scoring moment, for the log a UI shows.

    ``kind``: ``his heels``, ``play``, ``go``, ``last card``, ``hand``, ``crib``, ``muggins``,
    ``misdeal``. ``points`` is what the rules award (0 for a go withheld by the 116 rule, or an
    empty hand); ``scores`` are every side's scores right after, capped at the target.
    """

    hand: int
    player: int | None
    side: int
    kind: str
    points: int
    scores: tuple[int, ...]
    detail: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "player": self.player,
            "side": self.side,
            "kind": self.kind,
            "points": self.points,
            "scores": list(self.scores),
            "detail": self.detail,
        }

    def __str__(self) -> str:
        who = f"player {self.player}" if self.player is not None else f"side {self.side}"
        return f"{who} {self.kind}: {self.points} ({self.detail}) -> {self.scores}"


@dataclass(frozen=True, slots=True)
class MugginsChance:
    """Points a count just missed, which an opponent may take under muggins."""

    side: int  # the side whose count missed points
    points: int
    what: str


class GameBase:
    """The state's attributes and what the phases share; see :class:`~games.cribbage.game.GameState`."""

    # The state GameState.__init__ sets up (declared here so the phases' mixins see its types).
    rules: RuleSet
    phase: Phase
    scores: list[int]
    points_by_player: list[int]
    dealer: int | None
    winner: int | None
    hand_number: int
    events: list[ScoreEvent]
    _muggins: MugginsChance | None
    held: list[list[Card]]
    kept: list[tuple[Card, ...]]
    crib: list[Card]
    starter: Card | None
    count: int
    series: list[tuple[int, Card]]
    laid: list[tuple[int, Card]]
    passed: set[int]
    last_layer: int | None
    turn: int | None
    show_queue: list[tuple[str, int]]

    # Invariants of the phases: the dealer is known from the cut for deal on, the turn during the
    # play, the starter from its turn to the end of the hand. These narrow the optional attributes
    # where the phase guarantees them (the type checker cannot see the phases).

    @property
    def _dealer(self) -> int:
        assert self.dealer is not None, "every phase after the cut for deal has a dealer"
        return self.dealer

    @property
    def _turn(self) -> int:
        assert self.turn is not None, "the play always has a player to act"
        return self.turn

    @property
    def _starter(self) -> Card:
        assert self.starter is not None, "the starter is turned before the play and the show"
        return self.starter

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def _refuse(self, message: str) -> NoReturn:
        raise IllegalAction(message)

    def _start_show(self) -> None:
        n, d = self.rules.players, self._dealer
        self.phase = Phase.SHOW
        self.turn = None
        self.show_queue = [("hand", (d + k) % n) for k in range(1, n + 1)] + [("crib", d)]

    def _score(self, player: int | None, side: int, kind: str, points: int, detail: str) -> bool:
        """Peg ``points`` for ``side``; True when that wins the game (which then stops)."""
        target = self.rules.target
        self.scores[side] = min(target, self.scores[side] + points)
        if player is not None:
            self.points_by_player[player] += points
        self._log(player, side, kind, points, detail)
        if self.scores[side] >= target:
            self.winner = side
            self.phase = Phase.OVER
            self.turn = None
            self._muggins = None
            return True
        return False

    def _log(self, player: int | None, side: int, kind: str, points: int, detail: str) -> None:
        self.events.append(
            ScoreEvent(self.hand_number, player, side, kind, points, tuple(self.scores), detail)
        )
