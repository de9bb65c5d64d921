"""The computer opponent (games.crapette.computer): legal moves only, calls exactly on the
engine's missed mandatory moves, deliberate mistakes at the easy level.

Kept modest for 2 shared cores: few examples, every game bounded.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.crapette import CALL, Deal, GameState, IllegalMove, Loading, Player, Rules
from games.crapette.computer import Computer, Level, Vigilance, computer_selfplay

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=10**9)
levels = st.sampled_from(Level)
rule_sets = st.builds(
    Rules, loading=st.sampled_from(Loading), strict_calls=st.booleans(), stalemate_rounds=st.just(8)
)


def fits_foundation(state: GameState, card) -> bool:
    """Independently of the engine: an ace while fewer than two piles of its suit are started,
    else a pile of its suit standing one rank below (two piles per suit)."""
    heights = [len(pile) for pile in state.foundations if pile and pile[0].suit == card.suit]
    return (card.rank == 1 and len(heights) < 2) or card.rank - 1 in heights


def visible_free_cards(state: GameState):
    me = state.turn
    cards = [state.crapette[me][-1]] if state.crapette[me] else []
    cards += [pile[-1] for pile in state.cases if pile]
    if state.turned is not None:
        cards.append(state.turned)
    return cards


@FAST
@given(seed=seeds, a=levels, b=levels, rules=rule_sets)
def test_every_level_only_makes_legal_moves(seed, a, b, rules):
    state = GameState.new(Deal.from_seed(seed), rules)
    players = {Player.A: Computer(Player.A, a, seed=seed), Player.B: Computer(Player.B, b)}
    for _ in range(600):
        if state.is_over:
            break
        watcher = players[state.turn.other]
        if watcher.calls_crapette(state):
            assert CALL in state.legal_moves()
            state.apply(CALL)
            continue
        move = players[state.turn].choose(state)
        assert move in state.legal_moves(), (move, state.legal_moves())
        assert move != CALL  # the mover never calls its own fault
        state.apply(move)


@FAST
@given(seed=seeds, vigilance=st.sampled_from(Vigilance), strict=st.booleans())
def test_computer_calls_exactly_the_missed_mandatory_moves(seed, vigilance, strict):
    """A forgetful random player at A; the computer at B watches. A miss is computed here from
    the cards (a free card fitting a foundation while another, turn-continuing move is made)."""
    rules = Rules(strict_calls=strict, stalemate_rounds=8)
    state = GameState.new(Deal.from_seed(seed), rules)
    computer = Computer(Player.B, Level.STANDARD, vigilance, seed=seed)
    rng = random.Random(seed)
    missed_this_turn = False
    calls = misses = 0
    for _ in range(500):
        if state.is_over:
            break
        if state.turn is Player.B:
            missed_this_turn = False
            state.apply(computer.choose(state))
            continue
        calls_now = computer.calls_crapette(state)
        if vigilance is Vigilance.ALWAYS and not strict:
            assert calls_now == missed_this_turn
        if calls_now:
            assert missed_this_turn or strict  # strict faults: a freeing sequence was missed
            assert vigilance is not Vigilance.NEVER
            calls += 1
            state.apply(CALL)
            continue
        move = rng.choice([m for m in state.legal_moves() if m != CALL])
        could_found = any(fits_foundation(state, c) for c in visible_free_cards(state))
        turn_before = state.turn_number
        if could_found and not move.is_foundation and not move.ends_turn:
            missed_this_turn = True
            misses += 1
        state.apply(move)
        if state.turn_number != turn_before:
            missed_this_turn = False
    if vigilance is Vigilance.NEVER:
        assert calls == 0
    if vigilance is Vigilance.ALWAYS and not strict:
        assert calls <= misses


def test_a_wrong_call_is_refused_with_the_reason():
    state = GameState.new(Deal.from_seed(1))
    with pytest.raises(IllegalMove) as refused:
        state.apply(CALL)
    assert "has not missed a mandatory move" in refused.value.reason
    assert state.turn_number == 1  # nothing changed


def test_easy_level_makes_mistakes_the_player_can_call_and_standard_does_not():
    def faults(level: Level) -> int:
        count = 0
        for seed in range(6):
            state = GameState.new(Deal.from_seed(seed), Rules(stalemate_rounds=8))
            computer = Computer(Player.A, level, seed=seed)
            other = Computer(Player.B, Level.STANDARD, Vigilance.NEVER)
            for _ in range(400):
                if state.is_over:
                    break
                mover = computer if state.turn is Player.A else other
                had_fault = state.fault is not None
                state.apply(mover.choose(state))
                if state.turn is Player.A and state.fault is not None and not had_fault:
                    count += 1
        return count

    assert faults(Level.EASY) > 0
    assert faults(Level.STANDARD) == 0


def test_the_computer_refuses_to_move_out_of_turn():
    state = GameState.new(Deal.from_seed(1))  # A starts
    with pytest.raises(ValueError, match="not its move"):
        Computer(Player.B).choose(state)


def test_a_strong_computer_empties_its_crapette_pile_first_when_it_can():
    """Crapette top 5♣ can go on the 6♥ of case 2; the strong level moves it before it turns
    its stock (the standard level too; the strong one also loads K♠ onto B's Q♠)."""
    game = GameState.build(
        crapette={"A": "KD 5C", "B": "QS"},
        stock={"A": "9D 9S", "B": "3C"},
        cases={1: "KS", 2: "6H", 5: "JD", 6: "TC"},
    )
    computer = Computer(Player.A, Level.STRONG)
    played = []
    while game.turned is None:
        move = computer.choose(game)
        played.append(str(move))
        game.apply(move)
    assert "C>2" in played and played.index("C>2") < played.index("T")
    assert [str(c) for c in game.cases[1]] == ["6H", "5C"]


def test_computer_selfplay_ends_and_its_record_replays():
    state = GameState.new(Deal.from_seed(5))
    moves, final = computer_selfplay(
        Computer(Player.A, Level.EASY, seed=5), Computer(Player.B, Level.STRONG), state
    )
    replayed = GameState.new(Deal.from_seed(5))
    for text in moves:
        replayed.apply(text)
    assert final.is_over and replayed.score() == final.score()
