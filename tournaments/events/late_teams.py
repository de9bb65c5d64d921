"""Late teams: a team registered after rounds were seated, and what its missed rounds count.

Today's rounds went on without it; the organizer says, when registering it, what each missed
round counts (``Team.MissedRounds``):

- **bye** — the FADOQ way: the rules (shared/RULES.md, section 5) say nothing of late teams,
  so a missed round is worth what a bye is worth in this event (its ``bye_points``: a fixed
  number, or the team's average);
- **forfeit** — a loss by forfeit: a game played and lost, 0 points against the target;
- **nothing** — the rounds count for nothing (the team has fewer games than the others).

The choice is kept on the team (``joined_round``, ``missed_rounds``), shown on its page and in
the standings, and in the audit log; the standings add the missed rounds
(:func:`missed_results`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.errors import RuleError
from tournaments.models import Event, Round, Team
from tournaments.standings.engine import GameResult


@dataclass(frozen=True)
class LateEntry:
    """What registering a team now means: the rounds it misses, and each choice in words."""

    joined_round: int  # the first round it can be seated in
    choices: list[tuple[str, str]]

    @property
    def missed(self) -> int:
        return self.joined_round - 1


def late_entry(event: Event) -> LateEntry | None:
    """None while no round of the series is seated (a team added now misses nothing)."""
    seated = (
        event.rounds.filter(kind=Round.Kind.SERIES).order_by("-number").first()
        if event.pk
        else None
    )
    if seated is None:
        return None
    return LateEntry(seated.number + 1, choices_in_words(event))


def bye_words(event: Event) -> str:
    if event.scoring_system != "fadoq":  # game points or wins: no points, a win or nothing
        if event.bye_counts_as_win:
            return _("a bye, counted as a win (2 game points)")
        return _("a bye, which counts for nothing in these standings")
    if event.bye_points is None:
        if event.singles:
            return _("a bye, worth the player's average over their games")
        return _("a bye, worth the team's average over its games")
    return _("a bye, worth %(n)d points") % {"n": event.bye_points}


def choices_in_words(event: Event) -> list[tuple[str, str]]:
    return [
        (
            Team.MissedRounds.BYE,
            _("The FADOQ way: each missed round counts as %(bye)s (the event's bye rule).")
            % {"bye": bye_words(event)},
        ),
        (
            Team.MissedRounds.FORFEIT,
            _("Each missed round counts as a game lost by forfeit: 0 points, a loss."),
        ),
        (
            Team.MissedRounds.NOTHING,
            _("The missed rounds count for nothing: the player will have fewer games.")
            if event.singles
            else _("The missed rounds count for nothing: the team will have fewer games."),
        ),
    ]


def check_choice(event: Event, missed_rounds: str) -> tuple[int | None, str]:
    """(joined_round, missed_rounds) to store for a team registered now; refuses a late team
    without a choice, in words that list the choices."""
    entry = late_entry(event)
    if entry is None:
        return None, ""
    if missed_rounds not in Team.MissedRounds.values:
        raise RuleError(
            ngettext(
                "Round 1 is already seated: choose what it counts for this player (%(choices)s).",
                "Rounds 1 to %(last)d are already seated: choose what they count for this "
                "player (%(choices)s).",
                entry.missed,
            )
            if event.singles
            else ngettext(
                "Round 1 is already seated: choose what it counts for this team (%(choices)s).",
                "Rounds 1 to %(last)d are already seated: choose what they count for this team "
                "(%(choices)s).",
                entry.missed,
            )
            % {
                "last": entry.missed,
                "choices": "; ".join(words for _value, words in entry.choices),
            },
            field="missed_rounds",
            code="missed_rounds_required",
        )
    return entry.joined_round, missed_rounds


def rounds_words(first: int, last: int) -> str:
    if first == last:
        return _("round %(n)d") % {"n": first}
    return _("rounds %(first)d–%(last)d") % {"first": first, "last": last}


def late_note(team: Team) -> str:
    """ "Arrived at round 3: rounds 1–2 counted as byes (…)", or "" for a team there from the
    start."""
    if not team.joined_round or team.joined_round <= 1:
        return ""
    n = team.joined_round - 1
    missed = rounds_words(1, n)
    if team.missed_rounds == Team.MissedRounds.BYE:
        counted = ngettext(
            "counted as a bye (the event's bye rule)",
            "counted as byes (the event's bye rule)",
            n,
        )
    elif team.missed_rounds == Team.MissedRounds.FORFEIT:
        counted = ngettext("counted as a loss by forfeit", "counted as losses by forfeit", n)
    else:
        counted = ngettext("not counted", "not counted", n)
    return _("arrived at round %(round)d: %(missed)s %(counted)s") % {
        "round": team.joined_round,
        "missed": missed,
        "counted": counted,
    }


def late_short(team: Team) -> str:
    """The late-entry note in a few words, for a cell under the team's name: "arrived at
    round 3" ("" for a team there from the start)."""
    if not team.joined_round or team.joined_round <= 1:
        return ""
    return _("arrived at round %(round)d") % {"round": team.joined_round}


def missed_results(teams: Iterable[Team], seated_rounds: set[int]) -> list[GameResult]:
    """The standings' records of the rounds late teams missed, by the choice made for each."""
    found = []
    for team in teams:
        if not team.joined_round or team.missed_rounds not in (
            Team.MissedRounds.BYE,
            Team.MissedRounds.FORFEIT,
        ):
            continue
        forfeit = team.missed_rounds == Team.MissedRounds.FORFEIT
        for number in range(1, team.joined_round):
            if number in seated_rounds:
                found.append(GameResult(number, team.pk, None, 0, 0, 0, forfeit_loss=forfeit))
    return found
