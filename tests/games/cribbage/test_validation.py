"""Checking reported counts (RULES.md section 2: possible scores; section 5: the "19" joke)."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import DECK, CardError
from games.cribbage import (
    HandScore,
    InvalidCount,
    hand_distribution,
    possible_scores,
    score_hand,
    validate_count,
)

POSSIBLE_TEXT = "possible scores are 0–29 except 19, 25, 26, 27"


@pytest.mark.slow
@pytest.mark.parametrize("crib", [False, True])
def test_possible_scores_are_those_the_exhaustive_distribution_reaches(crib):
    reached = {score for score, n in hand_distribution(crib=crib).items() if n}
    assert possible_scores(crib=crib) == reached
    assert possible_scores(crib=crib) == set(range(30)) - {19, 25, 26, 27}


def test_a_possible_value_alone_is_accepted():
    for value in (0, 1, 18, 20, 24, 28, 29):
        assert validate_count(value) is None
        assert validate_count(value, crib=True) is None


@pytest.mark.parametrize("value", [19, 25, 26, 27])
def test_impossible_values(value):
    with pytest.raises(InvalidCount) as caught:
        validate_count(value)
    error = caught.value
    assert str(error).startswith(f"a hand score of {value} is impossible: {POSSIBLE_TEXT}")
    assert (error.code, error.reported, error.expected, error.breakdown) == (
        "impossible", value, None, None,
    )  # fmt: skip


def test_nineteen_message_explains_the_joke():
    with pytest.raises(InvalidCount, match=re.escape('announcing "nineteen" means a zero hand')):
        validate_count(19)


def test_impossible_crib_value_says_crib():
    with pytest.raises(InvalidCount, match="^a crib score of 25 is impossible"):
        validate_count(25, crib=True)


@pytest.mark.parametrize("value", [-1, 30, 121])
def test_out_of_range(value):
    with pytest.raises(
        InvalidCount,
        match=re.escape(f"a hand score of {value} is out of range: a hand scores 0 to 29"),
    ) as caught:
        validate_count(value)
    assert caught.value.code == "out_of_range"


@pytest.mark.parametrize("value", [2.5, 12.0, "twelve", "", None, True])
def test_not_a_whole_number(value):
    with pytest.raises(InvalidCount, match="must be a whole number from 0 to 29") as caught:
        validate_count(value)
    assert caught.value.code == "not_a_number" and caught.value.reported == value


def test_digits_typed_in_a_form_are_accepted():
    assert validate_count(" 12 ") is None
    with pytest.raises(InvalidCount, match="out of range") as caught:
        validate_count("-3")
    assert caught.value.code == "out_of_range"


def test_correct_count_returns_the_breakdown():
    # 6C 7S 8D 8H + 9S is 16 (three fifteens, a pair, a double run of four).
    score = validate_count(16, hand="6C 7S 8D 8H", starter="9S")
    assert isinstance(score, HandScore) and score.total == 16


def test_mismatch_gives_the_correct_breakdown():
    with pytest.raises(InvalidCount) as caught:
        validate_count(14, hand="6C 7S 8D 8H", starter="9S")
    error = caught.value
    assert str(error) == (
        "the cards give 16, not 14: fifteen two, fifteen four, fifteen six, a pair is eight, "
        "a double run of four is sixteen = 16"
    )
    assert error.code == "mismatch" and error.reported == 14 and error.expected == 16
    assert error.breakdown == score_hand("6C 7S 8D 8H", "9S")
    assert isinstance(error, ValueError)


def test_crib_flag_applies_the_crib_flush_rule():
    # 2H 4H 6H 8H + KS: all even pips, only the 4-card flush: 4 in a hand, 0 in a crib.
    assert validate_count(4, hand="2H 4H 6H 8H", starter="KS").total == 4
    assert validate_count(0, hand="2H 4H 6H 8H", starter="KS", crib=True).total == 0
    with pytest.raises(InvalidCount, match="^the cards give 0, not 4: nineteen") as caught:
        validate_count(4, hand="2H 4H 6H 8H", starter="KS", crib=True)
    assert caught.value.crib is True and caught.value.expected == 0


def test_impossible_value_with_cards_also_gives_their_score():
    with pytest.raises(InvalidCount) as caught:
        validate_count(19, hand="QC KD AH 7S", starter="2C")
    assert caught.value.code == "impossible" and caught.value.expected == 0
    assert str(caught.value).endswith("(the cards give 0: nineteen (no points))")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hand": "6C 7S 8D 8H"}, "got the hand but no starter"),
        ({"starter": "9S"}, "got the starter but no hand"),
    ],
)
def test_hand_and_starter_go_together(kwargs, message):
    with pytest.raises(ValueError, match=message):
        validate_count(16, **kwargs)


def test_bad_cards_are_a_card_error():
    with pytest.raises(CardError, match="'ZZ' is not a card"):
        validate_count(16, hand="6C 7S 8D ZZ", starter="9S")


five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@given(five_cards, st.booleans(), st.integers(min_value=0, max_value=29))
def test_only_the_true_total_is_accepted_with_cards(cards, crib, reported):
    truth = score_hand(cards[:4], cards[4], crib=crib).total
    if reported == truth:
        assert validate_count(reported, hand=cards[:4], starter=cards[4], crib=crib).total == truth
    else:
        with pytest.raises(InvalidCount) as caught:
            validate_count(reported, hand=cards[:4], starter=cards[4], crib=crib)
        expected_code = "impossible" if reported in {19, 25, 26, 27} else "mismatch"
        assert caught.value.code == expected_code and caught.value.expected == truth
