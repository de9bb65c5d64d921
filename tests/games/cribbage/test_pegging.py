"""Points in the play (RULES.md section 3), worked by hand."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import Card, CardError, Rank, Suit, parse_card, parse_cards
from games.cribbage import PeggingError, PegScore, peg_points, peg_score


def test_leading_a_card_scores_nothing():
    assert peg_points([], "5H") == 0


def test_fifteen_is_2():
    assert peg_points(["7H"], "8C") == 2  # 7 + 8 = 15; two cards are not a run


def test_thirty_one_is_2():
    assert peg_points(["KH", "QC", "4S"], "7D") == 2  # 10 + 10 + 4 + 7 = 31, no pair, no run


def test_thirty_one_with_a_pair():
    assert peg_points(["5H", "TC", "8S"], "8D") == 4  # 5 + 10 + 8 + 8 = 31 (2), pair of 8s (2)


def test_pair_pair_royal_double_pair_royal():
    # Sevens: counts 14, 21, 28 (never 15 or 31), so only the same-rank points.
    assert peg_points(["7H"], "7C") == 2
    assert peg_points(["7H", "7C"], "7D") == 6
    assert peg_points(["7H", "7C", "7D"], "7S") == 12


def test_fifteen_and_pair_royal_is_8():
    assert peg_points(["5H", "5C"], "5S") == 8  # 5 + 5 + 5 = 15 (2) and a pair royal (6)


def test_pair_needs_the_cards_in_a_row():
    assert peg_points(["7H", "8C"], "7D") == 0  # count 22; the 8 is between the sevens


def test_runs_in_any_order_grow():
    assert peg_points(["5H", "3C"], "4D") == 3  # 5 3 4: a run of three (count 12)
    assert peg_points(["5H", "3C", "4D"], "6S") == 4  # + 6: 3-4-5-6 (count 18)
    assert peg_points(["5H", "3C", "4D", "6S"], "2H") == 5  # + 2: 2-3-4-5-6 (count 20)


def test_run_broken_by_an_intervening_card():
    # 3 4 K 5: count 22; the last three (4 K 5) and last four (3 4 K 5) are not runs.
    assert peg_points(["3H", "4C", "KD"], "5S") == 0


def test_run_after_a_broken_one():
    # 2 3 4 5 then 3: the last five and last four repeat a 3; the last three 4 5 3 are a run.
    # Count 17, no pair (5 then 3). 3.
    assert peg_points(["2H", "3C", "4D", "5S"], "3H") == 3


def test_run_and_fifteen_add_up():
    assert peg_points(["4H", "5C"], "6D") == 5  # 4 + 5 + 6 = 15 (2), run of three (3)


def test_breakdown_names_what_was_scored():
    score = peg_score(["5H", "5C"], "5S")
    assert isinstance(score, PegScore)
    assert score.count == 15 and score.points == 8
    assert [(i.kind, i.points) for i in score.items] == [("fifteen", 2), ("pair", 6)]
    assert str(score) == "fifteen and a pair royal for 8 (count 15)"
    assert score.as_dict()["items"][1] == {"kind": "pair", "cards": ["5H", "5C", "5S"], "points": 6}


def test_breakdown_of_nothing():
    assert str(peg_score(["KH"], "2C")) == "no points (count 12)"


def test_run_item_lists_the_run_cards():
    score = peg_score(["KH", "5H", "3C"], "4D")
    (run,) = score.items
    assert run.kind == "run" and run.name == "a run of three"
    assert run.cards == parse_cards("5H 3C 4D")


def test_passing_31_is_an_error():
    message = "laying 9D would bring the count to 33: the count may not pass 31"
    with pytest.raises(PeggingError, match=re.escape(message)):
        peg_points(["KH", "QC", "4S"], "9D")
    assert issubclass(PeggingError, ValueError)


def test_nothing_can_be_laid_on_31():
    with pytest.raises(PeggingError, match="count to 32"):
        peg_points(["KH", "QC", "4S", "7D"], "AS")


def test_a_series_over_31_is_rejected():
    with pytest.raises(PeggingError, match="counts 40: a count never passes 31"):
        peg_points(["KH", "QC", "JS", "TD"], "AS")


def test_the_same_card_twice_is_rejected():
    with pytest.raises(CardError, match="5H appears twice"):
        peg_points(["5H", "6C"], "5H")


def test_bad_card_text_is_rejected():
    with pytest.raises(CardError, match="'5X' is not a card"):
        peg_points(["5X"], "6C")


def test_accepts_cards_and_text():
    assert peg_points(parse_cards("5H 5C"), parse_card("5S")) == peg_points("5H 5C", "5S") == 8


@given(st.integers(min_value=3, max_value=7), st.randoms(use_true_random=False), st.data())
def test_any_order_of_a_run_from_the_ace(length, rng, data):
    # A..k laid in any order: the last card completes a run of k. The count is 1+2+...+k
    # (6, 10, 15, 21, 28): 15 also scores 2 (k = 5); never 31; no pairs.
    ranks = list(range(1, length + 1))
    rng.shuffle(ranks)
    suits = data.draw(st.lists(st.sampled_from(list(Suit)), min_size=length, max_size=length))
    cards = [Card(Rank(r), s) for r, s in zip(ranks, suits, strict=True)]
    expected = length + (2 if sum(ranks) == 15 else 0)
    assert peg_points(cards[:-1], cards[-1]) == expected


@given(st.lists(st.sampled_from(parse_cards("AS AH AD AC 2S 2H 3S 4S 5S 6H 7C KD")), unique=True))
def test_points_are_15_31_same_rank_and_run(cards):
    # Lay the cards one by one: each scores 2 for 15 or 31, the same-rank points of the cards
    # of its rank laid in a row at the end (2/6/12), and what is left must be a run: 0, or k >= 3
    # with the last k cards k consecutive ranks. A card passing 31 is refused.
    for i in range(1, len(cards)):
        series, card = cards[:i], cards[i]
        count = sum(c.pips for c in series) + card.pips
        if count > 31:
            with pytest.raises(PeggingError):
                peg_score(series, card)
            return
        same = 1
        while same <= len(series) and series[-same].rank == card.rank:
            same += 1
        expected = (2 if count in (15, 31) else 0) + {1: 0, 2: 2, 3: 6, 4: 12}[same]
        run = peg_points(series, card) - expected
        assert run == 0 or 3 <= run <= i + 1
        if run:
            ranks = sorted(int(c.rank) for c in cards[i + 1 - run : i + 1])
            assert ranks == list(range(ranks[0], ranks[0] + run))
