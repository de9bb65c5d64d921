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
(``"pegged_out": "a"``); the FADOQ 116 rule (no lone point from 116 on) cannot be checked from
totals and is the captains' responsibility at the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.cards import CardError
from games.cribbage import InvalidCount, validate_count
from games.spoken import announce
from tournaments.errors import RuleError

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


def _check_count(
    entry: Any, where: str, starter: Any, *, crib: bool, field: str
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
    try:
        validate_count(count, hand=cards or None, starter=starter if cards else None, crib=crib)
    except InvalidCount as exc:
        raise count_error(exc, where, field) from exc
    except (CardError, ValueError) as exc:
        raise RuleError(f"{where}: {exc}", code="cards", field=f"{field}cards") from exc
    return int(count), bool(cards)


Items = list[tuple[str, str, int]]  # (side, what, points) in the order they are scored


def read_sheet(
    sheet: Any, *, players: int, target: int, names: dict[str, str] | None = None
) -> SheetResult:
    """Validate a sheet and derive the final score; raise :class:`RuleError` on the first fault.
    ``names``: the teams of sides “a” and “b”, so a refusal names them as a captain knows them."""
    score = {"a": 0, "b": 0}
    result = SheetResult(0, 0, None, 0)
    result.names = names or {}
    for number, deal in enumerate(_deals_of(sheet), start=1):
        where_deal = _("Deal %(n)d") % {"n": number}
        if result.winner:
            raise RuleError(
                _(
                    "%(where)s: the game already ended in deal %(end)d (%(how)s); nothing is "
                    "scored after that."
                )
                % {"where": where_deal, "end": result.deals, "how": result.ended_by},
                code="after_end",
            )
        dealer = _dealer_of(deal, number, where_deal)
        result.deals = number
        items = _pegging_items(deal, dealer, where_deal, score, target)
        shown, expected, complete = _show_items(deal, dealer, number, where_deal, players, result)
        if not _score_items(items + shown, score, result, where_deal, target) and not complete:
            raise RuleError(
                _(
                    "%(where)s: no side reached %(target)d, so all %(n)d hands and the crib "
                    "must be counted."
                )
                % {"where": where_deal, "target": target, "n": expected},
                code="incomplete_deal",
            )
    result.score_a, result.score_b = score["a"], score["b"]
    return result


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


def _pegging_items(deal: dict, dealer: str, where_deal: str, score: dict, target: int) -> Items:
    """His heels, then each side's pegging in the order the play ended."""
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
    deal: dict, dealer: str, number: int, where_deal: str, players: int, result: SheetResult
) -> tuple[Items, int, bool]:
    """The hands in show order, then the crib; how many hands a deal has; whether every hand
    and the crib are counted."""
    hands = deal.get("hands")
    hands = [] if hands is None else hands
    if not isinstance(hands, list):
        raise RuleError(
            _("%(where)s: hands must be a list in show order.") % {"where": where_deal},
            code="sheet_format",
        )
    starter = deal.get("starter") or None
    sides = show_sides(dealer, players)
    items: Items = []
    for index, entry in enumerate(hands):
        where = _("%(deal)s, hand %(i)d") % {"deal": where_deal, "i": index + 1}
        if index >= len(sides):
            raise RuleError(
                _("%(where)s: a deal has %(n)d hands.") % {"where": where, "n": len(sides)},
                code="too_many_hands",
            )
        count, checked = _check_count(
            entry, where, starter, crib=False, field=f"d{number}-h{index + 1}"
        )
        result.checked_cards += checked
        items.append((sides[index], where, count))
    if deal.get("crib") is not None:
        where = _("%(deal)s, crib") % {"deal": where_deal}
        count, checked = _check_count(
            deal["crib"], where, starter, crib=True, field=f"d{number}-crib"
        )
        result.checked_cards += checked
        items.append((dealer, where, count))
    return items, len(sides), len(hands) == len(sides) and deal.get("crib") is not None


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
