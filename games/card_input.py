"""Cards typed by a person, read in their language: the one place pages, the tools' API and
the tournaments' score sheets read cards (``games.cards`` is the engine's notation).

A suit C is cœur on a French page and clubs on an English one; an API request reads it the
French way only when its Accept-Language asks for French (a script keeps the documented
English letters). A hand that uses a letter only one language has (:func:`letters_language`:
H, S or D as a suit, J, Q, K or T as a rank in English; P, K or T as a suit, V, D or R as a
rank in French) is read in that language, whatever the page's. Errors come in the visitor's
language and name the bad token.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.cards import Card, CardError, card_language, parse_card

_SEPARATORS = re.compile(r"[\s,;]+")


def card_language_of(request) -> str:
    """How an API request's cards are read: a suit C is cœur only when the caller asked for
    French (Accept-Language); a script that sends no language keeps the API's documented
    English letters, whatever the site's default language."""
    asked = request.META.get("HTTP_ACCEPT_LANGUAGE", "") if request is not None else ""
    return card_language(asked.strip())


# The letters only one language writes, as a rank (first) or a suit (last) of a card.
_ONLY = {
    "en": ({"J", "Q", "K", "T"}, {"H", "S", "D"}),
    "fr": ({"V", "D", "R"}, {"P", "K", "T"}),
}
_TOKEN = re.compile(r"^(10|[0-9A-Za-z])([A-Za-z♠♥♦♣])\ufe0f?$")


def letters_language(text: str) -> str | None:
    """The language a hand's letters require (``"en"`` or ``"fr"``), or ``None`` when they fit
    both (digits, A, C, suit symbols) or mix the two (then the page's language decides)."""
    found = set()
    for token in _SEPARATORS.split(text.strip()):
        match = _TOKEN.match(token)
        if not match:
            continue
        rank, suit = match.group(1).upper(), match.group(2).upper()
        for language, (ranks, suits) in _ONLY.items():
            if rank in ranks or suit in suits:
                found.add(language)
    return found.pop() if len(found) == 1 else None


def reading_language(text: str, language: str | None = None) -> str:
    """The notation ``text`` is read in: the one its letters require, else the page's."""
    return letters_language(text) or card_language(language or get_language())


def texts_language(texts: Iterable[object], language: str | None = None) -> str:
    """One notation for several fields typed together (a sheet's starters and hands, a declared
    hand and its starter): the one their letters require together, else the page's. A lone
    starter ``5C`` is then read as the hand beside it is."""
    words: list[str] = []
    for text in texts:
        if isinstance(text, (list, tuple)):
            words.extend(str(t) for t in text)
        elif isinstance(text, str):
            words.append(text)
    return reading_language(" ".join(words), language)


def read_cards(text: str, language: str | None = None) -> tuple[Card, ...]:
    """Cards typed by a person (``"5H 5C 10♥"``, ``"RP 10K"``), or a
    :class:`forms.ValidationError` in the visitor's language that names the bad token.

    ``language`` (default: the active one) decides the one ambiguous letter, a suit C (cœur on
    a French page, clubs on an English one), unless the hand's other letters are those of one
    language only (:func:`letters_language`): ``5H 5C 5S JD 5D`` is English on any page."""
    notation = reading_language(text, language)
    cards: list[Card] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        try:
            card = parse_card(token, language=notation)
        except CardError:
            raise forms.ValidationError(
                _(
                    "“%(token)s” is not a card: write a rank (A, 2 to 10, J, Q, K) then a suit "
                    "(S, H, D, C or ♠ ♥ ♦ ♣), for example 10H or 10♥."
                ),
                code="not_a_card",
                params={"token": token},
            ) from None
        if card in cards:
            raise forms.ValidationError(
                _("%(card)s appears twice: a deck has only one of each card."),
                code="duplicate",
                params={"card": card.pretty},
            )
        cards.append(card)
    return tuple(cards)
