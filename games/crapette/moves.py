"""Move values and their compact notation.

A transfer names where the card comes from and where it goes, ``SOURCE>TARGET``:

- sources: ``C`` the top of one's own crapette pile, ``S`` the card just turned from one's
  stock, ``1``-``8`` the exposed card of a case (A dealt cases 1-4, B cases 5-8);
- targets: ``F`` a foundation (the one of the card's suit it fits), ``1``-``8`` a case,
  ``OC`` / ``OD`` the opponent's crapette / discard top (loading), ``D`` one's own discard
  pile (only from ``S``; it ends the turn).

The other moves are one letter: ``T`` turn the top stock card, ``R`` turn the discard pile
over as the new stock (only when the stock is empty), ``P`` end the turn (only for a player
with neither stock nor discard pile left) and ``!`` the opponent's "Crapette!" call.

In a record a move may be prefixed with the card it moves, ``9H:C>F`` (``4C:T`` for the card
turned); replay checks that the card is the one really moved.

>>> Move.parse("c>f"), str(Move.transfer("3", "OC")), Move.parse("!") == CALL
(Move('C>F'), '3>OC', True)
>>> Move.parse("C>C")
Traceback (most recent call last):
...
games.crapette.errors.NotationError: 'C>C' is not a move: target 'C' is not one of F 1-8 OC OD D
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from games.cards import Card, CardError, parse_card

from .errors import NotationError

CASE_NAMES = tuple(str(n) for n in range(1, 9))
SOURCES = ("C", "S", *CASE_NAMES)
TARGETS = ("F", *CASE_NAMES, "OC", "OD", "D")


class MoveKind(enum.Enum):
    TRANSFER = "transfer"
    TURN = "T"
    RECYCLE = "R"
    PASS = "P"
    CALL = "!"


@dataclass(frozen=True, slots=True)
class Move:
    """One move: a transfer of one card, or one of the single-letter moves."""

    kind: MoveKind
    source: str = ""
    target: str = ""

    def __post_init__(self) -> None:
        if self.kind is MoveKind.TRANSFER:
            if self.source not in SOURCES:
                raise NotationError(
                    f"source {self.source!r} is not one of C S 1-8 (crapette, stock card, case)"
                )
            if self.target not in TARGETS:
                raise NotationError(f"target {self.target!r} is not one of F 1-8 OC OD D")
        elif self.source or self.target:
            raise NotationError(f"a {self.kind.value} move has no source or target")

    @classmethod
    def transfer(cls, source: str | int, target: str | int) -> Move:
        return cls(MoveKind.TRANSFER, str(source).upper(), str(target).upper())

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the notation without a card prefix (see the module docstring)."""
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a move: expected text such as 'C>F' or 'T'")
        token = text.strip().upper()
        single = _SINGLE.get(token)
        if single is not None:
            return single
        source, sep, target = token.partition(">")
        if not sep:
            raise NotationError(
                f"{text!r} is not a move: write SOURCE>TARGET (e.g. C>F, 3>OC, S>D) "
                "or one of T R P !"
            )
        try:
            return cls.transfer(source, target)
        except NotationError as error:
            raise NotationError(f"{text!r} is not a move: {error}") from None

    @property
    def is_foundation(self) -> bool:
        return self.target == "F"

    @property
    def ends_turn(self) -> bool:
        return self.target == "D" or self.kind in (MoveKind.PASS, MoveKind.CALL)

    def __str__(self) -> str:
        if self.kind is MoveKind.TRANSFER:
            return f"{self.source}>{self.target}"
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Move('{self}')"


TURN = Move(MoveKind.TURN)
RECYCLE = Move(MoveKind.RECYCLE)
PASS = Move(MoveKind.PASS)
CALL = Move(MoveKind.CALL)
_SINGLE = {"T": TURN, "R": RECYCLE, "P": PASS, "!": CALL}
_ANNOTATED = re.compile(r"^\s*([^:]+):(.+)$")


def parse_notation(text: str) -> tuple[Card | None, Move]:
    """Read ``[CARD:]MOVE``: the card named (if any) and the move.

    >>> parse_notation("9♥:C>F")
    (Card('9H'), Move('C>F'))
    >>> parse_notation("1H:C>F")
    Traceback (most recent call last):
    ...
    games.crapette.errors.NotationError: '1H:C>F': '1H' is not a card: rank '1' is not one of A 2 3 4 5 6 7 8 9 T 10 J Q K (or V D R)
    """
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a move: expected text such as '9H:C>F' or 'T'")
    match = _ANNOTATED.match(text)
    if not match:
        return None, Move.parse(text)
    card_text, move_text = match.groups()
    try:
        card = parse_card(card_text)
    except CardError as error:
        raise NotationError(f"{text!r}: {error}") from None
    move = Move.parse(move_text)
    if move.kind in (MoveKind.RECYCLE, MoveKind.PASS, MoveKind.CALL):
        raise NotationError(f"{text!r}: a {move} move moves no single card, so it names none")
    return card, move
