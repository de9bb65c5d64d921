"""Rule sets and skunks, checked against the tables of RULES.md sections 4 and 5."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cribbage.rules import (
    FADOQ,
    FIVE_PLAYER,
    FOUR_PLAYER_PARTNERS,
    PRESETS,
    SIX_PLAYER,
    STANDARD_2P_61,
    STANDARD_2P_121,
    THREE_PLAYER,
    RuleSet,
    RuleSetError,
    Skunk,
    skunk,
)

# RULES.md section 4, one row per preset: players, cards dealt to (dealer, dealer's left, ...,
# dealer's right), cards dealt straight to the crib, and who plays with whom.
DEAL_TABLE = [
    # preset, players, dealt from the dealer clockwise, to the crib, sides (seats per side)
    (STANDARD_2P_121, 2, [6, 6], 0, [(0,), (1,)]),
    (STANDARD_2P_61, 2, [6, 6], 0, [(0,), (1,)]),
    (THREE_PLAYER, 3, [5, 5, 5], 1, [(0,), (1,), (2,)]),
    (FOUR_PLAYER_PARTNERS, 4, [5, 5, 5, 5], 0, [(0, 2), (1, 3)]),
    (FIVE_PLAYER, 5, [4, 5, 5, 5, 5], 0, [(0,), (1,), (2,), (3,), (4,)]),
    # six-handed: the dealer and the player on the dealer's right get 4; three teams of two
    (SIX_PLAYER, 6, [4, 5, 5, 5, 5, 4], 0, [(0, 3), (1, 4), (2, 5)]),
    (FADOQ, 4, [5, 5, 5, 5], 0, [(0, 2), (1, 3)]),
]


@pytest.mark.parametrize(
    ("rules", "players", "dealt", "to_crib", "sides"),
    DEAL_TABLE,
    ids=lambda v: v.name if isinstance(v, RuleSet) else None,
)
def test_preset_deal_matches_the_rules_table(rules, players, dealt, to_crib, sides):
    assert rules.players == players
    assert rules.crib_from_deck == to_crib
    assert [rules.seats_of(s) for s in range(rules.sides)] == sides
    for dealer in range(players):
        for k, expected in enumerate(dealt):
            seat = (dealer + k) % players  # k places to the dealer's left
            assert rules.dealt_to(seat, dealer=dealer) == expected
        # Every player keeps a hand of 4 and the crib gets exactly 4.
        discards = [rules.discards_of(s, dealer=dealer) for s in range(players)]
        assert all(rules.dealt_to(s, dealer=dealer) - d == 4 for s, d in enumerate(discards))
        assert sum(discards) + to_crib == 4


def test_discards_per_player_as_in_the_rules_table():
    # 2 players: 2 from each; 3 and 4 players: 1 from each.
    assert [STANDARD_2P_121.discards_of(s, dealer=0) for s in range(2)] == [2, 2]
    assert [THREE_PLAYER.discards_of(s, dealer=1) for s in range(3)] == [1, 1, 1]
    assert [FOUR_PLAYER_PARTNERS.discards_of(s, dealer=3) for s in range(4)] == [1, 1, 1, 1]
    # 5 players: 1 from each non-dealer, none from the dealer (dealer 2 here).
    assert [FIVE_PLAYER.discards_of(s, dealer=2) for s in range(5)] == [1, 1, 0, 1, 1]
    # 6 players, dealer 3: the dealer (3) and the player on the dealer's right (2) hold 4.
    assert [SIX_PLAYER.discards_of(s, dealer=3) for s in range(6)] == [1, 1, 0, 0, 1, 1]


def test_targets_and_options_of_the_presets():
    assert {name: r.target for name, r in PRESETS.items()} == {
        "STANDARD_2P_121": 121,
        "STANDARD_2P_61": 61,
        "THREE_PLAYER": 121,
        "FOUR_PLAYER_PARTNERS": 121,
        "FIVE_PLAYER": 121,
        "SIX_PLAYER": 121,
        "FADOQ": 121,
    }
    assert FADOQ.one_point_cutoff == 116
    assert all(r.one_point_cutoff is None for r in PRESETS.values() if r is not FADOQ)
    assert all(r.his_heels == 2 for r in PRESETS.values())
    assert not any(
        r.muggins or r.forgotten_points_lost or r.misdeal_penalty for r in PRESETS.values()
    )


def test_presets_by_name():
    assert list(PRESETS) == [
        "STANDARD_2P_121",
        "STANDARD_2P_61",
        "THREE_PLAYER",
        "FOUR_PLAYER_PARTNERS",
        "FIVE_PLAYER",
        "SIX_PLAYER",
        "FADOQ",
    ]
    for name, rules in PRESETS.items():
        assert RuleSet.by_name(name) is rules
        assert rules.name == name
    assert RuleSet.by_name("fadoq") is FADOQ
    with pytest.raises(RuleSetError) as err:
        RuleSet.by_name("CRIBBAGE")
    assert "'CRIBBAGE'" in str(err.value)
    assert all(name in str(err.value) for name in PRESETS)


def test_a_rule_set_survives_json():
    club = FADOQ.replace(name="club", triple_skunk_line=30, muggins=True)
    assert RuleSet.from_dict(json.loads(json.dumps(club.to_dict()))) == club


def test_six_players_as_individuals_is_an_option():
    solo = SIX_PLAYER.replace(name="six solo", sides=6)
    assert solo.individuals and solo.side_of(3) == 3


@pytest.mark.parametrize(
    ("changes", "complaint"),
    [
        ({"deal": (6, 5)}, "the crib must get exactly 4 cards"),
        ({"deal": (5, 5)}, "the crib must get exactly 4 cards"),
        ({"deal": (6, 6), "crib_from_deck": 1}, "the crib must get exactly 4 cards"),
        ({"deal": (6, 6, 6)}, "deal gives cards to 3 seats but there are 2 players"),
        ({"deal": (3, 9)}, "at least 4 cards"),
        ({"players": 7, "sides": 7, "deal": (4, 4, 4, 4, 5, 5, 5, 5)}, "2 to 6 players"),
        ({"sides": 3}, "cannot form 3 sides"),
        ({"sides": 1}, "cannot form 1 sides"),
        ({"target": 100}, "121"),
        ({"skunk_line": 121}, "skunk_line must be a whole number from 0 to below the target"),
        ({"skunk_line": None}, "double_skunk_line is set but skunk_line is not"),
        ({"double_skunk_line": 95}, "double_skunk_line must be a whole number from 0 to below"),
        ({"double_skunk_line": None, "triple_skunk_line": 30}, "triple_skunk_line is set"),
        ({"one_point_cutoff": 121}, "one_point_cutoff"),
        ({"muggins": "yes"}, "muggins must be True or False"),
        ({"his_heels": -2}, "cannot be negative"),
        ({"min_cut_packet": 30}, "min_cut_packet"),
    ],
)
def test_invalid_rule_sets_are_refused_with_the_reason(changes, complaint):
    with pytest.raises(RuleSetError, match="rule set 'bad'") as err:
        STANDARD_2P_121.replace(name="bad", **changes)
    assert complaint in str(err.value)


def test_unknown_rule_names_are_refused():
    with pytest.raises(RuleSetError, match="unknown rule.*skunk"):
        STANDARD_2P_121.replace(skunk=80)


# -- skunks (RULES.md section 4) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("loser", "expected"),
    [
        (0, Skunk.DOUBLE),
        (59, Skunk.DOUBLE),
        (60, Skunk.DOUBLE),
        (61, Skunk.SKUNK),
        (90, Skunk.SKUNK),
        (91, Skunk.NONE),
        (120, Skunk.NONE),
    ],
)
def test_skunk_lines_of_the_121_point_game(loser, expected):
    assert skunk(121, loser, STANDARD_2P_121) is expected
    assert skunk(121, loser, FADOQ) is expected


def test_double_skunk_is_optional_and_triple_is_a_house_rule():
    no_double = STANDARD_2P_121.replace(name="no double", double_skunk_line=None)
    assert skunk(121, 60, no_double) is Skunk.SKUNK
    assert skunk(121, 10, no_double) is Skunk.SKUNK
    club = STANDARD_2P_121.replace(name="club", triple_skunk_line=30)
    assert skunk(121, 30, club) is Skunk.TRIPLE
    assert skunk(121, 31, club) is Skunk.DOUBLE
    assert skunk(121, 30, STANDARD_2P_121) is Skunk.DOUBLE  # no triple without the house rule


@pytest.mark.parametrize(
    ("loser", "expected"), [(0, Skunk.SKUNK), (30, Skunk.SKUNK), (31, Skunk.NONE), (60, Skunk.NONE)]
)
def test_skunk_line_of_the_61_point_game(loser, expected):
    assert skunk(61, loser, STANDARD_2P_61) is expected


@pytest.mark.parametrize(
    ("winner", "loser", "complaint"),
    [
        (120, 80, "winner_score 120 has not reached the target 121"),
        (121, 121, "loser_score 121 is not below the target 121"),
        (121, -1, "loser_score must be a whole number of points >= 0"),
        (121, 90.0, "loser_score must be a whole number"),
        (True, 3, "winner_score must be a whole number"),
        ("121", 3, "winner_score must be a whole number"),
    ],
)
def test_skunk_refuses_impossible_final_scores(winner, loser, complaint):
    with pytest.raises(RuleSetError) as err:
        skunk(winner, loser, STANDARD_2P_121)
    assert complaint in str(err.value)


def test_skunk_needs_a_rule_set():
    with pytest.raises(RuleSetError, match="needs a RuleSet"):
        skunk(121, 80, "STANDARD_2P_121")


def test_skunk_labels():
    assert [s.label for s in Skunk] == ["no skunk", "skunk", "double skunk", "triple skunk"]


@given(st.sampled_from(list(PRESETS.values())), st.data())
def test_a_lower_losing_score_is_never_a_lesser_skunk(rules, data):
    low = data.draw(st.integers(0, rules.target - 1))
    high = data.draw(st.integers(low, rules.target - 1))
    assert skunk(rules.target, low, rules) >= skunk(rules.target, high, rules)
    # A loser at or above the skunk line is never skunked; the winner's margin is irrelevant.
    if high > rules.skunk_line:
        assert skunk(rules.target, high, rules) is Skunk.NONE
    assert skunk(rules.target + 5, low, rules) is skunk(rules.target, low, rules)
