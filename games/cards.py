"""Playing cards shared by every Huche game: :class:`Card`, :class:`Rank`, :class:`Suit`.

Plain Python, no Django. The text notation accepted everywhere (API, CLI, forms) is a rank
``A 2-9 T 10 J Q K`` (any case) followed by a suit ``S H D C`` or ``♠ ♥ ♦ ♣``. French players'
letters are read too: ranks ``V D R`` (valet, dame, roi) and suits ``P C K T`` (pique, cœur,
carreau, trèfle). The one letter that means two things is a suit ``C``: clubs in English, cœur in
French; ``language="fr"`` reads it the French way (the page's or the request's language):

>>> parse_card("10h") == parse_card("TH") == parse_card("10♥")
True
>>> str(parse_card("th")), parse_card("th").pretty
('TH', '10♥')
>>> parse_cards("5H 5C 5S JD")
(Card('5H'), Card('5C'), Card('5S'), Card('JD'))
>>> parse_card("RP"), parse_card("10K"), parse_card("VT")
(Card('KS'), Card('TD'), Card('JC'))
>>> parse_card("DC"), parse_card("DC", language="fr")
(Card('QC'), Card('QH'))
>>> parse_card("1H")
Traceback (most recent call last):
...
games.cards.CardError: '1H' is not a card: rank '1' is not one of A 2 3 4 5 6 7 8 9 T 10 J Q K (or V D R)
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import total_ordering


class CardError(ValueError):
    """A card or a group of cards that cannot be read or is not allowed (names the bad token)."""


class Rank(enum.IntEnum):
    """Card rank; the integer value is the rank order with the ace low (A=1 … K=13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def pips(self) -> int:
        """Value for counting 15 and 31: A=1, 2-10 face value, J Q K = 10."""
        return min(int(self), 10)

    @property
    def symbol(self) -> str:
        """One-character notation: A 2-9 T J Q K."""
        return _RANK_SYMBOLS[self]

    @property
    def label(self) -> str:
        """How a player writes it: A 2-10 J Q K."""
        return "10" if self is Rank.TEN else self.symbol


class Suit(enum.Enum):
    """Card suit, in the order spades, hearts, diamonds, clubs."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def index(self) -> int:
        return _SUIT_ORDER[self]


_RANK_SYMBOLS = {r: s for r, s in zip(Rank, "A23456789TJQK", strict=True)}
# French face cards: valet, dame, roi (no French rank letter is an English one).
_RANK_BY_TEXT = (
    {s: r for r, s in _RANK_SYMBOLS.items()}
    | {"10": Rank.TEN}
    | {"V": Rank.JACK, "D": Rank.QUEEN, "R": Rank.KING}
)
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
# Pique, carreau, trèfle; "C" is clubs or cœur depending on the language (_SUIT_C).
_SUIT_BY_TEXT = (
    {s.value: s for s in Suit}
    | {sym: s for s, sym in _SUIT_SYMBOLS.items()}
    | {"P": Suit.SPADES, "K": Suit.DIAMONDS, "T": Suit.CLUBS}
)
_SUIT_C = {"en": Suit.CLUBS, "fr": Suit.HEARTS}
# Variation selectors sometimes follow a suit emoji typed on a phone ("♥️").
_TOKEN = re.compile(r"^(10|[0-9A-Za-z])([SHDCPKTshdcpkt♠♥♦♣])\ufe0f?$")
_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}
RANKS_TEXT = "A 2 3 4 5 6 7 8 9 T 10 J Q K (or V D R)"
SUITS_TEXT = "S H D C (or P C K T, or ♠ ♥ ♦ ♣)"
LANGUAGES = tuple(_SUIT_C)


def card_language(language: str | None) -> str:
    """The card notation of a page or request language: ``"fr"`` for any French (``fr-ca``),
    ``"en"`` otherwise."""
    return "fr" if (language or "").lower().startswith("fr") else "en"


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """An immutable playing card. Ordered by rank (ace low), then suit (S H D C)."""

    rank: Rank
    suit: Suit

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise CardError(f"a card needs a Rank and a Suit, got {self.rank!r} and {self.suit!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)

    @property
    def pips(self) -> int:
        return self.rank.pips

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @property
    def index(self) -> int:
        """0-51, rank-major (AS=0, AH=1 … KC=51): handy for tables and bit masks."""
        return (int(self.rank) - 1) * 4 + self.suit.index

    @property
    def pretty(self) -> str:
        """The form a person reads: ``10♥``, ``J♠``."""
        return f"{self.rank.label}{self.suit.symbol}"

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index


def parse_card(text: object, *, language: str = "en") -> Card:
    """Read one card in any accepted notation; a :class:`Card` is returned as is, anything else
    than text is refused (cards often come from JSON). ``language`` (``"en"`` or ``"fr"``)
    decides the one ambiguous letter, a suit ``C``."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card: expected text such as 'TH' or '10♥'")
    token = text.strip()
    match = _TOKEN.match(token)
    if not match:
        if not token:
            raise CardError("an empty card: write a rank then a suit, e.g. 'TH' or '10♥'")
        raise CardError(
            f"'{token}' is not a card: write a rank ({RANKS_TEXT}) then a suit ({SUITS_TEXT})"
        )
    rank_text, suit_text = match.groups()
    rank = _RANK_BY_TEXT.get(rank_text.upper())
    if rank is None:
        raise CardError(f"'{token}' is not a card: rank '{rank_text}' is not one of {RANKS_TEXT}")
    suit = suit_text.upper()
    if suit == "C":
        if language not in _SUIT_C:
            raise CardError(f"card language {language!r} is not one of {', '.join(_SUIT_C)}")
        return Card(rank, _SUIT_C[language])
    return Card(rank, _SUIT_BY_TEXT[suit])


def parse_cards(
    cards: str | Iterable[str | Card], *, unique: bool = True, language: str = "en"
) -> tuple[Card, ...]:
    """Read several cards: a space/comma-separated string or an iterable of cards or strings.

    With ``unique`` (the default) the same card twice is an error, as in any hand or deck.
    """
    tokens = re.split(r"[\s,;]+", cards.strip()) if isinstance(cards, str) else list(cards)
    parsed = tuple(
        parse_card(t, language=language)
        for t in tokens
        if not (isinstance(t, str) and not t.strip())
    )
    if unique:
        require_distinct(parsed)
    return parsed


def require_distinct(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card} appears twice: a deck has only one of each card")
        seen.add(card)


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    return " ".join(c.pretty if pretty else str(c) for c in cards)


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in index order (AS AH AD AC 2S …)."""
    return tuple(Card(r, s) for r in Rank for s in Suit)


DECK: tuple[Card, ...] = full_deck()


def shuffled_deck(seed: int | str | None = None) -> list[Card]:
    """A deck shuffled by a private RNG: the same seed gives the same order on every machine."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck
