"""Cribbage practice in words, in the visitor's language: why the table refused an action (the
engine and the table speak English; a refusal carries a code, see ``table.TableError``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from ..crapette.words import capital, card_name
from .table import TableError

# What the player tried, by engine action type.
ACTION_NAMES = {
    "CutForDeal": gettext_lazy("cutting for deal"),
    "Deal": gettext_lazy("dealing"),
    "Discard": gettext_lazy("laying away to the crib"),
    "Cut": gettext_lazy("cutting the pack"),
    "Play": gettext_lazy("laying a card"),
    "Go": gettext_lazy("saying go"),
    "CountHand": gettext_lazy("counting your hand"),
    "CountCrib": gettext_lazy("counting the crib"),
}
# What the table is waiting for (``Table.awaiting``).
AWAITING = {
    "cut_for_deal": gettext_lazy("the cut for deal"),
    "deal": gettext_lazy("the deal"),
    "discard": gettext_lazy("your cards for the crib"),
    "cut": gettext_lazy("the cut"),
    "play": gettext_lazy("a card to lay"),
    "go": gettext_lazy("your go"),
    "count": gettext_lazy("your count"),
    None: gettext_lazy("nothing, the game is over"),
}
REASONS = {
    "not-an-action": gettext_lazy('An action is an object with a "type", e.g. {"type": "Go"}.'),
    "unknown-action": gettext_lazy("Unknown action: %(action)s."),
    "wrong-seat": gettext_lazy("You play seat 0; the other seats are the computer's."),
    "malformed": gettext_lazy(
        "This action is incomplete or unreadable (%(action)s): cards are written like 5H, TD or QS."
    ),
    "not-your-turn": gettext_lazy("%(action)s is not yours to do now (waiting for: %(awaiting)s)."),
    "claim-too-high": gettext_lazy("Your count is more than the cards are worth: count again."),
    "discard-count": gettext_lazy(
        "Choose exactly two cards to lay away to the crib (%(count)d chosen)."
    ),
    "discard-count-one": gettext_lazy(
        "Choose exactly one card to lay away to the crib (%(count)d chosen)."
    ),
    "not-in-hand": gettext_lazy("%(card)s is not in your hand."),
    "over-31": gettext_lazy("%(card)s would take the count past 31 (the count is %(count)d)."),
    "cannot-go": gettext_lazy(
        "You cannot say go: you can still lay a card without passing 31 (the count is %(count)d)."
    ),
    "impossible-count": gettext_lazy(
        "%(claimed)s is not a possible count: a hand or crib scores 0 to 29, never 19, 25, "
        "26 or 27."
    ),
    "count-not-a-number": gettext_lazy("Enter your count as a number from 0 to 29."),
    "cut-depth": gettext_lazy("The pack cannot be cut at %(depth)s cards."),
    "bad-level": gettext_lazy("There is no computer level %(level)s."),
    "bad-target": gettext_lazy("A game is played to 121 or 61 points."),
    "bad-target-four": gettext_lazy("The four-handed game is played to 121 points."),
    "bad-target-three": gettext_lazy("The three-handed game is played to 121 points."),
    "bad-rules": gettext_lazy("There are no four-handed rules named %(rules)s."),
    "bad-players": gettext_lazy("A practice game is two-, three- or four-handed."),
    "refused": gettext_lazy("This action is not allowed now."),
}


def reason_text(error: TableError) -> str:
    """Why the table refused an action, in the visitor's language."""
    facts = dict(error.facts)
    if "card" in facts:
        facts["card"] = card_name(facts["card"])
    if "action" in facts:
        facts["action"] = ACTION_NAMES.get(facts["action"], facts["action"])
    if "awaiting" in facts:
        facts["awaiting"] = AWAITING.get(facts["awaiting"], facts["awaiting"])
    template = REASONS.get(error.code, REASONS["refused"])
    return capital(str(template) % facts)
