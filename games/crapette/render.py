"""A text picture of a Crapette position, for the CLI and error messages.

B's side is on top (cases 5-8), the foundations in the middle, A's side below (cases 1-4);
``>`` marks the player to move. A case lists its cards from the bottom up (the last one is
the exposed, free card); a pile shows its count and its visible top.
"""

from __future__ import annotations

from .layout import Player
from .table import Position

EMPTY = "--"


def render(state: Position) -> str:
    lines = [_player_line(state, Player.B)]
    lines += [_case_line(state, n) for n in (5, 6, 7, 8)]
    lines.append("foundations  " + "   ".join(_foundation_pair(state, s) for s in range(4)))
    lines += [_case_line(state, n) for n in (1, 2, 3, 4)]
    lines.append(_player_line(state, Player.A))
    lines.append(_status_line(state))
    return "\n".join(lines)


def _player_line(state: Position, player: Player) -> str:
    mark = ">" if state.turn == player and not state.is_over else " "
    crapette = state.crapette[player]
    up = state.crapette_up[player]
    shown = " ".join(c.pretty for c in crapette[-up:]) if crapette else EMPTY
    discard = state.discard[player]
    top = discard[-1].pretty if discard else EMPTY
    line = (
        f"{mark} {player.label}  crapette {len(crapette):>2} [{shown}]  "
        f"stock {len(state.stock[player]):>2}  discard {len(discard):>2} [{top}]"
    )
    if state.turned is not None and state.turn == player:
        line += f"  turned {state.turned.pretty}"
    return line


def _case_line(state: Position, number: int) -> str:
    pile = state.cases[number - 1]
    return f"    case {number}: " + (" ".join(c.pretty for c in pile) if pile else EMPTY)


def _foundation_pair(state: Position, suit_index: int) -> str:
    tops = [state.foundations[2 * suit_index + k] for k in (0, 1)]
    return " ".join(p[-1].pretty if p else EMPTY for p in tops)


def _status_line(state: Position) -> str:
    if state.is_over:
        return "game over: " + state.score().detail
    line = f"turn {state.turn_number}: {state.turn.label} to move"
    if state.fault is not None:
        line += f" (Crapette! may be called: {state.fault})"
    return line
