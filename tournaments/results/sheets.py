"""Hand-by-hand score sheets: every count checked by the rules engine, the final score derived.

A sheet is the list of deals in order. Each deal gives the dealer's side (``"a"`` or ``"b"``,
the game's first and second team), whether the starter was a jack (his heels, 2 to the dealer's
side), each side's pegging points, each hand's count in the order of the show (dealer's left
first, the dealer's hand last) and the crib's count; the cards of any hand or crib may be given,
and then the count must be exact.

Items are taken in the order points are scored at the table: his heels, the play, the hands in
show order, then the crib. The game ends at the first item that brings a side to the target:
that side's score is the target, and any item recorded after it is refused. A sheet where no
side reaches the target is an unfinished game.

Only games between two sides can be written on such a sheet: the two-handed rule sets and the
four-handed partnership game (FADOQ). In the four-handed game the show goes: the dealer's left
(opponents), the dealer's partner, the dealer's right (opponents), the dealer; so the sides of
the four hands are fixed by the dealer.

Interpretation (documented): with pegging given as one total per side, if both sides would pass
the target during the same play, the sheet must say which side pegged out first
(``"pegged_out": "a"``), and the other side's pegging is then left out, with a note saying so
(``SheetResult.notes``); when only one side pegs out, the other side's pegging typed for that play
was scored before the end and counts as typed. The FADOQ 116 rule (no lone point from 116 on) cannot be checked from
totals and is the captains' responsibility at the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from games.card_input import read_cards, texts_language
from games.cards import Card, CardError
from games.cribbage import InvalidCount, validate_count
from games.spoken import announce
from tournaments.errors import RuleError, RuleErrors

SIDES = ("a", "b")
MAX_DEALS = 60


@dataclass
class SheetResult:
    score_a: int
    score_b: int
    winner: str | None
    deals: int
    ended_by: str | None = None
    checked_cards: int = 0
    trace: list[dict[str, Any]] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # the teams of sides "a" and "b"
    # What the final score does not take as typed, and why (shown with the receipt and to the
    # captain who confirms): never a silent change of what a captain wrote.
    notes: list[str] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.winner is not None


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def show_sides(dealer: str, players: int) -> list[str]:
    """Sides of the hands in show order: clockwise from the dealer's left, the dealer last."""
    if players == 2:
        return [other(dealer), dealer]
    if players == 4:
        return [other(dealer), dealer, other(dealer), dealer]
    raise RuleError(
        _(
            "Hand-by-hand sheets are for two-sided games (2 players or 4 in "
            "partnerships); report the final score instead."
        ),
        code="sheet_players",
    )


def _int(value: Any, where: str, *, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except (TypeError, ValueError):
            raise RuleError(
                _("%(where)s: “%(value)s” is not a whole number.")
                % {"where": where, "value": value},
                code="not_a_number",
            ) from None
    if not 0 <= value <= maximum:
        raise RuleError(
            _("%(where)s: %(value)d is out of range (0 to %(max)d).")
            % {"where": where, "value": value, "max": maximum},
            code="out_of_range",
        )
    return value


def count_error(exc: InvalidCount, where: str, field: str | None = None) -> RuleError:
    """The engine's verdict in the captain's language."""
    if exc.code == "impossible":
        message = _(
            "%(where)s: a count of %(n)s is impossible: possible counts are 0–29 except "
            "19, 25, 26 and 27 (“nineteen” means a zero hand: write 0)."
        )
    elif exc.code == "mismatch":
        message = _("%(where)s: the cards give %(expected)s, not %(n)s: %(breakdown)s.")
    elif exc.code == "out_of_range":
        message = _("%(where)s: %(n)s is out of range: a count is between 0 and 29.")
    else:
        message = _("%(where)s: “%(n)s” is not a count.")
    breakdown = announce(exc.breakdown) if exc.breakdown is not None else ""
    return RuleError(
        message
        % {"where": where, "n": exc.reported, "expected": exc.expected, "breakdown": breakdown},
        code=f"count_{exc.code}",
        field=field,
        extra={"expected": exc.expected},
    )


def _read_cards(
    text: Any, where: str, field: str, *, count: int, language: str | None
) -> tuple[Card, ...]:
    """Cards as a person wrote them (French or English letters, symbols; the language decides a
    suit C), or a refusal in the captain's language placed on ``field``."""
    if isinstance(text, (list, tuple)):
        text = " ".join(str(c) for c in text)
    try:
        cards = read_cards(str(text), language)
    except forms.ValidationError as exc:
        raise RuleError(f"{where}: {exc.messages[0]}", code="cards", field=field) from None
    if len(cards) != count:
        raise RuleError(
            _("%(where)s: write %(count)d cards (you wrote %(n)d).")
            % {"where": where, "count": count, "n": len(cards)},
            code="cards",
            field=field,
        )
    return cards


def _starter_of(deal: dict, number: int, where_deal: str, language: str | None) -> Card | None:
    starter = deal.get("starter") or None
    if starter is None or isinstance(starter, Card):
        return starter
    where = _("%(deal)s, starter") % {"deal": where_deal}
    return _read_cards(starter, where, f"d{number}-starter", count=1, language=language)[0]


def _check_count(
    entry: Any,
    where: str,
    starter: Card | None,
    *,
    crib: bool,
    field: str,
    language: str | None = None,
) -> tuple[int, bool]:
    """The count of one hand or crib; with cards, checked against them exactly."""
    if isinstance(entry, dict):
        count, cards = entry.get("count"), entry.get("cards")
    else:
        count, cards = entry, None
    if count is None or count == "":
        raise RuleError(
            _("%(where)s: the count is missing.") % {"where": where}, code="required", field=field
        )
    if cards and not starter:
        raise RuleError(
            _("%(where)s: give the starter card to check the cards.") % {"where": where},
            code="starter_required",
            field=field.split("-")[0] + "-starter",
        )
    hand = _read_cards(cards, where, f"{field}cards", count=4, language=language) if cards else None
    try:
        validate_count(count, hand=hand, starter=starter if hand else None, crib=crib)
    except InvalidCount as exc:
        raise count_error(exc, where, field) from exc
    except (CardError, ValueError) as exc:
        raise RuleError(f"{where}: {exc}", code="cards", field=f"{field}cards") from exc
    return int(count), bool(cards)


Items = list[tuple[str, str, int]]  # (side, what, points) in the order they are scored


def read_sheet(
    sheet: Any,
    *,
    players: int,
    target: int,
    names: dict[str, str] | None = None,
    language: str | None = None,
) -> SheetResult:
    """Validate a sheet and derive the final score. Every fault of every deal is found in one
    pass (a captain fixes them all at once): one raises :class:`RuleError`, several
    :class:`RuleErrors`. ``names``: the teams of sides “a” and “b”, so a refusal names them as
    a captain knows them; ``language``: how to read a suit C in the cards (default: the active
    language)."""
    language = sheet_language(sheet, language)
    score = {"a": 0, "b": 0}
    result = SheetResult(0, 0, None, 0)
    result.names = names or {}
    errors: list[RuleError] = []
    for number, deal in enumerate(_deals_of(sheet), start=1):
        where_deal = _("Deal %(n)d") % {"n": number}
        if result.winner:
            if not errors:  # after a faulty count the end of the game is not known
                errors.append(_after_end(where_deal, result))
            break
        result.deals = number
        try:
            dealer = _dealer_of(deal, number, where_deal)
        except RuleError as exc:
            errors.append(exc)
            continue  # without the dealer nothing of the deal has a side
        items = _pegging_items(deal, dealer, where_deal, score, target, errors, number)
        shown, expected, complete = _show_items(
            deal, dealer, number, where_deal, players, result, errors, language
        )
        try:
            reached = _score_items(items + shown, score, result, where_deal, target)
        except RuleError as exc:
            if not errors:
                errors.append(exc)
            reached = True
        # Where the game ends depends on every count: once one is faulty, what follows from
        # the score (an incomplete last deal, items after the end) is not a fault of its own.
        if not reached and not complete and not errors:
            errors.append(
                RuleError(
                    _(
                        "%(where)s: no side reached %(target)d, so all %(n)d hands and the crib "
                        "must be counted."
                    )
                    % {"where": where_deal, "target": target, "n": expected},
                    code="incomplete_deal",
                )
            )
    RuleErrors.raise_if_any(errors)
    result.score_a, result.score_b = score["a"], score["b"]
    return result


STORED = "en"  # stored sheets hold the engine's (English) letters: read them back as such


def canonical_sheet(sheet: dict, language: str | None) -> dict:
    """The sheet with its cards in the engine's notation (``5H 5C``): what is stored, so that
    whoever reads it later (an archive, a player's averages) reads the same cards whatever the
    language they were typed in (a French "5C" is the 5 of hearts)."""

    language = sheet_language(sheet, language)

    def cards(text: Any) -> Any:
        if not text:
            return text
        read = read_cards(
            " ".join(text) if isinstance(text, (list, tuple)) else str(text), language
        )
        return " ".join(str(c) for c in read)

    def entry(value: Any) -> Any:
        if isinstance(value, dict) and value.get("cards"):
            return {**value, "cards": cards(value["cards"])}
        return value

    deals = []
    for deal in sheet["deals"]:
        deal = dict(deal)
        if deal.get("starter"):
            deal["starter"] = cards(deal["starter"])
        if isinstance(deal.get("hands"), list):
            deal["hands"] = [entry(h) for h in deal["hands"]]
        if deal.get("crib") is not None:
            deal["crib"] = entry(deal["crib"])
        deals.append(deal)
    return {**sheet, "deals": deals}


def _after_end(where_deal: str, result: SheetResult) -> RuleError:
    return RuleError(
        _(
            "%(where)s: the game already ended in deal %(end)d (%(how)s); nothing is "
            "scored after that."
        )
        % {"where": where_deal, "end": result.deals, "how": result.ended_by},
        code="after_end",
    )


def sheet_language(sheet: Any, language: str | None) -> str:
    """How the sheet's cards are read: in the language their letters require, all of them
    together (one captain writes the sheet), else ``language`` (issue 53)."""
    texts: list[object] = []
    deals = sheet.get("deals") if isinstance(sheet, dict) else None
    for deal in deals if isinstance(deals, list) else []:
        if not isinstance(deal, dict):
            continue
        texts.append(deal.get("starter"))
        hands = deal.get("hands")
        for hand in hands if isinstance(hands, list) else []:
            if isinstance(hand, dict):
                texts.append(hand.get("cards"))
    return texts_language(texts, language)


def _deals_of(sheet: Any) -> list:
    if not isinstance(sheet, dict) or not isinstance(sheet.get("deals"), list):
        raise RuleError(_("A sheet is an object with a list of “deals”."), code="sheet_format")
    deals = sheet["deals"]
    if not deals:
        raise RuleError(_("The sheet has no deal."), code="sheet_empty")
    if len(deals) > MAX_DEALS:
        raise RuleError(
            _("A game has at most %(n)d deals.") % {"n": MAX_DEALS}, code="sheet_too_long"
        )
    return deals


def _dealer_of(deal: Any, number: int, where_deal: str) -> str:
    if not isinstance(deal, dict):
        raise RuleError(_("%(where)s is not a deal.") % {"where": where_deal}, code="sheet_format")
    dealer = deal.get("dealer")
    if dealer not in SIDES:
        raise RuleError(
            _("%(where)s: the dealer's side must be “a” or “b”.") % {"where": where_deal},
            code="dealer",
            field=f"d{number}-dealer",
        )
    return dealer


def _pegging_items(
    deal: dict,
    dealer: str,
    where_deal: str,
    score: dict,
    target: int,
    errors: list[RuleError],
    number: int = 0,
) -> Items:
    """His heels, then each side's pegging in the order the play ended (a fault is added to
    ``errors`` and the deal is read without that pegging)."""
    try:
        return _pegging_of(deal, dealer, where_deal, score, target)
    except RuleError as exc:
        if exc.code == "pegged_out_required" and exc.field is None:
            # the sheet form asks the question beside the deal (``d<n>-pegged_out``)
            exc.field = f"d{number}-pegged_out"
        errors.append(exc)
        return [(dealer, _("his heels"), 2)] if deal.get("heels") else []


def _pegging_of(deal: dict, dealer: str, where_deal: str, score: dict, target: int) -> Items:
    items: Items = []
    if deal.get("heels"):
        items.append((dealer, _("his heels"), 2))
    pegging = deal.get("pegging") or {}
    if not isinstance(pegging, dict):
        raise RuleError(
            _("%(where)s: pegging must give points for “a” and “b”.") % {"where": where_deal},
            code="sheet_format",
        )
    pegs = {
        s: _int(pegging.get(s, 0), f"{where_deal}, " + _("pegging"), maximum=target) for s in SIDES
    }
    first = deal.get("pegged_out")
    if first not in (None, *SIDES):
        raise RuleError(
            _("%(where)s: “pegged_out” must be “a” or “b”.") % {"where": where_deal},
            code="pegged_out",
        )
    both_cross = all(
        score[s] + (2 if deal.get("heels") and s == dealer else 0) + pegs[s] >= target
        for s in SIDES
    )
    if both_cross and first is None:
        raise RuleError(
            _(
                "%(where)s: both sides reach %(target)d in the play: say which side pegged "
                "out first."
            )
            % {"where": where_deal, "target": target},
            code="pegged_out_required",
        )
    order = [first, other(first)] if first else [other(dealer), dealer]
    return items + [(s, _("pegging"), pegs[s]) for s in order]


def _show_items(
    deal: dict,
    dealer: str,
    number: int,
    where_deal: str,
    players: int,
    result: SheetResult,
    errors: list[RuleError],
    language: str | None = None,
) -> tuple[Items, int, bool]:
    """The hands in show order, then the crib; how many hands a deal has; whether every hand
    and the crib are counted. Each faulty count is added to ``errors`` (and scores nothing) so
    that every fault of the sheet is reported at once."""
    hands = deal.get("hands")
    hands = [] if hands is None else hands
    if not isinstance(hands, list):
        raise RuleError(
            _("%(where)s: hands must be a list in show order.") % {"where": where_deal},
            code="sheet_format",
        )
    try:
        starter = _starter_of(deal, number, where_deal, language)
    except RuleError as exc:
        errors.append(exc)
        starter = None
    sides = show_sides(dealer, players)
    counted: list[tuple[str, str, Any, bool, str]] = [
        (
            sides[index] if index < len(sides) else dealer,
            _("%(deal)s, hand %(i)d") % {"deal": where_deal, "i": index + 1},
            entry,
            False,
            f"d{number}-h{index + 1}",
        )
        for index, entry in enumerate(hands)
    ]
    if len(hands) > len(sides):
        raise RuleError(
            _("%(where)s: a deal has %(n)d hands.")
            % {"where": counted[len(sides)][1], "n": len(sides)},
            code="too_many_hands",
        )
    if deal.get("crib") is not None:
        where = _("%(deal)s, crib") % {"deal": where_deal}
        counted.append((dealer, where, deal["crib"], True, f"d{number}-crib"))
    items: Items = []
    for side, where, entry, crib, place in counted:
        if (
            starter is None
            and isinstance(entry, dict)
            and entry.get("cards")
            and deal.get("starter")
        ):
            entry = {"count": entry.get("count")}  # the starter's own fault is reported once
        try:
            count, checked = _check_count(
                entry, where, starter, crib=crib, field=place, language=language
            )
        except RuleError as exc:
            errors.append(exc)
            continue
        result.checked_cards += checked
        items.append((side, where, count))
    return items, len(sides), len(hands) == len(sides) and deal.get("crib") is not None


def _other_pegging(
    later: Items, winner: str, score: dict, result: SheetResult, where_deal: str, target: int
) -> None:
    """The play ends when ``winner`` pegs out, so the other side's pegging typed for the same
    play was scored before: it counts as typed (issue 49, point 4: 5 typed points were dropped
    without a word). Only when it would reach the target too is it left out, and the sheet
    says so (the captains said who pegged out first)."""
    peg = _("pegging")
    for side, label, points in later:
        if label != peg or side == winner or not points:
            continue
        words = {
            "where": where_deal,
            "team": result.names.get(side) or _("side %(side)s") % {"side": side.upper()},
            "winner": result.names.get(winner) or _("side %(side)s") % {"side": winner.upper()},
            "n": points,
        }
        if score[side] + points < target:
            score[side] += points
            result.trace.append(
                {"deal": result.deals, "side": side, "item": label, "points": points}
            )
            continue
        result.notes.append(
            _(
                "%(where)s: %(winner)s pegged out first, so the %(n)d pegging points typed for "
                "%(team)s came after the end of the game and are not counted."
            )
            % words
        )


def _score_items(
    items: Items, score: dict, result: SheetResult, where_deal: str, target: int
) -> bool:
    """Add the deal's items to ``score`` in order; True when a side reaches ``target`` (the
    game ends there, and nothing after it may be scored)."""
    for position, (side, label, points) in enumerate(items):
        score[side] += points
        result.trace.append({"deal": result.deals, "side": side, "item": label, "points": points})
        if score[side] >= target:
            score[side] = target
            result.winner, result.ended_by = side, label
            # Pegging is one total per side: the other side's pegging in the same play
            # may have come before the end; any other later item may not.
            peg = _("pegging")
            if label == peg:
                _other_pegging(items[position + 1 :], side, score, result, where_deal, target)
            recorded_later = [
                lab
                for (_s, lab, pts) in items[position + 1 :]
                if not (lab == peg and (label == peg or pts == 0))
            ]
            if recorded_later:
                words = {
                    "where": where_deal,
                    "side": side.upper(),
                    "team": result.names.get(side, ""),
                    "target": target,
                    "item": label,
                    "later": recorded_later[0],
                }
                raise RuleError(
                    (
                        _(
                            "%(where)s: %(team)s reached %(target)d with %(item)s; "
                            "%(later)s comes after the end of the game and cannot be scored."
                        )
                        if words["team"]
                        else _(
                            "%(where)s: side %(side)s reached %(target)d with %(item)s; "
                            "%(later)s comes after the end of the game and cannot be scored."
                        )
                    )
                    % words,
                    code="after_end",
                )
            return True
    return False
