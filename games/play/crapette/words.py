"""Crapette in words, in the visitor's language: card names, places, the engine's reasons, the
calls and the computer's moves (the engine itself speaks English; see games.crapette.reasons).

Cards are named with their article ("le Huit de Cœur", "la Dame de Pique", "l'As de Trèfle")
so that French sentences need no agreement rules.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.cards import Suit, parse_card
from games.crapette import Player
from games.crapette.reasons import Reason
from games.crapette.rules import WhoStarts

THE_RANK = (
    gettext_lazy("the Ace"), gettext_lazy("the Two"), gettext_lazy("the Three"),
    gettext_lazy("the Four"), gettext_lazy("the Five"), gettext_lazy("the Six"),
    gettext_lazy("the Seven"), gettext_lazy("the Eight"), gettext_lazy("the Nine"),
    gettext_lazy("the Ten"), gettext_lazy("the Jack"), gettext_lazy("the Queen"),
    gettext_lazy("the King"),
)  # fmt: skip
SUIT_NAME = {
    Suit.SPADES: pgettext_lazy("suit", "Spades"),
    Suit.HEARTS: pgettext_lazy("suit", "Hearts"),
    Suit.DIAMONDS: pgettext_lazy("suit", "Diamonds"),
    Suit.CLUBS: pgettext_lazy("suit", "Clubs"),
}


def card_name(card) -> str:
    """``card``: a Card, a PlayerCard or its text ("8H"): "the Eight of Hearts"."""
    if isinstance(card, str):
        card = parse_card(card)
    card = getattr(card, "card", card)
    return _("%(rank)s of %(suit)s") % {
        "rank": THE_RANK[int(card.rank) - 1],
        "suit": SUIT_NAME[card.suit],
    }


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def place(code: str, *, computer: bool = False) -> str:
    """A place of the table as the player (or, ``computer``, the computer) moves from/to it."""
    if code.isdigit():
        return _("case %(number)s") % {"number": code}
    mine = {
        "C": _("your crapette"),
        "S": _("the card turned from your stock"),
        "D": _("your discard pile"),
        "F": _("a foundation"),
        "OC": _("the computer's crapette"),
        "OD": _("the computer's discard pile"),
    }
    theirs = {
        "C": _("its crapette"),
        "S": _("the card turned from its stock"),
        "D": _("its discard pile"),
        "F": _("a foundation"),
        "OC": _("your crapette"),
        "OD": _("your discard pile"),
    }
    return (theirs if computer else mine).get(code, code)


def _alternatives(cards: list[str]) -> str:
    return _(" or ").join(cards)


def foundation_wanted(reason: Reason) -> dict[str, str]:
    assert reason.card is not None, "the engine names the card it refuses"
    card = reason.card.card
    wanted = [card_name(f"{'A23456789TJQK'[r - 1]}{card.suit.value}") for r in reason.wanted]
    return {"wanted": _alternatives(wanted) if wanted else _("nothing more")}


def case_wanted(reason: Reason) -> dict[str, str]:
    top = reason.top
    assert top is not None, "the engine names the case's top card"
    rank = "A23456789TJQK"[top.rank - 2]
    suits = "HD" if not top.red else "SC"
    return {"wanted": _alternatives([card_name(rank + s) for s in suits])}


def load_wanted(reason: Reason) -> dict[str, str]:
    top = reason.top
    assert top is not None, "the engine names the pile's top card"
    ranks = ["A23456789TJQK"[r - 1] for r in reason.wanted]
    if reason.code == "load-same-suit":
        cards = [card_name(r + top.suit.value) for r in ranks]
        rule = _("same suit, one rank higher or lower")
    else:
        suits = "SC" if top.red else "HD"
        cards = [card_name(r + s) for r in ranks for s in suits]
        rule = _("red on black or black on red, one rank higher or lower")
    return {"rule": rule, "wanted": _alternatives(cards)}


_CASE_RULE = gettext_lazy(
    "%(card)s cannot go on %(top)s in %(target)s: the cases build down one rank at a "
    "time, red on black and black on red; it takes %(wanted)s."
)
_LOAD_RULE = gettext_lazy(
    "%(card)s cannot go on %(top)s (%(target)s): on the computer's piles a card goes %(rule)s; it takes %(wanted)s."
)
# Each reason code: its sentence, and (for some) what else the sentence names.
REASONS = {
    "foundation-first": gettext_lazy("%(card)s (%(source)s) must first go on its foundation."),
    "foundation-rank": gettext_lazy(
        "%(card)s cannot go on a foundation yet: the foundations build up by suit from "
        "the ace, and those of its suit take %(wanted)s."
    ),
    "case-colour": _CASE_RULE,
    "case-rank": _CASE_RULE,
    "case-ace": gettext_lazy(
        "%(card)s cannot go on %(top)s: the cases build down, and nothing goes below an ace."
    ),
    "same-case": gettext_lazy("%(card)s is already in that case."),
    "load-same-suit": _LOAD_RULE,
    "load-alternate": _LOAD_RULE,
    "load-empty": gettext_lazy(
        "%(target)s is empty: a card goes only on the top card of the computer's piles."
    ),
    "discard-only-stock": gettext_lazy(
        "Only the card you just turned from your stock goes on your discard pile; "
        "%(card)s (%(source)s) cannot."
    ),
    "no-card": gettext_lazy("There is no card to move there (%(source)s)."),
    "already-turned": gettext_lazy(
        "You have already turned a card from your stock (%(card)s): place it, or put it on "
        "your discard pile."
    ),
    "stock-empty": gettext_lazy("Your stock is empty: turn your discard pile over first."),
    "nothing-left": gettext_lazy("You have no stock and no discard pile left: end your turn."),
    "stock-not-empty": gettext_lazy(
        "Your stock still has cards: the discard pile is turned over only when the stock is empty."
    ),
    "discard-empty": gettext_lazy("Your discard pile is empty: there is nothing to turn over."),
    "cannot-pass": gettext_lazy(
        "You can still turn a card from your stock: your turn ends when that card goes on "
        "your discard pile."
    ),
    "no-fault": gettext_lazy(
        "“Crapette !” refused: the computer has not missed a mandatory move this turn "
        "(no free card that could go on a foundation was left behind)."
    ),
    "call-own-turn": gettext_lazy(
        "It is your turn: you call “Crapette !” on the computer during its turn."
    ),
    "not-your-turn": gettext_lazy("Wait: it is the computer's turn."),
    "not-computer-turn": gettext_lazy("It is your turn."),
    "choose-card": gettext_lazy("Choose a card first (tap it), then tap where it goes."),
    "game-over": gettext_lazy("The game is over."),
}
MORE_FACTS = {
    "foundation-rank": foundation_wanted,
    "case-colour": case_wanted,
    "case-rank": case_wanted,
    "load-same-suit": load_wanted,
    "load-alternate": load_wanted,
}


def reason_text(reason: Reason) -> str:
    """The engine's (or the table's) reason in the visitor's language."""
    template = REASONS.get(reason.code)
    if template is None:
        return _("This move is not allowed: %(reason)s") % {"reason": reason.text}
    facts = {
        "card": card_name(reason.card) if reason.card is not None else "",
        "top": card_name(reason.top) if reason.top is not None else "",
        "source": place(reason.source) if reason.source else "",
        "target": place(reason.target) if reason.target else "",
    }
    if reason.code in MORE_FACTS:
        facts.update(MORE_FACTS[reason.code](reason))
    return capital(str(template) % facts)


def missed_text(event: dict, *, by_player: bool) -> str:
    """The missed mandatory move a call names."""
    if event.get("strict"):
        facts = {"moves": event.get("missed", "")}
        if by_player:
            return (
                _(
                    "The computer stopped while optional moves (%(moves)s) would have freed a card "
                    "for a foundation."
                )
                % facts
            )
        return (
            _(
                "You stopped while optional moves (%(moves)s) would have freed a card for a "
                "foundation."
            )
            % facts
        )
    if not event.get("missed_card"):
        return ""
    facts = {
        "card": card_name(event["missed_card"]),
        "source": place(event["missed_source"], computer=by_player),
    }
    return capital(_("%(card)s (%(source)s) had to go on its foundation first.") % facts)


def move_text(event: dict) -> str:
    """One move of the log, e.g. "The computer: the Eight of Hearts, case 3 → a foundation"."""
    move = event.get("move", "")
    computer = event.get("who") == "computer"
    if move == "T":
        return _("turns a card from its stock") if computer else _("you turn a card")
    if move == "R":
        return (
            _("turns its discard pile over") if computer else _("you turn your discard pile over")
        )
    if move == "P":
        return _("ends its turn") if computer else _("you end your turn")
    source, _sep, target = move.partition(">")
    facts = {
        "card": card_name(event["card"]) if event.get("card") else place(source, computer=computer),
        "source": place(source, computer=computer),
        "target": place(target, computer=computer),
    }
    return _("%(card)s (%(source)s) → %(target)s") % facts


def starter_text(deal, rules) -> str:
    """Why the first player starts, in words (the rule of :func:`games.crapette.who_starts`:
    the lower crapette top; on a tie the lower card of the first case, then the next…; then
    the draw)."""
    first, _why = deal.first_player(rules)
    you = first == Player.A
    tops = [deal.crapette(p)[-1] for p in Player]
    if rules.who_starts is not WhoStarts.LOWER_CARD:
        return (
            _("You start: the rules say so.")
            if you
            else _("The computer starts: the rules say so.")
        )
    if tops[0].rank != tops[1].rank:
        facts = {"mine": card_name(tops[0]), "theirs": card_name(tops[1])}
        if you:
            text = _(
                "You start: the top of your crapette, %(mine)s, is lower than the top of the computer's, %(theirs)s."
            )
        else:
            text = _(
                "The computer starts: the top of its crapette, %(theirs)s, is lower than the top of yours, %(mine)s."
            )
        return text % facts
    cases = [deal.cases(p) for p in Player]
    for a, b in zip(cases[0], cases[1], strict=True):
        if a.rank != b.rank:
            facts = {"mine": card_name(a), "theirs": card_name(b), "tops": card_name(tops[0])}
            if you:
                text = _(
                    "You start: both crapettes show a card of the same rank (%(tops)s), and your case card, %(mine)s, is lower than the computer's facing it, %(theirs)s."
                )
            else:
                text = _(
                    "The computer starts: both crapettes show a card of the same rank (%(tops)s), and its case card, %(theirs)s, is lower than yours facing it, %(mine)s."
                )
            return text % facts
    return (
        _("You start: every card compared was a tie, and you won the draw.")
        if you
        else _("The computer starts: every card compared was a tie, and it won the draw.")
    )
