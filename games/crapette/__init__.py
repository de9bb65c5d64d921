"""Crapette (Russian Bank): a rules engine for two players, each with a 52-card deck.

Plain Python, no Django. The pieces, python-chess style:

- :class:`Rules` (rule options as data), :class:`Deal` (both decks, who starts);
- :class:`GameState` (the position: ``legal_moves()``, ``apply(move)``, ``score()``);
- :class:`Move` and its notation (``C>F``, ``3>OC``, ``T``, ``!``…);
- game records: :func:`check_record`, :func:`replay`, :class:`GameRecord`;
- :class:`Computer`, the computer opponent at three levels; :func:`selfplay` with a greedy bot; :func:`render` for text pictures.

>>> game = GameState.new(Deal.from_seed(1))
>>> game.turn.label, [str(m) for m in game.foundation_moves()]
('A', ['7>F'])
"""

from .bot import GreedyBot, selfplay
from .computer import Computer, Level, Vigilance
from .errors import (
    CrapetteError,
    DealError,
    IllegalMove,
    NotationError,
    PositionError,
    RecordFormatError,
    RulesError,
)
from .layout import Deal, Player, PlayerCard, who_starts
from .moves import CALL, PASS, RECYCLE, TURN, Move, MoveKind, parse_notation
from .record import GameRecord, ReplayResult, check_record, deal_record, load_record, replay
from .render import render
from .rules import STANDARD, Loading, Mandatory, Rules, Scoring, WhoStarts
from .state import GameState, Phase, Score

__all__ = [
    "CALL", "PASS", "RECYCLE", "STANDARD", "TURN", "Computer", "CrapetteError", "Deal", "DealError",
    "GameRecord", "GameState", "GreedyBot", "IllegalMove", "Level", "Loading", "Mandatory", "Move",
    "MoveKind", "NotationError", "Phase", "Player", "PlayerCard", "PositionError",
    "RecordFormatError", "ReplayResult", "Rules", "RulesError", "Score", "Scoring", "Vigilance",
    "WhoStarts", "check_record", "deal_record", "load_record", "parse_notation", "render",
    "replay", "selfplay", "who_starts",
]  # fmt: skip
