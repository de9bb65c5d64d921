"""The new-event form's presets (issue 50): the ways clubs play, each setting every field at
once, as data keyed by the form's field names. The organizer picks one, the form opens filled in
with it, and every field can still be changed before saving.

A preset names fields the form may not show (``entry``, ``bracket``…: their pages come with the
singles and bracket work); initial data for a field not on the form is ignored, so they take
effect once the form shows them. The names are the engines' registries' keys: rule sets
(``games/cribbage/rules.py``), movements (``seating/movement``), scoring systems
(``standings/engine/systems.py``); a test checks each against them and the model's choices.

Why these numbers (docs/acc.md says the ACC's sources):

* **FADOQ (pairs)**: the model's defaults, the FADOQ day (RULES.md): four-handed partnerships,
  8 games, winners stay, accumulated points, a best-of-three playoff for a tied medal, results
  hidden until the release.
* **ACC qualifier (singles)**: two-handed games to 121, 12 qualifying games seated by a random
  draw (a one-day tournament: 12 games of about 15 minutes, then the bracket in the
  afternoon), game points with the ACC's qualifying tiebreaks (games won, net spread,
  head-to-head), standings live (players watch the cut), then one entrant in four to a
  single-elimination bracket of best-of-three matches.
* **ACC club night**: a Grass Roots night, two-handed, 9 games by random draw, game points,
  live results (the season's 12-game-point rule reads them).
* In both ACC presets a bye counts as a win (2 game points, no spread), as Grass Roots clubs
  score it: a bye worth nothing would cost its player the cut.
* **Legion pairs**: four-handed partnerships, 8 games, winners stay, accumulated points,
  results hidden until the release.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

# The ACC's qualifying tiebreaks after game points (docs/acc.md); the draw of lots comes last.
ACC_TIEBREAKS = ["wins", "spread", "head_to_head"]


@dataclass(frozen=True)
class Preset:
    key: str
    label: str | Promise
    explanation: str | Promise
    values: dict[str, Any] = field(default_factory=dict)


# Every preset sets every one of these (a test checks it): choosing one never leaves a field
# as the previous preset left it.
FIELDS = (
    "game_type",
    "rule_set",
    "entry",
    "number_of_games",
    "movement",
    "seed_by_rating",
    "scoring_system",
    "tiebreaks",
    "bye_points",
    "bye_counts_as_win",
    "playoff_format",
    "playoff_best_of",
    "bracket",
    "bracket_qualifiers",
    "bracket_best_of",
    "bracket_third_place",
    "confirmation",
    "visibility",
)

_COMMON = {
    "game_type": "cribbage",
    "seed_by_rating": False,
    "bye_points": None,
    "bye_counts_as_win": False,
    "playoff_format": "round_robin",
    "playoff_best_of": 3,
    "bracket_qualifiers": None,
    "bracket_third_place": False,
    "confirmation": "both_captains",
}

PRESETS: dict[str, Preset] = {
    p.key: p
    for p in (
        Preset(
            "fadoq",
            _("FADOQ (pairs)"),
            _(
                "Four players in two partnerships, 8 games, winners stay at their table, "
                "accumulated points, a playoff for a tied medal, results hidden until you "
                "release them."
            ),
            _COMMON
            | {
                "rule_set": "FADOQ",
                "entry": "pairs",
                "number_of_games": 8,
                "movement": "winners_stay",
                "scoring_system": "fadoq",
                "tiebreaks": [],
                "bracket": "",
                "bracket_best_of": 3,
                "visibility": "release",
            },
        ),
        Preset(
            "acc_qualifier",
            _("ACC qualifier (singles)"),
            _(
                "Two-handed games to 121, 12 qualifying games by random draw, game points "
                "(win 2, skunk 3), live standings, then one player in four to a bracket of "
                "best-of-three matches."
            ),
            _COMMON
            | {
                "rule_set": "STANDARD_2P_121",
                "entry": "singles",
                "number_of_games": 12,
                "movement": "random_draw",
                "scoring_system": "game_points",
                "bye_counts_as_win": True,  # as ACC clubs score a bye
                "tiebreaks": ACC_TIEBREAKS,
                "bracket": "one_in_four",
                "bracket_best_of": 3,
                "visibility": "live",
            },
        ),
        Preset(
            "acc_club_night",
            _("ACC club night"),
            _(
                "A Grass Roots night: two-handed games to 121, 9 games by random draw, game "
                "points (win 2, skunk 3), results live as they are confirmed."
            ),
            _COMMON
            | {
                "rule_set": "STANDARD_2P_121",
                "entry": "singles",
                "number_of_games": 9,
                "movement": "random_draw",
                "scoring_system": "game_points",
                "bye_counts_as_win": True,  # as ACC clubs score a bye
                "tiebreaks": ACC_TIEBREAKS,
                "bracket": "",
                "bracket_best_of": 3,
                "visibility": "live",
            },
        ),
        Preset(
            "legion_pairs",
            _("Legion pairs"),
            _(
                "Four players in two partnerships, 8 games, winners stay at their table, "
                "accumulated points, results hidden until you release them."
            ),
            _COMMON
            | {
                "rule_set": "FOUR_PLAYER_PARTNERS",
                "entry": "pairs",
                "number_of_games": 8,
                "movement": "winners_stay",
                "scoring_system": "fadoq",
                "tiebreaks": [],
                "bracket": "",
                "bracket_best_of": 3,
                "visibility": "release",
            },
        ),
    )
}

DEFAULT = "fadoq"


def preset_values(key: str | None) -> dict[str, Any] | None:
    """The preset's field values (a copy, lists included), or None for an unknown key."""
    preset = PRESETS.get(key or "")
    if preset is None:
        return None
    return {name: list(v) if isinstance(v, list) else v for name, v in preset.values.items()}
