"""Cribbage rules engine (plain Python, no Django): scoring, pegging, count validation.

>>> from games.cribbage import score_hand
>>> score_hand("5H 5C 5S JD", "5D").total
29
"""

# ruff: noqa: F401, I001  (a re-export list: append one line per module, in any order)
from games.cribbage.scoring import HandScore, ScoreItem, score_hand
from games.cribbage.pegging import PegItem, PegScore, PeggingError, peg_points, peg_score
from games.cribbage.validation import InvalidCount, possible_scores, validate_count
from games.cribbage.fast import hand_distribution, score_total
from games.cribbage.discard import (
    DiscardAnalysis,
    DiscardChoice,
    ScoreDistribution,
    analyze_discards,
)
from games.cribbage.rules import PRESETS, RuleSet, RuleSetError, Skunk, skunk
from games.cribbage.rules import FADOQ, FIVE_PLAYER, FOUR_PLAYER_PARTNERS, SIX_PLAYER
from games.cribbage.rules import STANDARD_2P_121, STANDARD_2P_61, THREE_PLAYER
from games.cribbage.actions import Action, CountCrib, CountHand, Cut, CutForDeal, Deal, Discard
from games.cribbage.actions import GameError, Go, IllegalAction, Misdeal, Muggins, Play, TurnStarter
from games.cribbage.deal import deal_hand, stack_deck
from games.cribbage.game import GameState, Phase, ScoreEvent, play_random_game
from games.cribbage.record import RecordError, replay

# The names re-exported above (the type checker sees only these as public).
__all__ = [
    "Action",
    "analyze_discards",
    "CountCrib",
    "CountHand",
    "Cut",
    "CutForDeal",
    "Deal",
    "deal_hand",
    "Discard",
    "DiscardAnalysis",
    "DiscardChoice",
    "FADOQ",
    "FIVE_PLAYER",
    "FOUR_PLAYER_PARTNERS",
    "GameError",
    "GameState",
    "Go",
    "hand_distribution",
    "HandScore",
    "IllegalAction",
    "InvalidCount",
    "Misdeal",
    "Muggins",
    "peg_points",
    "peg_score",
    "PeggingError",
    "PegItem",
    "PegScore",
    "Phase",
    "Play",
    "play_random_game",
    "possible_scores",
    "PRESETS",
    "RecordError",
    "replay",
    "RuleSet",
    "RuleSetError",
    "score_hand",
    "score_total",
    "ScoreDistribution",
    "ScoreEvent",
    "ScoreItem",
    "SIX_PLAYER",
    "Skunk",
    "skunk",
    "stack_deck",
    "STANDARD_2P_121",
    "STANDARD_2P_61",
    "THREE_PLAYER",
    "TurnStarter",
    "validate_count",
]
