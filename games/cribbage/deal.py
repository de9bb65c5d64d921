"""Dealing a cribbage hand from a deck order, and stacking a deck for a chosen deal.

The deal goes one card at a time clockwise, starting with the player on the dealer's left and
ending with the dealer; a seat that has all its cards is passed over. Then the cards dealt
straight to the crib (three-handed: one) come off the pack. The rest is the pack, which is cut
for the starter: the cutter lifts ``depth`` cards and the dealer turns up the card below them.

>>> from games.cribbage.rules import STANDARD_2P_121, THREE_PLAYER
>>> deal_order(STANDARD_2P_121, dealer=0)[:4]
(1, 0, 1, 0)
>>> deal_order(THREE_PLAYER, dealer=2)[-4:]
(0, 1, 2, None)
>>> deck = stack_deck(STANDARD_2P_121, 0, {1: "5H 5C 5S JD 2C 3C", 0: "KH QH 4S 6D 8C 9C"},
...                   starter="5D")
>>> dealt = deal_hand(STANDARD_2P_121, deck, dealer=0)
>>> format_cards(dealt.hands[1]), dealt.pack[4]
('5H 5C 5S JD 2C 3C', Card('5D'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.cards import DECK, Card, CardError, format_cards, parse_card, parse_cards
from games.cribbage.actions import GameError
from games.cribbage.rules import RuleSet


@dataclass(frozen=True, slots=True)
class DealtHand:
    """The result of a deal: each seat's cards, the cards dealt to the crib, the pack left."""

    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    pack: tuple[Card, ...]


def check_deck(deck: Iterable[str | Card], *, where: str = "the deck") -> tuple[Card, ...]:
    """A full deck order: the 52 cards, each once, as :class:`Card` values."""
    try:
        cards = parse_cards(deck)
    except CardError as exc:
        raise GameError(f"{where} is not a deck order: {exc}") from None
    if len(cards) != len(DECK):
        missing = sorted(set(DECK) - set(cards))
        raise GameError(
            f"{where} has {len(cards)} cards, a deck order needs all {len(DECK)}"
            + (f" (missing {format_cards(missing)})" if missing else "")
        )
    return cards


def deal_order(rules: RuleSet, dealer: int) -> tuple[int | None, ...]:
    """Who receives each card dealt, in order: a seat number, or ``None`` for the crib."""
    rules.dealt_to(dealer, dealer=dealer)  # validates the seat
    n = rules.players
    # Clockwise from the dealer's left, the dealer last.
    seats = [(dealer + k) % n for k in range(1, n + 1)]
    order: list[int | None] = []
    for round_no in range(max(rules.deal)):
        order += [s for s in seats if rules.dealt_to(s, dealer=dealer) > round_no]
    return (*order, *([None] * rules.crib_from_deck))


def deal_hand(rules: RuleSet, deck: Sequence[Card], dealer: int) -> DealtHand:
    """Deal one hand from ``deck`` (top card first)."""
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    crib: list[Card] = []
    order = deal_order(rules, dealer)
    for card, seat in zip(deck, order, strict=False):
        (crib if seat is None else hands[seat]).append(card)
    return DealtHand(tuple(map(tuple, hands)), tuple(crib), tuple(deck[len(order) :]))


def stack_deck(
    rules: RuleSet,
    dealer: int,
    hands: Mapping[int, str | Iterable[str | Card]],
    *,
    crib: str | Iterable[str | Card] = (),
    starter: str | Card | None = None,
    depth: int | None = None,
) -> tuple[Card, ...]:
    """A deck order that deals ``hands`` (seat -> the cards it is dealt) when ``dealer`` deals.

    ``crib`` is for the cards dealt straight to the crib (three-handed game). The ``starter``
    is placed so that a cut of ``depth`` cards (default: ``rules.min_cut_packet``) turns it up.
    Seats or cards not given are filled with the remaining cards in deck order.
    """
    given: dict[int | None, list[Card]] = {}
    for seat, cards in hands.items():
        need = rules.dealt_to(seat, dealer=dealer)
        parsed = list(parse_cards(cards))
        if len(parsed) != need:
            raise GameError(f"seat {seat} is dealt {need} cards, got {len(parsed)}")
        given[seat] = parsed
    given[None] = list(parse_cards(crib))
    if len(given[None]) > rules.crib_from_deck:
        raise GameError(
            f"{rules.crib_from_deck} card(s) are dealt to the crib, got {len(given[None])}"
        )
    top = parse_card(starter) if starter is not None else None
    used = [c for cards in given.values() for c in cards] + ([top] if top else [])
    parse_cards(used)  # the same card twice is an error
    taken = set(used)
    spare = iter([c for c in DECK if c not in taken])
    dealt = [
        given[seat].pop(0) if given.get(seat) else next(spare) for seat in deal_order(rules, dealer)
    ]
    pack = list(spare)
    if top is not None:
        at = rules.min_cut_packet if depth is None else depth
        if not rules.min_cut_packet <= at <= len(pack) + 1 - rules.min_cut_packet:
            raise GameError(f"depth {at} is not a legal cut of a {len(pack) + 1}-card pack")
        pack.insert(at, top)
    return tuple(dealt + pack)
