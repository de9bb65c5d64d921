"""Swiss round 1 by rating (plain Python: the ratings passed in as data)."""

from __future__ import annotations

import pytest

from tournaments.seating.movement import MovementContext, MovementError, Pairing, get_movement

SWISS = get_movement("swiss")


def seat(teams, ratings, **extra):
    return SWISS.seat(
        MovementContext(round_number=1, teams=teams, seed=5, ratings=ratings, **extra)
    )


def test_the_top_half_meets_the_bottom_half_so_the_best_rated_meet_later():
    # Ratings: team 6 best, then 3, 5, 1, 4, 2.
    ratings = ((1, 50.0), (2, 41.0), (3, 58.0), (4, 47.5), (5, 52.0), (6, 61.0))
    draw = seat((1, 2, 3, 4, 5, 6), ratings)
    assert draw.pairings == (Pairing(1, 6, 1), Pairing(2, 3, 4), Pairing(3, 5, 2))
    assert draw.bye is None


def test_an_odd_count_gives_the_bye_to_the_lowest_rated_team():
    ratings = ((1, 50.0), (2, 41.0), (3, 58.0), (4, 47.5), (5, 52.0))
    draw = seat((1, 2, 3, 4, 5), ratings)
    assert draw.bye == 2
    assert draw.pairings == (Pairing(1, 3, 1), Pairing(2, 5, 4))


def test_equal_ratings_keep_the_seeds_draw_and_an_organizers_order_still_wins():
    teams = (1, 2, 3, 4)
    even = tuple((t, 50.0) for t in teams)
    drawn = SWISS.seat(MovementContext(round_number=1, teams=teams, seed=5))
    order = [t for p in drawn.pairings for t in (p.team_a, p.team_b)]
    assert seat(teams, even).pairings == (
        Pairing(1, order[0], order[2]),
        Pairing(2, order[1], order[3]),
    )
    chosen = seat(teams, even, seeded_order=(4, 3, 2, 1))
    assert chosen.pairings == (Pairing(1, 4, 3), Pairing(2, 2, 1))


def test_every_present_team_needs_a_rating():
    with pytest.raises(MovementError, match="missing 4"):
        seat((1, 2, 3, 4), ((1, 50.0), (2, 41.0), (3, 58.0)))
    with pytest.raises(MovementError, match="rating number"):
        seat((1, 2, 3), ((1, "high"), (2, 41.0), (3, 58.0)))
