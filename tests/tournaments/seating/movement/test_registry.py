"""The movement registry, the checks on every request, and the reproducible round 1."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.tournaments.seating.movement import assert_everyone_once, context
from tournaments.seating.movement import (
    DEFAULT_MOVEMENT,
    MOVEMENTS,
    Movement,
    MovementContext,
    MovementError,
    PlayedGame,
    get_movement,
)

ROOT = Path(__file__).resolve().parents[4]


def test_registry_holds_the_four_strategies_by_slug():
    assert set(MOVEMENTS) == {"winners_stay", "swiss", "round_robin", "random_draw"}
    for name, movement in MOVEMENTS.items():
        assert isinstance(movement, Movement)
        assert movement.name == name
        assert isinstance(movement.label, str) and movement.label.strip()
        assert get_movement(name) is movement
    assert DEFAULT_MOVEMENT == "winners_stay"  # the FADOQ default


def test_unknown_movement_lists_the_allowed_names():
    with pytest.raises(MovementError) as error:
        get_movement("mitchell")
    message = str(error.value)
    assert message.startswith("unknown movement 'mitchell': allowed are ")
    assert all(name in message for name in ("winners_stay", "swiss", "round_robin"))


def test_package_does_not_import_django():
    code = (
        "import sys, tournaments.seating.movement; "
        "sys.exit(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def game(r, table, a, b, winner):
    return PlayedGame(r, table, a, b, winner)


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (
            dict(round_number=1, teams=(1, 2)),
            "an event needs at least 3 teams to start: 2 are registered",
        ),
        (
            dict(round_number=0, teams=(1, 2, 3)),
            "round_number must be an integer of 1 or more: got 0",
        ),
        (dict(round_number=1, teams=(1, 2, 2)), "team 2 is listed twice in teams"),
        (
            dict(round_number=1, teams=(1, 2, "3")),
            r"team ids must be integers: got '3' \(str\) in teams",
        ),
        (
            dict(round_number=2, teams=(1,), history=(game(1, 1, 1, 2, 1),)),
            "round 2 needs at least 2 present teams to seat a game: 1 present",
        ),
        (
            dict(round_number=2, teams=(1, 2, 3), history=(game(1, 1, 1, 2, None),)),
            "round 1, table 1: game 1 v 2 has no winner; every game of the earlier rounds must "
            "be decided before seating round 2",
        ),
        (
            dict(round_number=2, teams=(1, 2, 3), history=(game(1, 1, 1, 2, 5),)),
            r"winner 5 did not play in this game \(allowed: 1 or 2\)",
        ),
        (
            dict(round_number=2, teams=(1, 2, 3), history=(game(2, 1, 1, 2, 1),)),
            "round 2, table 1: game 1 v 2 is not an earlier round: seating round 2 accepts "
            "history of rounds 1 to 1",
        ),
        (
            dict(round_number=3, teams=(1, 2, 3), history=(game(2, 1, 1, 2, 1),)),
            "history has no games for round 1; seating round 3 needs the games of every",
        ),
        (
            dict(
                round_number=2, teams=(1, 2, 3), history=(game(1, 1, 1, 2, 1), game(1, 2, 1, 3, 3))
            ),
            "round 1: team 1 appears twice",
        ),
        (
            dict(
                round_number=2,
                teams=(1, 2, 3, 4),
                history=(game(1, 1, 1, 2, 1), game(1, 1, 3, 4, 3)),
            ),
            r"round 1: table 1 holds two games \(1 v 2 and 3 v 4\)",
        ),
        (
            dict(round_number=2, teams=(1, 2, 3), history=(game(1, 1, 2, 2, 2),)),
            "team 2 cannot play itself",
        ),
    ],
)
def test_bad_requests_are_refused_with_what_and_where(request_, message):
    with pytest.raises(MovementError, match=message):
        MovementContext(seed=1, **request_)


@pytest.mark.parametrize("name", sorted(MOVEMENTS))
def test_bad_seeded_order_is_refused(name):
    ctx = context(1, [1, 2, 3, 4], seeded_order=(1, 2, 2, 9))
    with pytest.raises(MovementError) as error:
        get_movement(name).seat(ctx)
    assert str(error.value) == (
        "seeded_order must list every present team exactly once: missing 3, 4; "
        "not present this round 9; listed twice 2"
    )


@pytest.mark.parametrize("name", sorted(MOVEMENTS))
def test_round_one_is_reproducible_from_the_seed(name):
    movement = get_movement(name)
    teams = list(range(101, 121))
    first = movement.seat(context(1, teams, seed=2024))
    assert_everyone_once(first, teams)
    assert movement.seat(context(1, teams, seed=2024)) == first
    # 20 teams can be drawn in about 6.5e14 ways: ten seeds give ten different draws.
    draws = {movement.seat(context(1, teams, seed=s)) for s in range(10)}
    assert len(draws) == 10


@pytest.mark.parametrize("name", ["winners_stay", "swiss"])
def test_seeded_order_pairs_one_two_three_four(name):
    draw = get_movement(name).seat(context(1, [5, 6, 7, 8, 9], seeded_order=(9, 7, 5, 8, 6)))
    assert [(p.table, p.team_a, p.team_b) for p in draw.pairings] == [(1, 9, 7), (2, 5, 8)]
    assert draw.bye == 6
