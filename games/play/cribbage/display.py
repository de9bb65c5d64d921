"""What the game page shows, in the visitor's language: cards, the board, the log, the show.

The table's log is structured and language-free (:mod:`.cribbage`); it is told here with
gettext, and the show's counts are announced as a player says them (:mod:`games.spoken`).
"""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext_lazy
from django.utils.translation import gettext as _

from games.cards import Card, parse_card
from games.cribbage.rules import skunk
from games.cribbage.scoring import score_hand
from games.spoken import announce

from .forms import LEVEL_LABELS
from .table import COMPUTER, HUMAN, Table


def one_decimal(value: float) -> str:
    """``18.4`` (``18,4`` in French); rounded (Django's number_format cuts the digits off)."""
    return number_format(round(value, 1), 1)


def points_text(value: float) -> str:
    """``0,3 point`` / ``2,5 points``: in French a number below 2 takes the singular, in English
    only exactly 1 does (gettext's plural forms know whole numbers only)."""
    french = (get_language() or "").startswith("fr")
    singular = abs(value) < 2 if french else round(value, 1) == 1
    return ngettext("%(number)s point", "%(number)s points", 1 if singular else 2) % {
        "number": one_decimal(value)
    }


# Face cards as the visitor's language names them: V, D, R in French (valet, dame, roi).
RANK_LETTERS = {
    "J": pgettext_lazy("card rank: jack", "J"),
    "Q": pgettext_lazy("card rank: queen", "Q"),
    "K": pgettext_lazy("card rank: king", "K"),
}


def rank_label(card: Card) -> str:
    return str(RANK_LETTERS.get(card.rank.label, card.rank.label))


def pretty(card: Card | str) -> str:
    """``R♥`` on a French page, ``K♥`` on an English one."""
    c = parse_card(card) if isinstance(card, str) else card
    return rank_label(c) + c.suit.symbol


def card_view(card: Card | str) -> dict[str, Any]:
    c = parse_card(card) if isinstance(card, str) else card
    return {
        "text": str(c),
        "pretty": pretty(c),
        "rank": rank_label(c),
        "suit": c.suit.symbol,
        "red": c.is_red,
    }


def cards_view(cards) -> list[dict[str, Any]]:
    return [card_view(c) for c in cards]


SKUNK_LABELS = {
    1: gettext_lazy("skunk"),
    2: gettext_lazy("double skunk"),
    3: gettext_lazy("triple skunk"),
}


# Four-handed, each seat by where it sits from the player (seat 0), clockwise.
SEATS_FOUR = {
    1: gettext_lazy("The opponent on your left"),
    2: gettext_lazy("Your partner"),
    3: gettext_lazy("The opponent on your right"),
}
# The same after "of" ("the hand of your partner").
SEATS_FOUR_OF = {
    1: gettext_lazy("the opponent on your left"),
    2: gettext_lazy("your partner"),
    3: gettext_lazy("the opponent on your right"),
}
SEATS_FOUR_SHORT = {
    0: gettext_lazy("You"),
    1: gettext_lazy("Left"),
    2: gettext_lazy("Partner"),
    3: gettext_lazy("Right"),
}


def who(seat: int | None, players: int = 2) -> str:
    if seat == HUMAN:
        return _("You")
    if players == 4 and seat in SEATS_FOUR:
        return str(SEATS_FOUR[seat])
    return _("The computer")


PEG_NAMES = {
    "fifteen": gettext_lazy("fifteen"),
    "thirty-one": gettext_lazy("thirty-one"),
    "a pair": gettext_lazy("a pair"),
    "a pair royal": gettext_lazy("a pair royal"),
    "a double pair royal": gettext_lazy("a double pair royal"),
    "a run of three": gettext_lazy("a run of three"),
    "a run of four": gettext_lazy("a run of four"),
    "a run of five": gettext_lazy("a run of five"),
    "a run of six": gettext_lazy("a run of six"),
    "a run of seven": gettext_lazy("a run of seven"),
}


def tell(entry: dict[str, Any], players: int = 2) -> str | None:
    """One log entry as a sentence."""
    kind, seat = entry["kind"], entry.get("seat")
    if players == 4 and kind in ("discard", "deal", "muggins"):
        return _tell_four(entry)
    if kind == "play":
        return _tell_play(entry, players)
    if kind == "go":
        return _("%(who)s: “Go”") % {"who": who(seat, players)}
    if kind == "discard":
        return (
            _("You laid away two cards to the crib.")
            if seat == HUMAN
            else _("The computer laid away two cards to the crib.")
        )
    if kind == "deal":
        return _("You deal.") if entry["dealer"] == HUMAN else _("The computer deals.")
    if kind == "starter":
        return _("The starter is %(card)s.") % {"card": pretty(entry["card"])}
    if kind == "his heels":
        return _("His heels: the dealer pegs 2.")
    if kind == "cut_for_deal":
        if entry.get("tie"):
            return _("The same rank: cut again.")
        if entry.get("card") is None:
            return None
        return _("%(who)s cut %(card)s.") % {
            "who": who(seat, players),
            "card": pretty(entry["card"]),
        }
    if kind == "muggins":
        return ngettext(
            "Muggins! The computer takes the %(points)d point you missed.",
            "Muggins! The computer takes the %(points)d points you missed.",
            entry["points"],
        ) % {"points": entry["points"]}
    return None


def _tell_play(entry: dict[str, Any], players: int) -> str:
    text = _("%(who)s: %(card)s, %(count)d") % {
        "who": who(entry.get("seat"), players),
        "card": pretty(entry["card"]),
        "count": entry["count"],
    }
    if entry["points"]:
        names = _(" and ").join(str(PEG_NAMES.get(n, n)) for n in entry["items"])
        text += " — " + ngettext(
            "%(names)s for %(points)d point", "%(names)s for %(points)d points", entry["points"]
        ) % {"names": names, "points": entry["points"]}
    return text


def _tell_four(entry: dict[str, Any]) -> str:
    """The four-handed sentences: one card to the crib, who deals, who calls muggins."""
    kind, seat = entry["kind"], entry.get("seat")
    if kind == "discard":
        if seat == HUMAN:
            return _("You laid away a card to the crib.")
        return _("%(who)s laid away a card to the crib.") % {"who": who(seat, 4)}
    if kind == "deal":
        dealer = entry["dealer"]
        return _("You deal.") if dealer == HUMAN else _("%(who)s deals.") % {"who": who(dealer, 4)}
    return ngettext(
        "Muggins! %(who)s takes the %(points)d point you missed.",
        "Muggins! %(who)s takes the %(points)d points you missed.",
        entry["points"],
    ) % {"who": who(seat, 4), "points": entry["points"]}


def log_lines(recent: list[dict[str, Any]], players: int = 2) -> list[str]:
    lines = []
    for entry in recent:
        if entry["kind"] in ("go", "last card") and "points" in entry:
            what = _("the go") if entry["kind"] == "go" else _("the last card")
            if entry["points"]:
                lines.append(
                    _("%(who)s: 1 for %(what)s.")
                    % {"who": who(entry["seat"], players), "what": what}
                )
            continue
        if entry["kind"] in ("show", "over"):
            continue
        line = tell(entry, players)
        if line:
            lines.append(line)
    return lines


def _show_title(entry: dict[str, Any], players: int) -> str:
    seat, crib = entry["seat"], entry["what"] == "crib"
    if seat == HUMAN:
        return _("Your crib") if crib else _("Your hand")
    if players == 4:
        of = {"who": SEATS_FOUR_OF[seat]}
        return _("Crib of %(who)s") % of if crib else _("Hand of %(who)s") % of
    return _("The computer's crib") if crib else _("The computer's hand")


def show_view(entry: dict[str, Any], players: int = 2) -> dict[str, Any]:
    cards = [parse_card(c) for c in entry["cards"]]
    starter = parse_card(entry["starter"])
    score = score_hand(cards, starter, crib=entry["what"] == "crib")
    title = _show_title(entry, players)
    return {
        "title": title,
        "cards": cards_view(cards),
        "starter": card_view(starter),
        "total": score.total,
        "announce": announce(score) if score.items else None,
        "claimed": entry.get("claimed"),
        "scored": entry.get("scored", score.total),
        "mine": entry["seat"] == HUMAN,
        "ours": players == 4 and entry["seat"] % 2 == HUMAN,
    }


# --- the board ---------------------------------------------------------------------------------

HOLE, GAP, STREET, ROW, LANE, LEFT = 10, 5, 30, 40, 13, 22


def hole_xy(n: int, side: int) -> tuple[int, int]:
    """Centre of hole ``n`` (1..target) of ``side``'s lane; 0 is the start, left of the board."""
    if n <= 0:
        return 8, 14 + side * LANE
    row, col = divmod(n - 1, STREET)
    return LEFT + col * HOLE + (col // 5) * GAP, 14 + row * ROW + side * LANE


def board(table: Table) -> dict[str, Any]:
    rules = table.game.rules
    target = rules.target
    rows = (target - 1) // STREET + (1 if (target - 1) % STREET else 0)
    holes = []
    for n in range(1, target):
        for side in (0, 1):
            x, y = hole_xy(n, side)
            holes.append({"x": x, "y": y})
    fx, _fy = hole_xy(target - 1, 0)
    finish = {"x": fx + HOLE + 6, "y": 14 + (rows - 1) * ROW + LANE // 2}
    lines = []
    for line in rules.skunk_lines:
        x, y = hole_xy(line, 0)
        lines.append({"x": x + HOLE // 2 + 1, "y1": y - 8, "y2": y + LANE + 8, "at": line})
    pegs = []
    for side, (front, back) in enumerate(table.pegs()):
        for score, kind in ((back, "back"), (front, "front")):
            x, y = (finish["x"], finish["y"]) if score >= target else hole_xy(score, side)
            pegs.append({"x": x, "y": y, "side": side, "kind": kind, "score": score})
    width = LEFT + STREET * HOLE + (STREET // 5) * GAP + 24
    return {
        "holes": holes,
        "pegs": pegs,
        "lines": lines,
        "finish": finish,
        "width": width,
        "height": rows * ROW + 6,
        "target": target,
    }


# --- the whole page ----------------------------------------------------------------------------


def table_context(table: Table, game) -> dict[str, Any]:
    g = table.game
    view = table.view()
    awaiting = table.awaiting
    scores = g.scores
    context: dict[str, Any] = {
        "table": table,
        "awaiting": awaiting,
        "move": game.moves,
        "level_label": LEVEL_LABELS.get(table.level, table.level),
        "target": g.rules.target,
        "count_own": table.count_own,
        "my_score": scores[HUMAN],
        "their_score": scores[COMPUTER],
        "board": board(table),
        "pegs": table.pegs(),
        "log": log_lines(table.recent, table.players),
        "show": [show_view(e, table.players) for e in table.show],
        "side_labels": (_("You"), _("Computer")),
        "discards": 2,
        "advice": _advice_view(table.last_advice),
        "dealer": g.dealer,
        "i_deal": g.dealer == HUMAN,
        "hand_number": g.hand_number,
    }
    if view is not None:
        playable = set(view.playable()) if awaiting == "play" else set()
        context.update(
            {
                "hand": [{**card_view(c), "playable": c in playable} for c in view.hand],
                "starter": card_view(view.starter) if view.starter else None,
                "count": view.count,
                "series": [
                    {
                        **card_view(c),
                        "mine": s == HUMAN,
                        "by": SEATS_FOUR_SHORT[s] if table.players == 4 else None,
                    }
                    for s, c in g.series
                ],
                "computer_cards": view.opponent_cards,
                "hint": _hint(table),
            }
        )
        if awaiting == "count":
            what, _seat = g.show_queue[0]
            context["count_what"] = what
            context["count_action"] = "CountHand" if what == "hand" else "CountCrib"
            context["count_cards"] = cards_view(g.kept[HUMAN] if what == "hand" else g.crib)
    if table.players == 4:
        context.update(four_handed(table))
    if g.is_over:
        context["won"] = g.winner == HUMAN
        winner = g.winner
        assert winner is not None, "a game over has a winner"
        loser = 1 - winner
        context["skunk"] = SKUNK_LABELS.get(int(skunk(scores[winner], scores[loser], g.rules)))
        stats = table.statistics()
        stats["sides"], stopped = counted_points(table)
        context["stats"] = stats
        context["stopped"] = _stopped_text(stopped, g.rules.target)
        context["skunk_help"] = _skunk_help(
            int(skunk(scores[winner], scores[loser], g.rules)), g.rules
        )
        context["suboptimal"] = [_advice_view(a) for a in stats["suboptimal"]]
        context["expected_loss"] = points_text(stats["expected_loss"])
    return context


def four_handed(table: Table) -> dict[str, Any]:
    """The four-handed table: the seats around it, whose deal, the crib the player feeds."""
    g = table.game
    seats = {}
    for seat, key in ((HUMAN, "you"), (1, "left"), (2, "partner"), (3, "right")):
        seats[key] = {
            "seat": seat,
            "name": SEATS_FOUR_SHORT[seat],
            "level": LEVEL_LABELS.get(table.level_of(seat)) if seat != HUMAN else None,
            "cards": len(g.held[seat]),
            "laid": cards_view(c for s, c in g.laid if s == seat),
            "go": seat in g.passed,
            "deals": g.dealer == seat,
            "turn": table.awaiting in ("play", "go") and seat == HUMAN,
            "ours": seat % 2 == HUMAN,
        }
    return {
        "four": True,
        "rules_name": FOUR_HANDED_NAMES.get(g.rules.name, g.rules.name),
        "seats": seats,
        "side_labels": (_("Your team"), _("Opponents")),
        "dealer_text": _dealer_text(table),
        "discard_text": _discard_text(g.dealer),
        "discards": 1,
    }


FOUR_HANDED_NAMES = {
    "FADOQ": gettext_lazy("FADOQ rules"),
    "FOUR_PLAYER_PARTNERS": gettext_lazy("standard partnership rules"),
}


def _dealer_text(table: Table) -> str | None:
    dealer = table.game.dealer
    if dealer is None or table.game.is_over:
        return None
    if table.awaiting == "deal" and table.game.hand_number:
        if dealer == HUMAN:
            return _("Next deal: yours")
        return _("Next deal: %(who)s") % {"who": SEATS_FOUR_OF[dealer]}
    return _("You deal") if dealer == HUMAN else _("%(who)s deals.") % {"who": who(dealer, 4)}


def _discard_text(dealer: int | None) -> str:
    if dealer is None or dealer == HUMAN:
        return _("Lay away one card to your crib.")
    if dealer == 2:
        return _("Lay away one card to your partner's crib.")
    return _("Lay away one card to the crib of %(who)s.") % {"who": SEATS_FOUR_OF[dealer]}


def counted_points(table: Table) -> tuple[dict[int, dict[str, int]], dict[str, Any] | None]:
    """Each side's points by source as they reached the board: the points past the target (a
    hand counted in full after the game was won) are not added. Also the event the game stopped
    in, when it was not counted in full."""
    g = table.game
    sides = {side: {"pegging": 0, "hand": 0, "crib": 0, "muggins": 0, "best_hand": 0}
             for side in (0, 1)}  # fmt: skip
    before = list(g.initial_scores)
    stopped = None
    for e in g.events:
        counted = e.scores[e.side] - before[e.side]
        before = list(e.scores)
        kind = "pegging" if e.kind in ("play", "go", "last card", "his heels") else e.kind
        if kind in sides[e.side]:
            sides[e.side][kind] += counted
        if e.kind == "hand":
            sides[e.side]["best_hand"] = max(sides[e.side]["best_hand"], e.points)
        if counted < e.points:
            stopped = {"kind": kind, "side": e.side, "points": e.points, "counted": counted}
    return sides, stopped


def _stopped_text(stopped: dict[str, Any] | None, target: int) -> str:
    if stopped is None:
        return ""
    what = {"hand": _("the hand"), "crib": _("the crib")}.get(stopped["kind"], _("the play"))
    facts = {"target": target, "counted": stopped["counted"], "points": stopped["points"],
             "what": what}  # fmt: skip
    if stopped["side"] == HUMAN:
        text = _(
            "You reached %(target)d with %(counted)d of the %(points)d points of %(what)s: the "
            "game stops there, even in the middle of the show, and the rest is not counted."
        )
    else:
        text = _(
            "The computer reached %(target)d with %(counted)d of the %(points)d points of "
            "%(what)s: the game stops there, even in the middle of the show, and the rest is not "
            "counted."
        )
    return text % facts


def _skunk_help(level: int, rules) -> str:
    """What the skunk ("pétrin") named in the result means, with its line."""
    if not level:
        return ""
    return _(
        "%(name)s: the loser finished at %(line)d points or fewer (the red line on the board)."
    ) % {"name": capfirst(str(SKUNK_LABELS[level])), "line": rules.skunk_lines[level - 1]}


def _hint(table: Table) -> dict[str, Any] | None:
    card = table.hint()
    return card_view(card) if card is not None else None


def _advice_view(advice: dict[str, Any] | None) -> dict[str, Any] | None:
    if advice is None:
        return None
    return {
        **advice,
        "dealt_cards": cards_view(advice["dealt"]),
        "discard_cards": cards_view(advice["discard"]),
        "best_discard_cards": cards_view(advice["best_discard"]),
        "expected_points": points_text(advice["expected"]),
        "best_points": points_text(advice["best"]),
        "loss_points": points_text(advice["loss"]),
        "keep_cards": cards_view(advice["keep"]),
        "best_cards": cards_view(advice["best_keep"]),
        "expected_text": one_decimal(advice["expected"]),
        "best_text": one_decimal(advice["best"]),
        "loss_text": one_decimal(advice["loss"]),
    }
