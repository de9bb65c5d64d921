"""A qualifier absent when its bracket match starts (the ACC's rule, docs/acc.md): it loses
game 1 after 5 minutes and another game every 15 minutes, until the match is lost.

The official marks the qualifier absent at the desk; the games due at that moment are recorded
as wins by forfeit for the opponent, reports made by the desk like any other (versioned,
audited, confirmed at once). Marking again later records the games that have fallen due since:
never more than the rule gives, never one twice. The time counts from when the match's first
game was seated (the bracket's start for a first-round match).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.roles import Person, is_official
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import Event, Game, Report, Round, Team
from tournaments.standings.engine.bracket import (
    FIRST_FORFEIT_MINUTES,
    NEXT_FORFEIT_MINUTES,
    forfeited_games,
)

from .bracket_play import bracket_state, open_bracket_games, wins_needed
from .reporting import Actor, submit


def rule_words() -> str:
    return _(
        "An absent qualifier loses game 1 of its match after %(first)s minutes and another game "
        "every %(next)s minutes (the ACC's rule), counted from when the match was seated."
    ) % {"first": FIRST_FORFEIT_MINUTES, "next": NEXT_FORFEIT_MINUTES}


@dataclass(frozen=True)
class Absence:
    team: Team
    match: str
    started_at: datetime
    minutes: int
    due: int  # games lost by forfeit under the rule at this minute
    recorded: int  # already recorded as absent forfeits


def _match_of(event: Event, team: Team) -> tuple[str, list[Game]]:
    for game in open_bracket_games(event):
        if game.involves(team):
            match_games = list(
                Game.objects.filter(
                    round__event=event,
                    round__kind=Round.Kind.BRACKET,
                    playoff_match=game.playoff_match,
                    team_a_id__in=(game.team_a_id, game.team_b_id),
                    team_b_id__in=(game.team_a_id, game.team_b_id),
                )
                .select_related("round", "confirmed_report")
                .order_by("round__number")
            )
            return game.playoff_match, match_games
    raise RuleError(
        _("%(team)s has no bracket game waiting to be played: nothing to forfeit.")
        % {"team": team.name},
        code="no_match",
    )


def absence(event: Event, team: Team, now: datetime | None = None) -> Absence:
    match, games = _match_of(event, team)
    started = games[0].round.created_at
    minutes = int(((now or timezone.now()) - started).total_seconds() // 60)
    recorded = sum(
        1
        for g in games
        if g.status == Game.Status.CONFIRMED
        and g.confirmed_report is not None
        and g.confirmed_report.detail.get("absent") == ("a" if g.team_a_id == team.pk else "b")
    )
    due = forfeited_games(minutes, wins_needed=wins_needed(event))
    return Absence(team, match, started, minutes, due, recorded)


@transaction.atomic
def forfeit_absent(
    event: Event, team: Team, actor: Person, *, now: datetime | None = None
) -> list[Report]:
    """Record the games ``team`` has lost by being absent, as the rule gives them now."""
    if not is_official(actor, event):
        raise PermissionRuleError(_("Only an official can record an absent qualifier's forfeits."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    found = absence(event, team, now)
    if found.due <= found.recorded:
        raise RuleError(
            _(
                "%(team)s's match was seated %(minutes)s minutes ago: no further game is lost "
                "yet. %(rule)s"
            )
            % {"team": team.name, "minutes": found.minutes, "rule": rule_words()},
            code="not_due",
        )
    reports: list[Report] = []
    for number in range(found.recorded + 1, found.due + 1):
        game = next(
            (g for g in open_bracket_games(event) if g.playoff_match == found.match),
            None,
        )
        if game is None:  # the match is over (lost already)
            break
        side = "b" if game.team_a_id == team.pk else "a"
        report = submit(
            game,
            Actor(user=actor, channel=Report.Channel.OFFICIAL),
            Report.Kind.FORFEIT,
            {"winner": side, "absent": "a" if side == "b" else "b"},
            note=_("%(team)s absent: game %(n)s lost after %(minutes)s minutes.")
            % {"team": team.name, "n": number, "minutes": found.minutes},
        ).report
        reports.append(report)
    bracket_state(event)  # checks the bracket still reads (a clash would raise here)
    return reports
