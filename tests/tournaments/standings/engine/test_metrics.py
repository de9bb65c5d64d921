"""Each registered metric on a small set of games computed by hand."""

import ast
import pathlib

import pytest

from tournaments.standings.engine import metrics
from tournaments.standings.engine.metrics import METRICS, MetricContext, get_metric, register_metric
from tournaments.standings.engine.records import GameResult, StandingsError, index_results
from tournaments.standings.engine.systems import SYSTEMS

# Three teams, one game a round, the third team has a bye.
#   R1: 1 beats 2 121-85 (skunk: 85 <= 90)                    3 bye
#   R2: 3 beats 1 121-104                                     2 bye
#   R3: 2 beats 3 125-58 (double skunk: 58 <= 60; 125 counts 121)   1 bye
#   R4: 1 beats 3 121-100                                     2 bye
RESULTS = [
    GameResult(1, 1, 2, 121, 85, skunk=1),
    GameResult(1, 3, None, 0, 0),
    GameResult(2, 1, 3, 104, 121),
    GameResult(2, 2, None, 0, 0),
    GameResult(3, 3, 2, 58, 125, skunk=2),
    GameResult(3, 1, None, 0, 0),
    GameResult(4, 1, 3, 121, 100),
    GameResult(4, 2, None, 0, 0),
]


def context(results=RESULTS, teams=(1, 2, 3), **settings):
    return MetricContext(games=index_results(teams, results, 121), **settings)


def values(key, ctx=None, group=None):
    ctx = ctx or context()
    return {team: get_metric(key).value(team, ctx, group) for team in ctx.games}


def test_points_count_the_winner_as_121_and_a_bye_as_the_rounded_average():
    # Team 1 played 121 + 104 + 121 = 346 in 3 games: average 115.33 -> 115 for its bye.
    # Team 2 played 85 + 121 (125 capped) = 206 in 2 games: average 103 for each of 2 byes.
    # Team 3 played 121 + 58 + 100 = 279 in 3 games: average 93 for its bye.
    assert values("points") == {1: 346 + 115, 2: 206 + 2 * 103, 3: 279 + 93}


def test_wins_losses_games_played_and_byes():
    assert values("wins") == {1: 2, 2: 1, 3: 1}
    assert values("losses") == {1: 1, 2: 1, 3: 2}
    assert values("games_played") == {1: 3, 2: 2, 3: 3}
    assert values("byes") == {1: 1, 2: 2, 3: 1}


def test_game_points_with_and_without_the_double_skunk_bonus():
    # 1: skunk win 3 + plain win 2 = 5;  2: double-skunk win 3 (4 with the bonus);  3: win 2.
    assert values("game_points") == {1: 5, 2: 3, 3: 2}
    assert values("game_points", context(double_skunk_bonus=True)) == {1: 5, 2: 4, 3: 2}


def test_a_bye_counts_as_a_win_only_when_the_option_is_on():
    ctx = context(bye_counts_as_win=True)
    # Each bye adds a win and 2 game points: 1 has 1 bye, 2 has 2, 3 has 1.
    assert values("wins", ctx) == {1: 3, 2: 3, 3: 2}
    assert values("game_points", ctx) == {1: 7, 2: 7, 3: 4}
    assert values("games_played", ctx) == {1: 3, 2: 2, 3: 3}  # a bye is still no game


def test_skunks_inflicted_and_suffered_count_games_whatever_the_level():
    # R1 1 skunks 2; R3 2 double-skunks 3 (one skunk game each).
    assert values("skunks_inflicted") == {1: 1, 2: 1, 3: 0}
    assert values("skunks_suffered") == {1: 0, 2: 1, 3: 1}


def test_spread_uses_counted_scores_and_leaves_byes_out():
    # 1: (121-85) + (104-121) + (121-100) = 36 - 17 + 21 = 40
    # 2: (85-121) + (121-58) = -36 + 63 = 27         (125 counts as 121)
    # 3: (121-104) + (58-121) + (100-121) = 17 - 63 - 21 = -67
    assert values("spread") == {1: 40, 2: 27, 3: -67}


def test_head_to_head_counts_wins_within_the_group_only():
    # 2 beats 3 once; 3 beats 1 twice; 1 beats 2 once (one game a round, nobody else plays).
    results = [
        GameResult(1, 2, 3, 121, 110),
        GameResult(2, 3, 1, 121, 100),
        GameResult(3, 3, 1, 121, 99),
        GameResult(4, 1, 2, 121, 105),
    ]
    ctx = context(results)
    # Among all three: 1 beat 2 once, 2 beat 3 once, 3 beat 1 twice.
    assert values("head_to_head", ctx, frozenset({1, 2, 3})) == {1: 1, 2: 1, 3: 2}
    # Between 2 and 3 only, 3's wins over 1 do not count: 2 is ahead.
    found = {t: get_metric("head_to_head").value(t, ctx, frozenset({2, 3})) for t in (2, 3)}
    assert found == {2: 1, 3: 0}
    with pytest.raises(StandingsError, match="computed within a group"):
        get_metric("head_to_head").value(2, ctx)


def test_drawn_lot_and_playoff_are_none_until_recorded():
    ctx = context(drawn_lots={1: 2, 3: 1}, playoff_positions={2: 1, 3: 2})
    assert values("drawn_lot", ctx) == {1: 2, 2: None, 3: 1}
    assert values("playoff", ctx) == {1: None, 2: 1, 3: 2}


BYE_RESULTS = [
    # R1: 1 beats 2 121-90, 3 bye.  R2: 2 beats 3 121-80, 1 bye.  R3: 3 beats 1 121-96, 2 bye.
    GameResult(1, 1, 2, 121, 90, skunk=1),
    GameResult(1, 3, None, 0, 0),
    GameResult(2, 2, 3, 121, 80, skunk=1),
    GameResult(2, 1, None, 0, 0),
    GameResult(3, 3, 1, 121, 96),
    GameResult(3, 2, None, 0, 0),
]


def test_average_bye_rounds_halves_up():
    # 1: 121 + 96 = 217 / 2 = 108.5 -> 109 (not 108: halves go up)  -> 217 + 109 = 326
    # 2: 90 + 121 = 211 / 2 = 105.5 -> 106                         -> 211 + 106 = 317
    # 3: 80 + 121 = 201 / 2 = 100.5 -> 101 (not 100)               -> 201 + 101 = 302
    assert values("points", context(BYE_RESULTS)) == {1: 326, 2: 317, 3: 302}


def test_fixed_bye_value():
    # Each bye worth 100: 217 + 100, 211 + 100, 201 + 100.
    assert values("points", context(BYE_RESULTS, bye_points=100)) == {1: 317, 2: 311, 3: 301}


def test_a_bye_before_any_game_is_worth_zero_on_average():
    ctx = context([GameResult(1, 4, None, 0, 0)], teams=(4,))
    assert values("points", ctx) == {4: 0}


def test_registering_a_metric_makes_it_available_by_key():
    @register_metric("double_skunks", "Double skunks", higher_is_better=True)
    def double_skunks(team, ctx):
        """Games won by a double skunk or worse."""
        return sum(1 for g in ctx.played(team) if g.skunk_inflicted >= 2)

    try:
        assert values("double_skunks") == {1: 0, 2: 1, 3: 0}  # only R3 was a double skunk
        assert METRICS["double_skunks"].label == "Double skunks"
        with pytest.raises(StandingsError, match="'double_skunks' is already registered"):
            register_metric("double_skunks", "Again", higher_is_better=True)(double_skunks)
    finally:
        del METRICS["double_skunks"]


def test_unknown_metric_names_the_key_and_lists_the_allowed_ones():
    with pytest.raises(StandingsError, match=r"unknown metric 'buchholz'; allowed: .*wins"):
        get_metric("buchholz")


def test_every_system_key_is_a_registered_metric_with_a_label():
    for system in SYSTEMS.values():
        for key in (system.primary, *system.tiebreaks, *system.columns):
            assert METRICS[key].label


def test_standings_package_does_not_import_django():
    package = pathlib.Path(metrics.__file__).parent
    for source in package.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] == "django" for n in names), source.name
