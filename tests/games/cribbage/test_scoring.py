"""Scoring the show (RULES.md section 2): hand-worked examples, then invariants.

Every expected total below is worked out by hand in the comment beside it (pips: A=1, J/Q/K=10).
"""

import doctest
import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games.cribbage
from games.cards import DECK, CardError, parse_card, parse_cards
from games.cribbage import (
    HandScore,
    ScoreItem,
    fast,
    pegging,
    score_hand,
    score_total,
    scoring,
    validation,
)

IMPOSSIBLE = {19, 25, 26, 27}


def kinds(score: HandScore) -> Counter:
    return Counter(item.kind for item in score.items)


# --- hand-worked examples ----------------------------------------------------------------------


def test_the_29_hand():
    # 5H 5C 5S JD + 5D: J with each of the four 5s = 4 fifteens (8); any three of the four 5s
    # = 4 more fifteens (8); four 5s = 6 pairs (12); JD with a diamond starter = nobs (1). 29.
    score = score_hand("5H 5C 5S JD", "5D")
    assert score.total == 29
    assert kinds(score) == {"fifteen": 8, "pair": 6, "nobs": 1}
    assert score.announce().endswith(
        "a double pair royal is twenty-eight, his nobs is twenty-nine = 29"
    )


def test_fadoq_example_is_16():
    # Seed 004: 6♣ 7♠ 8♦ 8♥ 9♠. 6+9, 7+8♦, 7+8♥: three fifteens (6); the pair of 8s (2);
    # the runs 6-7-8♦-9 and 6-7-8♥-9 (4 + 4). 16; no flush, no jack.
    score = score_hand("6C 7S 8D 8H", "9S")
    assert score.total == 16
    assert kinds(score) == {"fifteen": 3, "pair": 1, "run": 2}
    assert sorted(item.points for item in score.items if item.kind == "run") == [4, 4]


def test_double_run_of_three_is_8():
    # 9 10 J J K: no fifteen (any two cards already pass 15). Runs 9-10-J♥ and 9-10-J♠ (3 + 3),
    # the pair of jacks (2); no Q so no longer run; jacks are not clubs: no nobs. 8.
    score = score_hand("9C TD JH JS", "KC")
    assert score.total == 8
    assert kinds(score) == {"run": 2, "pair": 1}


def test_double_double_run_is_16():
    # 9 9 10 10 J: no fifteen. Runs of three 9-10-J: 2 nines x 2 tens = 4 runs (12), two pairs (4).
    # The jack is the starter: no nobs for anyone. 16.
    score = score_hand("9C 9D TS TH", "JS")
    assert score.total == 16
    assert kinds(score) == {"run": 4, "pair": 2}


def test_double_double_run_with_fifteens():
    # 7 7 8 8 9: each 7 with each 8 is fifteen: 4 fifteens (8); two pairs (4); 4 runs (12). 24.
    assert score_hand("7C 7D 8S 8H", "9C").total == 24


def test_triple_run_is_15():
    # 9 9 9 10 J: no fifteen. Three runs 9-10-J (9) and a pair royal, 3 pairs (6). JH is not
    # the starter's suit (clubs): no nobs. 15.
    score = score_hand("9C 9D 9S JH", "TC")
    assert score.total == 15
    assert kinds(score) == {"run": 3, "pair": 3}


def test_double_run_of_four_is_10():
    # 8 9 9 10 J: no fifteen (two cards make 16 or more). Runs 8-9-10-J twice (8), a pair (2). 10.
    score = score_hand("8C 9D 9S TH", "JC")
    assert score.total == 10
    assert kinds(score) == {"run": 2, "pair": 1}


def test_fifteens_with_a_pair_royal():
    # 4 4 4 7 K: 7 with any two 4s = 15, three ways (6); the K needs 5 and nothing makes 5;
    # the three 4s make 12. Pair royal (6). 12.
    score = score_hand("4C 4D 4S 7H", "KD")
    assert score.total == 12
    assert kinds(score) == {"fifteen": 3, "pair": 3}
    assert str(score) == "fifteen two, fifteen four, fifteen six, a pair royal is twelve = 12"


def test_fifteen_of_all_five_cards():
    # A 2 3 4 5: the five cards total 15 (2), and since every pip is positive no smaller set
    # can also total 15. A run of five (5). 7.
    assert score_hand("AC 2D 3H 4S", "5S").total == 7


def test_hand_flush_of_four_and_of_five():
    # 2 4 6 8 10: all even, so no fifteen; no pair, no run. Only the flush counts.
    assert score_hand("2H 4H 6H 8H", "KS").total == 4
    assert score_hand("2H 4H 6H 8H", "KH").total == 5


def test_crib_flush_needs_all_five_cards():
    assert score_hand("2H 4H 6H 8H", "KS", crib=True).total == 0
    assert score_hand("2H 4H 6H 8H", "KH", crib=True).total == 5


def test_no_flush_when_the_starter_alone_matches_three_hand_cards():
    # 2H 4H 6H 8S + KH: four hearts, but one of them is the starter: not a flush.
    assert score_hand("2H 4H 6H 8S", "KH").total == 0


def test_nobs_needs_the_jack_of_the_starters_suit():
    # J 2 4 6 K: pips 10 2 4 6 10, all even: no fifteen; nothing else but nobs.
    assert score_hand("JH 2C 4D 6S", "KH").total == 1
    assert score_hand("JH 2C 4D 6S", "KS").total == 0  # a jack of another suit


def test_jack_starter_gives_no_nobs():
    # The starter jack is not "in the hand": 2 4 6 8 + J (all even) scores 0; the dealer's
    # 2 for heels is the game engine's business, not the show.
    assert score_hand("2C 4D 6S 8H", "JH").total == 0
    # A jack in hand plus a jack starter: just the pair (2), no nobs (JC is not a heart).
    assert score_hand("JC 2C 4D 6S", "JH").total == 2


def test_run_whose_lowest_card_is_the_starter():
    # 9 10 J 2 + 8: fifteens? 8+2=10, 9+2=11, 10+2=12, 8+2+... needs 5 more: none. None.
    # The run 8-9-10-J (4) starts with the starter: a scorer that starts runs only from hand
    # cards would find 9-10-J (3). JS is not the starter's suit (hearts): no nobs. 4.
    score = score_hand("9C TD JS 2H", "8H")
    assert score.total == 4
    (run,) = score.items
    assert run.kind == "run" and run.points == 4 and parse_card("8H") in run.cards


def test_ace_is_low_only():
    # A 2 3 8 K: K+2+3 = 15 (2); nothing else makes 15 (A+8+... needs 6: 2+3 = 5). Run A-2-3 (3). 5.
    assert score_hand("AC 2D 3H 8S", "KC").total == 5
    # Q K A 7 2: 10 10 1 7 2: no 15 (10 + 5 needs 5 from 1,7,2: no; 1+7+2 = 10). Q-K-A and
    # K-A-2 are not runs. A zero hand.
    assert score_hand("QC KD AH 7S", "2C").total == 0


def test_zero_hand_is_announced_nineteen():
    score = score_hand("QC KD AH 7S", "2C")
    assert score.items == ()
    assert score.announce() == str(score) == "nineteen (no points)"


# --- breakdown, formats, input ------------------------------------------------------------------


def test_items_in_announcing_order_and_announcement():
    # 5 5 J J + 5 of hearts... take J♥ 5♥ 5♣ 6♥ + 4♥: not a flush (5♣). Fifteens: J+5♥, J+5♣,
    # 5♥+6+4, 5♣+6+4 (8); pair of 5s (2); runs 4-5♥-6 and 4-5♣-6 (6); nobs J♥ (1). 17.
    score = score_hand("JH 5H 5C 6H", "4H")
    assert score.total == 17
    order = [item.kind for item in score.items]
    assert order == ["fifteen"] * 4 + ["pair"] + ["run"] * 2 + ["nobs"]
    assert score.announce() == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, "
        "a double run of three is sixteen, his nobs is seventeen = 17"
    )


def test_flush_item_and_nobs_item():
    score = score_hand("JH 2H 4H 6H", "KH")  # all even pips: only flush 5 + nobs 1
    assert [(i.kind, i.points) for i in score.items] == [("flush", 5), ("nobs", 1)]
    assert score.items[1].cards == (parse_card("JH"),)
    assert score.announce() == "a flush of five is five, his nobs is six = 6"


def test_as_dict_is_json_ready():
    data = json.loads(json.dumps(score_hand("6C 7S 8D 8H", "9S").as_dict()))
    assert data["total"] == 16 and data["starter"] == "9S" and data["crib"] is False
    assert data["hand"] == ["6C", "7S", "8D", "8H"]
    assert sum(item["points"] for item in data["items"]) == 16
    assert {"kind": "pair", "cards": ["8D", "8H"], "points": 2} in data["items"]


def test_accepts_cards_and_any_notation():
    by_text = score_hand(["10♥", "5c", "5s", "jd"], "5♦")
    by_cards = score_hand(parse_cards("TH 5C 5S JD"), parse_card("5D"))
    assert by_text.total == by_cards.total


def test_score_is_immutable():
    score = score_hand("5H 5C 5S JD", "5D")
    with pytest.raises(AttributeError):
        score.total = 3  # type: ignore[misc]
    assert isinstance(score.items, tuple) and isinstance(score.items[0], ScoreItem)


@pytest.mark.parametrize(
    ("hand", "starter", "message"),
    [
        ("5H 5C 5S", "JD", "a hand has 4 cards (plus the starter), got 3: 5H 5C 5S"),
        ("5H 5C 5S JD 2C", "3D", "a hand has 4 cards (plus the starter), got 5"),
        ("5H 5C 5S 5H", "JD", "5H appears twice"),
        ("5H 5C 5S JD", "5H", "5H appears twice"),
        ("5H 5C 5S XD", "JD", "'XD' is not a card"),
        ("5H 5C 5S JD", "", "an empty card"),
    ],
)
def test_rejects_bad_hands_with_a_clear_error(hand, starter, message):
    with pytest.raises(CardError, match=re.escape(message)):
        score_hand(hand, starter)


def test_crib_error_says_crib():
    with pytest.raises(CardError, match="a crib has 4 cards"):
        score_hand("5H 5C", "JD", crib=True)


def test_doctests_of_the_cribbage_modules():
    for module in (games.cribbage, scoring, fast, pegging, validation):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


# --- invariants ---------------------------------------------------------------------------------

five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@given(five_cards, st.booleans())
def test_total_is_the_sum_of_items_and_possible(cards, crib):
    score = score_hand(cards[:4], cards[4], crib=crib)
    assert score.total == sum(item.points for item in score.items)
    assert 0 <= score.total <= 29 and score.total not in IMPOSSIBLE
    points = {"fifteen": {2}, "pair": {2}, "run": {3, 4, 5}, "flush": {4, 5}, "nobs": {1}}
    assert all(item.points in points[item.kind] for item in score.items)


@given(five_cards, st.booleans(), st.randoms(use_true_random=False))
def test_card_order_does_not_matter(cards, crib, rng):
    hand = cards[:4]
    shuffled = hand[:]
    rng.shuffle(shuffled)
    a, b = score_hand(hand, cards[4], crib=crib), score_hand(shuffled, cards[4], crib=crib)
    assert a.total == b.total
    assert Counter((i.kind, frozenset(i.cards)) for i in a.items) == Counter(
        (i.kind, frozenset(i.cards)) for i in b.items
    )


@given(five_cards, st.booleans())
def test_fast_scorer_agrees_with_itemized_scorer(cards, crib):
    hand, starter = cards[:4], cards[4]
    fast_total = score_total([c.index for c in hand], starter.index, crib)
    assert fast_total == score_hand(hand, starter, crib=crib).total


def test_fast_scorer_agrees_on_many_random_hands():
    # A wider sweep than hypothesis' default 100 examples, still well under a second or two.
    rng = random.Random(20240611)
    for _ in range(3000):
        cards = rng.sample(DECK, 5)
        crib = rng.random() < 0.5
        assert score_total([c.index for c in cards[:4]], cards[4].index, crib) == (
            score_hand(cards[:4], cards[4], crib=crib).total
        ), cards


def test_starter_totals_cover_the_48_other_cards():
    hand = parse_cards("5H 5C 5S JD")
    totals = fast.starter_totals([c.index for c in hand])
    assert len(totals) == 48 and max(totals.values()) == 29
    assert totals[parse_card("5D").index] == 29
    assert totals[parse_card("5D").index] == score_hand(hand, "5D").total
