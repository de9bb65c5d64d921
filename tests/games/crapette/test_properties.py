"""Invariants over many games (hypothesis): self-play by the greedy bot and random play.

Kept modest for 2 shared cores: 20 examples each, every game bounded.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cards import DECK, Rank, Suit
from games.crapette import (
    CALL,
    PASS,
    RECYCLE,
    TURN,
    GameState,
    IllegalMove,
    Loading,
    Mandatory,
    Move,
    Rules,
    Scoring,
    check_record,
    selfplay,
)
from games.crapette.moves import SOURCES, TARGETS

EVERY_MOVE = [Move.transfer(s, t) for s in SOURCES for t in TARGETS] + [TURN, RECYCLE, PASS, CALL]
FOUNDATION_SUITS = [Suit.SPADES, Suit.SPADES, Suit.HEARTS, Suit.HEARTS, Suit.DIAMONDS,
                    Suit.DIAMONDS, Suit.CLUBS, Suit.CLUBS]  # fmt: skip
ALL_CARDS = set(DECK)
FAST = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=10**9)
rule_sets = st.builds(
    Rules,
    loading=st.sampled_from(Loading),
    strict_calls=st.booleans(),
    strict_call_depth=st.integers(1, 3),
    scoring=st.sampled_from(Scoring),
    stalemate_rounds=st.sampled_from([1, 3, 50]),
)
rule_sets = rule_sets | st.builds(Rules, mandatory=st.just(Mandatory.ENFORCED))


def snapshot(state: GameState) -> tuple:
    """Everything a move can change, pile by pile (cards compared by identity and owner)."""
    piles = (state.crapette, state.stock, state.discard, state.cases, state.foundations)
    return (
        state.turn, state.turned, state.fault, state.winner, state.stalemate, state.turn_number,
        state.quiet_turns, tuple(state.crapette_up), tuple(tuple(p) for g in piles for p in g),
    )  # fmt: skip


def check_invariants(state: GameState) -> None:
    cards = state.all_cards()
    # The 104 cards: every card of each deck exactly once.
    assert len(cards) == 104 and len(set(cards)) == 104
    for owner in (0, 1):
        assert {c.card for c in cards if c.owner == owner} == ALL_CARDS
    # Foundations: ace up, by suit, two per suit.
    for slot, pile in enumerate(state.foundations):
        expected = [(Rank(r), FOUNDATION_SUITS[slot]) for r in range(1, len(pile) + 1)]
        assert [(c.card.rank, c.card.suit) for c in pile] == expected
    # Cases: down by one, alternating colours.
    for pile in state.cases:
        for below, above in zip(pile, pile[1:], strict=False):
            assert int(above.card.rank) == int(below.card.rank) - 1
            assert above.card.suit.is_red != below.card.suit.is_red
    for p in (0, 1):
        assert (state.crapette_up[p] >= 1) == bool(state.crapette[p])
        assert state.crapette_up[p] <= len(state.crapette[p])


@FAST
@given(seed=seeds, rules=rule_sets)
def test_selfplay_games_end_keep_the_cards_and_replay_to_the_same_result(seed, rules):
    record, final = selfplay(seed, rules)
    assert final.is_over  # a win or a stalemate, never the self-play safety cap
    assert final.score().end in ("win", "stalemate")
    state = GameState.new(record.deal, rules)
    check_invariants(state)
    for text in record.moves:
        move = state.parse_move(text)
        assert move in state.legal_moves()
        state.apply(move)
        check_invariants(state)
    assert state.score() == final.score()
    result = check_record(json.loads(record.to_json()))
    assert result.valid and result.state.score() == final.score()


@FAST
@given(seed=seeds, rules=rule_sets, rng=st.randoms(use_true_random=False))
def test_random_play_apply_accepts_exactly_the_legal_moves(seed, rules, rng):
    # Start anywhere in a self-played game (so recycling, passing and the end are reached),
    # then play random legal moves: they skip mandatory moves, so calls happen too.
    record, _ = selfplay(seed, rules)
    state = GameState.new(record.deal, rules)
    for text in record.moves[: rng.randrange(len(record.moves) + 1)]:
        state.apply(text)
    for _ in range(100):
        legal = state.legal_moves()
        legal_set = set(legal)
        assert len(legal_set) == len(legal)
        for move in EVERY_MOVE:
            assert (state.why_illegal(move) is None) == (move in legal_set), move
        # apply itself: refused moves raise and change nothing; legal ones go through.
        for move in rng.sample(EVERY_MOVE, 4):
            probe = state.copy()
            before = snapshot(probe)
            try:
                probe.apply(move)
            except IllegalMove:
                assert move not in legal_set
                assert snapshot(probe) == before
            else:
                assert move in legal_set
        if state.is_over:
            assert legal == []
            break
        state.apply(rng.choice(legal))
        check_invariants(state)


@FAST
@given(seed=seeds, data=st.data())
def test_an_altered_move_is_caught_at_its_index(seed, data):
    record, _ = selfplay(seed % 1000)
    index = data.draw(st.integers(0, len(record.moves) - 1), label="index")
    state = GameState.new(record.deal, record.rules)
    for text in record.moves[:index]:
        state.apply(text)
    illegal = [m for m in EVERY_MOVE if state.why_illegal(m) is not None]
    bad = data.draw(st.sampled_from(illegal), label="bad move")
    altered = record.as_dict()
    altered["moves"][index] = str(bad)
    result = check_record(altered)
    assert not result.valid
    assert result.index == index and result.move == str(bad)
    assert result.reason == f"{bad}: {state.why_illegal(bad)}"
