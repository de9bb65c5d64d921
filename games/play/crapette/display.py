"""What the Crapette page shows, in the visitor's language: the table as at a real game (the
computer's side above, the eight cases and eight foundations between, the player's side
below), the calls, the computer's last moves and, at the end, the Hoyle score.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.crapette import Deal, Player
from games.crapette.table import SUITS

from ..cribbage.display import card_view
from .table import COMPUTER, HUMAN, CrapetteTable
from .words import card_name, missed_text, move_text, starter_text

LEVEL_LABELS = {
    "easy": gettext_lazy("Easy (makes mistakes you can call)"),
    "standard": gettext_lazy("Standard"),
    "strong": gettext_lazy("Strong (plans to empty its crapette first)"),
}
VIGILANCE_LABELS = {
    "always": gettext_lazy("Always"),
    "sometimes": gettext_lazy("Sometimes (one time in two)"),
    "never": gettext_lazy("Never"),
}
CASE_SHOWN = 3  # the last cards of a case shown (room on a 390 px phone); the others counted


def _card(card, **extra) -> dict[str, Any] | None:
    if card is None:
        return None
    view = card_view(str(card))
    view["name"] = card_name(str(card))
    view.update(extra)
    return view


def _side(table: CrapetteTable, player: Player) -> dict[str, Any]:
    state = table.state
    crapette, discard = state.crapette[player], state.discard[player]
    return {
        "crapette_count": len(crapette),
        "crapette_top": _card(crapette[-1]) if crapette else None,
        "stock_count": len(state.stock[player]),
        "discard_count": len(discard),
        "discard_top": _card(discard[-1]) if discard else None,
    }


def _case(table: CrapetteTable, number: int, missed: str) -> dict[str, Any]:
    pile = table.state.cases[number - 1]
    shown = pile[-CASE_SHOWN:]
    return {
        "number": str(number),
        "cards": [_card(c) for c in shown],
        "hidden": len(pile) - len(shown),
        "top": _card(pile[-1]) if pile else None,
        "missed": missed == str(number),
    }


def _call_message(table: CrapetteTable) -> dict[str, Any] | None:
    """The last call, if it is the latest news (after it, at most the computer's moves)."""
    for event in reversed(table.log):
        if event.get("call"):
            by_player = event["who"] == "player"
            title = (
                _("You called “Crapette !”") if by_player else _("The computer calls “Crapette !”")
            )
            after = (
                _("The computer's turn ends: your turn.")
                if by_player
                else _("Your turn ends: the computer plays.")
            )
            return {"by_player": by_player, "title": title,
                    "missed": missed_text(event, by_player=by_player), "after": after,
                    "source": "" if by_player else event.get("missed_source", "")}  # fmt: skip
        if event["who"] == "player":
            return None
    return None


def _score(table: CrapetteTable) -> dict[str, Any] | None:
    state = table.state
    if not state.is_over:
        return None
    score = state.score()
    if score.winner is None:
        return {"text": _("Stalemate: no card reached a foundation for %(rounds)d rounds; a draw.")
                % {"rounds": table.rules.stalemate_rounds}, "won": False}  # fmt: skip
    loser = score.winner.other
    facts = {
        "points": score.points,
        "crapette": len(state.crapette[loser]),
        "rest": len(state.stock[loser]) + len(state.discard[loser]),
    }
    if score.winner == HUMAN:
        text = _(
            "You win %(points)d points: 30 + 2 × %(crapette)d cards left in the computer's "
            "crapette + %(rest)d cards in its stock and discard pile (Hoyle scoring)."
        )
    else:
        text = _(
            "The computer wins %(points)d points: 30 + 2 × %(crapette)d cards left in your "
            "crapette + %(rest)d cards in your stock and discard pile (Hoyle scoring)."
        )
    return {"text": text % facts, "won": score.winner == HUMAN, "points": score.points}


def table_context(table: CrapetteTable, game) -> dict[str, Any]:
    state = table.state
    call = _call_message(table)
    missed = call["source"] if call else ""
    rows = [
        {
            "left": _case(table, i + 1, missed),
            "foundations": [
                {
                    "suit": SUITS[i].symbol,
                    "red": SUITS[i].is_red,
                    "top": _card(state.foundations[2 * i + k][-1])
                    if state.foundations[2 * i + k]
                    else None,
                }  # fmt: skip
                for k in (0, 1)
            ],
            "right": _case(table, i + 5, missed),
        }
        for i in range(4)
    ]
    mine = _side(table, HUMAN)
    players_turn = table.players_turn
    recent = []
    for event in reversed(table.log):  # the computer's last turn, even once it was called
        if event.get("call"):
            continue
        if event.get("who") != "computer":
            break
        recent.append(move_text(event))
    recent.reverse()
    if state.is_over:
        turn_text = _("The game is over.")
    elif players_turn:
        turn_text = _("Your turn: tap a card, then where it goes.")
    else:
        turn_text = _("The computer is playing…")
    return {
        "table": table,
        "move": game.moves,
        "level_label": LEVEL_LABELS.get(table.level.value, table.level.value),
        "vigilance_label": VIGILANCE_LABELS.get(table.vigilance.value, table.vigilance.value),
        "alternate": table.rules.loading.value == "alternate-colour",
        "strict": table.rules.strict_calls,
        "rows": rows,
        "mine": mine,
        "theirs": _side(table, COMPUTER),
        "turned": _card(state.turned) if state.turned is not None and players_turn else None,
        "their_turned": _card(state.turned)
        if state.turned is not None and not players_turn and not state.is_over
        else None,
        "can_turn": players_turn and state.turned is None and mine["stock_count"] > 0,
        "can_recycle": players_turn
        and state.turned is None
        and not mine["stock_count"]
        and mine["discard_count"] > 0,
        "can_pass": players_turn
        and not mine["stock_count"]
        and not mine["discard_count"]
        and state.turned is None,
        "players_turn": players_turn,
        "computer_turn": not state.is_over and state.turn == COMPUTER,
        "over": state.is_over,
        "turn_text": turn_text,
        "call": call,
        "missed_crapette": missed == "C",
        "missed_turned": missed == "S",
        "recent": recent,  # the whole turn: the log box scrolls (8 lines hid moves)
        # the first turn: why that player starts (the rule is not obvious to everyone)
        "starter_text": starter_text(Deal.from_seed(table.seed), table.rules)
        if state.turn_number == 1 and not state.is_over
        else "",
        # the computer has missed a mandatory move: the page leaves time to call it
        "fault": table.computer_fault is not None and not state.is_over and state.turn == COMPUTER,
        "score": _score(table),
    }
