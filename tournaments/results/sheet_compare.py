"""Hand-by-hand sheets side by side, deal by deal, for the officials' desk.

When the captains disagree, an official compares what each report says for each deal (the
dealer, each side's points in the deal, the running score) and sees at once the first deal where
they part. A final-score report has no deals: it shows its final score only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.errors import RuleError
from tournaments.events.options import rule_set_for
from tournaments.models import Report

from .sheets import STORED, read_sheet


@dataclass(frozen=True)
class DealLine:
    """What one report says of one deal."""

    dealer: str  # "a" or "b"
    points_a: int
    points_b: int
    total_a: int
    total_b: int
    items: tuple[str, ...]  # "pegging 5", "hand 1: 12"… for the side that scored

    def same_as(self, other: DealLine | None) -> bool:
        return other is not None and (self.dealer, self.points_a, self.points_b) == (
            other.dealer,
            other.points_a,
            other.points_b,
        )


@dataclass(frozen=True)
class DealRow:
    number: int
    cells: tuple[DealLine | None, ...]  # one per compared report, None when it has no such deal

    @property
    def differs(self) -> bool:
        first = self.cells[0]
        return any(
            not (c is None and first is None) and (c is None or not c.same_as(first))
            for c in self.cells[1:]
        )


@dataclass(frozen=True)
class SheetComparison:
    reports: tuple[Report, ...]
    rows: tuple[DealRow, ...]

    @property
    def first_difference(self) -> int | None:
        return next((row.number for row in self.rows if row.differs), None)


def deal_lines(report: Report) -> list[DealLine]:
    """The deals of a sheet report, as the rules engine reads them (empty for other kinds)."""
    sheet = (report.detail or {}).get("sheet")
    if report.kind != Report.Kind.SHEET or not sheet:
        return []
    rules = rule_set_for(report.game.round.event)
    try:
        result = read_sheet(sheet, players=rules.players, target=rules.target, language=STORED)
    except RuleError:  # stored reports were checked; an old one the rules now refuse shows none
        return []
    lines, totals = [], {"a": 0, "b": 0}
    for number, deal in enumerate(sheet["deals"][: result.deals], start=1):
        items = [t for t in result.trace if t["deal"] == number]
        points = {side: sum(t["points"] for t in items if t["side"] == side) for side in "ab"}
        for side in "ab":
            totals[side] = min(totals[side] + points[side], rules.target)
        where = _("Deal %(n)d") % {"n": number} + ", "
        lines.append(
            DealLine(
                dealer=deal.get("dealer", ""),
                points_a=points["a"],
                points_b=points["b"],
                total_a=totals["a"],
                total_b=totals["b"],
                items=tuple(
                    f"{t['side'].upper()} {t['item'].removeprefix(where)} {t['points']}"
                    for t in items
                    if t["points"]
                ),
            )
        )
    return lines


def compare(reports: Iterable[Report]) -> SheetComparison | None:
    """Deal-by-deal rows of the sheet reports among ``reports`` (None if fewer than one)."""
    sheets = [r for r in reports if r.kind == Report.Kind.SHEET]
    if not sheets:
        return None
    lines = [deal_lines(r) for r in sheets]
    longest = max((len(x) for x in lines), default=0)
    rows = tuple(
        DealRow(n, tuple(x[n - 1] if n <= len(x) else None for x in lines))
        for n in range(1, longest + 1)
    )
    return SheetComparison(tuple(sheets), rows)
