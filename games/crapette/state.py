"""The Crapette position and its turn state machine (the ``Board`` of this game).

A :class:`GameState` lists its :meth:`~GameState.legal_moves` and :meth:`~GameState.apply`
refuses any other move with an :class:`IllegalMove` whose ``reason`` a player understands,
leaving the position untouched.

>>> game = GameState.build(
...     crapette={"A": "5C 9H", "B": "KD"}, stock={"A": "2D"}, discard={"B": "QS"},
...     cases={1: "TS", 2: "KC", 3: "KD", 4: "4S", 5: "8H", 6: "QH", 7: "2C", 8: "6D"},
...     foundations="8H")
>>> [str(m) for m in game.legal_moves()]
['C>F', 'C>1', '6>2', 'T']
>>> game.apply(Move.parse("5>1"))
Traceback (most recent call last):
...
games.crapette.errors.IllegalMove: illegal move 5>1: 8♥ cannot go on 10♠ in case 1: a case builds down one rank at a time in alternating colours, so only a red 9 goes on 10♠

Phases: ``PLAY`` (the player to move may move free cards or turn the stock), ``TURNED``
(a stock card is turned: it is one more free card, and the turn ends when it goes to the
discard pile) and ``OVER`` (a win or a stalemate).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .errors import IllegalMove, NotationError
from .layout import Deal, Player, PlayerCard
from .moves import CALL, PASS, RECYCLE, TURN, Move, MoveKind, parse_notation
from .positions import fill_position
from .reasons import why_illegal
from .render import render
from .rules import STANDARD, Loading, Mandatory, Rules, Scoring
from .strict import freeing_sequence
from .table import CASE_INDEX, CASES, SUITS, fits_case, rank_label, source_name

__all__ = [
    "CASES", "CASE_INDEX", "SUITS", "GameState", "Phase", "Score", "fits_case", "rank_label",
    "source_name",
]  # fmt: skip


class Phase(enum.Enum):
    PLAY = "play"
    TURNED = "turned"
    OVER = "over"


@dataclass(frozen=True)
class Score:
    """The outcome: ``winner`` is None for a stalemate (a draw, no points) or an unfinished
    game; ``points`` is what the winner scores under the rule set's scoring."""

    end: str  # "win", "stalemate" or "unfinished"
    winner: Player | None
    points: int
    detail: str

    def as_dict(self) -> dict[str, object]:
        return {
            "end": self.end,
            "winner": self.winner.label if self.winner is not None else None,
            "points": self.points,
            "detail": self.detail,
        }


class GameState:
    """A Crapette position: both players' piles, the 8 cases, the 8 foundations and the turn.

    Piles are lists from bottom to top. Build one with :meth:`new` (from a :class:`Deal`) or
    :meth:`build` (any position, written as text, for tests and analysis).
    """

    __slots__ = (
        "rules", "turn", "crapette", "crapette_up", "stock", "discard", "cases", "foundations",
        "turned", "fault", "winner", "stalemate", "turn_number", "quiet_turns", "_progress",
        "start_reason",
    )  # fmt: skip

    def __init__(self, rules: Rules = STANDARD, turn: Player = Player.A) -> None:
        self.rules = rules
        self.turn = turn
        self.crapette: list[list[PlayerCard]] = [[], []]
        #: how many cards at the top of each crapette pile are face up (at least 1 if any)
        self.crapette_up = [0, 0]
        self.stock: list[list[PlayerCard]] = [[], []]
        self.discard: list[list[PlayerCard]] = [[], []]
        self.cases: list[list[PlayerCard]] = [[] for _ in range(CASES)]
        self.foundations: list[list[PlayerCard]] = [[] for _ in range(2 * len(SUITS))]
        self.turned: PlayerCard | None = None
        #: what the player to move missed this turn (a Crapette! call is valid), else None
        self.fault: str | None = None
        self.winner: Player | None = None
        self.stalemate = False
        self.turn_number = 1
        #: turns ended in a row with no card reaching a foundation (for the stalemate rule)
        self.quiet_turns = 0
        self._progress = False
        self.start_reason = ""

    # ----------------------------------------------------------------- construction

    @classmethod
    def new(cls, deal: Deal, rules: Rules = STANDARD) -> GameState:
        """The position right after the deal, with the first player chosen by the rules."""
        first, why = deal.first_player(rules)
        state = cls(rules, first)
        state.start_reason = why
        for p in Player:
            state.crapette[p] = list(deal.crapette(p))
            state.crapette_up[p] = 1
            state.stock[p] = list(deal.stock(p))
            for i, card in enumerate(deal.cases(p)):
                state.cases[4 * p + i] = [card]
        return state

    @classmethod
    def build(
        cls,
        *,
        turn: str | Player = "A",
        rules: Rules = STANDARD,
        crapette: Mapping[str, str] | None = None,
        crapette_up: Mapping[str, int] | None = None,
        stock: Mapping[str, str] | None = None,
        discard: Mapping[str, str] | None = None,
        cases: Mapping[int, str] | None = None,
        foundations: str | Iterable[str] = "",
        turned: str | None = None,
    ) -> GameState:
        """Any position, written as text; piles go from bottom to top ("KS QH": QH on top).

        ``crapette``, ``stock`` and ``discard`` map "A"/"B" to cards (the stock's last card
        is the next one turned); ``cases`` maps 1-8 to cards; each card of ``foundations`` is
        the top of one foundation, filled from the ace; ``turned`` is the stock card in the
        hand of the player to move; ``crapette_up`` says how many crapette cards are face
        up (default 1). Each card may appear twice (one per deck); owners are assigned for
        you, preferring the pile's owner.
        """
        return fill_position(
            cls(rules, Player.parse(turn, "turn")),
            crapette=crapette,
            crapette_up=crapette_up,
            stock=stock,
            discard=discard,
            cases=cases,
            foundations=foundations,
            turned=turned,
        )

    def copy(self) -> GameState:
        other = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(other, name, getattr(self, name))
        other.crapette = [list(p) for p in self.crapette]
        other.crapette_up = list(self.crapette_up)
        other.stock = [list(p) for p in self.stock]
        other.discard = [list(p) for p in self.discard]
        other.cases = [list(p) for p in self.cases]
        other.foundations = [list(p) for p in self.foundations]
        return other

    # ----------------------------------------------------------------- queries

    @property
    def opponent(self) -> Player:
        return self.turn.other

    @property
    def phase(self) -> Phase:
        if self.is_over:
            return Phase.OVER
        return Phase.TURNED if self.turned is not None else Phase.PLAY

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.stalemate

    def all_cards(self) -> list[PlayerCard]:
        """Every card of the position (104 in a dealt game), wherever it lies."""
        cards = [c for piles in (self.crapette, self.stock, self.discard) for p in piles for c in p]
        cards += [c for p in self.cases for c in p]
        cards += [c for p in self.foundations for c in p]
        if self.turned is not None:
            cards.append(self.turned)
        return cards

    def free_cards(self) -> list[tuple[str, PlayerCard]]:
        """The cards the player to move may move, with their source: ``C`` the crapette top,
        ``1``-``8`` the exposed card of a case, ``S`` the card turned from the stock."""
        if self.is_over:
            return []
        free = []
        crapette = self.crapette[self.turn]
        if crapette:
            free.append(("C", crapette[-1]))
        free += [(str(i + 1), pile[-1]) for i, pile in enumerate(self.cases) if pile]
        if self.turned is not None:
            free.append(("S", self.turned))
        return free

    def foundation_moves(self) -> list[Move]:
        """The mandatory moves: free cards that can go to a foundation right now."""
        return [Move.transfer(s, "F") for s, c in self.free_cards() if self.foundation_slot(c) >= 0]

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now, in a fixed order. Under ``mandatory='call'`` this
        includes moves that skip a mandatory move (they allow the opponent's call, ``!``,
        which is listed while it is valid); under ``'enforced'`` they are left out."""
        if self.is_over:
            return []
        free = self.free_cards()
        moves = [Move.transfer(s, "F") for s, c in free if self.foundation_slot(c) >= 0]
        if moves and self.rules.mandatory is Mandatory.ENFORCED:
            return moves
        opp = self.opponent
        loads = [
            (target, pile[-1])
            for target, pile in (("OC", self.crapette[opp]), ("OD", self.discard[opp]))
            if pile
        ]
        for source, card in free:
            for j, pile in enumerate(self.cases):
                name = str(j + 1)
                if name != source and fits_case(card, pile):
                    moves.append(Move.transfer(source, name))
            for target, top in loads:
                if self.can_load(card, top):
                    moves.append(Move.transfer(source, target))
        if self.turned is not None:
            moves.append(Move.transfer("S", "D"))
        elif self.stock[self.turn]:
            moves.append(TURN)
        elif self.discard[self.turn]:
            moves.append(RECYCLE)
        else:
            moves.append(PASS)
        if self.fault is not None:
            moves.append(CALL)
        return moves

    def is_legal(self, move: Move) -> bool:
        return self.why_illegal(move) is None

    def why_illegal(self, move: Move) -> str | None:
        """None if ``move`` is legal, else the reason it is not (a sentence for the player)."""
        return why_illegal(self, move)

    def score(self) -> Score:
        """The result so far: a win (with its points), a stalemate, or unfinished."""
        if self.stalemate:
            return Score(
                "stalemate",
                None,
                0,
                f"stalemate: no card reached a foundation in {self.rules.stalemate_rounds} "
                "full rounds",
            )
        if self.winner is None:
            return Score("unfinished", None, 0, "the game is not over")
        loser = self.winner.other
        if self.rules.scoring is Scoring.WIN:
            return Score("win", self.winner, 1, f"{self.winner.label} won (a win scores 1)")
        crapette = len(self.crapette[loser])
        rest = len(self.stock[loser]) + len(self.discard[loser])
        points = 30 + 2 * crapette + rest
        return Score(
            "win",
            self.winner,
            points,
            f"{self.winner.label} won {points} points: 30 + 2 × {crapette} cards in "
            f"{loser.label}'s crapette pile + {rest} cards in {loser.label}'s stock and discard",
        )

    # ----------------------------------------------------------------- notation

    def card_moved_by(self, move: Move) -> PlayerCard | None:
        """The card ``move`` would move (the stock top for ``T``), if there is one."""
        if move.kind is MoveKind.TURN:
            stock = self.stock[self.turn]
            return stock[-1] if stock else None
        if move.kind is not MoveKind.TRANSFER:
            return None
        return self.source_card(move.source)

    def notation(self, move: Move) -> str:
        """The record notation of ``move`` here: prefixed with its card, ``9H:C>F``."""
        card = self.card_moved_by(move)
        return f"{card}:{move}" if card is not None else str(move)

    def parse_move(self, text: str) -> Move:
        """Read ``[CARD:]MOVE``; a card that is not the one the move would move is refused."""
        card, move = parse_notation(text)
        if card is not None:
            actual = self.card_moved_by(move)
            if actual is None or actual.card != card:
                where = (
                    source_name(move.source)
                    if move.kind is MoveKind.TRANSFER
                    else f"the top of {self.turn.label}'s stock"
                )
                found = f"is {actual.pretty}" if actual is not None else "holds no card"
                raise NotationError(f"{text!r} names {card.pretty}, but {where} {found}")
        return move

    # ----------------------------------------------------------------- the state machine

    def apply(self, move: Move | str) -> None:
        """Play ``move`` (a :class:`Move` or its notation) or raise :class:`IllegalMove`;
        a refused move leaves the position unchanged."""
        if isinstance(move, str):
            try:
                move = self.parse_move(move)
            except NotationError as error:
                raise IllegalMove(move, str(error)) from None
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(move, reason)
        if move.kind is MoveKind.CALL:
            self._call()
            return
        if self.fault is None and not move.is_foundation:
            self.fault = self._fault_of(move)
        me = self.turn
        if move.kind is MoveKind.TURN:
            self.turned = self.stock[me].pop()
        elif move.kind is MoveKind.RECYCLE:
            # Turned over without shuffling: the first card discarded becomes the stock top.
            self.stock[me] = self.discard[me][::-1]
            self.discard[me] = []
        elif move.kind is MoveKind.PASS:
            self._end_turn()
        else:
            self._transfer(move.source, move.target)

    def _transfer(self, source: str, target: str) -> None:
        me, opp = self.turn, self.opponent
        card: PlayerCard | None
        if source == "C":
            card = self.crapette[me].pop()
            self._uncover_crapette(me)
        elif source == "S":
            card, self.turned = self.turned, None
        else:
            card = self.cases[CASE_INDEX[source]].pop()
        assert card is not None
        if target == "F":
            self.foundations[self.foundation_slot(card)].append(card)
            self._progress = True
        elif target == "D":
            self.discard[me].append(card)
            self._end_turn()
            return
        elif target == "OC":
            self.crapette[opp].append(card)
            self.crapette_up[opp] += 1  # a loaded card lies face up on the face-up top
        elif target == "OD":
            self.discard[opp].append(card)
        else:
            self.cases[CASE_INDEX[target]].append(card)
        if not self._has_cards(me):
            self.winner = me

    def _uncover_crapette(self, player: Player) -> None:
        """After the top is moved, the next card is (or already was) face up."""
        self.crapette_up[player] = max(self.crapette_up[player] - 1, 0)
        if self.crapette_up[player] == 0 and self.crapette[player]:
            self.crapette_up[player] = 1

    def _call(self) -> None:
        """Crapette!: the turn ends at once; a card just turned goes to the discard pile."""
        if self.turned is not None:
            self.discard[self.turn].append(self.turned)
            self.turned = None
        self._end_turn()

    def _end_turn(self) -> None:
        self.quiet_turns = 0 if self._progress else self.quiet_turns + 1
        self._progress = False
        self.fault = None
        self.turn = self.opponent
        self.turn_number += 1
        if self.quiet_turns >= 2 * self.rules.stalemate_rounds:
            self.stalemate = True

    def _has_cards(self, player: Player) -> bool:
        return bool(
            self.crapette[player]
            or self.stock[player]
            or self.discard[player]
            or (self.turned is not None and self.turn == player)
        )

    # ----------------------------------------------------------------- rule checks

    def foundation_slot(self, card: PlayerCard) -> int:
        """The foundation ``card`` fits (the first of its suit's two), or -1."""
        base = 2 * SUITS.index(card.suit)
        for slot in (base, base + 1):
            if len(self.foundations[slot]) == card.rank - 1:
                return slot
        return -1

    def can_load(self, card: PlayerCard, top: PlayerCard) -> bool:
        if abs(card.rank - top.rank) != 1:
            return False
        if self.rules.loading is Loading.SAME_SUIT:
            return card.suit is top.suit
        return card.red != top.red

    def source_card(self, source: str) -> PlayerCard | None:
        if source == "C":
            pile = self.crapette[self.turn]
            return pile[-1] if pile else None
        if source == "S":
            return self.turned
        pile = self.cases[CASE_INDEX[source]]
        return pile[-1] if pile else None

    def first_foundation_card(self) -> tuple[str, PlayerCard] | None:
        for source, card in self.free_cards():
            if self.foundation_slot(card) >= 0:
                return source, card
        return None

    def _fault_of(self, move: Move) -> str | None:
        """Why ``move`` (legal, about to be played) lets the opponent call Crapette!, if so."""
        if self.rules.mandatory is not Mandatory.CALL or move.ends_turn:
            return None  # a move that ends the turn leaves nothing for a call to interrupt
        missed = self.first_foundation_card()
        if missed is not None:
            source, card = missed
            return (
                f"{self.turn.label} played {move} while {card.pretty} ({source_name(source)}) "
                "could go to a foundation"
            )
        if self.rules.strict_calls and move.kind in (MoveKind.TURN, MoveKind.RECYCLE):
            sequence = self.freeing_sequence()
            if sequence is not None:
                steps = ", ".join(str(m) for m in sequence[:-1])
                return (
                    f"{self.turn.label} played {move} while optional moves ({steps}) would have "
                    f"freed a card for a foundation ({sequence[-1]})"
                )
        return None

    def freeing_sequence(self, depth: int | None = None) -> list[Move] | None:
        """Optional moves (at most ``depth``, default the rule set's ``strict_call_depth``)
        that would free a visible card for a foundation, then that foundation move; see
        :mod:`games.crapette.strict`."""
        return freeing_sequence(self, self.rules.strict_call_depth if depth is None else depth)

    # ----------------------------------------------------------------- output

    def as_dict(self) -> dict[str, object]:
        """The position as JSON-ready data (what a player at the table can see, plus counts)."""

        def player(p: Player) -> dict[str, object]:
            up = self.crapette_up[p]
            return {
                "crapette_count": len(self.crapette[p]),
                "crapette_face_up": [str(c) for c in self.crapette[p][-up:]] if up else [],
                "stock_count": len(self.stock[p]),
                "discard_count": len(self.discard[p]),
                "discard_top": str(self.discard[p][-1]) if self.discard[p] else None,
            }

        return {
            "turn": self.turn.label,
            "phase": self.phase.value,
            "turn_number": self.turn_number,
            "turned": str(self.turned) if self.turned is not None else None,
            "players": {p.label: player(p) for p in Player},
            "cases": {str(i + 1): [str(c) for c in pile] for i, pile in enumerate(self.cases)},
            "foundations": [
                {"suit": SUITS[s // 2].value, "top": str(pile[-1]) if pile else None}
                for s, pile in enumerate(self.foundations)
            ],
            "fault": self.fault,
            "quiet_turns": self.quiet_turns,
            "result": self.score().as_dict(),
        }

    def __str__(self) -> str:
        return render(self)

    def __repr__(self) -> str:
        return f"<GameState turn {self.turn_number}, {self.turn.label} to move, {self.phase.value}>"
