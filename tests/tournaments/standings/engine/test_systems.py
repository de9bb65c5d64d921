"""Scoring systems as configuration: FADOQ, game points, wins, and organizer-chosen chains."""

import pytest

from tournaments.standings.engine import compute_standings
from tournaments.standings.engine.records import GameResult, PlayoffGame, StandingsError
from tournaments.standings.engine.systems import SYSTEMS, StandingsConfig, tiebreak_choices


def game(round_, winner, loser, loser_score, winner_score=121):
    """A 121-point game; the skunk level follows the usual lines (<= 90, <= 60, <= 30)."""
    skunk = sum(loser_score <= line for line in (90, 60, 30))
    return GameResult(round_, winner, loser, winner_score, loser_score, skunk)


# FADOQ series: 6 teams, 8 games each (circle-method round robin, then rounds 1-3 again).
# Each line: winner, loser, loser's score.  Two winners pegged out past 121 (counted 121).
# One line per round, like the score sheet.
# fmt: off
FADOQ_RESULTS = [
    game(1, 1, 6, 100), game(1, 5, 2, 100), game(1, 4, 3, 105),
    game(2, 1, 5, 110), game(2, 6, 4, 110), game(2, 2, 3, 110),
    game(3, 1, 4, 100), game(3, 5, 3, 85), game(3, 2, 6, 110),  # 85 <= 90: 5 skunks 3
    game(4, 1, 3, 110), game(4, 4, 2, 105, winner_score=124), game(4, 6, 5, 100),
    game(5, 1, 2, 100), game(5, 3, 6, 95), game(5, 4, 5, 100),
    game(6, 1, 6, 100), game(6, 2, 5, 95), game(6, 3, 4, 105),
    game(7, 5, 1, 100, winner_score=122), game(7, 6, 4, 100), game(7, 3, 2, 105),
    game(8, 1, 4, 95), game(8, 3, 5, 105), game(8, 2, 6, 105),
]
# fmt: on
# Hand tally (points = 121 a win + the score of each loss):
#   team 1: wins R1-R6, R8 = 7 -> 847 + loss R7 100                  = 947
#   team 2: wins R2 R3 R6 R8 = 4 -> 484 + losses 100+105+100+105     = 894
#   team 3: wins R5 R6 R7 R8 = 4 -> 484 + losses 105+110+85+110      = 894
#   team 4: wins R1 R4 R5 = 3 -> 363 + losses 110+100+105+100+95     = 873
#   team 5: wins R1 R3 R7 = 3 -> 363 + losses 110+100+100+95+105     = 873
#   team 6: wins R2 R4 R7 = 3 -> 363 + losses 100+110+95+100+105     = 873
# Skunks: only R3 (3 scored 85): team 5 inflicted 1, team 3 suffered 1.
# Spread = points for - points against (121 for each loss + opponents' scores in wins):
#   team 2: 894 - (4*121 + 110+110+95+105 = 904) = -10
#   team 3: 894 - (4*121 + 95+105+105+105 = 894) =   0
#   team 4: 873 - (5*121 + 105+105+100 = 915)    = -42
#   team 6: 873 - (5*121 + 110+100+100 = 915)    = -42
# Head-to-head between 4 and 6: 6 won both (R2, R7).
FADOQ = StandingsConfig("fadoq")
TEAMS = range(1, 7)


def summary(standings):
    return [(r.rank, r.team, r.tied, r.decided_by, r.medal) for r in standings.rows]


def test_fadoq_points_and_a_pending_medal_tie_for_second():
    standings = compute_standings(TEAMS, FADOQ_RESULTS, FADOQ)
    points = {r.team: r.metrics["points"] for r in standings.rows}
    assert points == {1: 947, 2: 894, 3: 894, 4: 873, 5: 873, 6: 873}
    # 2 and 3 tie for 2nd: a medal place, so a playoff decides; until then they share rank 2,
    # listed in seeding order (wins 4-4, skunks 0-0, spread 0 > -10: 3 is the higher seed), and
    # neither silver nor bronze is awarded.
    # 4-5-6 tie for 4th: wins 3-3-3 do not split them; 5 has a skunk (1 v 0 v 0); 4 and 6 have
    # the same spread (-42) and 6 beat 4 twice: 5, 6, 4.
    assert summary(standings) == [
        (1, 1, False, None, "gold"),
        (2, 3, True, "points", None),
        (2, 2, True, None, None),
        (4, 5, False, "points", None),
        (5, 6, False, "skunks_inflicted", None),
        (6, 4, False, "head_to_head", None),
    ]
    [tie] = standings.medal_ties
    assert tie.teams == (3, 2) and tie.places == (2, 3)
    assert (tie.next_match.match, tie.next_match.team_a, tie.next_match.team_b) == ("A", 3, 2)
    assert standings.needs_draw == ()


def test_fadoq_rows_carry_every_column():
    standings = compute_standings(TEAMS, FADOQ_RESULTS, FADOQ)
    assert set(standings.columns) == set(SYSTEMS["fadoq"].columns)
    row = {r.team: r.metrics for r in standings.rows}
    assert row[5] == {
        "points": 873,
        "games_played": 8,
        "byes": 0,
        "wins": 3,
        "losses": 5,
        "skunks_inflicted": 1,
        "skunks_suffered": 0,
        "spread": 873 - 890,  # 890 = 605+100+85+100
        "head_to_head": None,  # 5 was separated before head-to-head was needed
        "playoff": None,
        "drawn_lot": None,
    }
    assert (row[6]["head_to_head"], row[4]["head_to_head"]) == (2, 0)  # within {4, 6}
    assert (row[1]["spread"], row[3]["skunks_suffered"]) == (947 - 836, 1)  # 836: 715 + 121


def test_fadoq_playoff_result_orders_the_medal_tie():
    # 2 (the lower seed) wins the best-of-three 2-1.
    playoff = [PlayoffGame("A", 3, 2, 2), PlayoffGame("A", 3, 2, 3), PlayoffGame("A", 2, 3, 2)]
    standings = compute_standings(TEAMS, FADOQ_RESULTS, FADOQ, playoff)
    assert summary(standings) == [
        (1, 1, False, None, "gold"),
        (2, 2, False, "points", "silver"),
        (3, 3, False, "playoff", "bronze"),
        (4, 5, False, "points", None),
        (5, 6, False, "skunks_inflicted", None),
        (6, 4, False, "head_to_head", None),
    ]
    assert standings.medal_ties == ()
    assert [r.metrics["playoff"] for r in standings.rows] == [None, 1, 2, None, None, None]


def test_fadoq_playoff_half_played_still_pending():
    standings = compute_standings(TEAMS, FADOQ_RESULTS, FADOQ, [PlayoffGame("A", 3, 2, 3)])
    assert [r.medal for r in standings.rows] == ["gold", None, None, None, None, None]
    state = standings.medal_ties[0].next_match.state
    assert (state.wins_a, state.wins_b) == (1, 0)


def test_playoff_game_for_teams_not_tied_for_a_medal_is_refused():
    with pytest.raises(StandingsError, match=r"not tied together for a medal place.*\[2, 3\]"):
        compute_standings(TEAMS, FADOQ_RESULTS, FADOQ, [PlayoffGame("A", 5, 6, 5)])


def test_organizer_chain_with_head_to_head_first_reorders_the_tie_for_fourth():
    config = StandingsConfig("fadoq", tiebreaks=("head_to_head", "wins", "skunks_inflicted"))
    standings = compute_standings(TEAMS, FADOQ_RESULTS, config)
    # Head-to-head within {4, 5, 6}: 4 beat 5 (R5) = 1; 5 beat neither = 0;
    # 6 beat 4 (R2, R7) and 5 (R4) = 3.  So 6, 4, 5.
    assert summary(standings)[3:] == [
        (4, 6, False, "points", None),
        (5, 4, False, "head_to_head", None),
        (6, 5, False, "head_to_head", None),
    ]
    assert [r.metrics["head_to_head"] for r in standings.rows[3:]] == [3, 1, 0]


# Four teams, three rounds, for the game points and wins systems.
#   R1: 1 beats 2 121-88 (skunk)          3 beats 4 121-95
#   R2: 1 beats 3 121-119                 2 beats 4 121-58 (double skunk)
#   R3: 3 beats 2 121-100                 4 beats 1 121-70 (skunk)
# fmt: off
SMALL = [
    game(1, 1, 2, 88), game(1, 3, 4, 95),
    game(2, 1, 3, 119), game(2, 2, 4, 58),
    game(3, 3, 2, 100), game(3, 4, 1, 70),
]
# fmt: on
# wins: 1: 2, 2: 1, 3: 2, 4: 1
# game points: 1: 3 + 2 = 5; 2: 3 (double skunk, 4 with the bonus); 3: 2 + 2 = 4; 4: 3
# spread: 1: (121-88) + (121-119) + (70-121) = 33 + 2 - 51 = -16
#         2: (88-121) + (121-58) + (100-121) = -33 + 63 - 21 = 9
#         3: (121-95) + (119-121) + (121-100) = 26 - 2 + 21 = 45
#         4: (95-121) + (58-121) + (121-70) = -26 - 63 + 51 = -38


def test_game_points_system():
    standings = compute_standings(range(1, 5), SMALL, StandingsConfig("game_points"))
    # 1 (5), 3 (4), then 2 and 4 on 3 each with 1 win each: spread 9 > -38.
    assert summary(standings) == [
        (1, 1, False, None, "gold"),
        (2, 3, False, "game_points", "silver"),
        (3, 2, False, "game_points", "bronze"),
        (4, 4, False, "spread", None),
    ]


def test_game_points_double_skunk_bonus_ties_2_with_3_and_wins_decide():
    config = StandingsConfig("game_points", double_skunk_bonus=True)
    standings = compute_standings(range(1, 5), SMALL, config)
    # 2 now has 4 game points like 3; 3 has 2 wins to 1.
    assert [(r.team, r.metrics["game_points"], r.decided_by) for r in standings.rows] == [
        (1, 5, None),
        (3, 4, "game_points"),
        (2, 4, "wins"),
        (4, 3, "game_points"),
    ]


def test_wins_system_ranks_by_wins_then_spread():
    standings = compute_standings(range(1, 5), SMALL, StandingsConfig("wins"))
    # 2 wins: 3 (+45) before 1 (-16); 1 win: 2 (+9) before 4 (-38).
    assert summary(standings) == [
        (1, 3, False, None, "gold"),
        (2, 1, False, "spread", "silver"),
        (3, 2, False, "wins", "bronze"),
        (4, 4, False, "spread", None),
    ]
    assert "game_points" not in standings.columns and "skunks_suffered" in standings.columns


def test_reordered_game_points_chain_changes_the_order():
    # The organizer keeps only skunks suffered as a tiebreak (the draw is appended).
    config = StandingsConfig("game_points", tiebreaks=("skunks_suffered",))
    standings = compute_standings(range(1, 5), SMALL, config)
    # 2 and 4 on 3 game points; skunks suffered (fewer is better): 2 suffered R1's skunk (1),
    # 4 suffered R2's double skunk (1): still tied, and the chain has no spread: only the draw
    # can separate them, and none is recorded.
    assert standings.order == (1, 3, 2, 4)
    assert [(r.rank, r.tied, r.medal) for r in standings.rows[2:]] == [(3, True, None)] * 2
    assert standings.needs_draw == ((2, 4),)
    with_lots = StandingsConfig(
        "game_points", tiebreaks=("skunks_suffered",), drawn_lots={4: 1, 2: 2}
    )
    standings = compute_standings(range(1, 5), SMALL, with_lots)
    assert summary(standings)[2:] == [
        (3, 4, False, "game_points", "bronze"),
        (4, 2, False, "drawn_lot", None),
    ]


def test_unknown_tiebreak_is_refused_naming_it_and_the_allowed_keys():
    with pytest.raises(StandingsError) as caught:
        StandingsConfig("fadoq", tiebreaks=("wins", "buchholz"))
    message = str(caught.value)
    assert "tiebreak 2 ('buchholz')" in message and "unknown metric 'buchholz'" in message
    assert "allowed tiebreaks: wins, losses, game_points" in message


@pytest.mark.parametrize(
    ("settings", "complaint"),
    [
        ({"system": "elo"}, "unknown scoring system 'elo'; allowed: fadoq, game_points, wins"),
        ({"tiebreaks": ("points",)}, "'points' is the primary metric of fadoq"),
        ({"tiebreaks": ("playoff",)}, "the playoff is applied by the system"),
        ({"tiebreaks": ("wins", "wins")}, "'wins' appears twice"),
        ({"tiebreaks": ("drawn_lot", "wins")}, "must come last"),
        ({"bye_points": -5}, "bye_points -5 is not allowed; allowed: 'average' or a whole"),
        ({"bye_points": "median"}, "bye_points 'median' is not allowed"),
        ({"drawn_lots": {1: 1, 2: 1}}, "lot 1 is recorded for both team 1 and team 2"),
        ({"target": 0}, "target must be a positive whole number"),
    ],
)
def test_bad_settings_are_refused(settings, complaint):
    with pytest.raises(StandingsError, match=complaint.replace("(", r"\(").replace(")", r"\)")):
        StandingsConfig(**({"system": "fadoq"} | settings))


def test_the_draw_is_always_last():
    assert StandingsConfig("fadoq").chain == (
        "wins",
        "skunks_inflicted",
        "spread",
        "head_to_head",
        "drawn_lot",
    )
    assert StandingsConfig("game_points").chain == ("wins", "spread", "drawn_lot")
    assert StandingsConfig("wins", tiebreaks=("losses",)).chain == ("losses", "drawn_lot")
    assert StandingsConfig("wins", tiebreaks=()).chain == ("drawn_lot",)
    assert StandingsConfig("wins", tiebreaks=("spread", "drawn_lot")).chain[-1] == "drawn_lot"


def test_systems_list_for_a_settings_form():
    assert {k: (s.label, s.primary) for k, s in SYSTEMS.items()} == {
        "fadoq": ("FADOQ: accumulated points", "points"),
        "game_points": ("Game points (win 2, skunk 3)", "game_points"),
        "wins": ("Wins, then point spread", "wins"),
    }
    assert "points" not in tiebreak_choices("fadoq") and "playoff" not in tiebreak_choices("wins")
    assert "points" in tiebreak_choices("wins")
