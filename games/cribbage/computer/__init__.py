"""Computer players for the two-, three- and four-handed games (plain Python, no Django).

>>> from games.cribbage.rules import STANDARD_2P_61
>>> game = play_computer_game(STANDARD_2P_61, ("easy", "pro"), seed=5)
>>> game.is_over
True
"""

# ruff: noqa: F401, I001  (a re-export list)
from games.cribbage.computer.view import PlayerView, view_of
from games.cribbage.computer.levels import LEVELS, Computer, Easy, Pro, Standard, computer, register
from games.cribbage.computer.driver import computer_action, play_computer_game

# The names re-exported above (the type checker sees only these as public).
__all__ = [
    "Computer",
    "computer",
    "computer_action",
    "Easy",
    "LEVELS",
    "play_computer_game",
    "PlayerView",
    "Pro",
    "register",
    "Standard",
    "view_of",
]
