"""The count of a hand as players call it, in the visitor's language (Django side).

The engine's :meth:`HandScore.announce` speaks English; pages and captains' error messages use
this translated version, with the same grouping.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.cribbage import HandScore

NUMBER_WORDS = (
    gettext_lazy("zero"), gettext_lazy("one"), gettext_lazy("two"), gettext_lazy("three"),
    gettext_lazy("four"), gettext_lazy("five"), gettext_lazy("six"), gettext_lazy("seven"),
    gettext_lazy("eight"), gettext_lazy("nine"), gettext_lazy("ten"), gettext_lazy("eleven"),
    gettext_lazy("twelve"), gettext_lazy("thirteen"), gettext_lazy("fourteen"),
    gettext_lazy("fifteen"), gettext_lazy("sixteen"), gettext_lazy("seventeen"),
    gettext_lazy("eighteen"), gettext_lazy("nineteen"), gettext_lazy("twenty"),
    gettext_lazy("twenty-one"), gettext_lazy("twenty-two"), gettext_lazy("twenty-three"),
    gettext_lazy("twenty-four"), gettext_lazy("twenty-five"), gettext_lazy("twenty-six"),
    gettext_lazy("twenty-seven"), gettext_lazy("twenty-eight"), gettext_lazy("twenty-nine"),
)  # fmt: skip
ITEM_KINDS = {
    "fifteen": gettext_lazy("Fifteen"),
    "pair": gettext_lazy("Pair"),
    "run": gettext_lazy("Run"),
    "flush": gettext_lazy("Flush"),
    "nobs": gettext_lazy("His nobs"),
}


def said(n: int) -> str:
    return str(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


def announce(score: HandScore) -> str:
    """The count called as players do, with the running total in words: "fifteen two, fifteen
    four, a pair is six…". The same grouping as :meth:`HandScore.announce`, translated."""
    if not score.items:
        return _("nineteen (no points)")
    phrases, running = [], 0
    for points, phrase in _called(score):
        running += points
        phrases.append(phrase % {"total": said(running)})
    return ", ".join(phrases)


def _called(score: HandScore) -> list[tuple[int, str]]:
    """(points, phrase with %(total)s) in calling order: fifteens, pairs, runs, flush, nobs."""
    fifteens = [(2, _("fifteen %(total)s")) for i in score.items if i.kind == "fifteen"]
    pairs_by_rank: dict = {}
    for item in score.items:
        if item.kind == "pair":
            pairs_by_rank[item.cards[0].rank] = pairs_by_rank.get(item.cards[0].rank, 0) + 1
    same_rank = {
        1: _("a pair is %(total)s"),
        3: _("a pair royal is %(total)s"),
        6: _("a double pair royal is %(total)s"),
    }
    pairs = [(2 * n, same_rank[n]) for n in pairs_by_rank.values()]
    runs = [i for i in score.items if i.kind == "run"]
    called = fifteens + pairs
    if runs:
        length = said(len(runs[0].cards))
        name = {
            1: _("a run of %(length)s is %(total)s"),
            2: _("a double run of %(length)s is %(total)s"),
            3: _("a triple run of %(length)s is %(total)s"),
            4: _("a quadruple run of %(length)s is %(total)s"),
        }[len(runs)]
        # Fill the length now; keep %(total)s (escaped) for the running total.
        called.append(
            (sum(i.points for i in runs), name % {"length": length, "total": "%(total)s"})
        )
    for item in score.items:
        if item.kind == "flush":
            phrase = _("a flush of %(length)s is %(total)s")
            called.append(
                (item.points, phrase % {"length": said(len(item.cards)), "total": "%(total)s"})
            )
        elif item.kind == "nobs":
            called.append((item.points, _("his nobs is %(total)s")))
    return called
