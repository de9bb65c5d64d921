"""Why a move is illegal: one sentence a player understands, naming the card, the place and
what the rules allow there (``GameState.why_illegal`` and ``apply`` use these).

:func:`explain` gives the same reason as data, a :class:`Reason` (a ``code`` and the cards
and places it names), so that another program can say it in another language.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import PlayerCard
from .moves import Move, MoveKind
from .rules import Loading, Mandatory
from .table import CASE_INDEX, SUITS, Position, fits_case, rank_label, source_name


@dataclass(frozen=True)
class Reason:
    """Why a move is refused: ``code`` names the rule, ``text`` says it in English.

    ``card`` is the card the move would move, ``source`` / ``target`` the places (move
    notation: ``C``, ``S``, ``1``-``8``, ``F``, ``OC``, ``OD``, ``D``), ``top`` the card it
    would go on, ``wanted`` the ranks or cards the place takes.
    """

    code: str
    text: str
    card: PlayerCard | None = None
    source: str = ""
    target: str = ""
    top: PlayerCard | None = None
    wanted: tuple[int, ...] = ()


def why_illegal(state: Position, move: Move) -> str | None:
    """None if ``move`` is legal, else the reason it is not (a sentence for the player)."""
    reason = explain(state, move)
    return None if reason is None else reason.text


def explain(state: Position, move: Move) -> Reason | None:
    """None if ``move`` is legal, else why not, as a :class:`Reason`."""
    if state.is_over:
        return Reason("game-over", f"the game is over: {state.score().detail}")
    if move.kind is MoveKind.CALL:
        return _why_no_call(state)
    if state.rules.mandatory is Mandatory.ENFORCED and not move.is_foundation:
        first = _why_foundation_first(state)
        if first is not None:
            return first
    if move.kind is MoveKind.TRANSFER:
        return _why_no_transfer(state, move)
    if state.turned is not None:
        return Reason(
            "already-turned",
            f"a stock card ({state.turned.pretty}) is already turned: place it or put it "
            "on your discard pile (S>D) first",
            card=state.turned,
            source="S",
        )
    return _why_no_stock_move(state, move)


def _why_foundation_first(state: Position) -> Reason | None:
    """A free card that can go to a foundation, when the rule makes that move mandatory."""
    must = state.first_foundation_card()
    if must is None:
        return None
    source, card = must
    return Reason(
        "foundation-first",
        f"{card.pretty} ({source_name(source)}) must go to a foundation first: a "
        "free card that can go to a foundation goes there before any other move",
        card=card,
        source=source,
    )


def _why_no_stock_move(state: Position, move: Move) -> Reason | None:
    """Turn (T), recycle (R) or pass (P), with no stock card turned."""
    me = state.turn
    stock, discard = state.stock[me], state.discard[me]
    if move.kind is MoveKind.TURN:
        if stock:
            return None
        if discard:
            return Reason(
                "stock-empty", f"{me.label}'s stock is empty: turn the discard pile over first (R)"
            )
        return Reason(
            "nothing-left", f"{me.label} has no stock and no discard pile left: end the turn with P"
        )
    if move.kind is MoveKind.RECYCLE:
        if stock:
            return Reason(
                "stock-not-empty",
                f"{me.label}'s stock still has {len(stock)} cards: the discard pile is "
                "turned over only when the stock is empty",
                wanted=(len(stock),),
            )
        if not discard:
            return Reason(
                "discard-empty",
                f"{me.label}'s discard pile is empty: there is nothing to turn over",
            )
        return None
    # PASS
    if stock or discard:
        return Reason(
            "cannot-pass",
            f"{me.label} can still turn a stock card (T or R): a turn ends when the stock "
            "card goes to the discard pile; P is only for a player with no stock and no "
            "discard pile",
        )
    return None


def _why_no_transfer(state: Position, move: Move) -> Reason | None:
    source, target = move.source, move.target
    card = state.source_card(source)
    if card is None:
        return _why_no_card(state, source, target)
    if target == "F":
        if state.foundation_slot(card) >= 0:
            return None
        return _why_not_foundation(state, card, source)
    if target == "D":
        if source != "S":
            return Reason(
                "discard-only-stock",
                "only the card just turned from the stock goes to your discard pile; "
                f"{card.pretty} ({source_name(source)}) cannot",
                card=card,
                source=source,
                target=target,
            )
        return None
    if target in ("OC", "OD"):
        return _why_no_load(state, card, source, target)
    if target == source:
        return Reason(
            "same-case", f"{card.pretty} is already in case {source}", card=card, source=source
        )
    return _why_not_on_case(state, card, source, target)


def _why_no_card(state: Position, source: str, target: str) -> Reason:
    if source == "C":
        text = f"{state.turn.label}'s crapette pile is empty: there is no card to move"
    elif source == "S":
        text = "no stock card is turned: turn one first (T)"
    else:
        text = f"case {source} is empty: there is no card to move"
    return Reason("no-card", text, source=source, target=target)


def _why_no_load(state: Position, card: PlayerCard, source: str, target: str) -> Reason | None:
    """Loading onto the opponent's crapette (OC) or discard pile (OD)."""
    opp = state.opponent
    pile = state.crapette[opp] if target == "OC" else state.discard[opp]
    name = f"{opp.label}'s {'crapette' if target == 'OC' else 'discard'} pile"
    if not pile:
        return Reason(
            "load-empty",
            f"{name} is empty: a card is loaded only onto its top card",
            card=card,
            source=source,
            target=target,
        )
    top = pile[-1]
    if state.can_load(card, top):
        return None
    around = tuple(r for r in (top.rank - 1, top.rank + 1) if 1 <= r <= 13)
    ranks = " or ".join(rank_label(r) for r in around)
    if state.rules.loading is Loading.SAME_SUIT:
        wanted = f"the same suit, one rank higher or lower ({ranks} of {top.suit.symbol})"
    else:
        colour = "black" if top.red else "red"
        wanted = f"the other colour, one rank higher or lower (a {colour} {ranks})"
    return Reason(
        "load-same-suit" if state.rules.loading is Loading.SAME_SUIT else "load-alternate",
        f"{card.pretty} cannot be loaded onto {name} (top {top.pretty}): loading takes {wanted}",
        card=card,
        source=source,
        target=target,
        top=top,
        wanted=around,
    )


def _why_not_on_case(state: Position, card: PlayerCard, source: str, target: str) -> Reason | None:
    pile = state.cases[CASE_INDEX[target]]
    if fits_case(card, pile):
        return None
    top = pile[-1]
    if top.rank == 1:
        return Reason(
            "case-ace",
            f"{card.pretty} cannot go on {top.pretty} in case {target}: a case builds down "
            "and nothing ranks below an ace",
            card=card,
            source=source,
            target=target,
            top=top,
        )
    colour = "black" if top.red else "red"
    if card.rank == top.rank - 1:
        return Reason(
            "case-colour",
            f"{card.pretty} cannot go on {top.pretty} in case {target}: cases build down in "
            f"alternating colours (a {colour} {rank_label(top.rank - 1)} goes on {top.pretty})",
            card=card,
            source=source,
            target=target,
            top=top,
            wanted=(top.rank - 1,),
        )
    return Reason(
        "case-rank",
        f"{card.pretty} cannot go on {top.pretty} in case {target}: a case builds down one "
        f"rank at a time in alternating colours, so only a {colour} "
        f"{rank_label(top.rank - 1)} goes on {top.pretty}",
        card=card,
        source=source,
        target=target,
        top=top,
        wanted=(top.rank - 1,),
    )


def _why_not_foundation(state: Position, card: PlayerCard, source: str) -> Reason:
    base = 2 * SUITS.index(card.suit)
    piles = [state.foundations[s] for s in (base, base + 1)]
    stands = " and ".join(
        "empty" if not p else ("complete" if len(p) == 13 else p[-1].pretty) for p in piles
    )
    takes = sorted({len(p) + 1 for p in piles if len(p) < 13})
    wanted = " or ".join(f"{rank_label(r)}{card.suit.symbol}" for r in takes) or "nothing"
    return Reason(
        "foundation-rank",
        f"{card.pretty} cannot go to a foundation: the {card.suit.symbol} foundations stand "
        f"at {stands} (they take {wanted}); foundations are built up by suit from the ace",
        card=card,
        source=source,
        target="F",
        wanted=tuple(takes),
    )


def _why_no_call(state: Position) -> Reason | None:
    if state.rules.mandatory is Mandatory.ENFORCED:
        return Reason(
            "calls-off", "Crapette! calls are off under these rules: mandatory moves are enforced"
        )
    if state.fault is not None:
        return None
    also = (
        f" (nor stopped while up to {state.rules.strict_call_depth} optional moves would "
        "have freed a card for a foundation)"
        if state.rules.strict_calls
        else ""
    )
    return Reason(
        "no-fault",
        f"Crapette! is not valid: {state.turn.label} has not missed a mandatory move "
        f"this turn{also}; an invalid call is refused",
    )
