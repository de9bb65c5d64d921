"""Playing a computer's turns in a :class:`GameState`: any phase, not only the decisions.

:func:`computer_action` gives the computer seat's next action: its cut for deal, its discard
and plays (from its :class:`PlayerView`), its cut for the starter, its exact counts in the show,
a muggins call whenever an opponent's count missed points. :func:`play_computer_game` plays a
whole game between levels (the benchmark and the tests).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cribbage.actions import (
    Action,
    CountCrib,
    CountHand,
    Cut,
    CutForDeal,
    Deal,
    Discard,
    GameError,
    Muggins,
    TurnStarter,
)
from games.cribbage.game import GameState, Phase
from games.cribbage.rules import RuleSet

from .levels import Computer, computer
from .view import view_of


def computer_action(game: GameState, seat: int, player: Computer) -> Action:
    """The action ``player`` takes for ``seat`` now (the seat must be the one to act)."""
    if Muggins(seat) in game.legal_actions():
        return Muggins(seat)  # the computer never lets missed points go
    phase = game.phase
    if phase is Phase.DEAL:
        return Deal()
    if phase is Phase.STARTER:
        return TurnStarter()
    if game.to_act != seat and phase is not Phase.DISCARD:
        raise GameError(f"it is not seat {seat}'s turn ({game!r})")
    if phase is Phase.CUT_FOR_DEAL:
        return CutForDeal(seat)
    if phase is Phase.DISCARD:
        return Discard(seat, player.choose_discard(view_of(game, seat)))
    if phase is Phase.CUT:
        low = game.rules.min_cut_packet
        # Where to cut changes nothing a player can know; a fixed draw keeps replays stable.
        return Cut(seat, random.Random(len(game.history)).randint(low, len(game.pack) - low))
    if phase is Phase.PLAY:
        return player.choose_play(view_of(game, seat))
    if phase is Phase.SHOW:
        what, _ = game.show_queue[0]
        return CountHand(seat) if what == "hand" else CountCrib(seat)
    raise GameError(f"the game is over: no action for seat {seat}")


def play_computer_game(
    rules: RuleSet, levels: Sequence[str], *, seed: int | str, first_dealer: int | None = None
) -> GameState:
    """A whole game, ``levels[s]`` playing seat ``s`` (two or four seats: partners sit
    opposite, seats 0 and 2 against 1 and 3)."""
    if len(levels) != rules.players:
        raise GameError(f"{rules.name} has {rules.players} seats: give {rules.players} levels")
    players = [computer(level) for level in levels]
    game = GameState(rules, seed=seed, first_dealer=first_dealer)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None, "a game that is not over always has a seat to act"
        game.apply(computer_action(game, seat, players[seat]))
    return game
