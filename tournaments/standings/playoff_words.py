"""A medal tie's playoff said in words, for the hall: who plays whom, what each result means
for the places, and how each match stands ("Les Quinze-Deux lead 1–0").

Said before the first playoff game (the dashboard, the public standings and the projector all
show it), so that nobody has to work out a stepladder unaided: the top seed waits at the top
of the ladder, the lowest seeds start at its foot, each loser takes the lowest place left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.standings.engine import MedalTie
from tournaments.standings.engine.playoffs import WINS_NEEDED, PlannedMatch
from tournaments.standings.service import EventStandings


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
    teams: str  # "Les As v Les Valets", or v "the winner of match 1"
    stakes: str  # what each result means for the places
    score: str  # how the match stands, in words


@dataclass(frozen=True)
class TieWords:
    summary: str
    matches: tuple[MatchWords, ...]


def explain_tie(tie: MedalTie, names: Mapping[int, str]) -> TieWords:
    first, last = tie.places
    teams = [names[t] for t in tie.teams]
    if len(teams) == 2:
        summary = _(
            "%(a)s and %(b)s are level on points for %(first)s and %(last)s. They play a "
            "best of three: the first team to win %(wins)s games wins the match."
        ) % {
            "a": teams[0],
            "b": teams[1],
            "first": place_name(first),
            "last": place_name(last),
            "wins": WINS_NEEDED,
        }
    else:
        summary = _(
            "%(teams)s are level on points for places %(first)s to %(last)s. Seeded in that "
            "order by the tiebreaks, they play a ladder of best-of-three matches (the first "
            "team to win %(wins)s games wins a match): the two lowest seeds start, each winner "
            "goes on to play the next seed up, each loser takes the lowest place left."
        ) % {"teams": ", ".join(teams), "first": first, "last": last, "wins": WINS_NEEDED}
    count = len(tie.matches)
    return TieWords(
        summary,
        tuple(_match_words(i, m, count, tie, names) for i, m in enumerate(tie.matches, 1)),
    )


def _match_words(
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
        step, _("%(a)s against %(b)s") % {"a": a, "b": b}, stakes, _score(match, names)
    )


def _score(match: PlannedMatch, names: Mapping[int, str]) -> str:
    state = match.state
    if state is None:
        return _("Waits for the winner of the match before.")
    wins = sorted((state.wins_a, state.wins_b), reverse=True)
    score = f"{wins[0]}–{wins[1]}"
    if state.winner is not None:
        return _("%(team)s won the match %(score)s.") % {
            "team": names[state.winner],
            "score": score,
        }
    if not state.games:
        return _("Not started: game 1 to play.")
    if state.wins_a == state.wins_b:
        return _("Level %(score)s: the next game decides.") % {"score": score}
    leader = match.team_a if state.wins_a > state.wins_b else state.team_b
    return _("%(team)s lead %(score)s.") % {"team": names[leader], "score": score}


def ties_in_words(standings: EventStandings) -> list[TieWords]:
    """Every medal tie of the standings, explained (empty while the series is not over)."""
    names = {pk: team.name for pk, team in standings.teams.items()}
    return [explain_tie(tie, names) for tie in standings.standings.medal_ties]
