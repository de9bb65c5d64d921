"""What the game page shows, in the visitor's language: cards, the board, the log, the show.

The table's log is structured and language-free (:mod:`.cribbage`); it is told here with
gettext, and the show's counts are announced as a player says them (:mod:`games.spoken`).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
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
from .table import COMPUTER, HUMAN, PARTNER, SEAT_NAMES, Table


def rounded(value: float, digits: int = 1) -> Decimal:
    """``value`` rounded half up as written (0,25 is 0,3; ``round`` would say 0,2)."""
    return Decimal(str(value)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)


def one_decimal(value: float, digits: int = 1) -> str:
    """``18.4`` (``18,4`` in French); rounded (Django's number_format cuts the digits off).
    ``digits``: more decimals where one would hide a difference (:func:`precision`)."""
    return number_format(rounded(value, digits), digits)


def points_text(value: float, digits: int = 1) -> str:
    """``0,3 point`` / ``2,5 points``: in French a number below 2 takes the singular, in English
    only exactly 1 does (gettext's plural forms know whole numbers only)."""
    french = (get_language() or "").startswith("fr")
    singular = abs(value) < 2 if french else rounded(value, digits) == 1
    return ngettext("%(number)s point", "%(number)s points", 1 if singular else 2) % {
        "number": one_decimal(value, digits)
    }


MAX_DIGITS = 3


def precision(best: float, expected: float) -> int:
    """The decimals that show a choice that is not the best as such: one, or more while one
    would show the two averages equal or the cost as 0 (16,456 against 16,500: 16,46 and 16,50,
    a cost of 0,04)."""
    digits = 1
    while (
        digits < MAX_DIGITS
        and best != expected
        and (
            rounded(best, digits) == rounded(expected, digits)
            or rounded(best - expected, digits) == 0
        )
    ):
        digits += 1
    return digits


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


# Three- and four-handed, each seat by where it sits from the player (seat 0), clockwise: its
# place name (``Table.seat_name``: left, partner, right).
SEATS_AROUND = {
    "left": gettext_lazy("The opponent on your left"),
    "partner": gettext_lazy("Your partner"),
    "right": gettext_lazy("The opponent on your right"),
}
# The same after "of" ("the hand of your partner").
SEATS_AROUND_OF = {
    "left": gettext_lazy("the opponent on your left"),
    "partner": gettext_lazy("your partner"),
    "right": gettext_lazy("the opponent on your right"),
}
SEATS_SHORT = {
    "you": gettext_lazy("You"),
    "left": gettext_lazy("Left"),
    "partner": gettext_lazy("Partner"),
    "right": gettext_lazy("Right"),
}


def place(seat: int, players: int) -> str:
    """``you``, ``computer`` (two-handed), ``left``, ``partner`` or ``right``."""
    return SEAT_NAMES[players][seat]


def seat_of(seat: int, players: int) -> str:
    """``the opponent on your left``… (after "of"), three- and four-handed."""
    return str(SEATS_AROUND_OF[place(seat, players)])


def who(seat: int | None, players: int = 2) -> str:
    if seat == HUMAN:
        return _("You")
    if players > 2 and seat is not None:
        return str(SEATS_AROUND[place(seat, players)])
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
    if players > 2 and kind in ("discard", "deal", "muggins"):
        return _tell_many(entry, players)
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


def _tell_many(entry: dict[str, Any], players: int) -> str:
    """The three- and four-handed sentences: one card to the crib, who deals, who calls
    muggins."""
    kind, seat = entry["kind"], entry.get("seat")
    if kind == "discard":
        if seat == HUMAN:
            return _("You laid away a card to the crib.")
        return _("%(who)s laid away a card to the crib.") % {"who": who(seat, players)}
    if kind == "deal":
        dealer = entry["dealer"]
        if dealer == HUMAN:
            return _("You deal.")
        return _("%(who)s deals.") % {"who": who(dealer, players)}
    return ngettext(
        "Muggins! %(who)s takes the %(points)d point you missed.",
        "Muggins! %(who)s takes the %(points)d points you missed.",
        entry["points"],
    ) % {"who": who(seat, players), "points": entry["points"]}


def log_lines(
    recent: list[dict[str, Any]], players: int = 2, cutoff: int | None = None
) -> list[str]:
    """The log as sentences. ``cutoff``: the rules' 116 rule (FADOQ), said where it withholds a
    go or last-card point, so that a missing point is never silent."""
    lines = []
    for entry in recent:
        if entry["kind"] in ("go", "last card") and "points" in entry:
            facts = {"who": who(entry["seat"], players), "cutoff": cutoff}
            if entry["points"]:
                what = _("the go") if entry["kind"] == "go" else _("the last card")
                lines.append(_("%(who)s: 1 for %(what)s.") % {**facts, "what": what})
            elif cutoff is not None:
                lines.append(
                    (
                        _("%(who)s: %(cutoff)d rule, the go point is not scored.")
                        if entry["kind"] == "go"
                        else _("%(who)s: %(cutoff)d rule, the last-card point is not scored.")
                    )
                    % facts
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
    if players > 2:
        of = {"who": seat_of(seat, players)}
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

HOLE, GAP, STREET, LANE, LEFT = 10, 5, 30, 13, 22
STREET_GAP = 14  # between two streets, below their lanes (two lanes: 40 from street to street)


def street_height(sides: int) -> int:
    return sides * LANE + STREET_GAP


def hole_xy(n: int, side: int, sides: int = 2) -> tuple[int, int]:
    """Centre of hole ``n`` (1..target) of ``side``'s lane (one lane per side: two, or three
    three-handed); 0 is the start, left of the board."""
    if n <= 0:
        return 8, 14 + side * LANE
    row, col = divmod(n - 1, STREET)
    return LEFT + col * HOLE + (col // 5) * GAP, 14 + row * street_height(sides) + side * LANE


def board(table: Table) -> dict[str, Any]:
    rules = table.game.rules
    target, sides = rules.target, rules.sides
    rows = (target - 1) // STREET + (1 if (target - 1) % STREET else 0)
    holes = []
    for n in range(1, target):
        for side in range(sides):
            x, y = hole_xy(n, side, sides)
            holes.append({"x": x, "y": y})
    fx, _fy = hole_xy(target - 1, 0, sides)
    finish = {
        "x": fx + HOLE + 6,
        "y": 14 + (rows - 1) * street_height(sides) + LANE * (sides - 1) // 2,
    }
    lines = []
    for line in rules.skunk_lines:
        x, y = hole_xy(line, 0, sides)
        lines.append(
            {"x": x + HOLE // 2 + 1, "y1": y - 8, "y2": y + LANE * (sides - 1) + 8, "at": line}
        )
    pegs = []
    for side, (front, back) in enumerate(table.pegs()):
        for score, kind in ((back, "back"), (front, "front")):
            x, y = (finish["x"], finish["y"]) if score >= target else hole_xy(score, side, sides)
            pegs.append({"x": x, "y": y, "side": side, "kind": kind, "score": score})
    width = LEFT + STREET * HOLE + (STREET // 5) * GAP + 24
    return {
        "holes": holes,
        "pegs": pegs,
        "lines": lines,
        "finish": finish,
        "width": width,
        "height": rows * street_height(sides) + 6,
        "target": target,
        "title": _board_title(table),
    }


def _board_title(table: Table) -> str:
    scores, target = table.game.scores, table.game.rules.target
    if table.players == 2:
        return _("The board: you %(mine)s, the computer %(theirs)s, out of %(target)s") % {
            "mine": scores[HUMAN],
            "theirs": scores[COMPUTER],
            "target": target,
        }
    each = ", ".join(
        f"{label} {score}" for label, score in zip(side_labels(table), scores, strict=True)
    )
    return _("The board, out of %(target)d: %(scores)s") % {"target": target, "scores": each}


def side_labels(table: Table) -> tuple[str, ...]:
    """Each side's name on the score line, the board and the result: two-handed you and the
    computer, three-handed each seat, four-handed the two teams."""
    if table.players == 2:
        return (_("You"), _("Computer"))
    if table.players == 4:
        return (_("Your team"), _("Opponents"))
    return tuple(str(SEATS_SHORT[place(seat, table.players)]) for seat in range(table.players))


# --- the whole page ----------------------------------------------------------------------------


def table_context(table: Table, game) -> dict[str, Any]:
    g = table.game
    view = table.view()
    awaiting = table.awaiting
    scores = g.scores
    labels = side_labels(table)
    context: dict[str, Any] = {
        "table": table,
        "awaiting": awaiting,
        "move": game.moves,
        "level_label": LEVEL_LABELS.get(table.level, table.level),
        "target": g.rules.target,
        "count_own": table.count_own,
        "my_score": scores[HUMAN],
        "their_score": scores[COMPUTER],
        "score_sides": [
            {"side": side, "label": label, "score": score, "mine": side == HUMAN}
            for side, (label, score) in enumerate(zip(labels, scores, strict=True))
        ],
        "board": board(table),
        "pegs": table.pegs(),
        "log": log_lines(table.recent, table.players, g.rules.one_point_cutoff),
        "show": [show_view(e, table.players) for e in table.show],
        "side_labels": labels,
        "discards": 2,
        "advice": _advice_view(table.last_advice, table.players),
        "play_advice": play_advice_view(table.play_advice),
        # The player has laid a card this deal: the discard's verdict is folded to one line.
        "i_laid": any(seat == HUMAN for seat, _card in g.laid),
        "coach_play": table.coach_play,
        "dealer": g.dealer,
        "i_deal": g.dealer == HUMAN,
        "hand_number": g.hand_number,
        "players": table.players,
        "many": table.players > 2,
        "three": table.players == 3,
    }
    context["status_turn"] = _turn_text(awaiting, g.hand_number)
    if view is not None:
        context.update(_view_context(table, view, awaiting))
    if table.players > 2:
        context.update(around_the_table(table))
    if g.is_over:
        context.update(_result(table))
    return context


def _turn_text(awaiting: str | None, hand_number: int) -> str:
    """The status bar's word on whose turn it is (the page is shown when the player acts)."""
    if awaiting == "deal":
        return _("The show is over: next deal.") if hand_number else _("Your turn: deal.")
    texts = {
        "cut_for_deal": _("Your turn: cut for deal."),
        "discard": _("Your turn: lay away to the crib."),
        "cut": _("Your turn: cut the pack."),
        "play": _("Your turn: lay a card."),
        "go": _("Your turn: say “Go”."),
        "count": _("Your turn: count."),
    }
    return texts.get(awaiting or "", "")


def _view_context(table: Table, view, awaiting: str | None) -> dict[str, Any]:
    """What the player's seat sees: the hand, the starter, the count and the cards laid."""
    g = table.game
    playable = set(view.playable()) if awaiting == "play" else set()
    context = {
        "hand": [{**card_view(c), "playable": c in playable} for c in view.hand],
        "starter": card_view(view.starter) if view.starter else None,
        "count": view.count,
        "series": [
            {
                **card_view(c),
                "mine": s == HUMAN,
                # four-handed, the partner's cards: the player's side, not an opponent's
                "partner": s != HUMAN and g.side_of(s) == g.side_of(HUMAN),
                "side": g.side_of(s),
                "by": SEATS_SHORT[place(s, table.players)] if table.players > 2 else None,
            }
            for s, c in g.series
        ],
        "computer_cards": view.opponent_cards,
        "hint": _hint(table),
    }
    if awaiting == "count":
        what, _seat = g.show_queue[0]
        context["count_what"] = what
        context["count_action"] = "CountHand" if what == "hand" else "CountCrib"
        context["count_cards"] = cards_view(g.kept[HUMAN] if what == "hand" else g.crib)
    return context


def _result(table: Table) -> dict[str, Any]:
    """The end of the game: who won, the skunk, where the count stopped, the statistics."""
    g = table.game
    winner = g.winner
    assert winner is not None, "a game over has a winner"
    level, skunked = _skunk_of(table)
    stats = table.statistics()
    stats["sides"], stopped = counted_points(table)
    rows = [("pegging", _("Pegging")), ("hand", _("Hands")), ("crib", _("Cribs"))]
    if table.count_own:
        rows.append(("muggins", _("Muggins")))
    rows.append(("best_hand", _("Best hand")))
    return {
        "won": winner == HUMAN,
        "winner_text": _winner_text(table, winner),
        "skunk": SKUNK_LABELS.get(level),
        "stats": stats,
        "stats_rows": [
            {"label": label, "values": [stats["sides"][side][key] for side in stats["sides"]]}
            for key, label in rows
        ],
        "stopped": _stopped_text(stopped, g.rules.target, table.players),
        "skunk_help": _skunk_help(level, g.rules, table.players, skunked),
        "suboptimal": [_advice_view(a, table.players) for a in stats["suboptimal"]],
        "expected_loss": total_loss_text([a["loss"] for a in stats["suboptimal"]]),
        "worst_plays": [play_advice_view(a) for a in stats.get("worst_plays", [])],
        "play_loss": total_loss_text([a["loss"] for a in table.plays if not a["is_best"]]),
    }


def _winner_text(table: Table, winner: int) -> str:
    if table.players == 4:
        return _("Your team wins!") if winner == HUMAN else _("The opponents win.")
    if winner == HUMAN:
        return _("You win!")
    if table.players == 3:
        return _("%(who)s wins.") % {"who": who(winner, 3)}
    return _("The computer wins.")


def _skunk_of(table: Table) -> tuple[int, int]:
    """(skunk level, side skunked) as the player sees the result: the player's own skunk when
    they lost, else the worst skunk among the losers (three-handed, each loser has its own)."""
    g = table.game
    winner = g.winner
    assert winner is not None, "a game over has a winner"
    losers = [side for side in range(g.rules.sides) if side != winner]
    if HUMAN in losers:
        losers = [HUMAN]

    def level(side: int) -> int:
        return int(skunk(g.scores[winner], g.scores[side], g.rules))

    worst = max(losers, key=lambda side: (level(side), -side))
    return level(worst), worst


def around_the_table(table: Table) -> dict[str, Any]:
    """The three- or four-handed table: the seats around it, whose deal, the crib the player
    feeds."""
    g = table.game
    seats = {}
    for seat in range(table.players):
        key = place(seat, table.players)
        seats[key] = {
            "seat": seat,
            "side": g.side_of(seat),
            "name": SEATS_SHORT[key],
            "level": LEVEL_LABELS.get(table.level_of(seat)) if seat != HUMAN else None,
            "cards": len(g.held[seat]),
            "laid": cards_view(c for s, c in g.laid if s == seat),
            "go": seat in g.passed,
            "deals": g.dealer == seat,
            "turn": table.awaiting in ("play", "go") and seat == HUMAN,
            "ours": g.side_of(seat) == g.side_of(HUMAN),
        }
    context: dict[str, Any] = {
        "seats": seats,
        "dealer_text": _dealer_text(table),
        "discard_text": _discard_text(g.dealer, table.players),
        "discards": 1,
    }
    if table.players == 4:
        context |= {"four": True, "rules_name": FOUR_HANDED_NAMES.get(g.rules.name, g.rules.name)}
    return context


FOUR_HANDED_NAMES = {
    "FADOQ": gettext_lazy("FADOQ rules"),
    "FOUR_PLAYER_PARTNERS": gettext_lazy("standard partnership rules"),
}


def _dealer_text(table: Table) -> str | None:
    dealer, players = table.game.dealer, table.players
    if dealer is None or table.game.is_over:
        return None
    if table.awaiting == "deal" and table.game.hand_number:
        if dealer == HUMAN:
            return _("Next deal: yours")
        return _("Next deal: %(who)s") % {"who": seat_of(dealer, players)}
    if dealer == HUMAN:
        return _("You deal")
    return _("%(who)s deals.") % {"who": who(dealer, players)}


def _discard_text(dealer: int | None, players: int) -> str:
    if dealer is None or dealer == HUMAN:
        return _("Lay away one card to your crib.")
    if players == 4 and dealer == PARTNER:
        return _("Lay away one card to your partner's crib.")
    return _("Lay away one card to the crib of %(who)s.") % {"who": seat_of(dealer, players)}


def counted_points(table: Table) -> tuple[dict[int, dict[str, int]], dict[str, Any] | None]:
    """Each side's points by source as they reached the board: the points past the target (a
    hand counted in full after the game was won) are not added. Also the event the game stopped
    in, when it was not counted in full."""
    g = table.game
    sides = {side: {"pegging": 0, "hand": 0, "crib": 0, "muggins": 0, "best_hand": 0}
             for side in range(g.rules.sides)}  # fmt: skip
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
            stopped = {
                "kind": "his heels" if e.kind == "his heels" else kind,
                "side": e.side,
                "points": e.points,
                "counted": counted,
            }
    return sides, stopped


def _stopped_text(stopped: dict[str, Any] | None, target: int, players: int = 2) -> str:
    """Where the game stopped short of counting everything: who reached the target with part of
    which points ("du jeu", "du crib": whole phrases, French contracts "de le"), and that the
    game stops there, in the middle of the play or even of the show."""
    if stopped is None:
        return ""
    kind = stopped["kind"]
    of_what = {"hand": _("of the hand"), "crib": _("of the crib"),
               "his heels": _("of his heels")}.get(kind, _("of the play"))  # fmt: skip
    facts = {"target": target, "counted": stopped["counted"], "points": stopped["points"],
             "what": of_what}  # fmt: skip
    side = stopped["side"]
    if players == 4:
        if side == HUMAN:
            text = _(
                "Your team reached %(target)d with %(counted)d of the %(points)d points %(what)s."
            )
        else:
            text = _(
                "The opposing team reached %(target)d with %(counted)d of the %(points)d points "
                "%(what)s."
            )
    elif side == HUMAN:
        text = _("You reached %(target)d with %(counted)d of the %(points)d points %(what)s.")
    elif players == 3:
        text = _("%(who)s reached %(target)d with %(counted)d of the %(points)d points %(what)s.")
        facts["who"] = who(side, 3)
    else:
        text = _(
            "The computer reached %(target)d with %(counted)d of the %(points)d points %(what)s."
        )
    if kind in ("hand", "crib"):
        stops = _("The game stops there, even in the middle of the show: the rest is not counted.")
    elif kind == "his heels":
        stops = _("The game stops there: the rest is not counted.")
    else:
        stops = _("The game stops there, in the middle of the play: the rest is not counted.")
    return f"{text % facts} {stops}"


def _skunk_help(level: int, rules, players: int = 2, side: int = COMPUTER) -> str:
    """What the skunk ("pétrin") named in the result means, with its line (three-handed: whose
    skunk it is, each loser has their own)."""
    if not level:
        return ""
    facts = {"name": capfirst(str(SKUNK_LABELS[level])), "line": rules.skunk_lines[level - 1]}
    if players != 3:
        return (
            _(
                "%(name)s: the loser finished at %(line)d points or fewer (the red line on the "
                "board)."
            )
            % facts
        )
    if side == HUMAN:
        return (
            _("%(name)s: you finished at %(line)d points or fewer (the red line on the board).")
            % facts
        )
    return _(
        "%(name)s: %(who)s finished at %(line)d points or fewer (the red line on the board)."
    ) % {**facts, "who": seat_of(side, 3)}


def _hint(table: Table) -> dict[str, Any] | None:
    card = table.hint()
    return card_view(card) if card is not None else None


def total_loss_text(losses: list[float]) -> str:
    """The sum of exact costs, with the decimals that keep a cost above 0 visible."""
    total = sum(losses)
    return points_text(total, precision(total, 0.0))


def _advice_view(advice: dict[str, Any] | None, players: int = 2) -> dict[str, Any] | None:
    if advice is None:
        return None
    # The cost from the exact values (never the difference of rounded figures), shown with the
    # decimals that make a discard that is not the best visibly so.
    loss = advice["best"] - advice["expected"]
    digits = precision(advice["best"], advice["expected"])
    return {
        **advice,
        "crib_note": _crib_note(advice, players),
        "crib_label": _crib_label(advice, players),
        "dealt_cards": cards_view(advice["dealt"]),
        "discard_cards": cards_view(advice["discard"]),
        "best_discard_cards": cards_view(advice["best_discard"]),
        "expected_points": points_text(advice["expected"], digits),
        "best_points": points_text(advice["best"], digits),
        "loss_points": points_text(loss, digits),
        "keep_cards": cards_view(advice["keep"]),
        "best_cards": cards_view(advice["best_keep"]),
        "expected_text": one_decimal(advice["expected"], digits),
        "best_text": one_decimal(advice["best"], digits),
        "loss_text": one_decimal(loss, digits),
    }


def play_advice_view(advice: dict[str, Any] | None) -> dict[str, Any] | None:
    """The coaching of a card laid, as the page says it (figures as :func:`_advice_view`'s)."""
    if advice is None:
        return None
    loss = advice["best"] - advice["expected"]
    digits = precision(advice["best"], advice["expected"])
    return {
        "players": 2,  # coached before the three- and four-handed games were
        **advice,
        "card_view": card_view(advice["card"]),
        "best_card_view": card_view(advice["best_card"]),
        "series_cards": cards_view(advice["series"]),
        "expected_points": points_text(advice["expected"], digits),
        "best_points": points_text(advice["best"], digits),
        "loss_points": points_text(loss, digits),
        "error_points": points_text(advice["error"], error_digits(advice["error"], digits))
        if not advice["exact"]
        else "",
    }


def error_digits(error: float, digits: int) -> int:
    """Enough decimals that a sampling error is not shown as « 0,0 point »."""
    shown = max(digits, 1)
    while shown < 3 and error > 0 and rounded(error, shown) == 0:
        shown += 1
    return shown


def _crib_of(advice: dict[str, Any], players: int) -> int | None:
    """The seat whose crib the coached discard went to (kept with the advice since the three-
    handed game; older games only know whether the crib was the player's side's)."""
    seat = advice.get("crib_of")
    return seat if isinstance(seat, int) and 0 <= seat < players else None


def _crib_note(advice: dict[str, Any], players: int) -> str:
    """Whose crib the figures count, and how: added when it is the player's side's, taken away
    (so they can be below zero) when it is an opponent's, named as the table has it."""
    seat = _crib_of(advice, players)
    if advice["dealer"]:
        if players == 4 and seat == PARTNER:
            return _(
                "The crib is your partner's: these figures are your hand's average points plus "
                "the crib's."
            )
        return ""
    if players == 2:
        return _(
            "The crib is the computer's: these figures are your hand's average points minus "
            "the crib's, so they can be below zero."
        )
    if players == 4:
        return _(
            "The crib is the opposing team's: these figures are your hand's average points "
            "minus the crib's, so they can be below zero."
        )
    if seat is None:
        return _(
            "The crib is an opponent's: these figures are your hand's average points minus the "
            "crib's, so they can be below zero."
        )
    return _(
        "The crib is %(whose)s: these figures are your hand's average points minus the crib's, "
        "so they can be below zero."
    ) % {"whose": CRIB_OF[place(seat, players)]}


# "The crib is ..." with the owner: in French "à l'adversaire de gauche".
CRIB_OF = {
    "left": gettext_lazy("the left-hand opponent's"),
    "right": gettext_lazy("the right-hand opponent's"),
}


def _crib_label(advice: dict[str, Any], players: int) -> str:
    """Whose crib the hand was dealt for, in the list of sub-optimal discards."""
    if not advice["dealer"]:
        if players == 4:
            return _("the opposing team's crib")
        seat = _crib_of(advice, players)
        if players == 3 and seat is not None:
            return _("the crib of %(who)s") % {"who": seat_of(seat, 3)}
        return _("the computer's crib") if players == 2 else ""
    if players == 4 and _crib_of(advice, players) == PARTNER:
        return _("your partner's crib")
    return _("your crib")
