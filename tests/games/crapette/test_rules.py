"""RULES.md section 6, rule by rule, on hand-built positions (legal and illegal, each variant).

Positions are written with ``GameState.build``: piles from bottom to top, cases 1-4 on A's
side and 5-8 on B's, each foundation given by its top card. A is to move unless said.
"""

from __future__ import annotations

import pytest

from games.crapette import (
    CALL,
    GameState,
    IllegalMove,
    Loading,
    Mandatory,
    Move,
    Phase,
    Player,
    Rules,
    Scoring,
)

M = Move.parse


def moves(state: GameState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def snapshot(state: GameState) -> tuple:
    return (state.as_dict(), sorted(map(repr, state.all_cards())), state.fault)


def refuse(state: GameState, move: str, *fragments: str) -> str:
    """Apply an illegal move: it must raise with a reason naming ``fragments`` and change
    nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalMove) as caught:
        state.apply(M(move))
    assert snapshot(state) == before
    assert M(move) not in state.legal_moves()
    for fragment in fragments:
        assert fragment in caught.value.reason
    return caught.value.reason


# A quiet background: B has a crapette pile and a stock, A a stock, so nobody has won.
def build(**kw) -> GameState:
    kw.setdefault("crapette", {"A": "KC", "B": "KS"})
    kw.setdefault("stock", {"A": "QC", "B": "QS"})
    return GameState.build(**kw)


# ------------------------------------------------------------------- free cards


class TestFreeCards:
    def test_free_cards_are_crapette_top_case_tops_and_turned_card(self):
        game = build(
            crapette={"A": "2D 7H", "B": "KS"},
            cases={1: "9S 8H", 6: "4C"},
            discard={"A": "JD"},
            turned="5S",
        )
        free = {(s, str(c)) for s, c in game.free_cards()}
        assert free == {("C", "7H"), ("1", "8H"), ("6", "4C"), ("S", "5S")}

    def test_own_discard_top_is_never_free_even_for_a_foundation(self):
        # A's discard top is 3♥ and the ♥ foundation stands at 2♥: no move, no obligation.
        game = build(discard={"A": "3H"}, foundations="2H", cases={1: "KD"})
        assert game.foundation_moves() == []
        assert not any("3H" in game.notation(m) for m in game.legal_moves())
        game.apply(M("T"))
        assert CALL not in game.legal_moves()

    def test_opponents_crapette_top_is_not_free_for_the_player_to_move(self):
        game = build(crapette={"A": "KC", "B": "2H"}, foundations="AH", cases={1: "KD"})
        assert game.foundation_moves() == []
        game.apply(M("T"))
        assert CALL not in game.legal_moves()

    def test_covered_case_card_is_not_free_so_there_is_no_obligation(self):
        # 9♠ could go on the 8♠ foundation but 8♥ covers it: T is no fault (seed: "carte
        # non libre ... il n'y a pas d'obligation ni de crapette").
        game = build(cases={1: "9S 8H"}, foundations="8S")
        assert game.foundation_moves() == []
        game.apply(M("T"))
        assert game.fault is None
        refuse(game, "!", "has not missed a mandatory move")

    def test_moving_from_an_empty_place_is_refused(self):
        game = build(crapette={"A": "", "B": "KS"})
        refuse(game, "C>1", "A's crapette pile is empty")
        refuse(game, "3>1", "case 3 is empty")
        refuse(game, "S>1", "no stock card is turned")


# ------------------------------------------------------------------- foundations


class TestFoundations:
    def test_ace_starts_a_foundation_and_the_next_rank_of_the_suit_follows(self):
        game = build(crapette={"A": "2H AH", "B": "KS"})
        game.apply(M("C>F"))
        assert game.crapette[Player.A][-1].card.pretty == "2♥"
        game.apply(M("C>F"))
        hearts = [f for f in game.foundations if f]
        assert [[c.pretty for c in f] for f in hearts] == [["A♥", "2♥"]]

    def test_wrong_suit_or_skipped_rank_is_refused(self):
        game = build(crapette={"A": "KC 3H", "B": "KS"}, foundations="AH AD")
        refuse(game, "C>F", "3♥ cannot go to a foundation", "A♥ and empty", "A♥ or 2♥")
        game = build(crapette={"A": "KC 2D", "B": "KS"}, foundations="AH")
        refuse(game, "C>F", "2♦ cannot go to a foundation", "empty and empty", "A♦")

    def test_two_foundations_per_suit_the_card_goes_where_it_fits(self):
        # ♠ foundations at 5♠ and 2♠: 3♠ goes onto the 2♠, 6♠ onto the 5♠.
        game = build(crapette={"A": "6S 3S", "B": "KS"}, foundations="5S 2S")
        game.apply(M("C>F"))
        game.apply(M("C>F"))
        spades = sorted(len(game.foundations[s]) for s in (0, 1))
        assert spades == [3, 6]

    def test_second_ace_of_a_suit_starts_the_second_foundation(self):
        game = build(crapette={"A": "KC AS", "B": "KS"}, foundations="4S")
        game.apply(M("C>F"))
        assert sorted(len(game.foundations[s]) for s in (0, 1)) == [1, 4]

    def test_a_complete_foundation_takes_nothing(self):
        game = build(crapette={"A": "KC KH", "B": "KS"}, foundations="KH QH")
        game.apply(M("C>F"))  # the second ♥ foundation takes its king
        game = build(crapette={"A": "KC", "B": "KS"}, cases={1: "KH"}, foundations="KH JH")
        refuse(game, "1>F", "complete and J♥", "Q♥")


# ------------------------------------------------------------------- cases


class TestCases:
    def test_down_one_rank_in_alternating_colour(self):
        game = build(crapette={"A": "KC 8H", "B": "KS"}, cases={1: "9S", 2: "9C", 5: "9D"})
        assert {"C>1", "C>2"} <= moves(game)
        game.apply(M("C>1"))
        assert [c.pretty for c in game.cases[0]] == ["9♠", "8♥"]

    def test_same_colour_is_refused_with_the_reason(self):
        game = build(crapette={"A": "KC 8H", "B": "KS"}, cases={5: "9H", 6: "9D"})
        reason = refuse(game, "C>5", "8♥ cannot go on 9♥ in case 5", "alternating colours")
        assert "a black 8 goes on 9♥" in reason

    def test_wrong_rank_is_refused_with_the_reason(self):
        game = build(crapette={"A": "KC 7H", "B": "KS"}, cases={1: "9S"})
        refuse(game, "C>1", "7♥ cannot go on 9♠ in case 1", "only a red 8 goes on 9♠")
        game = build(crapette={"A": "KC TH", "B": "KS"}, cases={1: "9S"})
        refuse(game, "C>1", "10♥ cannot go on 9♠", "builds down")

    def test_nothing_goes_on_an_ace(self):
        game = build(crapette={"A": "KC 2H", "B": "KS"}, cases={1: "AS"}, foundations="AH")
        refuse(game, "C>1", "nothing ranks below an ace")

    def test_any_card_goes_on_an_empty_case(self):
        game = build(crapette={"A": "KC 5D", "B": "KS"}, cases={1: "9S"})
        assert {f"C>{n}" for n in range(2, 9)} <= moves(game)
        game.apply(M("C>7"))
        assert [c.pretty for c in game.cases[6]] == ["5♦"]

    def test_only_the_exposed_card_moves_between_cases(self):
        # Case 1 is 9♠ 8♥; case 3 holds 9♣. The move 1>3 takes 8♥, never 9♠.
        game = build(cases={1: "9S 8H", 3: "9C"})
        game.apply(M("1>3"))
        assert [c.pretty for c in game.cases[0]] == ["9♠"]
        assert [c.pretty for c in game.cases[2]] == ["9♣", "8♥"]

    def test_a_card_does_not_move_onto_its_own_case(self):
        game = build(cases={1: "9S"})
        refuse(game, "1>1", "already in case 1")


# ------------------------------------------------------------------- loading the opponent


class TestLoading:
    def test_same_suit_one_rank_up_or_down_onto_crapette_and_discard_tops(self):
        game = build(
            crapette={"A": "KC 8H", "B": "KS 9H"},
            discard={"B": "7H"},
            cases={1: "8D", 2: "TH"},
        )
        assert {"C>OC", "C>OD", "2>OC"} <= moves(game)
        assert "1>OC" not in moves(game)  # 8♦ is the wrong suit
        game.apply(M("C>OD"))
        assert [c.pretty for c in game.discard[Player.B]] == ["7♥", "8♥"]

    def test_wrong_suit_or_distance_is_refused(self):
        game = build(crapette={"A": "KC 8D", "B": "KS 9H"}, cases={1: "JH"})
        refuse(game, "C>OC", "8♦ cannot be loaded onto B's crapette pile (top 9♥)", "same suit")
        refuse(game, "1>OC", "J♥ cannot be loaded", "8 or 10 of ♥")

    def test_no_wrap_around_from_king_to_ace(self):
        game = build(crapette={"A": "KC KH", "B": "KS AH"})
        refuse(game, "C>OC", "K♥ cannot be loaded", "2 of ♥")

    def test_an_empty_discard_pile_cannot_be_loaded(self):
        game = build(crapette={"A": "KC 8H", "B": "KS"})
        refuse(game, "C>OD", "B's discard pile is empty")

    def test_alternate_colour_variant(self):
        rules = Rules(loading=Loading.ALTERNATE_COLOUR)
        game = build(rules=rules, crapette={"A": "KC 8S", "B": "KS 9H"}, cases={1: "TH"})
        assert "C>OC" in moves(game)  # black on red, one rank lower
        refuse(game, "1>OC", "10♥ cannot be loaded", "the other colour", "a black 8 or 10")
        same_suit = build(crapette={"A": "KC 8S", "B": "KS 9H"})
        refuse(same_suit, "C>OC", "same suit")

    def test_loaded_cards_lie_face_up_and_are_not_free_for_the_loader(self):
        game = build(crapette={"A": "KC 8H", "B": "KS 9H"})
        game.apply(M("C>OC"))
        assert game.crapette_up[Player.B] == 2
        assert game.as_dict()["players"]["B"]["crapette_face_up"] == ["9H", "8H"]
        loaded = game.crapette[Player.B][-1]
        assert all(game.card_moved_by(m) != loaded for m in game.legal_moves())


# ------------------------------------------------------------------- the crapette pile


def test_moving_the_crapette_top_turns_the_next_card_face_up():
    game = build(crapette={"A": "KC 5D 2C", "B": "KS"}, cases={1: "3H"})
    game.apply(M("C>1"))
    assert game.free_cards()[0] == ("C", game.crapette[Player.A][-1])
    assert game.crapette[Player.A][-1].card.pretty == "5♦"
    assert game.as_dict()["players"]["A"]["crapette_face_up"] == ["5D"]


def test_after_a_loaded_card_is_played_the_old_face_up_top_is_free_again():
    game = build(crapette={"A": "KC 8H", "B": "2D 9H"})
    game.apply(M("C>OC"))  # A loads 8♥ on B's 9♥
    game.apply(M("T"))
    game.apply(M("S>D"))  # B's turn now
    assert game.free_cards()[0][1].card.pretty == "8♥"
    game.apply(M("C>5"))  # B moves the loaded 8♥ to an empty case
    assert game.free_cards()[0][1].card.pretty == "9♥"
    assert game.as_dict()["players"]["B"]["crapette_face_up"] == ["9H"]  # 2♦ still hidden
    game.apply(M("C>6"))
    assert game.as_dict()["players"]["B"]["crapette_face_up"] == ["2D"]


# ------------------------------------------------------------------- the stock and the discard


class TestStock:
    def test_turning_the_stock_gives_a_free_card_and_discarding_ends_the_turn(self):
        game = build(stock={"A": "QC 4D", "B": "QS"}, cases={1: "KH"})
        game.apply(M("T"))
        assert game.phase is Phase.TURNED and game.turned.card.pretty == "4♦"
        assert ("S", game.turned) in game.free_cards()
        refuse(game, "T", "already turned", "S>D")
        game.apply(M("S>D"))
        assert game.turn is Player.B and game.turn_number == 2
        assert [c.pretty for c in game.discard[Player.A]] == ["4♦"]
        assert game.phase is Phase.PLAY

    def test_the_turned_card_may_be_placed_and_play_goes_on(self):
        game = build(stock={"A": "QC 8H"}, crapette={"A": "KC", "B": "KS 9H"}, cases={1: "9S"})
        game.apply(M("T"))
        assert {"S>1", "S>OC", "S>D"} <= moves(game)
        game.apply(M("S>1"))
        assert game.turn is Player.A and game.phase is Phase.PLAY
        assert "T" in moves(game)

    def test_other_free_cards_may_move_while_a_stock_card_is_turned(self):
        game = build(stock={"A": "QC 2D"}, cases={1: "9S", 2: "8H"})
        game.apply(M("T"))
        game.apply(M("2>1"))
        assert game.turned.card.pretty == "2♦"

    def test_only_the_turned_card_goes_to_ones_discard_pile(self):
        game = build(cases={1: "9S"})
        game.apply(M("T"))
        refuse(game, "1>D", "only the card just turned from the stock")
        refuse(game, "C>D", "only the card just turned from the stock")

    def test_recycling_turns_the_discard_over_without_shuffling(self):
        # A discarded 3♣ first, then 7♦, then J♠: the new stock turns 3♣ first.
        game = build(stock={"A": "", "B": "QS JS 9S"}, discard={"A": "3C 7D JS"}, cases={1: "KH"})
        refuse(game, "T", "stock is empty", "(R)")
        game.apply(M("R"))
        assert game.discard[Player.A] == []
        turned = []
        for _ in range(3):
            game.apply(M("T"))
            turned.append(game.turned.card.pretty)
            game.apply(M("S>D"))
            game.apply(M("T"))  # B turns and discards too
            game.apply(M("S>D"))
        assert turned == ["3♣", "7♦", "J♠"]

    def test_recycling_is_refused_while_the_stock_has_cards_or_the_discard_is_empty(self):
        game = build(stock={"A": "QC 4D"}, discard={"A": "3C"})
        refuse(game, "R", "stock still has 2 cards")
        game = build(stock={"A": ""}, discard={"A": ""}, crapette={"A": "KC", "B": "KS"})
        refuse(game, "R", "discard pile is empty")

    def test_pass_only_for_a_player_without_stock_and_discard(self):
        game = build(stock={"A": "QC"})
        refuse(game, "P", "can still turn a stock card")
        game = build(stock={"A": "", "B": "QS"}, crapette={"A": "KC", "B": "KS"})
        assert "P" in moves(game) and "T" not in moves(game)
        refuse(game, "T", "no stock and no discard pile left", "P")
        game.apply(M("P"))
        assert game.turn is Player.B


# ------------------------------------------------------------------- mandatory moves and calls


class TestCrapetteCalls:
    def test_skipping_a_foundation_move_is_allowed_but_can_be_called(self):
        # 3♥ (case 1) could go onto the 2♥ foundation; A plays 8♥ onto 9♠ instead.
        game = build(crapette={"A": "KC 8H", "B": "KS"}, cases={1: "3H", 2: "9S"}, foundations="2H")
        assert [str(m) for m in game.foundation_moves()] == ["1>F"]
        game.apply(M("C>2"))
        assert "3♥ (case 1) could go to a foundation" in game.fault
        assert CALL in game.legal_moves()
        game.apply(CALL)
        assert game.turn is Player.B  # the caller plays next
        assert [c.pretty for c in game.cases[0]] == ["3♥"]  # the missed card stays

    def test_call_puts_the_turned_stock_card_on_the_discard_pile(self):
        game = build(stock={"A": "QC 6S"}, cases={1: "3H"}, foundations="2H")
        game.apply(M("T"))  # turning the stock is "another move": a fault
        game.apply(CALL)
        assert game.turned is None
        assert [c.pretty for c in game.discard[Player.A]] == ["6♠"]
        assert game.turn is Player.B

    def test_fault_stays_callable_for_the_rest_of_the_turn(self):
        game = build(crapette={"A": "KC 8H", "B": "KS"}, cases={1: "3H", 2: "9S"}, foundations="2H")
        game.apply(M("C>2"))
        game.apply(M("1>F"))  # the late foundation move does not undo the fault
        assert CALL in game.legal_moves()

    def test_choosing_among_foundation_moves_is_no_fault(self):
        game = build(crapette={"A": "KC 3D", "B": "KS"}, cases={1: "3H"}, foundations="2H 2D")
        game.apply(M("1>F"))
        assert game.fault is None and CALL not in game.legal_moves()

    def test_an_invalid_call_is_refused_and_changes_nothing(self):
        game = build(cases={1: "9S"})
        refuse(game, "!", "Crapette! is not valid", "A has not missed a mandatory move")

    def test_a_turn_ending_discard_leaves_nothing_to_call(self):
        game = build(stock={"A": "QC 3H"}, foundations="2H", cases={1: "KD"})
        game.apply(M("T"))  # 3♥ turned, could go to the foundation
        game.apply(M("S>D"))  # the turn is over anyway
        assert game.turn is Player.B and game.fault is None
        refuse(game, "!", "B has not missed")

    def test_the_fault_ends_with_the_turn(self):
        game = build(crapette={"A": "KC 8H", "B": "KS"}, cases={1: "3H", 2: "9S"}, foundations="2H")
        game.apply(M("C>2"))
        game.apply(M("T"))
        game.apply(M("S>D"))
        assert CALL not in game.legal_moves()

    def test_enforced_mandatory_moves_refuse_the_other_moves(self):
        rules = Rules(mandatory=Mandatory.ENFORCED)
        game = build(
            rules=rules,
            crapette={"A": "KC 8H", "B": "KS"},
            cases={1: "3H", 2: "9S"},
            foundations="2H",
        )
        assert moves(game) == {"1>F"}
        refuse(game, "C>2", "3♥ (case 1) must go to a foundation first")
        refuse(game, "T", "must go to a foundation first")
        refuse(game, "!", "calls are off")


class TestStrictCalls:
    # Case 3 holds 3♦ under 2♠; the ♦ foundation stands at 2♦: moving 2♠ onto 3♥ (case 1)
    # would free 3♦. A turns the stock instead.
    POSITION = dict(cases={1: "3H", 2: "KC", 3: "3D 2S"}, foundations="2D")

    def test_standard_rules_do_not_see_sequences(self):
        game = build(**self.POSITION)
        game.apply(M("T"))
        assert CALL not in game.legal_moves()

    def test_strict_call_is_valid_after_stopping_when_one_move_would_free_a_card(self):
        game = build(rules=Rules(strict_calls=True), **self.POSITION)
        assert [str(m) for m in game.freeing_sequence()] == ["3>1", "3>F"]
        game.apply(M("T"))
        assert "optional moves (3>1)" in game.fault
        game.apply(CALL)
        assert game.turn is Player.B and len(game.discard[Player.A]) == 1

    def test_optional_moves_mid_turn_are_not_strict_faults(self):
        game = build(rules=Rules(strict_calls=True), stock={"A": "QC"}, **self.POSITION)
        game.apply(M("C>7"))  # K♣ to an empty case, still no foundation card free
        assert game.freeing_sequence() is not None  # 3♦ could still be freed…
        assert game.fault is None and CALL not in game.legal_moves()  # …but A has not stopped

    def test_the_depth_bound(self):
        # Every case is taken, so 2♠ (case 3, on 3♦) needs a red 3: A's crapette top 3♥
        # must first go onto 4♣ (case 1), or a case must first be emptied (Q♣ onto K♥…).
        # Either way two optional moves free 3♦ for the ♦ foundation (at 2♦).
        position = dict(
            crapette={"A": "9C 3H", "B": "KS"},
            stock={"A": "5C", "B": "QS"},
            cases={1: "4C", 2: "KC", 3: "3D 2S", 4: "KH", 5: "KD", 6: "KS", 7: "QC", 8: "JD"},
            foundations="2D",
        )
        for depth, callable_ in ((1, False), (2, True)):
            game = build(rules=Rules(strict_calls=True, strict_call_depth=depth), **position)
            game.apply(M("T"))
            assert (CALL in game.legal_moves()) is callable_, depth

    def test_a_face_down_crapette_card_does_not_count(self):
        # A's crapette: 3♦ (face down) under 2♠ (face up). Moving 2♠ onto 3♥ would turn up
        # 3♦, which fits the ♦ foundation, but nobody could see it.
        position = dict(
            crapette={"A": "3D 2S", "B": "KS"}, cases={1: "3H", 2: "KC"}, foundations="2D"
        )
        game = build(rules=Rules(strict_calls=True), **position)
        assert game.freeing_sequence() is None
        # The same pile with 2♠ loaded by B on the face-up 3♦: both are visible.
        game = build(rules=Rules(strict_calls=True), crapette_up={"A": 2}, **position)
        assert [str(m) for m in game.freeing_sequence()] == ["C>1", "C>F"]


# ------------------------------------------------------------------- end, score, stalemate


class TestEnd:
    def test_the_last_card_wins_and_the_game_stops(self):
        game = build(
            crapette={"A": "AH", "B": "KS 5S 4S 3S 2S AS"},
            stock={"A": "", "B": "QS JS TS 9S 8S 7S 6S 5D 4D 3D"},
            discard={"B": "2D AD QD"},
        )
        game.apply(M("C>F"))
        assert game.winner is Player.A and game.phase is Phase.OVER
        # Hoyle: 30 + 2 × 6 crapette cards + 10 stock + 3 discard = 55.
        assert game.score().points == 55
        assert game.legal_moves() == []
        refuse(game, "T", "the game is over: A won 55 points")

    def test_win_scoring_counts_one(self):
        game = build(
            rules=Rules(scoring=Scoring.WIN), crapette={"A": "AH", "B": "KS"}, stock={"A": ""}
        )
        game.apply(M("C>F"))
        assert (game.score().winner, game.score().points) == (Player.A, 1)

    def test_no_win_while_the_discard_pile_still_has_cards(self):
        game = build(crapette={"A": "AH", "B": "KS"}, stock={"A": ""}, discard={"A": "5C"})
        game.apply(M("C>F"))
        assert game.winner is None and "R" in moves(game)

    def test_stalemate_after_the_rounds_without_a_foundation_card(self):
        game = build(
            rules=Rules(stalemate_rounds=2),
            cases={1: "KH"},
            stock={"A": "QC QD QH", "B": "QS JS JD"},
        )
        for _ in range(3):  # three turns with no foundation card
            game.apply(M("T"))
            game.apply(M("S>D"))
        assert not game.is_over and game.quiet_turns == 3
        game.apply(M("T"))
        game.apply(M("S>D"))  # the fourth: 2 full rounds
        assert game.stalemate and game.score().end == "stalemate"
        assert game.score().winner is None and game.score().points == 0

    def test_a_foundation_card_resets_the_stalemate_count(self):
        game = build(rules=Rules(stalemate_rounds=1), stock={"A": "QC AD", "B": "QS"})
        game.apply(M("T"))
        game.apply(M("S>F"))
        game.apply(M("T"))
        game.apply(M("S>D"))
        assert game.quiet_turns == 0
