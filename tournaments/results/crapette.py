"""Crapette (one-on-one) results: the winner and the cards left to the loser, or a whole game
record replayed by ``games.crapette``. The score is derived from the rule set (Hoyle: 30 + 2
per card left in the loser's crapette pile + 1 per card left in the loser's stock and discard),
never typed."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.crapette import RecordFormatError, check_record
from tournaments.errors import RuleError
from tournaments.models import Event

CRAPETTE_CARDS = 13
STOCK_CARDS = 35 + 4  # the stock, plus a discard pile that can hold what came from the cases


def hoyle_points(crapette_left: int, stock_left: int) -> int:
    return 30 + 2 * crapette_left + stock_left


def _count(value: Any, field: str, maximum: int) -> int:  # a JSON value
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise RuleError(
            _("“%(value)s” is not a whole number.") % {"value": value},
            field=field,
            code="not_a_number",
        ) from None
    if not 0 <= number <= maximum:
        raise RuleError(
            _("%(field)s must be between 0 and %(max)d.") % {"field": field, "max": maximum},
            field=field,
            code="out_of_range",
        )
    return number


def read_crapette(event: Event, kind: str, payload: dict) -> tuple[int, int, dict]:
    """``(score_a, score_b, detail)``: the winner's points and 0 for the loser."""
    if event.game_type != "crapette":
        raise RuleError(_("This event is not a Crapette event."), code="kind")
    if kind == "crapette":
        winner = payload.get("winner")
        if winner not in ("a", "b"):
            raise RuleError(_("Say who won: “a” or “b”."), field="winner", code="required")
        crapette = _count(payload.get("crapette_left"), "crapette_left", CRAPETTE_CARDS)
        stock = _count(payload.get("stock_left", 0), "stock_left", 52)
        if crapette == 0 and stock == 0:
            raise RuleError(
                _(
                    "The loser cannot have emptied both the crapette pile and the "
                    "stock: then the loser would have won."
                ),
                code="impossible",
            )
        points = hoyle_points(crapette, stock)
        detail = {"winner": winner, "crapette_left": crapette, "stock_left": stock}
    else:
        try:
            result = check_record(payload.get("record"))
        except RecordFormatError as exc:
            raise RuleError(
                _("The game record is unreadable: %(error)s") % {"error": exc},
                field="record",
                code="record_format",
            ) from exc
        if not result.valid:
            raise RuleError(
                _("Move %(index)s (%(move)s) is illegal: %(reason)s")
                % {"index": result.index, "move": result.move, "reason": result.reason},
                field="record",
                code="illegal_move",
            )
        summary = result.as_dict()
        if summary["winner"] not in ("A", "B"):
            raise RuleError(_("The record does not end with a winner."), code="unfinished")
        winner = summary["winner"].lower()
        points = summary["score"]["points"]
        detail = {"winner": winner, "record": payload.get("record")}
    return (points, 0, detail) if winner == "a" else (0, points, detail)
