"""A qualifier who withdraws during the bracket (issue 50): the usual withdrawal
(``events.teams.withdraw_team``: history kept, link stopped, audited), then its current match is
lost by forfeit: every game it still needed is recorded as a forfeit report made by the desk
(versioned and audited like any report, confirmed at once), so the opponent advances and the
bracket seats what follows. A qualifier not in a match at that moment (a bye, or waiting for
its opponent) loses the match it is seated in next the same way: ``forfeit_withdrawn`` runs
again after each bracket game is confirmed (``tasks``), in the name of the official who
recorded the withdrawal.

The organizer's page and the API call :func:`withdraw` for every team: outside a bracket it is
exactly ``withdraw_team``.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Person
from tournaments.audit import AuditAction
from tournaments.events.teams import withdraw_team
from tournaments.models import AuditEntry, Event, Game, Report, Team

from .bracket_play import open_bracket_games, seat_after_bracket_game
from .reporting import Actor, submit


@transaction.atomic
def withdraw(team: Team, actor: Person) -> Team:
    team = withdraw_team(team, actor)
    if team.event.bracket:
        forfeit_withdrawn(team.event, actor)
    return team


def forfeit_withdrawn(event: Event, actor: Person | None = None) -> list[Report]:
    """Forfeit, game after game, every open bracket game of a withdrawn qualifier, in the name
    of ``actor`` or else of the official who recorded that team's withdrawal (the audit log
    says who): the forfeit follows from their decision, as the desk's report."""
    reports: list[Report] = []
    for _turn in range(64):  # a match is at most a best of 7; a bracket a few rounds
        game = next(
            (g for g in open_bracket_games(event) if _one_side_withdrawn(g)),
            None,
        )
        if game is None:
            break
        assert game.team_b is not None, "a bracket game has two teams"
        gone = game.team_a if game.team_a.withdrawn_at is not None else game.team_b
        by = actor or _who_withdrew(event, gone)
        if by is None:  # withdrawn before this code, or by an archive import: the desk decides
            break
        side = "b" if gone.pk == game.team_a_id else "a"
        reports.append(
            submit(
                game,
                Actor(user=by, channel=Report.Channel.OFFICIAL),
                Report.Kind.FORFEIT,
                {"winner": side, "withdrawn": "a" if side == "b" else "b"},
                note=_("%(team)s withdrew during the bracket: the game is lost by forfeit.")
                % {"team": gone.name},
            ).report
        )
        seat_after_bracket_game(event)  # the next game of the match, or the next match
    return reports


def _one_side_withdrawn(game: Game) -> bool:
    assert game.team_b is not None, "a bracket game has two teams"
    return (game.team_a.withdrawn_at is None) != (game.team_b.withdrawn_at is None)


def _who_withdrew(event: Event, team: Team) -> User | None:
    entry = (
        AuditEntry.objects.filter(
            event=event, action=AuditAction.TEAM_WITHDRAW, target=str(team), actor__isnull=False
        )
        .select_related("actor")
        .order_by("-created_at")
        .first()
    )
    return entry.actor if entry is not None else None
