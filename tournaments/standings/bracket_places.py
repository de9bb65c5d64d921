"""An event with a bracket (issue 50): its final places and medals are the bracket's, not the
series'. Once the bracket is played out the champion is 1st (gold), the finalist 2nd (silver),
and third place (bronze) goes to the third-place match's winner when the event plays one, else
the two semi-final losers share it. Every other team follows in its series order, ranked from
the next place. Until then no team has a medal: the pages say the bracket decides the podium.

Layer 3, beside ``standings.service``: the bracket's games come with the series' in one query
(``service.load_results``); the seeds are the bracket's playoff group.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tournaments.models import Event, PlayoffGroup, Round
from tournaments.standings.engine import PlayoffGame, StandingRow, Standings, StandingsError
from tournaments.standings.engine.bracket import podium
from tournaments.standings.engine.systems import MEDALS

THIRD_PLACE = "3RD"  # the third-place match's id (``results.bracket_play.THIRD_PLACE``)


def bracket_seeds(event: Event) -> list[int]:
    group = (
        PlayoffGroup.objects.filter(event=event, rounds__kind=Round.Kind.BRACKET)
        .order_by("pk")
        .first()
    )
    return list(group.teams) if group is not None else []


def bracket_places(event: Event, games: Sequence[PlayoffGame]) -> list[tuple[int, tuple[int, ...]]]:
    """The bracket's podium, [] while it is not played out (or not seated)."""
    seeds = bracket_seeds(event)
    if not seeds:
        return []
    try:
        places = podium(
            seeds,
            games,
            wins_needed=event.bracket_best_of // 2 + 1,
            third_place=event.bracket_third_place,
            third_match=THIRD_PLACE,
        )
    except StandingsError:  # games that fit no match (a corrected result): no podium yet
        return []
    return places or []


def with_bracket(standings: Standings, places: list[tuple[int, tuple[int, ...]]]) -> Standings:
    """The standings with the bracket's places on top and no series medal."""
    if not places:
        unranked = tuple(replace(row, medal=None) for row in standings.rows)
        return replace(standings, rows=unranked, medal_ties=())
    by_team = {row.team: row for row in standings.rows}
    rows: list[StandingRow] = []
    for place, teams in places:
        for team in teams:
            if team in by_team:
                rows.append(
                    replace(
                        by_team[team],
                        rank=place,
                        tied=len(teams) > 1,
                        decided_by=None,
                        medal=MEDALS[place - 1],
                    )
                )
    on_podium = {row.team for row in rows}
    start = len(rows)
    previous: tuple[int, int] | None = None
    for row in standings.rows:
        if row.team in on_podium:
            continue
        if previous is not None and row.tied and row.rank == previous[0]:
            rank = previous[1]
        else:
            rank = len(rows) + 1
        previous = (row.rank, rank)
        rows.append(replace(row, rank=max(rank, start + 1), medal=None))
    return replace(standings, rows=tuple(rows), medal_ties=())
