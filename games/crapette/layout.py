"""The two decks, the deal and who starts.

Each player has a whole 52-card deck of their own back, so the 104 cards of a game are the
52 :class:`~games.cards.Card` values twice, told apart by :class:`PlayerCard.owner`.

A deck is dealt in order (its first card first): the first 13 cards form the crapette pile
(the 13th on top, face up), the next 4 go face up to that player's cases (A: cases 1-4,
B: cases 5-8) and the last 35 form the stock, the 18th card of the deck on top.

>>> deal = Deal.from_seed(7)
>>> len(deal.crapette(Player.A)), len(deal.stock(Player.B))
(13, 35)
>>> deal.crapette(Player.A)[-1].card == deal.decks[0][12]
True
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.cards import Card, CardError, Suit, parse_card, shuffled_deck

from .errors import DealError
from .rules import Rules, WhoStarts

CRAPETTE_SIZE = 13
CASES_PER_PLAYER = 4
STOCK_SIZE = 35


class Player(enum.IntEnum):
    """The two players; A deals cases 1-4 and B cases 5-8."""

    A = 0
    B = 1

    @property
    def other(self) -> Player:
        return Player(1 - self)

    @property
    def label(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: object, where: str = "player") -> Player:
        if isinstance(text, Player):
            return text
        if isinstance(text, str) and text.strip().upper() in ("A", "B"):
            return cls[text.strip().upper()]
        raise DealError(f"{where}: {text!r} is not a player: use 'A' or 'B'")


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """A card together with the deck (back) it belongs to.

    ``rank`` (1-13) and ``red`` are copied from the card because the move generator reads
    them thousands of times per game.
    """

    card: Card
    owner: Player
    rank: int = field(init=False, compare=False, repr=False)
    red: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rank", int(self.card.rank))
        object.__setattr__(self, "red", self.card.suit.is_red)

    @property
    def suit(self) -> Suit:
        return self.card.suit

    @property
    def pretty(self) -> str:
        return self.card.pretty

    def __str__(self) -> str:
        return str(self.card)


# One value per physical card, shared by every game, so piles hold the same objects.
_PLAYER_CARDS: dict[tuple[Card, Player], PlayerCard] = {}


def player_card(card: Card, owner: Player) -> PlayerCard:
    key = (card, owner)
    found = _PLAYER_CARDS.get(key)
    if found is None:
        found = _PLAYER_CARDS[key] = PlayerCard(card, owner)
    return found


def read_deck(cards: Sequence[object], where: str) -> tuple[Card, ...]:
    """Read a dealing order of 52 distinct cards; the error names the bad position."""
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise DealError(f"{where}: expected a list of 52 cards, got {type(cards).__name__}")
    read: list[Card] = []
    seen: dict[Card, int] = {}
    for i, text in enumerate(cards):
        try:
            card = parse_card(text)
        except CardError as error:
            raise DealError(f"{where}[{i}]: {error}") from None
        if card in seen:
            raise DealError(
                f"{where}[{i}]: {card} appears twice (also at [{seen[card]}]): "
                "a deck holds each of the 52 cards once"
            )
        seen[card] = i
        read.append(card)
    if len(read) != 52:
        raise DealError(f"{where}: {len(read)} cards: a deck holds exactly 52 cards")
    return tuple(read)


@dataclass(frozen=True)
class Deal:
    """Both decks in dealing order, plus who wins the draw if everything else ties."""

    decks: tuple[tuple[Card, ...], tuple[Card, ...]]
    draw: Player = Player.A

    def __post_init__(self) -> None:
        if len(self.decks) != 2:
            raise DealError(f"a deal needs two decks (A and B), got {len(self.decks)}")
        for player in Player:
            read_deck(self.decks[player], f"deck {player.label}")
        object.__setattr__(self, "draw", Player.parse(self.draw, "draw"))

    @classmethod
    def from_cards(
        cls, deck_a: Sequence[object], deck_b: Sequence[object], draw: object = "A"
    ) -> Deal:
        """Both dealing orders as card strings (or Cards), e.g. from a game record."""
        return cls(
            (read_deck(deck_a, "deck A"), read_deck(deck_b, "deck B")),
            Player.parse(draw, "draw"),
        )

    @classmethod
    def from_seed(cls, seed: int | str) -> Deal:
        """A reproducible deal: deck A is ``shuffled_deck(f"{seed}:A")``, deck B likewise with
        ``:B``, and the draw is ``random.Random(f"{seed}:draw").choice("AB")``."""
        decks = (tuple(shuffled_deck_for(seed, Player.A)), tuple(shuffled_deck_for(seed, Player.B)))
        draw = random.Random(f"{seed}:draw").choice("AB")
        return cls(decks, Player[draw])

    def _dealt(self, player: Player, start: int, stop: int) -> tuple[PlayerCard, ...]:
        return tuple(player_card(c, player) for c in self.decks[player][start:stop])

    def crapette(self, player: Player) -> tuple[PlayerCard, ...]:
        """The crapette pile, bottom to top (the top is the 13th card dealt)."""
        return self._dealt(player, 0, CRAPETTE_SIZE)

    def cases(self, player: Player) -> tuple[PlayerCard, ...]:
        """The 4 cards dealt to the player's cases, in case order."""
        return self._dealt(player, CRAPETTE_SIZE, CRAPETTE_SIZE + CASES_PER_PLAYER)

    def stock(self, player: Player) -> tuple[PlayerCard, ...]:
        """The stock, bottom to top: the deck's 18th card is on top, turned first."""
        return tuple(reversed(self._dealt(player, CRAPETTE_SIZE + CASES_PER_PLAYER, 52)))

    def first_player(self, rules: Rules) -> tuple[Player, str]:
        """Who starts under ``rules.who_starts``, and a sentence saying why."""
        return who_starts(self, rules)

    def as_dict(self) -> dict[str, object]:
        return {
            "A": [str(c) for c in self.decks[Player.A]],
            "B": [str(c) for c in self.decks[Player.B]],
            "draw": self.draw.label,
        }


def shuffled_deck_for(seed: int | str, player: Player) -> list[Card]:
    """The dealing order of ``player``'s deck in the game dealt from ``seed``."""
    return shuffled_deck(f"{seed}:{player.label}")


def who_starts(deal: Deal, rules: Rules) -> tuple[Player, str]:
    """The first player: the lower crapette top (ace low, suits do not count); on a tie the
    lower card of the first case, then the second…; if all four also tie, the draw.

    >>> from games.cards import DECK
    >>> deck = list(DECK)  # AS AH AD AC 2S …: A's crapette top is 4S (the 13th card)
    >>> deal = Deal.from_cards(deck, deck[1:] + deck[:1], "B")  # B's top: 4H
    >>> player, why = who_starts(deal, Rules())
    >>> why.split("; ")[0], why.split("; ")[-1]
    ('crapette tops tie (4♠, 4♥)', 'A starts: case 3 holds 4♣, lower than 5♠ in case 7')
    """
    if rules.who_starts is not WhoStarts.LOWER_CARD:
        chosen = Player[rules.who_starts.value]
        return chosen, f"{chosen.label} starts: the rules say so (who_starts {chosen.label!r})"
    tops = [deal.crapette(p)[-1] for p in Player]
    if tops[0].rank != tops[1].rank:
        lower = Player.A if tops[0].rank < tops[1].rank else Player.B
        return lower, (
            f"{lower.label} starts: crapette top {tops[lower].pretty} is lower than "
            f"{tops[lower.other].pretty}"
        )
    why = [f"crapette tops tie ({tops[0].pretty}, {tops[1].pretty})"]
    cases = [deal.cases(p) for p in Player]
    for i, (a, b) in enumerate(zip(cases[0], cases[1], strict=True)):
        if a.rank != b.rank:
            lower = Player.A if a.rank < b.rank else Player.B
            why.append(
                f"{lower.label} starts: case {i + 1 + 4 * lower} holds "
                f"{cases[lower][i].pretty}, lower than {cases[lower.other][i].pretty} "
                f"in case {i + 1 + 4 * lower.other}"
            )
            return lower, "; ".join(why)
        why.append(f"case {i + 1} against case {i + 5}: {a.pretty} against {b.pretty} tie")
    why.append(f"{deal.draw.label} starts: won the draw")
    return deal.draw, "; ".join(why)
