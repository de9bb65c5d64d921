"""A remarkable hand declared with a final-score report: a 29, 28, 24 (any count of 24 or more).

A captain who reports only the final score may add the hand (or crib) worth remembering: its
four cards, the starter and the count. The engine checks the count against the cards exactly as
it checks a hand of a hand-by-hand sheet, and a wrong count is refused in words ("the cards
give 28, not 29"). The declaration is part of the report's content (its ``detail``): it is
versioned with the report, and the other captain confirms it with the score (two reports agree
only when their scores *and* their declared hands agree).

Stored form, in the engine's notation so that whoever reads it later reads the same cards::

    {"side": "a", "count": 29, "cards": "5S 5C 5D JH", "starter": "5H", "crib": false,
     "player": "captain"}

``side``: the team that held it (the game's ``a`` or ``b``); ``player``: ``captain``,
``partner`` or absent (not said). The four cards are kept in the engine's order, so that two
captains typing the same cards in another order agree.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from games.card_input import read_cards, texts_language
from games.cribbage import InvalidCount, validate_count
from tournaments.errors import RuleError
from tournaments.results.sheets import count_error

#: The least count worth declaring (and listed on the honours board).
REMARKABLE = 24
MAX_DECLARED = 8  # a game has at most a few such hands; more is a mistake
PLAYERS = ("captain", "partner")


def read_declared(value: Any, *, language: str | None = None) -> list[dict]:
    """The declared hands of a final-score report, checked and in stored form; ``[]`` for none.
    A refusal says which declared hand, what is wrong and what is allowed."""
    if value in (None, "", []):
        return []
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list) or len(value) > MAX_DECLARED:
        raise RuleError(
            _("“declared” is a list of at most %(n)d hands.") % {"n": MAX_DECLARED},
            code="declared_format",
            field="declared",
        )
    hands = [_one(entry, index, language) for index, entry in enumerate(value, start=1)]
    return sorted(hands, key=lambda h: (h["side"], h["crib"], h["cards"], h["starter"]))


def _one(entry: Any, index: int, language: str | None) -> dict:
    where = _("Remarkable hand %(n)d") % {"n": index}
    if not isinstance(entry, dict):
        raise RuleError(
            _("%(where)s: give its side, cards, starter and count.") % {"where": where},
            code="declared_format",
            field="declared",
        )
    side = entry.get("side")
    if side not in ("a", "b"):
        raise RuleError(
            _("%(where)s: say which team held it (“a” or “b”).") % {"where": where},
            code="declared_side",
            field="declared_side",
        )
    player = entry.get("player") or ""
    if player and player not in PLAYERS:
        raise RuleError(
            _("%(where)s: the player is “captain” or “partner” (or not said).") % {"where": where},
            code="declared_player",
            field="declared_player",
        )
    crib = bool(entry.get("crib"))
    language = texts_language([entry.get("cards"), entry.get("starter")], language)
    cards = _cards(entry.get("cards"), where, "declared_cards", 4, language)
    starter = _cards(entry.get("starter"), where, "declared_starter", 1, language)[0]
    if starter in cards:
        raise RuleError(
            _("%(where)s: %(card)s is both in the hand and the starter.")
            % {"where": where, "card": starter.pretty},
            code="declared_cards",
            field="declared_starter",
        )
    count = entry.get("count")
    if not isinstance(count, (int, str)) or count == "":
        raise RuleError(
            _("%(where)s: the count is missing.") % {"where": where},
            code="required",
            field="declared_count",
        )
    try:
        validate_count(count, hand=cards, starter=starter, crib=crib)
    except InvalidCount as exc:
        raise count_error(exc, where, "declared_count") from exc
    if int(count) < REMARKABLE:
        raise RuleError(
            _(
                "%(where)s: %(n)s is not a remarkable hand: only hands of %(min)d or more are "
                "declared (29, 28, 24…)."
            )
            % {"where": where, "n": int(count), "min": REMARKABLE},
            code="declared_small",
            field="declared_count",
        )
    hand = {
        "side": side,
        "count": int(count),
        "cards": " ".join(str(c) for c in sorted(cards)),
        "starter": str(starter),
        "crib": crib,
    }
    return hand | ({"player": player} if player else {})


def _cards(text: Any, where: str, field: str, count: int, language: str | None) -> tuple:
    if isinstance(text, (list, tuple)):
        text = " ".join(str(c) for c in text)
    try:
        cards = read_cards(str(text or ""), language)
    except forms.ValidationError as exc:
        raise RuleError(f"{where}: {exc.messages[0]}", code="declared_cards", field=field) from None
    if len(cards) != count:
        raise RuleError(
            _("%(where)s: write %(count)d cards (you wrote %(n)d).")
            % {"where": where, "count": count, "n": len(cards)},
            code="declared_cards",
            field=field,
        )
    return cards
