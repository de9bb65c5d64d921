"""The strict "Crapette!" variant: could optional moves have freed a card for a foundation?

In the strict variant a call is also valid when the player stopped moving cards (turned the
stock or the discard pile) while a sequence of optional moves would have freed a card for a
foundation. "Would have" is bounded: sequences of at most ``Rules.strict_call_depth`` moves
(default 3, at most 4) are searched, depth first, in a fixed order, so the answer is the same
on every machine. Only what a player can see counts: moving the crapette top uncovers a
face-down card (unless cards loaded by the opponent lie face up beneath it), which nobody
could have counted on, so such a move ends what the sequence can see of that pile. The stock
is not used.

Foundations never change during such a sequence, so the only way to free a card for a
foundation is to uncover it: the search tests the card each move uncovers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import Move
from .table import Position

if TYPE_CHECKING:
    from .layout import PlayerCard

Pile = list["PlayerCard"]


def freeing_sequence(state: Position, depth: int) -> list[Move] | None:
    """Up to ``depth`` optional moves after which a visible card can go to a foundation,
    followed by that foundation move; ``[]`` if one can already; None if there is none.

    >>> from games.crapette.state import GameState
    >>> game = GameState.build(cases={1: "3H", 2: "KH", 3: "3D 2S"}, foundations="2D",
    ...                        crapette={"A": "QD", "B": "QC"}, stock={"A": "5C"})
    >>> freeing_sequence(game, 1)  # 2♠ onto 3♥ uncovers 3♦
    [Move('3>1'), Move('3>F')]
    """
    if any(state.foundation_slot(card) >= 0 for _, card in state.free_cards() if _ != "S"):
        return []
    me, opp = state.turn, state.opponent
    search = _Search(state, me, opp)
    crapette = state.crapette[me] if state.crapette[me] else None
    if search.run(depth, crapette, state.crapette_up[me]):
        return [Move.transfer(s, t) for s, t in search.path]
    return None


class _Search:
    """A depth-first search that moves cards on copies of the piles and undoes them."""

    def __init__(self, state: Position, me: int, opp: int) -> None:
        self.state = state
        self.cases: list[Pile] = [list(p) for p in state.cases]
        self.loads: list[tuple[str, Pile]] = [
            ("OC", list(state.crapette[opp])),
            ("OD", list(state.discard[opp])),
        ]
        self.path: list[tuple[str, str]] = []

    def run(self, depth: int, crapette: Pile | None, crapette_up: int) -> bool:
        """``crapette`` is the own crapette pile while its top is a card the player can see
        and whose move uncovers a visible card or nothing useful; None once unknown."""
        sources: list[tuple[str, Pile]] = []
        if crapette:
            sources.append(("C", crapette))
        sources += [(str(i + 1), p) for i, p in enumerate(self.cases) if p]
        wanted, empty = self._case_targets()
        previous = self.path[-1] if self.path else None
        for source, from_pile in sources:
            for target, to_pile in self._targets(from_pile, wanted, empty):
                if previous == (target, source):
                    continue  # undoing the previous move
                if self._try(depth, (source, from_pile), (target, to_pile), crapette, crapette_up):
                    return True
        return False

    def _case_targets(
        self,
    ) -> tuple[dict[tuple[int, bool], list[tuple[str, Pile]]], tuple[str, Pile] | None]:
        """Where each card can go in a case, keyed by the (rank, red) the case top wants; and
        one empty case (all empty cases are alike: one is enough)."""
        wanted: dict[tuple[int, bool], list[tuple[str, Pile]]] = {}
        empty: tuple[str, Pile] | None = None
        for j, pile in enumerate(self.cases):
            if pile:
                top = pile[-1]
                wanted.setdefault((top.rank - 1, not top.red), []).append((str(j + 1), pile))
            elif empty is None:
                empty = (str(j + 1), pile)
        return wanted, empty

    def _targets(
        self,
        from_pile: Pile,
        wanted: dict[tuple[int, bool], list[tuple[str, Pile]]],
        empty: tuple[str, Pile] | None,
    ) -> list[tuple[str, Pile]]:
        card = from_pile[-1]
        targets = list(wanted.get((card.rank, card.red), ()))
        if empty is not None and len(from_pile) > 1:
            targets.append(empty)  # (a lone card moved to an empty case changes nothing)
        targets += [(t, p) for t, p in self.loads if p and self.state.can_load(card, p[-1])]
        return targets

    def _try(
        self,
        depth: int,
        origin: tuple[str, Pile],
        destination: tuple[str, Pile],
        crapette: Pile | None,
        crapette_up: int,
    ) -> bool:
        """Move the top card of ``origin`` to ``destination`` and search on from there; the
        moves stay on the path when that frees a card for a foundation."""
        (source, from_pile), (target, to_pile) = origin, destination
        card = from_pile[-1]
        visible = source != "C" or crapette_up >= 2
        self.path.append((source, target))
        if visible and len(from_pile) >= 2 and self.state.foundation_slot(from_pile[-2]) >= 0:
            self.path.append((source, "F"))
            return True
        if depth > 1:
            from_pile.pop()
            to_pile.append(card)
            next_crapette, next_up = crapette, crapette_up
            if source == "C":
                next_crapette = crapette if visible else None
                next_up = crapette_up - 1
            try:
                if self.run(depth - 1, next_crapette or None, next_up):
                    return True
            finally:
                to_pile.pop()
                from_pile.append(card)
        self.path.pop()
        return False
