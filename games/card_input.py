"""Cards typed by a person, read in their language: the one place pages, the tools' API and
the tournaments' score sheets read cards (``games.cards`` is the engine's notation).

A suit C is cœur on a French page and clubs on an English one; an API request reads it the
French way only when its Accept-Language asks for French (a script keeps the documented
English letters). Errors come in the visitor's language and name the bad token.
"""

from __future__ import annotations

import re

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


def read_cards(text: str, language: str | None = None) -> tuple[Card, ...]:
    """Cards typed by a person (``"5H 5C 10♥"``, ``"RP 10K"``), or a
    :class:`forms.ValidationError` in the visitor's language that names the bad token.

    ``language`` (default: the active one) decides the one ambiguous letter: a suit C is cœur
    on a French page, clubs on an English one."""
    notation = card_language(language or get_language())
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
