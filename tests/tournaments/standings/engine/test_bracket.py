"""The ACC's single-elimination bracket: qualifiers, byes, seeding, best-of matches, forfeits.

The figures are the ACC's own examples (docs/acc.md), not the engine's output."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.standings.engine.bracket import (
    bracket,
    bracket_size,
    byes,
    champion,
    forfeited_games,
    playable,
    podium,
    qualifiers,
    third_place_match,
)
from tournaments.standings.engine.records import PlayoffGame, StandingsError


@pytest.mark.parametrize(
    ("entrants", "qualified", "given_byes"),
    [(40, 10, 6), (108, 27, 5), (121, 31, 1), (124, 31, 1), (16, 4, 0), (9, 3, 1)],
)
def test_one_entrant_in_four_qualifies_rounded_up_and_the_top_seeds_get_the_byes(
    entrants, qualified, given_byes
):
    assert qualifiers(entrants) == qualified
    assert byes(qualified) == given_byes


def test_a_qualifier_of_40_seats_seeds_7_to_10_in_round_1():
    rounds = bracket(list(range(101, 111)))  # team 101 qualified first … 110 tenth
    first = rounds[0]
    played = sorted((m.seed_a, m.seed_b) for m in first if not m.is_bye)
    assert played == [(7, 10), (8, 9)]
    assert sorted(m.seed_a for m in first if m.is_bye) == [1, 2, 3, 4, 5, 6]
    assert len(rounds) == 4  # 16 → 8 → 4 → 2 → the final


def play_out(rounds_of, seeded, pick_winner, wins_needed=2):
    """Play every match as ``pick_winner(match)`` says, game by game, until a champion."""
    games: list[PlayoffGame] = []
    for _ in range(200):
        rounds = rounds_of(seeded, games, wins_needed)
        ready = playable(rounds)
        if not ready:
            return rounds, games
        for match in ready:
            winner = pick_winner(match)
            games.append(PlayoffGame(match.id, match.team_a, match.team_b, winner, 121, 100))
    raise AssertionError("the bracket never ended")


def rounds_of(seeded, games, wins_needed):
    return bracket(seeded, games, wins_needed=wins_needed)


def test_when_the_favourites_win_every_match_adds_up_to_the_bracket_size_plus_one():
    seeded = list(range(1, 28))  # 27 qualifiers (108 entrants): a bracket of 32, 5 byes
    rounds, games = play_out(rounds_of, seeded, lambda m: m.team_a)
    size = 32
    for number, matches in enumerate(rounds, start=1):
        for match in matches:
            if not match.is_bye and match.seed_b is not None:
                assert match.seed_a + match.seed_b == size // 2 ** (number - 1) + 1
    assert champion(rounds) == 1
    assert [m.team_b for m in rounds[-1]] == [2]  # 1 and 2 meet only in the final
    assert {m.seed_b for m in rounds[-2]} == {3, 4}


def test_an_upset_carries_the_lower_seed_forward_best_of_five():
    seeded = list(range(1, 9))
    # seed 8 beats 1, then favourites win: 8 meets the winner of 4 v 5 (seed 4)
    rounds, games = play_out(
        rounds_of,
        seeded,
        lambda m: m.team_b if m.team_a == 1 else m.team_a,
        wins_needed=3,
    )
    assert rounds[1][0].team_a == 4 and rounds[1][0].team_b == 8
    first_match = [g for g in games if g.match == "R1-M1"]
    assert len(first_match) == 3 and all(g.winner == 8 for g in first_match)  # 3 wins of 5
    assert champion(rounds) == 2
    assert third_place_match(rounds) is not None


def test_a_game_in_no_playable_match_is_refused():
    with pytest.raises(StandingsError, match="R2-M1 belong to no match ready"):
        bracket([1, 2, 3, 4], [PlayoffGame("R2-M1", 1, 2, 1)])
    with pytest.raises(StandingsError, match="seeded twice"):
        bracket([1, 2, 2])


def test_an_absent_qualifier_loses_a_game_after_5_minutes_then_one_every_15():
    assert [forfeited_games(m) for m in (0, 4.9, 5, 19.9, 20)] == [0, 0, 1, 1, 2]
    assert forfeited_games(80, wins_needed=3) == 3  # the whole match, no further


@given(st.integers(min_value=2, max_value=130))
def test_round_2_is_always_a_full_bracket_and_every_qualifier_plays_or_rests_once(count):
    seeded = list(range(1000, 1000 + count))
    first = bracket(seeded)[0]
    seen = [t for m in first for t in (m.team_a, m.team_b) if t is not None]
    assert sorted(seen) == seeded
    rests = [m.seed_a for m in first if m.is_bye]
    assert sorted(rests) == list(range(1, byes(count) + 1))  # the top seeds, none else
    round_2 = len(rests) + sum(1 for m in first if not m.is_bye)
    assert round_2 == bracket_size(count) // 2 and round_2 & (round_2 - 1) == 0


def test_podium_from_a_played_out_bracket_of_four():

    # Seeds 1 v 4 and 2 v 3 (single games); 4 and 2 win, then 2 beats 4 in the final.
    games = [
        PlayoffGame("R1-M1", 1, 4, 4, 100, 121),
        PlayoffGame("R1-M2", 2, 3, 2, 121, 80),
        PlayoffGame("R2-M1", 4, 2, 2, 95, 121),
    ]
    assert podium([1, 2, 3, 4], games[:2], wins_needed=1) is None  # no final yet
    assert podium([1, 2, 3, 4], games, wins_needed=1) == [(1, (2,)), (2, (4,)), (3, (1, 3))]
    # With a third-place match: nothing until it is played, then its winner alone.
    assert podium([1, 2, 3, 4], games, wins_needed=1, third_place=True) is None
    third = PlayoffGame("3RD", 1, 3, 3, 110, 121)
    assert podium([1, 2, 3, 4], [*games, third], wins_needed=1, third_place=True) == [
        (1, (2,)),
        (2, (4,)),
        (3, (3,)),
    ]
