"""Invariants of whole random games under every preset (hypothesis drives the seeds)."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cards import DECK
from games.cribbage.actions import (
    CountCrib,
    CountHand,
    Cut,
    CutForDeal,
    Deal,
    Discard,
    Go,
    IllegalAction,
    Misdeal,
    Muggins,
    Play,
    TurnStarter,
)
from games.cribbage.game import GameState, Phase, play_random_game
from games.cribbage.record import dumps, loads
from games.cribbage.rules import PRESETS, STANDARD_2P_121, Skunk

PRESET_RULES = list(PRESETS.values())
# The presets plus a variant with the claim rules, so muggins calls are exercised too.
ALL_RULES = [*PRESET_RULES, STANDARD_2P_121.replace(name="muggins", muggins=True)]
SEEDS = st.integers(min_value=0, max_value=2**32)
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rule_id(rules):
    return rules.name


def random_candidate(game, rng):
    """An action of any kind, with random (mostly wrong) arguments."""
    seat = rng.randrange(game.rules.players + 1)  # one seat too many, sometimes
    card = rng.choice(DECK)
    return rng.choice(
        [
            CutForDeal(seat),
            Deal(),
            TurnStarter(),
            Misdeal(),
            Go(seat),
            Play(seat, card),
            Discard(seat, rng.sample(DECK, rng.choice((1, 2)))),
            Cut(seat, rng.randrange(-2, 50)),
            CountHand(seat),
            CountCrib(seat),
            Muggins(seat),
        ]
    )


@pytest.mark.parametrize("rules", ALL_RULES, ids=rule_id)
@FEW
@given(seed=SEEDS)
def test_a_random_game_keeps_every_card_and_ends_with_one_winner(rules, seed):
    rng = random.Random(seed)
    game = GameState(rules, seed=seed)
    seen_deals = set()
    while not game.is_over:
        action = rng.choice([a for a in game.legal_actions() if not isinstance(a, Misdeal)])
        before = list(game.scores)
        game.apply(action)
        if game.hand_number:
            # Card conservation: every card of the deck once, somewhere.
            cards = game.cards_in_deal()
            assert len(cards) == 52 and set(cards) == set(DECK)
            seen_deals.add(game.hand_number)
        if game.phase in (Phase.CUT, Phase.STARTER, Phase.PLAY, Phase.SHOW):
            assert len(game.crib) == 4 and all(len(k) == 4 for k in game.kept)
        if game.phase is Phase.PLAY:
            assert game.count == sum(c.pips for _, c in game.series) <= 31
        assert all(b >= a for a, b in zip(before, game.scores, strict=True))  # pegs go forward
    winners = [side for side, score in enumerate(game.scores) if score >= rules.target]
    assert winners == [game.winner] and game.scores[game.winner] == rules.target
    assert seen_deals == set(range(1, game.hand_number + 1))
    # The log accounts for every point (the winner's last points may pass the target).
    for side, score in enumerate(game.scores):
        logged = game.initial_scores[side] + sum(e.points for e in game.events if e.side == side)
        assert logged == score if side != game.winner else logged >= score
    assert set(game.skunks()) == set(range(rules.sides)) - {game.winner}
    assert all(isinstance(s, Skunk) for s in game.skunks().values())


@pytest.mark.parametrize("rules", ALL_RULES, ids=rule_id)
@FEW
@given(seed=SEEDS)
def test_replaying_the_record_reproduces_the_game(rules, seed):
    game = play_random_game(rules, seed)
    again = loads(json.dumps(json.loads(dumps(game))))  # through real JSON text
    assert again.scores == game.scores and again.winner == game.winner
    assert again.events == game.events
    assert again == game
    assert play_random_game(rules, seed) == game  # a seed is one game


@pytest.mark.parametrize("rules", PRESET_RULES, ids=rule_id)
@FEW
@given(seed=SEEDS)
def test_illegal_actions_are_refused_and_change_nothing(rules, seed):
    rng = random.Random(seed)
    game = GameState(rules, seed=seed)
    while not game.is_over:
        legal = game.legal_actions()
        if rng.random() < 0.2:  # sample the steps: a snapshot per step would be slow
            candidate = random_candidate(game, rng)
            if candidate in legal:
                assert game.is_legal(candidate)
            else:
                before = game.snapshot()
                assert not game.is_legal(candidate)
                with pytest.raises(IllegalAction):
                    game.apply(candidate)
                assert game.snapshot() == before
        game.apply(rng.choice([a for a in legal if not isinstance(a, Misdeal)]))
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(random_candidate(game, rng))


@pytest.mark.parametrize("rules", PRESET_RULES, ids=rule_id)
def test_every_listed_action_is_legal(rules):
    game = GameState(rules, seed="listed")
    rng = random.Random(1)
    while not game.is_over:
        legal = game.legal_actions()
        assert legal and all(game.is_legal(a) for a in legal)
        assert len(set(legal)) == len(legal)
        game.apply(rng.choice([a for a in legal if not isinstance(a, Misdeal)]))
