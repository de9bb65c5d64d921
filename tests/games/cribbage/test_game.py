"""Hand-worked cribbage deals played through the game state machine (RULES.md sections 3, 4).

Every deal below is stacked with ``stack_deck`` and played card by card; the expected points
were worked out by hand from the rules, in the comments next to them.
"""

import json

import pytest

from games.cards import DECK, parse_card, parse_cards
from games.cribbage.actions import (
    CountCrib,
    CountHand,
    Cut,
    CutForDeal,
    Deal,
    Discard,
    GameError,
    Go,
    IllegalAction,
    Misdeal,
    Muggins,
    Play,
    TurnStarter,
    action_from_json,
)
from games.cribbage.deal import deal_hand, stack_deck
from games.cribbage.game import GameState, Phase
from games.cribbage.record import RecordError, dumps, game_to_record, loads, replay
from games.cribbage.rules import (
    FADOQ,
    FOUR_PLAYER_PARTNERS,
    SIX_PLAYER,
    STANDARD_2P_121,
    THREE_PLAYER,
    Skunk,
)


def start_play(rules, dealer, kept, discards, starter, *, scores=None, crib=()):
    """A game at the start of the play: ``kept`` hands (seat -> 4 cards) after ``discards``."""
    hands = {seat: f"{kept[seat]} {discards.get(seat, '')}" for seat in kept}
    deck = stack_deck(rules, dealer, hands, crib=crib, starter=starter)
    game = GameState(rules, decks=[deck], first_dealer=dealer, scores=scores)
    game.apply(Deal())
    for seat, cards in discards.items():
        game.apply(Discard(seat, cards))
    game.apply(Cut(game.cutter, rules.min_cut_packet))
    game.apply(TurnStarter())
    return game


def run(game, *steps):
    """Apply steps written as "1 KS" (player 1 lays KS) or "1 go"."""
    for step in steps:
        seat, what = step.split()
        game.apply(Go(int(seat)) if what == "go" else Play(int(seat), what))
    return game


def play_events(game):
    return [(e.player, e.kind, e.points) for e in game.events if e.kind != "his heels"]


# -- the deal, the cut and the starter -----------------------------------------------------------


def test_the_deal_goes_one_at_a_time_from_the_dealers_left():
    deck = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS") + tuple(
        c for c in DECK if c.suit.value != "S" or c.rank > 12
    )
    dealt = deal_hand(STANDARD_2P_121, deck, dealer=0)
    assert dealt.hands[1] == parse_cards("AS 3S 5S 7S 9S JS")  # the non-dealer gets the first card
    assert dealt.hands[0] == parse_cards("2S 4S 6S 8S TS QS")
    assert len(dealt.pack) == 40


def test_three_handed_deal_puts_one_card_in_the_crib():
    game = GameState(THREE_PLAYER, seed=1, first_dealer=2)
    game.apply(Deal())
    assert [len(h) for h in game.held] == [5, 5, 5] and len(game.crib) == 1
    for seat in (0, 1, 2):
        game.apply(Discard(seat, game.held[seat][:1]))
    assert len(game.crib) == 4 and game.phase is Phase.CUT
    assert game.cutter == 1  # the player on the dealer's right


def test_six_handed_deal_gives_four_to_the_dealer_and_the_dealers_right():
    game = GameState(SIX_PLAYER, seed=5, first_dealer=2)
    game.apply(Deal())
    assert [len(h) for h in game.held] == [5, 4, 4, 5, 5, 5]
    # Only the players holding 5 discard; the others are never asked.
    assert {a.player for a in game.legal_actions() if isinstance(a, Discard)} == {0, 3, 4, 5}
    with pytest.raises(IllegalAction, match="player 2 has no card to discard"):
        game.apply(Discard(2, game.held[2][:1]))


def test_his_heels_scores_two_for_the_dealer_at_once():
    game = start_play(
        STANDARD_2P_121, 0, {1: "KS 9C AH 2D", 0: "QH 4C 6S 3D"}, {1: "7C 8C", 0: "7D 8D"}, "JH"
    )
    assert game.scores == [2, 0]
    assert [(e.player, e.kind, e.points) for e in game.events] == [(0, "his heels", 2)]
    no_jack = start_play(
        STANDARD_2P_121, 0, {1: "KS 9C AH 2D", 0: "QH 4C 6S 3D"}, {1: "7C 8C", 0: "7D 8D"}, "QC"
    )
    assert no_jack.scores == [0, 0] and no_jack.events == []


def test_his_heels_can_win_the_game_before_the_play():
    game = start_play(
        STANDARD_2P_121,
        0,
        {1: "KS 9C AH 2D", 0: "QH 4C 6S 3D"},
        {1: "7C 8C", 0: "7D 8D"},
        "JH",
        scores=(119, 50),
    )
    assert game.is_over and game.winner == 0 and game.scores == [121, 50]
    assert game.legal_actions() == []


def test_the_cut_is_made_by_the_dealers_right_within_the_pack():
    deck = stack_deck(STANDARD_2P_121, 0, {}, starter="5D", depth=10)
    game = GameState(STANDARD_2P_121, decks=[deck], first_dealer=0)
    game.apply(Deal())
    game.apply(Discard(0, game.held[0][:2]))
    game.apply(Discard(1, game.held[1][:2]))
    with pytest.raises(IllegalAction, match=r"player 0 cannot cut: .*\(player 1\) cuts"):
        game.apply(Cut(0, 10))
    with pytest.raises(
        IllegalAction, match=r"cannot cut 2 cards: the pack has 40 .* \(cut 4 to 36\)"
    ):
        game.apply(Cut(1, 2))
    game.apply(Cut(1, 10))
    game.apply(TurnStarter())
    assert game.starter == parse_card("5D")
    assert len(game.pack) == 39


# -- the play: go, 31, last card ----------------------------------------------------------------

# Two-handed deal used below: the dealer is seat 0, the non-dealer (pone) seat 1.
PONE, DEALER = "KS 9C AH 2D", "QH 4C 6S 3D"


def two_handed(starter="5H", scores=None, rules=STANDARD_2P_121):
    return start_play(
        rules, 0, {1: PONE, 0: DEALER}, {1: "7C 8C", 0: "7D 8D"}, starter, scores=scores
    )


def test_go_and_last_card_with_two_players_and_fifteen_on_the_last_card_is_three():
    game = two_handed()
    assert game.to_act == 1  # the non-dealer leads
    run(game, "1 KS", "0 QH", "1 9C")  # 10, 20, 29
    assert game.count == 29
    assert game.legal_actions() == [Go(0)]  # 4, 6, 3 would all pass 31
    run(game, "0 go")
    # The pone can still lay the ace (30) and must; the 2 would make 31 too: either is legal.
    assert set(game.legal_actions()) == {Play(1, "AH"), Play(1, "2D")}
    run(game, "1 AH")  # 30; the pone cannot lay the 2 now: go, 1 point for the pone
    assert game.scores == [0, 1]
    # The count restarts; the player after the one who laid the last card (the dealer) leads.
    assert (game.count, game.series, game.to_act) == (0, [], 0)
    run(game, "0 4C", "1 2D", "0 6S")  # 4, 6, 12; the pone is out of cards and is skipped
    assert game.to_act == 0
    run(game, "0 3D")  # 15 on the last card: 2 + 1 for last card = 3
    assert play_events(game) == [(1, "go", 1), (0, "play", 2), (0, "last card", 1)]
    assert game.scores == [3, 1]
    assert game.phase is Phase.SHOW


def test_thirty_one_on_the_last_card_is_two_not_three():
    game = start_play(
        STANDARD_2P_121, 0, {1: "KS 9C AH 9D", 0: "QH TD 7S 5C"}, {1: "2C 3C", 0: "2D 3D"}, "4H"
    )
    run(game, "1 KS", "0 QH", "1 9C", "0 go", "1 AH")  # 30: the pone's 9D cannot go: go, 1
    run(game, "0 TD", "1 9D", "0 7S", "0 5C")  # 10, 19, 26, 31 on the very last card
    assert play_events(game) == [(1, "go", 1), (0, "play", 2)]
    assert game.scores == [2, 1]


def test_a_player_who_can_lay_after_a_go_must_and_cannot_say_go():
    game = two_handed()
    run(game, "1 KS", "0 QH", "1 9C", "0 go")
    before = game.snapshot()
    with pytest.raises(IllegalAction) as err:
        game.apply(Go(1))
    assert str(err.value) == "player 1 cannot say go: the count is 29 and they can still lay AH 2D"
    assert game.snapshot() == before


def test_a_card_that_would_pass_31_is_refused_with_the_count():
    game = two_handed()
    run(game, "1 KS", "0 QH", "1 9C")
    with pytest.raises(IllegalAction) as err:
        game.apply(Play(0, "6S"))
    assert str(err.value) == "player 0 cannot lay 6S: the count is 29 and would pass 31 (35)"
    with pytest.raises(IllegalAction, match="player 1 cannot lay AH: it is player 0's turn"):
        game.apply(Play(1, "AH"))
    with pytest.raises(IllegalAction, match=r"cannot lay KS: it has already been laid \(holding"):
        game.apply(Play(0, "KS"))
    with pytest.raises(IllegalAction, match="not allowed now, the game is in the play"):
        game.apply(CountHand(1))


def test_pairs_do_not_carry_across_a_restart():
    game = start_play(
        STANDARD_2P_121, 0, {1: "KS 5C 5S 8H", 0: "QH 5D 9C 4S"}, {1: "2C 3C", 0: "2D 3D"}, "AH"
    )
    run(game, "1 KS", "0 QH", "1 5C", "0 5D")  # 10, 20, 25, 30: a pair, 2
    run(game, "1 go")  # the dealer cannot lay either: go, 1 to the dealer
    assert game.scores == [3, 0]
    assert game.to_act == 1  # the player after the dealer leads the new count
    run(game, "1 5S")  # a third five, but the count restarted: no pair royal (would be 6)
    assert game.scores == [3, 0]
    run(game, "0 9C", "1 8H", "0 4S")  # 14, 22, 26: nothing; last card, 1
    assert play_events(game) == [(0, "play", 2), (0, "go", 1), (0, "last card", 1)]
    assert game.scores == [4, 0]


def test_go_with_three_players_and_a_player_out_of_cards_is_skipped():
    # Dealer 0; the play goes 1, 2, 0, 1, ...
    game = start_play(
        THREE_PLAYER,
        0,
        {1: "TS 8D 7H 6C", 2: "KD QC 5S 4S", 0: "9C AH KS 2D"},
        {1: "AC", 2: "AD", 0: "2C"},
        "JC",
        crib="3C",
    )
    assert game.scores == [2, 0, 0]  # his heels
    run(game, "1 TS", "2 KD", "0 9C")  # 10, 20, 29
    run(game, "1 go", "2 go", "0 AH")  # 30: nobody else can lay; go to player 0
    assert game.scores == [3, 0, 0] and game.to_act == 1
    run(game, "1 8D", "2 QC", "0 KS")  # 8, 18, 28
    run(game, "1 go", "2 go", "0 2D")  # 30, and player 0 has no cards left: go, 1
    assert game.scores == [4, 0, 0]
    assert game.to_act == 1  # the player after player 0 leads
    run(game, "1 7H", "2 5S")  # 7, 12; player 0 is out of cards and is skipped
    assert game.to_act == 1
    run(game, "1 6C")  # 18: 7-5-6 is a run of three, 3
    run(game, "2 4S")  # 22: 7-5-6-4 a run of four, 4, and the last card, 1
    assert play_events(game) == [
        (0, "go", 1),
        (0, "go", 1),
        (1, "play", 3),
        (2, "play", 4),
        (2, "last card", 1),
    ]
    assert game.scores == [4, 3, 5]


# Four-handed deal (dealer 0; play order 1, 2, 3, 0; partners 0+2 are side 0, 1+3 side 1).
FOUR_KEPT = {1: "KS AC 7C 6H", 2: "QH 8H 9S KH", 3: "9D KD TD 8D", 0: "3S 5S 4C 7H"}
FOUR_DISCARDS = {1: "2C", 2: "2H", 3: "2S", 0: "AS"}
FOUR_PLAY = [
    "1 KS",
    "2 QH",
    "3 9D",
    "0 go",
    "1 AC",
    "2 go",
    "3 go",  # 30: go to player 1 (side 1)
    "2 8H",
    "3 KD",
    "0 3S",
    "1 7C",
    "2 go",
    "3 go",
    "0 go",  # 28: go to player 1
    "2 9S",
    "3 TD",
    "0 5S",
    "1 6H",
    "2 go",
    "3 go",
    "0 go",  # 30: go to player 1 (now out)
    "2 KH",
    "3 8D",
    "0 4C",
    "0 7H",  # 29: last card to player 0 (side 0)
]


def four_handed(rules, scores=None):
    return start_play(rules, 0, FOUR_KEPT, FOUR_DISCARDS, "QC", scores=scores)


def test_go_and_last_card_with_four_players_score_for_the_team():
    game = run(four_handed(FOUR_PLAYER_PARTNERS), *FOUR_PLAY)
    assert play_events(game) == [(1, "go", 1), (1, "go", 1), (1, "go", 1), (0, "last card", 1)]
    assert game.scores == [1, 3]
    assert game.points_by_player == [1, 3, 0, 0]
    assert game.score_of(2) == 1 and game.score_of(3) == 3


def test_show_order_with_four_players_and_the_deal_passing_left():
    game = run(four_handed(FOUR_PLAYER_PARTNERS), *FOUR_PLAY)
    assert game.legal_actions() == [CountHand(1)]
    with pytest.raises(IllegalAction, match="player 1 counts their hand next"):
        game.apply(CountHand(0))
    for seat in (1, 2, 3, 0):
        game.apply(CountHand(seat))
    with pytest.raises(
        IllegalAction, match=r"not allowed now, the dealer \(player 0\) counts the crib next"
    ):
        game.apply(CountHand(1))
    game.apply(CountCrib(0))
    shows = [(e.player, e.kind) for e in game.events if e.kind in ("hand", "crib")]
    assert shows == [(1, "hand"), (2, "hand"), (3, "hand"), (0, "hand"), (0, "crib")]
    # Hands with the starter QC, worked by hand:
    # 1: K A 7 6 + Q: K-A... no 15 (K+A=11, 7+6+A=14, ...), nothing but 6+7+A+... = 14: 0
    # 2: Q 8 9 K + Q: a pair of queens, 2
    # 3: 9 K T 8 + Q: no 15, the run 8-9-10 (3), four diamonds in the hand (4): 7
    # 0: 3 5 4 7 + Q: 15s 3+5+7, 5+Q, 4+... 3+4+... no; run 3-4-5, 3: 4 + 3 = 7
    # crib: 2C 2H 2S AS + QC: pair royal of twos, 6; 15s: 2+2+A+Q twice? 2+2+A=5+10: three
    #   ways to pick two twos, each 2 -> 6; 2+... total 12
    points = {(e.player, e.kind): e.points for e in game.events if e.kind in ("hand", "crib")}
    assert points == {
        (1, "hand"): 0,
        (2, "hand"): 2,
        (3, "hand"): 7,
        (0, "hand"): 7,
        (0, "crib"): 12,
    }
    assert game.scores == [1 + 2 + 7 + 12, 3 + 0 + 7]
    assert (game.phase, game.dealer) == (Phase.DEAL, 1)


def test_fadoq_116_rule_withholds_a_lone_point_for_go_and_last_card():
    game = run(four_handed(FADOQ, scores=(116, 116)), *FOUR_PLAY)
    assert game.scores == [116, 116]
    withheld = [(e.player, e.kind, e.points) for e in game.events]
    assert withheld == [(1, "go", 0), (1, "go", 0), (1, "go", 0), (0, "last card", 0)]
    assert "not scored" in game.events[0].detail


def test_without_the_116_rule_a_side_at_116_scores_its_go():
    game = run(four_handed(FOUR_PLAYER_PARTNERS, scores=(116, 116)), *FOUR_PLAY)
    assert game.scores == [117, 119]


def test_fadoq_side_at_115_scores_its_go_then_stands_at_116():
    game = run(four_handed(FADOQ, scores=(115, 115)), *FOUR_PLAY)
    # Side 1: the first go takes it to 116; its next two goes are then lone points, withheld.
    # Side 0: the last card from 115 counts.
    assert [e.points for e in game.events] == [1, 0, 0, 1]
    assert game.scores == [116, 116]


def test_116_rule_still_scores_a_go_joined_to_points_for_the_card():
    rules = STANDARD_2P_121.replace(name="two-handed with the 116 rule", one_point_cutoff=116)
    game = two_handed(scores=(116, 116), rules=rules)
    run(game, "1 KS", "0 QH", "1 9C", "0 go", "1 AH")  # pone's go point is a lone 1: withheld
    run(game, "0 4C", "1 2D", "0 6S", "0 3D")  # fifteen and last card together: 2 + 1
    assert play_events(game) == [(1, "go", 0), (0, "play", 2), (0, "last card", 1)]
    assert game.scores == [119, 116]


# -- the end of the game ------------------------------------------------------------------------


def test_the_game_ends_in_the_middle_of_the_play():
    game = two_handed(scores=(100, 120))
    run(game, "1 KS", "0 QH", "1 9C", "0 go", "1 AH")  # the pone's go reaches 121
    assert game.is_over and game.winner == 1 and game.scores == [100, 121]
    assert game.held[0]  # cards were still in hand: nothing more is played or counted
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match=r"4C: not allowed, the game is over \(side 1 won\)"):
        game.apply(Play(0, "4C"))
    assert game.skunks() == {0: Skunk.NONE}


def test_a_non_dealer_reaching_121_in_the_show_wins_before_the_dealer_counts():
    game = two_handed(scores=(112, 116))
    run(game, "1 KS", "0 QH", "1 9C", "0 go", "1 AH", "0 4C", "1 2D", "0 6S", "0 3D")
    assert game.scores == [115, 117]
    # Pone: K 9 A 2 + 5H: 15s K+5 and 9+A+5 = 4 -> 121. The dealer's Q 4 6 3 + 5 would be
    # 15s Q+5, 4+6+5 and the run 3-4-5-6: 8 -> 123, but the pone counts first.
    game.apply(CountHand(1))
    assert game.is_over and game.winner == 1 and game.scores == [115, 121]
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(CountHand(0))


def test_scores_are_capped_at_the_target_and_skunks_are_reported():
    game = two_handed(scores=(10, 118))
    run(game, "1 KS", "0 QH", "1 9C", "0 go", "1 AH", "0 4C", "1 2D", "0 6S", "0 3D")
    game.apply(CountHand(1))  # 119 + 4 stops at the target
    assert game.scores == [13, 121] and game.skunks() == {0: Skunk.DOUBLE}
    assert game.events[-1].points == 4 and game.events[-1].scores == (13, 121)


# -- cut for deal -------------------------------------------------------------------------------


def deck_starting(cards):
    top = parse_cards(cards)
    return top + tuple(c for c in DECK if c not in top)


def test_lowest_card_deals_and_ties_cut_again():
    game = GameState(
        THREE_PLAYER, seed=1, cut_decks=[deck_starting("4S 9C 4H"), deck_starting("KS AH")]
    )
    assert game.legal_actions() == [CutForDeal(0)]
    with pytest.raises(IllegalAction, match="it is player 0's turn to cut"):
        game.apply(CutForDeal(1))
    for seat in (0, 1, 2):
        game.apply(CutForDeal(seat))
    # Players 0 and 2 tied with fours; only they cut again.
    assert game.phase is Phase.CUT_FOR_DEAL and game.cutters == [0, 2]
    game.apply(CutForDeal(0))  # KS
    game.apply(CutForDeal(2))  # AH: the ace is low
    assert game.phase is Phase.DEAL and game.dealer == 2
    game.apply(Deal())
    assert game.to_act == 0  # the dealer's left discards first


# -- muggins, forgotten points, misdeal ---------------------------------------------------------


def shown(rules, scores=None):
    game = two_handed(scores=scores, rules=rules)
    return run(game, "1 KS", "0 QH", "1 9C", "0 go", "1 AH", "0 4C", "1 2D", "0 6S", "0 3D")


def test_claims_are_exact_without_muggins_or_forgotten_points():
    game = shown(STANDARD_2P_121)
    assert game.legal_actions() == [CountHand(1)]
    with pytest.raises(IllegalAction, match="claims 2 but the hand scores 4: these rules count"):
        game.apply(CountHand(1, claimed=2))
    with pytest.raises(IllegalAction, match="claims 6 but the hand scores 4: a claim cannot"):
        game.apply(CountHand(1, claimed=6))
    with pytest.raises(IllegalAction, match="cannot claim 19: possible counts are 0-29 except"):
        game.apply(CountHand(1, claimed=19))
    game.apply(CountHand(1, claimed=4))
    assert game.scores == [3, 5]


def test_muggins_lets_the_opponent_take_missed_points():
    game = shown(STANDARD_2P_121.replace(name="muggins", muggins=True))
    assert CountHand(1, 2) in game.legal_actions()
    game.apply(CountHand(1, claimed=1))  # the hand is worth 4: 3 missed
    assert game.scores == [3, 2]
    assert Muggins(0) in game.legal_actions() and Muggins(1) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="cannot call muggins on their own side"):
        game.apply(Muggins(1))
    game.apply(Muggins(0))
    assert game.scores == [6, 2]
    assert game.events[-1].kind == "muggins" and game.events[-1].points == 3
    with pytest.raises(IllegalAction, match="no count has just missed points"):
        game.apply(Muggins(0))


def test_muggins_must_be_called_before_the_next_count():
    game = shown(STANDARD_2P_121.replace(name="muggins", muggins=True))
    game.apply(CountHand(1, claimed=1))
    game.apply(CountHand(0))  # the chance is gone: the 3 points are lost
    assert not any(isinstance(a, Muggins) for a in game.legal_actions())
    assert game.scores == [3 + 8, 2]


def test_forgotten_points_are_lost_without_muggins():
    game = shown(STANDARD_2P_121.replace(name="strict", forgotten_points_lost=True))
    game.apply(CountHand(1, claimed=2))
    assert game.scores == [3, 3]
    assert not any(isinstance(a, Muggins) for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="these rules have no muggins"):
        game.apply(Muggins(0))


def misdeal_game(rules):
    decks = [stack_deck(rules, 0, {}, starter="5D"), stack_deck(rules, 0, {}, starter="6D")]
    game = GameState(rules, decks=decks, first_dealer=0, scores=(10, 10))
    game.apply(Deal())
    game.apply(Discard(1, game.held[1][:2]))
    game.apply(Misdeal())
    return game


def test_a_misdeal_is_redealt_by_the_same_dealer_with_the_penalty_to_the_opponents():
    game = misdeal_game(STANDARD_2P_121.replace(name="penalty", misdeal_penalty=2))
    assert game.scores == [10, 12]
    assert (game.phase, game.dealer, game.crib, game.hand_number) == (Phase.DEAL, 0, [], 0)
    game.apply(Deal())
    assert game.hand_number == 1 and len(game.held[0]) == 6
    game.apply(Discard(0, game.held[0][:2]))
    game.apply(Discard(1, game.held[1][:2]))
    game.apply(Cut(1, 4))
    game.apply(TurnStarter())
    assert game.starter == parse_card("6D")  # the second deck order


def test_a_misdeal_deducted_from_the_dealers_side_and_without_penalty():
    deducted = STANDARD_2P_121.replace(name="deducted", misdeal_penalty=2, misdeal_deducted=True)
    assert misdeal_game(deducted).scores == [8, 10]
    assert misdeal_game(STANDARD_2P_121).scores == [10, 10]


# -- records and errors -------------------------------------------------------------------------


def test_a_stacked_game_replays_from_its_json_record():
    game = shown(STANDARD_2P_121)
    game.apply(CountHand(1))
    record = json.loads(dumps(game))
    assert record["rules"] == "STANDARD_2P_121" and record["seed"] is None
    assert record["actions"][:2] == [
        {"type": "Deal"},
        {"type": "Discard", "player": 1, "cards": ["7C", "8C"]},
    ]
    again = loads(json.dumps(record))
    assert again == game and again.events == game.events and again.scores == [3, 5]


def test_a_custom_rule_set_is_recorded_in_full():
    rules = FADOQ.replace(name="club", muggins=True)
    game = GameState(rules, seed="club night", first_dealer=1)
    game.apply(Deal())
    record = game_to_record(game)
    assert record["rules"]["muggins"] is True
    assert replay(record) == game


def test_a_tampered_record_names_the_refused_action():
    game = shown(STANDARD_2P_121)
    record = game_to_record(game)
    record["actions"][5] = {"type": "Play", "player": 0, "card": "KS"}
    with pytest.raises(RecordError, match=r"action 6 of the record .* is refused: player 0"):
        replay(record)
    with pytest.raises(RecordError, match="format"):
        replay({"rules": "FADOQ"})
    with pytest.raises(RecordError, match="no rule set named 'FADOQ2'"):
        replay({"format": record["format"], "rules": "FADOQ2"})


def test_malformed_actions_and_set_ups_are_refused():
    with pytest.raises(IllegalAction, match="player must be a seat number"):
        Play(-1, "5H")
    with pytest.raises(IllegalAction, match="player 1 cannot lay: '1H' is not a card"):
        Play(1, "1H")
    with pytest.raises(IllegalAction, match="unknown action type 'Fold'"):
        action_from_json({"type": "Fold"})
    with pytest.raises(IllegalAction, match="Play has no field colour"):
        action_from_json({"type": "Play", "player": 1, "card": "5H", "colour": "red"})
    game = GameState(STANDARD_2P_121, seed=3, first_dealer=0)
    with pytest.raises(IllegalAction, match="Go: player 2 is not a seat: seats are 0 to 1"):
        game.apply(Go(2))
    with pytest.raises(GameError, match="deck order 0 has 51 cards"):
        GameState(STANDARD_2P_121, decks=[DECK[:51]])
    with pytest.raises(GameError, match="scores must be 2 whole numbers from 0 to 120"):
        GameState(STANDARD_2P_121, seed=1, scores=(121, 0))
    with pytest.raises(GameError, match="first_dealer 4 is not a seat"):
        GameState(STANDARD_2P_121, seed=1, first_dealer=4)


def test_running_out_of_deck_orders_without_a_seed_is_a_clear_error():
    game = misdeal_game(STANDARD_2P_121)
    game.apply(Deal())
    game.apply(Misdeal())
    with pytest.raises(IllegalAction, match="2 deck order.* and no seed, and deal 3 needs another"):
        game.apply(Deal())


def test_discard_errors_name_the_problem():
    deck = stack_deck(STANDARD_2P_121, 0, {1: f"{PONE} 7C 8C", 0: f"{DEALER} 7D 8D"}, starter="5H")
    game = GameState(STANDARD_2P_121, decks=[deck], first_dealer=0)
    game.apply(Deal())
    with pytest.raises(IllegalAction, match=r"player 1 must discard exactly 2 card\(s\).*got 1"):
        game.apply(Discard(1, "7C"))
    with pytest.raises(IllegalAction, match="player 1 cannot discard 7D: not in their hand"):
        game.apply(Discard(1, "7C 7D"))
    with pytest.raises(IllegalAction, match="cannot discard: 7C appears twice"):
        Discard(1, "7C 7C")
    game.apply(Discard(1, "8C 7C"))
    with pytest.raises(IllegalAction, match="player 1 has already discarded"):
        game.apply(Discard(1, "KS 9C"))
    assert game.crib == list(parse_cards("7C 8C"))


@pytest.mark.parametrize("module", ["rules", "actions", "deal", "game", "record"])
def test_the_documented_examples_hold(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"games.cribbage.{module}"))
    assert result.attempted > 0 and result.failed == 0
