"""A medal tie's playoff said in words, for the hall: the format, who plays whom, what each
result means for the places, and how each match stands ("Les Quinze-Deux lead 1–0").

Said before the first playoff game (the dashboard, the public standings and the projector all
show it), so that nobody has to work out a stepladder or a round robin unaided. Every format
(stepladder or round robin, best of three or a single game) has its own sentences: French
agreement does not survive pieces glued together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.standings.engine import (
    ROUND_ROBIN,
    MedalTie,
    PlannedMatch,
    last_match_outcomes,
    robin_lines,
)
from tournaments.standings.service import EventStandings
from tournaments.words import say


def place_name(place: int) -> str:
    """1st place (gold), 2nd place (silver), 3rd place (bronze), 4th place…"""
    named = {
        1: _("1st place (gold)"),
        2: _("2nd place (silver)"),
        3: _("3rd place (bronze)"),
    }
    return named.get(place) or _("%(n)sth place") % {"n": place}


@dataclass(frozen=True)
class MatchWords:
    step: int  # 1 for the first match played
    teams: str  # "Les As against Les Valets", or against "the winner of match 1"
    stakes: str  # what each result means for the places
    score: str  # how the match stands, in words


@dataclass(frozen=True)
class TieWords:
    headline: str  # who is level, for which places
    summary: str  # how they play it off, what it means for the seeds
    matches: tuple[MatchWords, ...]
    table: str = ""  # round robin: matches won so far, once one is decided


def explain_tie(tie: MedalTie, names: Mapping[int, str]) -> TieWords:
    teams = [names[t] for t in tie.teams]
    robin = tie.format.kind == ROUND_ROBIN and len(teams) > 2
    steps = {m.match: i for i, m in enumerate(tie.matches, 1)}
    if robin:
        outcomes = last_match_outcomes(tie.matches, tie.teams)
        matches = tuple(_robin_match(steps, m, tie, names, outcomes) for m in tie.matches)
        return TieWords(
            _headline(tie, teams), _rules(tie, teams), matches, _robin_table(tie, names)
        )
    count = len(tie.matches)
    return TieWords(
        _headline(tie, teams),
        _rules(tie, teams),
        tuple(_ladder_match(i, m, count, tie, names) for i, m in enumerate(tie.matches, 1)),
    )


def _headline(tie: MedalTie, teams: Sequence[str]) -> str:
    first, last = tie.places
    if len(teams) == 2:
        return _("%(a)s and %(b)s are level on points for %(first)s and %(last)s.") % {
            "a": teams[0],
            "b": teams[1],
            "first": place_name(first),
            "last": place_name(last),
        }
    return _("%(teams)s are level on points for places %(first)s to %(last)s.") % {
        "teams": ", ".join(teams),
        "first": first,
        "last": last,
    }


def _rules(tie: MedalTie, teams: Sequence[str]) -> str:
    """How the playoff is played and what it means for the seeds, in the tie's format."""
    first, last = tie.places
    single = tie.format.best_of == 1
    top = {"top": place_name(first)}
    if len(teams) == 2:
        if single:
            return _("They play a single game: its winner takes %(top)s.") % top
        return (
            _(
                "They play a best of three: the first team to win 2 games wins the match and "
                "takes %(top)s."
            )
            % top
        )
    if tie.format.kind == ROUND_ROBIN:
        if single:
            rules = _(
                "They play a round robin of single games: each team plays each of the others "
                "once. The most games won takes %(top)s, and so on down; teams still level are "
                "split by the game between them, then by the points spread in the playoff, "
                "then by the order above (the tiebreaks)."
            )
        else:
            rules = _(
                "They play a round robin of best-of-three matches (the first team to win 2 "
                "games wins a match): each team plays each of the others once. The most "
                "matches won takes %(top)s, and so on down; teams still level are split by the "
                "match between them, then by the games won, then by the points spread in the "
                "playoff, then by the order above (the tiebreaks)."
            )
        seeds = _(
            "No place is given in advance: each team can finish anywhere from %(top)s to "
            "%(bottom)s."
        ) % (top | {"bottom": place_name(last)})
        return f"{rules % top} {seeds}"
    if single:
        rules = _(
            "Seeded in that order by the tiebreaks, they play a ladder of single games: the two "
            "lowest seeds start, each winner goes on to play the next seed up, each loser takes "
            "the lowest place left."
        )
    else:
        rules = _(
            "Seeded in that order by the tiebreaks, they play a ladder of best-of-three matches "
            "(the first team to win 2 games wins a match): the two lowest seeds start, each "
            "winner goes on to play the next seed up, each loser takes the lowest place left."
        )
    seeds = _(
        "%(top)s, the top seed, plays only the last step and finishes no lower than "
        "%(second)s; %(bottom)s must win every step to take %(first_place)s."
    ) % {
        "top": teams[0],
        "second": place_name(first + 1),
        "bottom": teams[-1],
        "first_place": place_name(first),
    }
    return f"{rules} {seeds}"


def _ladder_match(
    step: int, match: PlannedMatch, count: int, tie: MedalTie, names: Mapping[int, str]
) -> MatchWords:
    first, last = tie.places
    a = names[match.team_a]
    b = (
        names[match.team_b]
        if match.team_b is not None
        else (_("the winner of match %(n)s") % {"n": step - 1})
    )
    if step == count:
        stakes = _("The winner takes %(win)s, the loser %(lose)s.") % {
            "win": place_name(first),
            "lose": place_name(first + 1),
        }
    else:
        stakes = _("The loser takes %(lose)s; the winner plays match %(next)s.") % {
            "lose": place_name(last - step + 1),
            "next": step + 1,
        }
    return MatchWords(
        step, _("%(a)s against %(b)s") % {"a": a, "b": b}, stakes, _score(match, names, {})
    )


def _robin_match(
    steps: Mapping[str, int],
    match: PlannedMatch,
    tie: MedalTie,
    names: Mapping[int, str],
    outcomes: Mapping[int, tuple[int, ...] | None] | None,
) -> MatchWords:
    assert match.team_b is not None, "both teams of a round-robin match are known"
    a, b = names[match.team_a], names[match.team_b]
    if outcomes is not None and match.status != "decided":
        stakes = " ".join(
            _outcome(names[team], order, tie, names)
            for team, order in (
                (match.team_a, outcomes[match.team_a]),
                (match.team_b, outcomes[match.team_b]),
            )
        )
    elif match.status == "decided":
        stakes = ""
    elif tie.format.best_of == 1:
        stakes = _("Its winner counts one game won.")
    else:
        stakes = _("Its winner counts one match won.")
    return MatchWords(
        steps[match.match],
        _("%(a)s against %(b)s") % {"a": a, "b": b},
        stakes,
        _score(match, names, steps),
    )


def _outcome(
    team: str, order: tuple[int, ...] | None, tie: MedalTie, names: Mapping[int, str]
) -> str:
    if order is None:
        if tie.format.best_of == 1:
            return _("If %(team)s wins, the points spread decides the places.") % {"team": team}
        return _("If %(team)s wins, the games won and the points decide the places.") % {
            "team": team
        }
    places = ", ".join(
        _("%(team)s in %(place)s") % {"team": names[t], "place": place_name(p)}
        for p, t in enumerate(order, start=tie.places[0])
    )
    return _("If %(team)s wins: %(places)s.") % {"team": team, "places": places}


def _robin_table(tie: MedalTie, names: Mapping[int, str]) -> str:
    if not any(m.status == "decided" for m in tie.matches):
        return ""
    lines = robin_lines(tie.matches, tie.teams)
    ranked = sorted(lines.values(), key=lambda line: (-line.matches_won, line.seed))
    counts = ", ".join(f"{names[line.team]} {line.matches_won}" for line in ranked)
    if tie.format.best_of == 1:
        return _("Games won so far: %(counts)s.") % {"counts": counts}
    return _("Matches won so far: %(counts)s.") % {"counts": counts}


def _score(match: PlannedMatch, names: Mapping[int, str], steps: Mapping[str, int]) -> str:
    state = match.state
    if state is None:
        return _("Waits for the winner of the match before.")
    single = state.wins_needed == 1
    if state.winner is not None:
        if single:
            return _("%(team)s won.") % {"team": names[state.winner]}
        wins = sorted((state.wins_a, state.wins_b), reverse=True)
        return _("%(team)s won the match %(score)s.") % {
            "team": names[state.winner],
            "score": f"{wins[0]}–{wins[1]}",
        }
    if match.waits_for is not None:
        return _("Played once match %(n)s is over.") % {"n": steps[match.waits_for]}
    if not state.games:
        return _("Not played yet.") if single else _("Not started: game 1 to play.")
    wins = sorted((state.wins_a, state.wins_b), reverse=True)
    score = f"{wins[0]}–{wins[1]}"
    if state.wins_a == state.wins_b:
        return _("Level %(score)s: the next game decides.") % {"score": score}
    leader = match.team_a if state.wins_a > state.wins_b else state.team_b
    return say(_("%(team)s lead %(score)s."), {"team": names[leader], "score": score})


def ties_in_words(standings: EventStandings) -> list[TieWords]:
    """Every medal tie of the standings, explained (empty while the series is not over)."""
    names = {pk: team.name for pk, team in standings.teams.items()}
    return [explain_tie(tie, names) for tie in standings.standings.medal_ties]


@dataclass(frozen=True)
class SettledWords:
    """A medal tie after its playoff: who was level, who won which match, the final order."""

    headline: str
    matches: tuple[MatchWords, ...]
    order: str  # "1st place (gold): Les As; 2nd place (silver): …"
    teams: frozenset[int]


def explain_settled(tie: MedalTie, order: Sequence[int], names: Mapping[int, str]) -> SettledWords:
    """``order``: the tied teams as the playoff placed them, best first."""
    teams = [names[t] for t in tie.teams]
    first, last = tie.places
    if len(teams) == 2:
        headline = _(
            "%(a)s and %(b)s were level on points for %(first)s and %(last)s: the playoff "
            "settled it."
        ) % {"a": teams[0], "b": teams[1], "first": place_name(first), "last": place_name(last)}
    else:
        headline = _(
            "%(teams)s were level on points for places %(first)s to %(last)s: the playoff "
            "settled it."
        ) % {"teams": ", ".join(teams), "first": first, "last": last}
    steps = {m.match: i for i, m in enumerate(tie.matches, 1)}
    matches = tuple(
        MatchWords(
            steps[m.match],
            _("%(a)s against %(b)s") % {"a": names[m.team_a], "b": names[m.team_b]},
            "",
            _score(m, names, steps),
        )
        for m in tie.matches
        if m.team_b is not None and m.state is not None and m.state.games
    )
    places = ", ".join(
        _("%(place)s: %(team)s") % {"place": place_name(p), "team": names[t]}
        for p, t in enumerate(order, start=first)
    )
    return SettledWords(
        headline, matches, _("Final order: %(places)s.") % {"places": places}, frozenset(tie.teams)
    )


def settled_in_words(standings: EventStandings) -> list[SettledWords]:
    """Every medal tie the playoff has settled, told after the fact (empty before)."""
    names = {pk: team.name for pk, team in standings.teams.items()}
    ranked = standings.standings.order
    return [
        explain_settled(tie, [t for t in ranked if t in tie.teams], names)
        for tie in standings.standings.settled_ties
    ]
