"""The computer opponent: three levels behind one small interface.

A :class:`Computer` sits at one seat. When that seat is to move, :meth:`Computer.choose`
returns its next move (one card at a time, like a person); when the other seat is to move,
:meth:`Computer.calls_crapette` says whether it calls "Crapette !" now. It reads only what
its seat can see at the table: the face-up cards, the counts of the piles; never the
face-down crapette cards nor the order of a stock.

Levels:

- ``easy``: the greedy bot (:mod:`games.crapette.bot`) that, now and then, deliberately
  skips a mandatory move (it plays an optional move while a card could go to a foundation),
  so that the player gets to call "Crapette !";
- ``standard``: the greedy bot, without deliberate mistakes;
- ``strong``: plans the turn over its free cards: it looks two optional moves ahead for
  the sequence that best empties its crapette pile, frees cards for the foundations and
  loads the opponent, and keeps the stock for last (it turns the stock only when no
  plan gains anything).

Its calls (``vigilance``): ``always`` calls every missed mandatory move, ``sometimes`` one
in two (decided once per fault, reproducibly from the seed), ``never`` none. A call is made
only when the engine has recorded a fault (``state.fault``), so every call is valid.

>>> from games.crapette.layout import Deal
>>> from games.crapette.state import GameState
>>> game = GameState.new(Deal.from_seed(1))
>>> computer = Computer(Player.A, Level.STRONG)
>>> computer.choose(game)
Move('7>F')
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field

from .bot import GreedyBot
from .layout import Player
from .moves import CALL, Move, MoveKind
from .table import Position

#: How often the easy level skips an available mandatory move (when it has another move).
EASY_MISTAKE_RATE = 0.3


class Level(enum.Enum):
    EASY = "easy"
    STANDARD = "standard"
    STRONG = "strong"


class Vigilance(enum.Enum):
    """How often the computer calls "Crapette !" on a missed mandatory move."""

    ALWAYS = "always"
    SOMETIMES = "sometimes"
    NEVER = "never"


@dataclass
class Computer:
    seat: Player
    level: Level = Level.STANDARD
    vigilance: Vigilance = Vigilance.ALWAYS
    seed: int | str = 0
    #: the turn's memory (which cards moved from case to case), shared by every level
    _greedy: GreedyBot = field(default_factory=GreedyBot, init=False, repr=False)

    # ------------------------------------------------------------------ the interface

    def choose(self, state: Position) -> Move:
        """The computer's next move; its seat must be the one to move. Never a call (see
        :meth:`calls_crapette`) and always one of ``state.legal_moves()``."""
        if state.turn != self.seat or state.is_over:
            raise ValueError(f"the computer plays {self.seat.label}, but it is not its move")
        moves = [m for m in state.legal_moves() if m != CALL]
        if self.level is Level.EASY:
            mistake = self._mistake(state, moves)
            if mistake is not None:
                return mistake
        if self.level is Level.STRONG:
            return self._plan(state, moves)
        return self._greedy_choice(state, moves)

    def calls_crapette(self, state: Position) -> bool:
        """Whether the computer calls "Crapette !" now, while the other seat is to move.
        True only when the engine holds a fault for this turn (a call is then valid)."""
        if state.turn == self.seat or state.is_over or state.fault is None:
            return False
        if self.vigilance is Vigilance.ALWAYS:
            return True
        if self.vigilance is Vigilance.NEVER:
            return False
        # One decision per fault: the same turn and the same fault give the same answer.
        return self._rng("call", state.turn_number, state.fault).random() < 0.5

    def observe(self, state: Position, move: Move) -> None:
        """Tell a computer rebuilt mid-turn about a move its seat played earlier this turn
        (``state`` is the position before the move), so that it does not undo it."""
        if state.turn == self.seat:
            self._greedy.remember(state, move)

    # ------------------------------------------------------------------ easy and standard

    def _rng(self, *key: object) -> random.Random:
        return random.Random(":".join(str(k) for k in (self.seed, self.seat.label, *key)))

    def _greedy_choice(self, state: Position, moves: list[Move]) -> Move:
        # Not GreedyBot.choose: that one calls first, and calls go through calls_crapette.
        move = min(moves, key=lambda m: self._greedy.rank(state, m))
        self._greedy.remember(state, move)
        return move

    def _mistake(self, state: Position, moves: list[Move]) -> Move | None:
        """Now and then, an optional move that skips an available foundation move."""
        if state.fault is not None or not any(m.is_foundation for m in moves):
            return None
        optional = [m for m in moves if not m.is_foundation and not m.ends_turn]
        if not optional:
            return None
        rng = self._rng("mistake", state.turn_number, *map(str, moves))
        if rng.random() >= EASY_MISTAKE_RATE:
            return None
        move = rng.choice(optional)
        self._greedy.remember(state, move)
        return move

    # ------------------------------------------------------------------ strong

    def _plan(self, state: Position, moves: list[Move]) -> Move:
        foundation = [m for m in moves if m.is_foundation]
        if foundation:
            # The crapette top first (it uncovers the next one), then a case card that
            # uncovers another foundation card, then the rest.
            return max(foundation, key=lambda m: self._foundation_order(state, m))
        candidates = [m for m in moves if m.kind is MoveKind.TRANSFER and self._useful(state, m)]
        stop = next(m for m in moves if m.kind is not MoveKind.TRANSFER or m.target == "D")
        if not candidates:
            return stop
        base = self._value(state, state, hidden_top=False)
        best, best_gain = stop, 0.0
        for move in candidates:
            after = state.copy()
            after.apply(move)
            gain = self._value(state, after, hidden_top=move.source == "C") - base
            if not after.is_over and gain < 40:
                gain = max(gain, self._second_step(state, after, move) - base)
            gain += self._tiebreak(state, move)
            if gain > best_gain:
                best, best_gain = move, gain
        self._greedy.remember(state, best)
        return best

    def _second_step(self, state: Position, after: Position, first: Move) -> float:
        best = float("-inf")
        hidden = first.source == "C"
        for move in after.legal_moves():
            if move.kind is not MoveKind.TRANSFER or move.target == "D":
                continue
            if move.source == "C" and (hidden or after.crapette_up[after.turn] < 1):
                continue  # a face-down card the computer cannot see yet
            if not self._useful(after, move) or (move.target, move.source) == (
                first.source,
                first.target,
            ):
                continue
            then = after.copy()
            then.apply(move)
            best = max(best, self._value(state, then, hidden_top=hidden or move.source == "C"))
        return best

    def _useful(self, state: Position, move: Move) -> bool:
        """Case-to-case moves only when they uncover a card or empty a case, once a turn."""
        if not (move.source.isdigit() and move.target.isdigit()):
            return True
        pile = state.cases[int(move.source) - 1]
        if len(pile) == 1 and not state.cases[int(move.target) - 1]:
            return False
        return not self._greedy.shifted(state, move)

    def _value(self, before: Position, after: Position, *, hidden_top: bool) -> float:
        """How good ``after`` is for the computer, from what it can see. The game is won by
        getting rid of every own card, so each card the seat still holds counts against it
        (a crapette card most: it is worth two points to the opponent and blocks the pile),
        and each card loaded onto the opponent for it."""
        me, opp = self.seat, self.seat.other
        if after.winner == me:
            return 10_000.0
        held = len(after.stock[me]) + len(after.discard[me])
        if after.turned is not None:
            held += 1
        value = -10.0 * len(after.crapette[me]) - 6.0 * held
        value += 3.0 * (len(after.crapette[opp]) + len(after.discard[opp]))
        free_for_foundation = 0
        for source, card in after.free_cards():
            if source == "C" and hidden_top:
                continue  # the card it would uncover is face down: no plan can count on it
            if after.foundation_slot(card) >= 0:
                free_for_foundation += 1
        value += 9.0 * free_for_foundation
        # Empty cases take any card: room for the crapette top and the next stock cards.
        value += 4.0 * sum(1 for pile in after.cases if not pile)
        return value

    def _foundation_order(self, state: Position, move: Move) -> tuple[int, int]:
        if move.source == "C":
            return (3, 0)
        if move.source == "S":
            return (1, 0)
        pile = state.cases[int(move.source) - 1]
        uncovers = len(pile) >= 2 and state.foundation_slot(pile[-2]) >= 0
        return (2 if uncovers else 0, -len(pile))

    def _tiebreak(self, state: Position, move: Move) -> float:
        """Small preferences among equal plans: loading the opponent, the crapette top."""
        bonus = 0.0
        if move.target in ("OC", "OD"):
            bonus += 0.5
        if move.source == "C":
            bonus += 0.3
        return bonus


def computer_selfplay(
    first: Computer, second: Computer, state: Position, *, max_moves: int = 20_000
) -> tuple[list[str], Position]:
    """Let two computers play ``state`` to the end (or ``max_moves``): each move is the
    mover's choice, and after each move the other seat may call "Crapette !"."""
    players = {first.seat: first, second.seat: second}
    moves: list[str] = []
    while not state.is_over and len(moves) < max_moves:
        mover = players[state.turn]
        watcher = players[state.turn.other]
        if watcher.calls_crapette(state):
            moves.append(str(CALL))
            state.apply(CALL)
            continue
        move = mover.choose(state)
        moves.append(state.notation(move))
        state.apply(move)
    return moves, state
