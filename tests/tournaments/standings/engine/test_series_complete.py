"""A medal playoff only once the series is complete, and only between teams still in."""

from tournaments.standings.engine import GameResult, StandingsConfig, compute_standings

FADOQ = StandingsConfig("fadoq")


def round_one():
    # Four teams, two games: 1 and 3 win 121-100, so 1 and 3 are tied on 121 points for 1st,
    # 2 and 4 on 100 for 3rd.
    return [GameResult(1, 1, 2, 121, 100, 0), GameResult(1, 3, 4, 121, 100, 0)]


def test_a_tie_after_round_one_of_a_longer_series_is_provisional_with_no_playoff():
    standings = compute_standings([1, 2, 3, 4], round_one(), FADOQ, series_complete=False)
    assert standings.provisional
    assert standings.medal_ties == ()
    assert all(row.medal is None for row in standings.rows)  # no medal before the end
    # Ties are ordered by the chain meanwhile (wins, skunks, spread, head to head, lot): still
    # tied after all of it (no lot drawn), they share the rank.
    assert [row.rank for row in standings.rows] == [1, 1, 3, 3]


def test_the_same_tie_once_the_series_is_complete_goes_to_a_playoff():
    standings = compute_standings([1, 2, 3, 4], round_one(), FADOQ, series_complete=True)
    assert not standings.provisional
    assert [(tie.teams, tie.places) for tie in standings.medal_ties] == [
        ((1, 3), (1, 2)),
        ((2, 4), (3, 4)),
    ]


def test_a_withdrawn_team_does_not_play_off_and_goes_below_the_teams_still_in():
    results = [*round_one(), GameResult(1, 5, 6, 121, 100, 0)]  # 1, 3, 5 tied on 121
    standings = compute_standings([1, 2, 3, 4, 5, 6], results, FADOQ, withdrawn=[3])
    (gold_tie, *others) = standings.medal_ties
    assert gold_tie.teams == (1, 5) and gold_tie.places == (1, 2)
    assert all(3 not in tie.teams for tie in standings.medal_ties)
    assert standings.row(3).rank == 3  # below the two teams still in, on the same points
    assert standings.row(3).metrics["points"] == 121


def test_a_tie_of_one_team_still_in_and_one_withdrawn_needs_no_playoff():
    standings = compute_standings([1, 2, 3, 4], round_one(), FADOQ, withdrawn=[3])
    assert standings.medal_ties[0].teams == (2, 4)  # 2 and 4 still tie for bronze
    assert len(standings.medal_ties) == 1
    assert standings.order[:2] == (1, 3)
    assert (standings.row(1).rank, standings.row(1).tied, standings.row(1).medal) == (
        1,
        False,
        "gold",
    )
    assert (standings.row(3).rank, standings.row(3).tied) == (2, False)


def test_playoff_games_of_a_series_made_longer_afterwards_are_set_aside():
    from tournaments.standings.engine import PlayoffGame

    games = [PlayoffGame("A", 1, 3, 1), PlayoffGame("A", 1, 3, 1)]
    done = compute_standings([1, 2, 3, 4], round_one(), FADOQ, games)
    assert done.row(1).medal == "gold" and done.row(3).medal == "silver"
    reopened = compute_standings([1, 2, 3, 4], round_one(), FADOQ, games, series_complete=False)
    assert reopened.provisional and reopened.medal_ties == ()
