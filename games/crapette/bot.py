"""A greedy Crapette player and self-play, to generate complete, reproducible games.

The bot has no lookahead. The opponent always calls a valid "Crapette!". The player to move
plays, in this order of preference:

1. a foundation move (the mandatory moves), crapette top first, then the stock card, then
   the cases;
2. a move of the crapette top: loading the opponent, then onto a built case, then onto an
   empty case (emptying the crapette pile wins the game);
3. a move of the turned stock card: loading the opponent, then onto a case;
4. a case card that uncovers another card or empties its case: loading the opponent, then
   onto another case (each card moves from case to case at most once a turn, so a turn
   cannot loop);
5. turning the stock (or turning the discard pile over, or passing); with a card turned and
   nothing better, putting it on the discard pile.

>>> record, final = selfplay(3)
>>> final.is_over, len(record.moves) > 100
(True, True)
"""

from __future__ import annotations

from .layout import Deal
from .moves import CALL, Move, MoveKind
from .record import GameRecord
from .rules import STANDARD, Rules
from .state import GameState

#: Self-play gives up (the record is then unfinished) after this many moves; the stalemate
#: rule ends real games long before.
MAX_SELFPLAY_MOVES = 100_000


class GreedyBot:
    """Chooses moves by the fixed preference above; remembers case-to-case moves per turn."""

    def __init__(self) -> None:
        self._turn = -1
        self._shifted: set[object] = set()

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        if CALL in moves:
            return CALL
        best = min(moves, key=lambda m: self.rank(state, m))
        self.remember(state, best)
        return best

    def remember(self, state: GameState, move: Move) -> None:
        """Note ``move`` (about to be played from ``state``): a card moved from case to case
        is not moved that way again this turn. A player rebuilt mid-turn (e.g. for each web
        request) is told the turn's earlier moves so it keeps that promise."""
        if state.turn_number != self._turn:
            self._turn, self._shifted = state.turn_number, set()
        if move.kind is MoveKind.TRANSFER and move.source.isdigit() and move.target.isdigit():
            self._shifted.add(state.card_moved_by(move))

    def shifted(self, state: GameState, move: Move) -> bool:
        """Whether ``move`` moves a card that already moved from case to case this turn."""
        return state.turn_number == self._turn and state.card_moved_by(move) in self._shifted

    def rank(self, state: GameState, move: Move) -> tuple[int, int]:
        source, target = move.source, move.target
        if move.kind is not MoveKind.TRANSFER:
            return (90, 0)  # T, R or P: stop moving cards
        if target == "F":
            return (0, {"C": 0, "S": 1}.get(source, 2))
        loads = target in ("OC", "OD")
        if source == "C":
            return (10, 0 if loads else 1 if state.cases[int(target) - 1] else 2)
        if source == "S":
            if target == "D":
                return (95, 0)
            return (20, 0 if loads else 1 if state.cases[int(target) - 1] else 2)
        pile = state.cases[int(source) - 1]
        if loads:
            return (30, 0)
        card = pile[-1]
        if (
            (self._turn == state.turn_number and card in self._shifted)
            or not state.cases[int(target) - 1]
            and len(pile) == 1
        ):
            return (99, 0)  # would only shuffle cards around: never preferred to stopping
        return (40, 0)


def selfplay(
    seed: int | str, rules: Rules = STANDARD, *, max_moves: int = MAX_SELFPLAY_MOVES
) -> tuple[GameRecord, GameState]:
    """Deal from ``seed`` and let the greedy bot play both sides to the end.

    Returns the complete record (moves in card-annotated notation, with its result) and the
    final position.
    """
    deal = Deal.from_seed(seed)
    state = GameState.new(deal, rules)
    bot = GreedyBot()
    moves: list[str] = []
    while not state.is_over and len(moves) < max_moves:
        move = bot.choose(state)
        moves.append(state.notation(move))
        state.apply(move)
    record = GameRecord(rules, deal, tuple(moves), seed=seed, result=state.score().as_dict())
    return record, state
