"""Why a move is illegal: one sentence a player understands, naming the card, the place and
what the rules allow there (``GameState.why_illegal`` and ``apply`` use these)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import Move, MoveKind
from .rules import Loading, Mandatory
from .table import CASE_INDEX, SUITS, Position, fits_case, rank_label, source_name

if TYPE_CHECKING:
    from .layout import PlayerCard


def why_illegal(state: Position, move: Move) -> str | None:
    """None if ``move`` is legal, else the reason it is not (a sentence for the player)."""
    me = state.turn
    if state.is_over:
        return f"the game is over: {state.score().detail}"
    if move.kind is MoveKind.CALL:
        return _why_no_call(state)
    if state.rules.mandatory is Mandatory.ENFORCED and not move.is_foundation:
        must = state.first_foundation_card()
        if must is not None:
            source, card = must
            return (
                f"{card.pretty} ({source_name(source)}) must go to a foundation first: a "
                "free card that can go to a foundation goes there before any other move"
            )
    if move.kind is MoveKind.TRANSFER:
        return _why_no_transfer(state, move)
    if state.turned is not None:
        return (
            f"a stock card ({state.turned.pretty}) is already turned: place it or put it "
            "on your discard pile (S>D) first"
        )
    stock, discard = state.stock[me], state.discard[me]
    if move.kind is MoveKind.TURN:
        if stock:
            return None
        if discard:
            return f"{me.label}'s stock is empty: turn the discard pile over first (R)"
        return f"{me.label} has no stock and no discard pile left: end the turn with P"
    if move.kind is MoveKind.RECYCLE:
        if stock:
            return (
                f"{me.label}'s stock still has {len(stock)} cards: the discard pile is "
                "turned over only when the stock is empty"
            )
        if not discard:
            return f"{me.label}'s discard pile is empty: there is nothing to turn over"
        return None
    # PASS
    if stock or discard:
        return (
            f"{me.label} can still turn a stock card (T or R): a turn ends when the stock "
            "card goes to the discard pile; P is only for a player with no stock and no "
            "discard pile"
        )
    return None


def _why_no_transfer(state: Position, move: Move) -> str | None:
    me, opp = state.turn, state.opponent
    source, target = move.source, move.target
    card = state.source_card(source)
    if card is None:
        if source == "C":
            return f"{me.label}'s crapette pile is empty: there is no card to move"
        if source == "S":
            return "no stock card is turned: turn one first (T)"
        return f"case {source} is empty: there is no card to move"
    if target == "F":
        return None if state.foundation_slot(card) >= 0 else _why_not_foundation(state, card)
    if target == "D":
        if source != "S":
            return (
                "only the card just turned from the stock goes to your discard pile; "
                f"{card.pretty} ({source_name(source)}) cannot"
            )
        return None
    if target in ("OC", "OD"):
        pile = state.crapette[opp] if target == "OC" else state.discard[opp]
        name = f"{opp.label}'s {'crapette' if target == 'OC' else 'discard'} pile"
        if not pile:
            return f"{name} is empty: a card is loaded only onto its top card"
        top = pile[-1]
        if state.can_load(card, top):
            return None
        ranks = " or ".join(rank_label(r) for r in (top.rank - 1, top.rank + 1) if 1 <= r <= 13)
        if state.rules.loading is Loading.SAME_SUIT:
            wanted = f"the same suit, one rank higher or lower ({ranks} of {top.suit.symbol})"
        else:
            colour = "black" if top.red else "red"
            wanted = f"the other colour, one rank higher or lower (a {colour} {ranks})"
        return (
            f"{card.pretty} cannot be loaded onto {name} (top {top.pretty}): loading takes {wanted}"
        )
    if target == source:
        return f"{card.pretty} is already in case {source}"
    pile = state.cases[CASE_INDEX[target]]
    if fits_case(card, pile):
        return None
    top = pile[-1]
    if top.rank == 1:
        return (
            f"{card.pretty} cannot go on {top.pretty} in case {target}: a case builds down "
            "and nothing ranks below an ace"
        )
    colour = "black" if top.red else "red"
    if card.rank == top.rank - 1:
        return (
            f"{card.pretty} cannot go on {top.pretty} in case {target}: cases build down in "
            f"alternating colours (a {colour} {rank_label(top.rank - 1)} goes on {top.pretty})"
        )
    return (
        f"{card.pretty} cannot go on {top.pretty} in case {target}: a case builds down one "
        f"rank at a time in alternating colours, so only a {colour} "
        f"{rank_label(top.rank - 1)} goes on {top.pretty}"
    )


def _why_not_foundation(state: Position, card: PlayerCard) -> str:
    base = 2 * SUITS.index(card.suit)
    piles = [state.foundations[s] for s in (base, base + 1)]
    stands = " and ".join(
        "empty" if not p else ("complete" if len(p) == 13 else p[-1].pretty) for p in piles
    )
    takes = sorted({len(p) + 1 for p in piles if len(p) < 13})
    wanted = " or ".join(f"{rank_label(r)}{card.suit.symbol}" for r in takes) or "nothing"
    return (
        f"{card.pretty} cannot go to a foundation: the {card.suit.symbol} foundations stand "
        f"at {stands} (they take {wanted}); foundations are built up by suit from the ace"
    )


def _why_no_call(state: Position) -> str | None:
    if state.rules.mandatory is Mandatory.ENFORCED:
        return "Crapette! calls are off under these rules: mandatory moves are enforced"
    if state.fault is not None:
        return None
    also = (
        f" (nor stopped while up to {state.rules.strict_call_depth} optional moves would "
        "have freed a card for a foundation)"
        if state.rules.strict_calls
        else ""
    )
    return (
        f"Crapette! is not valid: {state.turn.label} has not missed a mandatory move "
        f"this turn{also}; an invalid call is refused"
    )
