"""Discard advice (games.cribbage.discard) against a slow brute force over card combinations.

The reference below enumerates every starter and every set of the other players' crib cards
one by one and scores each with the itemized scorer ``score_hand``: nothing of the rank tables,
the weights or the flush/nobs corrections of the module under test. Its exact means are
compared as fractions (the brief asks 1e-9; equality of fractions is stricter).
"""

from __future__ import annotations

import doctest
import json
import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from games.cards import DECK, CardError, parse_cards
from games.cribbage import analyze_discards, discard, score_hand, score_total
from games.cribbage.cli import main


def unseen(dealt):
    return [c for c in DECK if c not in dealt]


def brute_hand_mean(keep, dealt) -> Fraction:
    starters = unseen(dealt)
    return Fraction(sum(score_hand(keep, s).total for s in starters), len(starters))


def brute_crib(discarded, dealt, scorer=None) -> tuple[Fraction, dict[int, int]]:
    """Every (starter, other players' crib cards) one by one: (mean, {score: cases})."""
    hidden = 4 - len(discarded)
    cards = unseen(dealt)
    counts: dict[int, int] = {}
    for starter in cards:
        rest = [c for c in cards if c != starter]
        for others in combinations(rest, hidden):
            crib = (*discarded, *others)
            if scorer is None:
                points = score_hand(crib, starter, crib=True).total
            else:
                points = scorer(crib, starter)
            counts[points] = counts.get(points, 0) + 1
    total = sum(s * n for s, n in counts.items())
    return Fraction(total, sum(counts.values())), counts


def choice(analysis, discarded: str):
    wanted = set(parse_cards(discarded))
    (found,) = [c for c in analysis.choices if set(c.discard) == wanted]
    return found


# --- exactness against the brute force ---------------------------------------------------------

HANDS_2P = ["5H 5C 5S JD 4D 6D", "JH 7H 2C 9S KD 3H", "AS 2S 3D TC QH KH"]


@pytest.mark.parametrize("cards", HANDS_2P)
def test_expected_hand_of_every_choice_matches_brute_force(cards):
    dealt = parse_cards(cards)
    analysis = analyze_discards(dealt, dealer=True)
    assert len(analysis.choices) == 15  # C(6, 4)
    for c in analysis.choices:
        assert c.hand.mean == brute_hand_mean(c.keep, dealt), c.keep
        assert c.hand.cases == 46


@pytest.mark.slow
@pytest.mark.parametrize(
    ("cards", "discarded"),
    [
        ("5H 5C 5S JD 4D 6D", "5S JD"),  # a jack laid away: nobs with any diamond starter
        ("5H 5C 5S JD 4D 6D", "4D 6D"),  # suited: the crib can be a flush
        ("JH 7H 2C 9S KD 3H", "JH 7H"),  # suited with the jack: flush and nobs together
    ],
)
def test_expected_crib_matches_brute_force_two_players(cards, discarded):
    dealt = parse_cards(cards)
    found = choice(analyze_discards(dealt, dealer=False), discarded)
    mean, counts = brute_crib(parse_cards(discarded), dealt)
    assert found.crib.mean == mean
    assert found.crib.counts == counts  # the whole distribution, not only its mean
    assert abs(float(found.crib.mean) - float(mean)) < 1e-9


@pytest.mark.slow
@pytest.mark.parametrize("discarded", ["JD", "4D"])
def test_expected_crib_matches_brute_force_four_players(discarded):
    # 47 starters x C(46, 3) other crib cards = 713,460 cribs per choice: too many for the
    # itemized scorer in a test, so the reference scores them with the table scorer, itself
    # held to score_hand in test_cribbage_scoring (random sweep and exhaustive distribution).
    dealt = parse_cards("5H 5C 5S JD 4D")
    analysis = analyze_discards(dealt, dealer=True, players=4)
    found = choice(analysis, discarded)

    def table_scorer(crib, starter):
        return score_total([c.index for c in crib], starter.index, crib=True)

    mean, counts = brute_crib(parse_cards(discarded), dealt, scorer=table_scorer)
    assert found.crib.cases == 47 * comb(46, 3) == sum(counts.values())
    assert found.crib.mean == mean
    assert found.crib.counts == counts


def test_random_deals_crib_distribution_matches_table_brute_force():
    # Wider coverage of suits (flush and nobs cases) than the hand-picked deals above: random
    # 6-card deals, one random choice each, the whole crib distribution against a card-by-card
    # enumeration scored with the table scorer (itself held to score_hand elsewhere).
    rng = random.Random(7)

    def table_scorer(crib, starter):
        return score_total([c.index for c in crib], starter.index, crib=True)

    jacks = [c for c in DECK if c.rank == 11]
    for n in range(8):
        if n % 2:  # odd deals lay a jack away (nobs through the crib's own jack)
            jack = rng.choice(jacks)
            dealt = (jack, *rng.sample([c for c in DECK if c != jack], 5))
            discarded = (jack, rng.choice(dealt[1:]))
        else:  # even deals lay two cards of one suit away (crib flushes possible)
            while True:
                dealt = tuple(rng.sample(DECK, 6))
                first = dealt[0]
                same = [c for c in dealt[1:] if c.suit == first.suit]
                if same:
                    break
            discarded = (first, rng.choice(same))
        found = choice(analyze_discards(dealt, dealer=True), " ".join(map(str, discarded)))
        mean, counts = brute_crib(discarded, dealt, scorer=table_scorer)
        assert found.crib.counts == counts, dealt
        assert found.crib.mean == mean


def test_three_player_values_match_brute_force():
    """Three-handed (RULES.md section 4): five cards each, one from each player and one from
    the pack to the crib, so three crib cards are unknown to the player, as four-handed; the
    crib is the dealer's alone. Hands against the brute-force mean, one crib against a
    card-by-card enumeration (laying the jack: its nobs cases count)."""
    dealt = parse_cards("5H 5C 5S JD 4D")
    analysis = analyze_discards(dealt, dealer=False, players=3)
    assert analysis.players == 3 and len(analysis.choices) == 5
    for c in analysis.choices:
        assert c.hand.mean == brute_hand_mean(c.keep, dealt) and c.hand.cases == 47
        assert c.net == c.hand.mean - c.crib.mean  # the crib is an opponent's
    found = choice(analysis, "JD")
    assert found.crib.cases == 47 * comb(46, 3)
    mine = choice(analyze_discards(dealt, dealer=True, players=3), "JD")
    assert mine.net == mine.hand.mean + mine.crib.mean


def test_four_player_hand_values_match_brute_force():
    dealt = parse_cards("5H 5C 5S JD 4D")
    analysis = analyze_discards(dealt, dealer=False, players=4)
    assert len(analysis.choices) == 5
    for c in analysis.choices:
        assert c.hand.mean == brute_hand_mean(c.keep, dealt)
        assert c.hand.cases == 47


# --- what a player reads -----------------------------------------------------------------------


def test_choices_are_ranked_by_net_for_the_side_that_owns_the_crib():
    dealer = analyze_discards("5H 5C 5S JD 4D 6D", dealer=True)
    pone = analyze_discards("5H 5C 5S JD 4D 6D", dealer=False)
    for analysis, sign in ((dealer, 1), (pone, -1)):
        nets = [c.net for c in analysis.choices]
        assert nets == sorted(nets, reverse=True)
        for c in analysis.choices:
            assert c.net == c.hand.mean + sign * c.crib.mean
    # The dealer gives 5-J to their own crib; the non-dealer keeps the 29-hand cards and
    # gives away the 4-6 (the least the crib can make of them).
    assert set(dealer.best.discard) == set(parse_cards("5S JD"))
    assert set(pone.best.keep) == set(parse_cards("5H 5C 5S JD"))


def test_hand_distribution_worked_by_hand():
    # Keeping 5H 5C 5S JD (the 4D 6D laid away): 4 fifteens (J+5 three times, 5+5+5) and a
    # pair royal make 14 with any starter. Of the 46 unseen starters:
    # - the 5D: 29;
    # - a ten, queen or king (12 cards): 3 more fifteens (X+5) = 20, 21 if a diamond (nobs);
    # - a jack (JH JS JC): 20 + the pair of jacks = 22 (never a diamond, so no nobs);
    # - any other (30 cards: A 2 3 7 8 9 x4, 4 and 6 x3): no fifteen, run or pair, 14; 15 with
    #   one of the 6 diamonds among them (AD 2D 3D 7D 8D 9D).
    analysis = analyze_discards("5H 5C 5S JD 4D 6D", dealer=False)
    keep = choice(analysis, "4D 6D")
    assert keep.hand.counts == {14: 24, 15: 6, 20: 9, 21: 3, 22: 3, 29: 1}
    assert keep.hand.mean == Fraction(24 * 14 + 6 * 15 + 9 * 20 + 3 * 21 + 3 * 22 + 29, 46)
    assert (keep.hand.minimum, keep.hand.median, keep.hand.maximum) == (14, 14, 29)


def test_analysis_as_json_is_complete():
    data = analyze_discards("5H 5C 5S JD 4D", dealer=True, players=4).as_dict()
    assert data["players"] == 4 and data["dealer"] is True
    assert data["starters"] == 47 and data["crib_cases"] == 713_460
    assert len(data["choices"]) == 5
    first = data["choices"][0]
    assert set(first) == {"keep", "discard", "hand", "crib", "net"}
    assert sum(first["hand"]["counts"].values()) == 47
    json.dumps(data)  # plain JSON types only


@pytest.mark.parametrize(
    ("cards", "players", "message"),
    [
        ("5H 5C 5S JD", None, "6 (2 players) or 5 (3 or 4 players), got 4"),
        ("5H 5C 5S JD 4D", 2, "with 2 players each player is dealt 6 cards, got 5"),
        ("5H 5C 5S JD 4D 6D", 4, "with 4 players each player is dealt 5 cards, got 6"),
        ("5H 5C 5S JD 4D", 5, "for 2, 3 or 4 players, not 5"),
        ("5H 5C 5S JD 4D 6D", 3, "with 3 players each player is dealt 5 cards, got 6"),
        ("5H 5C 5S JD 4D 5H", None, "5H appears twice"),
        ("5H 5C 5S JD 4D 1H", None, "'1H' is not a card"),
    ],
)
def test_bad_deals_are_refused_with_a_clear_reason(cards, players, message):
    with pytest.raises(CardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        analyze_discards(cards, dealer=True, players=players)


def test_doctests():
    assert doctest.testmod(discard).failed == 0


# --- command line ------------------------------------------------------------------------------


def test_cli_table(capsys):
    assert main(["discard", "5H", "5C", "5S", "JD", "4D", "6D", "--dealer"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "the crib is yours" in out[0]
    assert out[1].split()[:5] == ["keep", "discard", "hand", "crib", "net"]
    assert out[2].startswith("5♥ 5♣ 4♦ 6♦")  # the best choice first
    assert len(out) == 2 + 15 + 1


def test_cli_json_four_players_partner(capsys):
    assert main(["discard", "5H 5C 5S JD 4D", "--partner", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 4 and data["dealer"] is True
    assert data["choices"][0]["discard"] == ["4D"]


@pytest.mark.parametrize(
    "argv",
    [
        ["discard", "5H", "5C", "5S", "JD", "4D", "6D", "--partner"],
        ["discard", "5H", "5C", "5S", "JD", "4D", "ZZ"],
        ["discard", "5H", "5C", "5S", "JD", "4D", "6D", "--players", "4"],
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
