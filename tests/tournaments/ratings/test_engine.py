"""The worked example of docs/ratings.md, with the numbers computed independently: from the
Weng–Lin Bradley-Terry ("full pairing") update as openskill documents it, written out here by
hand, and from a direct call to openskill with the documented parameters (not Huche's engine).
"""

from __future__ import annotations

import math

import pytest
from openskill.models import BradleyTerryFull

from tournaments.ratings.engine import RatedGame, RatingEngine

# docs/ratings.md, "The model and its parameters"
MU, SIGMA, BETA, TAU = 25.0, 25.0 / 3.0, 40.0, 25.0 / 300.0


def by_hand(winners: list[tuple[float, float]], losers: list[tuple[float, float]]):
    """One two-team game by the documented formulas: each side a list of (mu, sigma)."""

    def side(players):
        players = [(mu, math.sqrt(sigma**2 + TAU**2)) for mu, sigma in players]  # drift first
        return players, sum(mu for mu, _ in players), sum(s**2 for _, s in players)

    (win, mu_w, var_w), (lose, mu_l, var_l) = side(winners), side(losers)
    c = math.sqrt(var_w + var_l + 2 * BETA**2)
    out = []
    for players, mu_i, var_i, mu_q, score in (
        (win, mu_w, var_w, mu_l, 1),
        (lose, mu_l, var_l, mu_w, 0),
    ):
        p = 1 / (1 + math.exp((mu_q - mu_i) / c))  # the chance the model gave this side
        omega = var_i / c * (score - p)
        gamma = math.sqrt(var_i) / c
        delta = gamma * var_i / c**2 * p * (1 - p)
        out.append(
            [
                (
                    mu + sigma**2 / var_i * omega,
                    sigma * math.sqrt(max(1 - sigma**2 / var_i * delta, 0.0001)),
                )
                for mu, sigma in players
            ]
        )
    return out


def test_the_worked_example_moves_as_the_documentation_says():
    engine = RatingEngine()
    # Game 1: Alice (1) & Bruno (2), both new, beat Carole (3) & Denis (4), both new.
    engine.rate(RatedGame(1, (1, 2), (3, 4), "a"))
    (alice, bruno), (carole, denis) = by_hand([(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2)
    for player, expected in zip((1, 2, 3, 4), (alice, bruno, carole, denis), strict=True):
        assert engine.players[player].mu == pytest.approx(expected[0], abs=1e-9)
        assert engine.players[player].sigma == pytest.approx(expected[1], abs=1e-9)
    # The numbers docs/ratings.md prints: +0.59 for each winner, −0.59 for each loser.
    assert alice[0] == pytest.approx(25.589, abs=0.001)
    assert carole[0] == pytest.approx(24.411, abs=0.001)
    assert alice[1] == pytest.approx(8.3296, abs=0.0001)  # the margin narrows slowly

    # Game 2: Alice changes partner: Alice (1) & Élise (5, new) lose to Carole (3) & Denis (4).
    engine.rate(RatedGame(2, (1, 5), (3, 4), "b"))
    (carole2, denis2), (alice2, elise) = by_hand([carole, denis], [alice, (MU, SIGMA)])
    assert engine.players[1].mu == pytest.approx(alice2[0], abs=1e-9)
    assert engine.players[5].mu == pytest.approx(elise[0], abs=1e-9)
    assert engine.players[3].mu == pytest.approx(carole2[0], abs=1e-9)
    # Alice had already won once: her team was favoured, so the loss costs more than the win
    # earned, and Élise (new) loses as much, the pair's expected strength being shared.
    assert alice[0] - alice2[0] > alice[0] - MU
    assert alice2[0] == pytest.approx(24.992, abs=0.001)
    assert elise[0] == pytest.approx(24.402, abs=0.001)

    # The pairs are entities of their own: Alice & Bruno won their only game as a pair.
    pair = engine.pairs[(1, 2)]
    ((pair_mu, pair_sigma),), _ = by_hand([(MU, SIGMA)], [(MU, SIGMA)])
    assert (pair.mu, pair.sigma) == pytest.approx((pair_mu, pair_sigma), abs=1e-9)
    assert (1, 5) in engine.pairs and (3, 4) in engine.pairs and engine.games[(3, 4)] == 2


def test_the_engine_is_openskill_with_the_documented_parameters():
    model = BradleyTerryFull(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)
    people = {p: model.rating() for p in range(1, 7)}
    engine = RatingEngine()
    games = [((1, 2), (3, 4), "a"), ((1, 5), (3, 6), "b"), ((2, 6), (4, 5), "a")]
    for n, (side_a, side_b, winner) in enumerate(games, start=1):
        engine.rate(RatedGame(n, side_a, side_b, winner))
        teams = [[people[p] for p in side_a], [people[p] for p in side_b]]
        ranks = [0, 1] if winner == "a" else [1, 0]
        for side, after in zip((side_a, side_b), model.rate(teams, ranks=ranks), strict=True):
            people.update(zip(side, after, strict=True))
    for p, rating in people.items():
        assert (engine.players[p].mu, engine.players[p].sigma) == (rating.mu, rating.sigma)


def test_a_game_needs_two_sides_of_different_players():
    with pytest.raises(ValueError, match="each side needs players of its own"):
        RatingEngine().rate(RatedGame(1, (1, 2), (2, 3), "a"))


# --- the update written out (engine.bradley_terry) against openskill itself ---------------------


def test_the_written_out_update_gives_openskills_numbers_on_random_games():
    """Huche rates with its own copy of openskill's two-team update (five times faster): on
    random games (singles and doubles, wins and ties, players new and seasoned, other model
    parameters too) every mu and sigma equals openskill's to 1e-9, game after game."""
    import random

    from tournaments.ratings.engine import SCORES, Skill, bradley_terry

    rng = random.Random(54)
    for beta, tau in ((BETA, TAU), (4.1667, 0.0833), (60.0, 0.5)):
        model = BradleyTerryFull(mu=MU, sigma=SIGMA, beta=beta, tau=tau)
        ours: dict[int, Skill] = {}
        theirs: dict = {}
        for _ in range(3000):
            size = rng.choice((1, 2, 2, 3))
            players = rng.sample(range(40), 2 * size)
            sides = (players[:size], players[size:])
            winner = rng.choice(list(SCORES))
            ranks = {"a": [0.0, 1.0], "b": [1.0, 0.0], None: [0.0, 0.0]}[winner]
            after_theirs = model.rate(
                [[theirs.get(p) or model.rating() for p in side] for side in sides], ranks=ranks
            )
            after_ours = bradley_terry(
                *[[ours.get(p) or Skill() for p in side] for side in sides],
                winner,
                beta=beta,
                tau=tau,
            )
            for side, mine, reference in zip(sides, after_ours, after_theirs, strict=True):
                for player, skill, rating in zip(side, mine, reference, strict=True):
                    assert abs(skill.mu - rating.mu) <= 1e-9
                    assert abs(skill.sigma - rating.sigma) <= 1e-9
                    ours[player], theirs[player] = skill, rating
