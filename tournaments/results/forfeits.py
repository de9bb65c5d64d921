"""A game whose team has withdrawn: what happens, and the official's two ways to settle it.

A team that withdraws keeps its history; later rounds no longer seat it. A game it was already
seated in stays open (nobody reports for it: its link is revoked) until an official settles it:

- **forfeit**: the team still in wins by forfeit, credited with the game's target (121) and the
  withdrawn team with 0, no skunk; stored as a report like any other result (versioned, audited);
- **bye**: the game counts as a bye for the team still in, worth the event's bye points (a
  fixed number, or the team's average), as if it had had no opponent; the withdrawn team gets
  nothing for the round.

The official chooses per the event's rules; the desk shows both with what each is worth.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.events.options import target_of
from tournaments.models import Game, Report, Team
from tournaments.publishing.caching import bump_event

from .reporting import Actor, actor_is_official, refuse_if_finished, submit

OPEN = (Game.Status.WAITING, Game.Status.REPORTED, Game.Status.DISPUTED)


@dataclass(frozen=True)
class Withdrawal:
    """An open game with a withdrawn team: who left, who is still in, what each way gives."""

    withdrawn: Team
    still_in: Team
    target: int
    bye_points: int | None  # None: the team's average over its games

    @property
    def both_withdrawn(self) -> bool:
        return self.still_in.withdrawn_at is not None


def withdrawal_of(game: Game) -> Withdrawal | None:
    """The withdrawal pending in ``game`` (open, with a withdrawn team), else None."""
    if game.status not in OPEN or game.team_b_id is None:
        return None
    a, b = game.team_a, game.team_b
    assert b is not None, "team_b_id is set"
    if a.withdrawn_at is None and b.withdrawn_at is None:
        return None
    withdrawn, still_in = (a, b) if a.withdrawn_at is not None else (b, a)
    event = game.round.event
    return Withdrawal(withdrawn, still_in, target_of(event), event.bye_points)


def _pending(game: Game, actor: Actor) -> Withdrawal:
    game = Game.objects.select_related("round__event", "team_a", "team_b").get(pk=game.pk)
    if not actor_is_official(game, actor):
        raise PermissionRuleError(_("Only an official can settle a withdrawn team's game."))
    refuse_if_finished(game.round.event, official=True)
    found = withdrawal_of(game)
    if found is None:
        raise RuleError(
            _(
                "This game has no withdrawn team left to settle: it is either "
                "settled already or both teams are still in."
            ),
            code="no_withdrawal",
        )
    return found


@transaction.atomic
def award_forfeit(game: Game, actor: Actor, *, note: str = "") -> Report:
    """The team still in wins by forfeit (a report by the official, confirmed at once)."""
    found = _pending(game, actor)
    if found.both_withdrawn:
        raise RuleError(
            _(
                "Both teams have withdrawn: nobody can win this game by forfeit; "
                "count it as a bye or leave it."
            ),
            code="both_withdrawn",
        )
    side = "a" if found.still_in.pk == game.team_a_id else "b"
    return submit(
        game,
        actor,
        Report.Kind.FORFEIT,
        {"winner": side},
        note=note or _("Forfeit: %(team)s withdrew.") % {"team": found.withdrawn},
    ).report


@transaction.atomic
def count_as_bye(game: Game, actor: Actor) -> Game:
    """The game becomes a bye for the team still in (no report: nobody played)."""
    found = _pending(game, actor)
    game = (
        Game.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=game.pk)
    )
    before = {"status": game.status}
    game.status = Game.Status.BYE
    game.save(update_fields=["status"])
    game.disputes.open().update(
        resolved_at=timezone.now(), resolved_by=actor.user, note=_("withdrawal: counted as a bye")
    )
    event = game.round.event
    audit.record(
        event,
        actor.label,
        AuditAction.RESULT_WITHDRAWAL_BYE,
        str(game),
        before=before,
        after={
            "status": game.status,
            "bye_for": found.still_in.pk,
            "withdrawn": found.withdrawn.pk,
        },
    )
    bump_event(event)
    return game
