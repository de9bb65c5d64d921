"""The Crapette record checker (/tools/crapette/) in the visitor's language, the players named as
the record names them (A and B, never "the computer"): the record's format errors, the JSON
reader's complaints, the refused move's reason, the claimed result and the position itself.

The engine speaks English (games.crapette); its format errors are matched here by their shape
and said again in the page's language; one that no pattern knows keeps the engine's text
inside a sentence of the page's language.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.crapette import Player
from games.crapette.reasons import Reason
from games.play.cribbage.display import pretty

from .words import REASONS, capital, card_name, case_wanted, foundation_wanted, load_wanted

# The engine's format errors, by shape (games.crapette.record, games.crapette.layout).
FORMAT_ERRORS: list[tuple[re.Pattern[str], object]] = [
    (
        re.compile(r"^a record is a JSON object, got (?P<kind>.+)$"),
        gettext_lazy("a record is a JSON object, not %(kind)s."),
    ),
    (
        re.compile(r"^missing field '(?P<field>[^']+)': a record needs (?P<fields>.+)$"),
        gettext_lazy("the field “%(field)s” is missing: a record has %(fields)s."),
    ),
    (
        re.compile(r"^unknown field '(?P<field>[^']+)'.*$"),
        gettext_lazy("the field “%(field)s” is not a field of a record."),
    ),
    (
        re.compile(r"^format: (?P<got>.+) is not (?P<want>.+)$"),
        gettext_lazy("“format” is %(got)s, not %(want)s: this is not a Crapette record."),
    ),
    (
        re.compile(r"^version: (?P<got>.+) is not supported: only (?P<want>.+)$"),
        gettext_lazy("version %(got)s is not supported: only version %(want)s."),
    ),
    (
        re.compile(r"^moves: expected a list of move strings, got (?P<kind>.+)$"),
        gettext_lazy("“moves” is a list of moves written as text, not %(kind)s."),
    ),
    (
        re.compile(r"^moves\[(?P<i>\d+)\]: (?P<move>.+) is not a move string .*$"),
        gettext_lazy("move %(i)s (%(move)s) is not a move written as text."),
    ),
    (
        re.compile(r"^players: unknown player '(?P<key>[^']+)'.*$"),
        gettext_lazy("“players”: there is no player %(key)s; the players are A and B."),
    ),
    (
        re.compile(
            r"^(?P<where>[^\[:]+)\[(?P<i>\d+)\]: (?P<card>\w+) appears twice "
            r"\(also at \[(?P<j>\d+)\]\).*$"
        ),
        gettext_lazy(
            "%(where)s, position %(i)s: %(card)s appears twice (also at position %(j)s): a deck "
            "holds each of the 52 cards once."
        ),
    ),
    (
        re.compile(r"^(?P<where>[^\[:]+): (?P<n>\d+) cards: a deck holds exactly 52 cards$"),
        gettext_lazy("%(where)s has %(n)s cards: a deck holds exactly 52."),
    ),
    (
        re.compile(r"^(?P<where>deal\.\w+): expected a list of 52 cards, got (?P<got>.+)$"),
        gettext_lazy("%(where)s must be a list of the 52 cards, not %(got)s."),
    ),
    (
        re.compile(r"^deal: missing deck '(?P<player>\w)'.*$"),
        gettext_lazy("the deal has no deck for player %(player)s (52 cards in dealing order)."),
    ),
    (
        re.compile(r"^(?P<where>[^\[:]+)\[(?P<i>\d+)\]: '(?P<card>[^']*)' is not a card.*$"),
        gettext_lazy("%(where)s, position %(i)s: “%(card)s” is not a card."),
    ),
    (
        re.compile(r"^result: missing field '(?P<field>[^']+)'$"),
        gettext_lazy("the result has no “%(field)s”."),
    ),
    (
        re.compile(r"^result\.(?P<field>\w+): (?P<got>.+) is not .*$"),
        gettext_lazy("the result's “%(field)s” cannot be %(got)s."),
    ),
]
# The JSON reader's complaints (json.JSONDecodeError.msg).
JSON_PROBLEMS = {
    "Expecting value": gettext_lazy("a value was expected"),
    "Expecting property name enclosed in double quotes": gettext_lazy(
        "a field name in double quotes was expected"
    ),
    "Expecting ',' delimiter": gettext_lazy("a comma was expected"),
    "Expecting ':' delimiter": gettext_lazy("a colon was expected"),
    "Extra data": gettext_lazy("there is more text after the end of the record"),
    "Unterminated string starting at": gettext_lazy("a text is not closed by its double quote"),
    "Invalid control character at": gettext_lazy("a text holds a control character"),
    "Invalid \\escape": gettext_lazy("a text holds an invalid \\ escape"),
}
JSON_KINDS = {
    "a list": gettext_lazy("a list"),
    "an object": gettext_lazy("a JSON object"),
    "text": gettext_lazy("text"),
    "a number": gettext_lazy("a number"),
    "null": gettext_lazy("null"),
    "true/false": gettext_lazy("true or false"),
}


def json_problem(message: str) -> str:
    """The JSON reader's complaint in the page's language."""
    return str(JSON_PROBLEMS.get(message, message))


DECK = re.compile(r"^deck (?P<player>[AB])$")


def _fact(name: str, value: str) -> str:
    if name == "where" and DECK.match(value):
        return _("the deck of %(player)s") % {"player": value[-1]}
    return str(JSON_KINDS.get(value, value))


def format_error_text(message: str) -> str:
    """A record format error (the engine's English) in the page's language."""
    for pattern, template in FORMAT_ERRORS:
        match = pattern.match(message)
        if match:
            facts = {k: _fact(k, v) for k, v in match.groupdict().items()}
            return str(template) % facts
    return _("the record does not follow the format: %(detail)s") % {"detail": message}


def notation_text(move: str) -> str:
    """A move of the record that cannot be read."""
    return _(
        "“%(move)s” is not a move: a move is written SOURCE>TARGET (for example C>F, 3>OC, "
        "S>D), or T to turn a card."
    ) % {"move": move}


# --- the refused move, the players named as in the record --------------------------------------


def record_place(code: str, mover: Player) -> str:
    """A place of the table for the move of ``mover`` (A or B)."""
    other = mover.other
    if code.isdigit():
        return _("case %(number)s") % {"number": code}
    places = {
        "C": _("the crapette of %(who)s") % {"who": mover.label},
        "S": _("the card %(who)s turned from their stock") % {"who": mover.label},
        "D": _("the discard pile of %(who)s") % {"who": mover.label},
        "F": _("a foundation"),
        "OC": _("the crapette of %(who)s") % {"who": other.label},
        "OD": _("the discard pile of %(who)s") % {"who": other.label},
    }
    return places.get(code, code)


_LOAD_RULE = gettext_lazy(
    "%(card)s cannot go on %(top)s (%(target)s): on the piles of %(other)s a card goes "
    "%(rule)s; it takes %(wanted)s."
)
RECORD_REASONS = {
    "foundation-first": gettext_lazy("%(card)s (%(source)s) had to go on a foundation first."),
    "load-same-suit": _LOAD_RULE,
    "load-alternate": _LOAD_RULE,
    "load-empty": gettext_lazy(
        "%(target)s is empty: a card goes only on the top card of the piles of %(other)s."
    ),
    "discard-only-stock": gettext_lazy(
        "Only the card %(player)s just turned from their stock goes on their discard pile; "
        "%(card)s (%(source)s) cannot."
    ),
    "already-turned": gettext_lazy(
        "%(player)s has already turned a card from their stock (%(card)s): it must be placed, "
        "or put on their discard pile."
    ),
    "stock-empty": gettext_lazy(
        "The stock of %(player)s is empty: their discard pile must be turned over first."
    ),
    "nothing-left": gettext_lazy(
        "%(player)s has no stock and no discard pile left: their turn must end."
    ),
    "stock-not-empty": gettext_lazy(
        "The stock of %(player)s still has cards: the discard pile is turned over only when "
        "the stock is empty."
    ),
    "discard-empty": gettext_lazy(
        "The discard pile of %(player)s is empty: there is nothing to turn over."
    ),
    "cannot-pass": gettext_lazy(
        "%(player)s can still turn a card from their stock: the turn ends when that card goes "
        "on their discard pile."
    ),
    "no-fault": gettext_lazy(
        "“Crapette !” refused: %(other)s has not missed a mandatory move this turn."
    ),
    "game-over": gettext_lazy("The game is over."),
}
# The reasons that name no player: the practice game's sentences serve as they are.
NEUTRAL = ("foundation-rank", "case-colour", "case-rank", "case-ace", "same-case", "no-card")
_WANTED = {
    "foundation-rank": foundation_wanted,
    "case-colour": case_wanted,
    "case-rank": case_wanted,
    "load-same-suit": load_wanted,
    "load-alternate": load_wanted,
}


def record_reason_text(reason: Reason, mover: Player) -> str:
    """Why the record's move of ``mover`` is refused, the players named A and B."""
    template = RECORD_REASONS.get(reason.code) or (
        REASONS[reason.code] if reason.code in NEUTRAL else None
    )
    if template is None:
        return _("This move is not allowed: %(reason)s") % {"reason": reason.text}
    facts = {
        "card": card_name(reason.card) if reason.card is not None else "",
        "top": card_name(reason.top) if reason.top is not None else "",
        "source": record_place(reason.source, mover) if reason.source else "",
        "target": record_place(reason.target, mover) if reason.target else "",
        "player": mover.label,
        "other": mover.other.label,
    }
    if reason.code in _WANTED:
        facts.update(_WANTED[reason.code](reason))
    return capital(str(template) % facts)


# --- the result and the position -------------------------------------------------------------


def score_detail(state) -> str:
    """The result so far, in words (the engine's ``Score.detail``)."""
    score = state.score()
    if score.end == "stalemate":
        return _("stalemate: no card reached a foundation in %(rounds)s full rounds") % {
            "rounds": state.rules.stalemate_rounds
        }
    if score.end == "unfinished":
        return _("the game is not over")
    winner = score.winner
    loser = winner.other
    if score.points == 1 and state.rules.scoring.name == "WIN":
        return _("%(winner)s won (a win scores 1)") % {"winner": winner.label}
    crapette = len(state.crapette[loser])
    rest = len(state.stock[loser]) + len(state.discard[loser])
    return _(
        "%(winner)s won %(points)s points: 30 + 2 × %(crapette)s cards in the crapette pile of "
        "%(loser)s + %(rest)s cards in the stock and discard of %(loser)s"
    ) % {
        "winner": winner.label,
        "points": score.points,
        "crapette": crapette,
        "rest": rest,
        "loser": loser.label,
    }


ENDS = {
    "win": gettext_lazy("a win"),
    "stalemate": gettext_lazy("a stalemate"),
    "unfinished": gettext_lazy("an unfinished game"),
}


def claim_text(claimed: dict, state) -> str:
    """The record's claimed result beside what its moves give."""
    winner = claimed.get("winner")
    return _(
        "The record claims %(end)s (winner: %(winner)s, %(points)s points), but the moves "
        "give: %(detail)s."
    ) % {
        "end": ENDS.get(str(claimed.get("end")), claimed.get("end")),
        "winner": winner if winner else _("nobody"),
        "points": claimed.get("points"),
        "detail": score_detail(state),
    }


EMPTY = "--"


def position_text(state) -> str:
    """The position as ``games.crapette.render`` draws it, in words of the page's language:
    B's side on top (cases 5-8), the foundations, A's side below (cases 1-4), ``>`` the player
    to move."""
    lines = [_player_line(state, Player.B)]
    lines += [_case_line(state, n) for n in (5, 6, 7, 8)]
    tops = []
    for k in range(4):
        pair = [state.foundations[2 * k + i] for i in (0, 1)]
        tops.append(" ".join(_card(p[-1]) if p else EMPTY for p in pair))
    lines.append(_("foundations") + "  " + "   ".join(tops))
    lines += [_case_line(state, n) for n in (1, 2, 3, 4)]
    lines.append(_player_line(state, Player.A))
    if state.is_over:
        lines.append(_("game over: %(detail)s") % {"detail": score_detail(state)})
    else:
        lines.append(
            _("turn %(n)s: %(player)s to move")
            % {"n": state.turn_number, "player": state.turn.label}
        )
    return "\n".join(lines)


def _card(card) -> str:
    """A card of the position in the page's letters (``R♠`` in French, ``K♠`` in English)."""
    return pretty(getattr(card, "card", card))


def _player_line(state, player: Player) -> str:
    mark = ">" if state.turn == player and not state.is_over else " "
    crapette = state.crapette[player]
    up = state.crapette_up[player]
    shown = " ".join(_card(c) for c in crapette[-up:]) if crapette else EMPTY
    discard = state.discard[player]
    line = _(
        "%(mark)s %(player)s  crapette %(crapette)s [%(shown)s]  stock %(stock)s  discard "
        "%(discard)s [%(top)s]"
    ) % {
        "mark": mark,
        "player": player.label,
        "crapette": len(crapette),
        "shown": shown,
        "stock": len(state.stock[player]),
        "discard": len(discard),
        "top": _card(discard[-1]) if discard else EMPTY,
    }
    if state.turned is not None and state.turn == player:
        line += "  " + _("turned %(card)s") % {"card": _card(state.turned)}
    return line


def _case_line(state, number: int) -> str:
    pile = state.cases[number - 1]
    cards = " ".join(_card(c) for c in pile) if pile else EMPTY
    return "    " + _("case %(number)s: %(cards)s") % {"number": number, "cards": cards}
