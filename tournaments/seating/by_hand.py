"""Changing a seated round's tables by hand, before its first result (issue 34).

An official may swap two teams between tables (the team with the bye included) or move a
table's game to a free table number, as long as nothing is reported in the round: once a
result exists the seating is what the games were played at, and the change is refused in
words. Every change is in the audit log (``round.tables``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.roles import Person, is_official
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import Event, Game, Report, Round, Team
from tournaments.publishing.caching import bump_event


def change_blocker(round_: Round) -> str | None:
    """Why ``round_``'s tables can no longer change by hand, in words (None: they can)."""
    if round_.kind != Round.Kind.SERIES:
        return _("A playoff game's table is set by the playoff; it does not change by hand.")
    if round_.event.finished:
        return _("The event is finished: its rounds no longer change.")
    reported = (
        Report.objects.filter(game__round=round_).select_related("game").order_by("id").first()
    )
    if reported is not None:
        return _(
            "%(round)s already has a result (table %(table)s): its tables no longer change, "
            "they are where the games were played. Change them before the first result."
        ) % {"round": round_.label, "table": reported.game.table or "—"}
    if round_.event.rounds.filter(number__gt=round_.number).exists():
        return _("A later round is seated: only the last round's tables change by hand.")
    return None


def _check(round_: Round, actor: Person) -> None:
    if not is_official(actor, round_.event):
        raise PermissionRuleError(_("Only the officials of this event may change its tables."))
    blocker = change_blocker(round_)
    if blocker:
        raise RuleError(blocker, code="round_has_results", status=409)


def _seat_of(games: list[Game], team: Team) -> tuple[Game, str]:
    for game in games:
        if game.team_a_id == team.pk:
            return game, "team_a"
        if game.team_b_id == team.pk:
            return game, "team_b"
    raise RuleError(
        _("%(team)s is not seated in this round.") % {"team": team.name},
        field="team",
        code="not_seated",
    )


@transaction.atomic
def swap_teams(round_: Round, actor: Person, one: Team, other: Team) -> Round:
    """Seat ``one`` where ``other`` was and the other way round (a bye included)."""
    Event.objects.select_for_update().get(pk=round_.event_id)  # one change at a time
    _check(round_, actor)
    games = list(round_.games.select_for_update().order_by("id"))
    first, first_side = _seat_of(games, one)
    second, second_side = _seat_of(games, other)
    if first.pk == second.pk:
        raise RuleError(
            _("%(one)s and %(other)s are already at the same table: nothing to swap.")
            % {"one": one.name, "other": other.name},
            field="team",
            code="same_table",
        )
    setattr(first, f"{first_side}_id", other.pk)
    setattr(second, f"{second_side}_id", one.pk)
    first.save(update_fields=[first_side])
    second.save(update_fields=[second_side])
    _record(
        round_,
        actor,
        [[one.name, first.table, second.table], [other.name, second.table, first.table]],
    )
    return round_


@transaction.atomic
def move_table(round_: Round, actor: Person, table: int, to_table: int) -> Round:
    """Move the game at ``table`` to the free table ``to_table`` (its two teams with it)."""
    Event.objects.select_for_update().get(pk=round_.event_id)
    _check(round_, actor)
    game = round_.games.select_for_update().filter(table=table).first()
    if game is None:
        raise RuleError(
            _("No game at table %(table)d in this round.") % {"table": table},
            field="table",
            code="no_table",
        )
    if to_table < 1:
        raise RuleError(_("A table number is 1 or more."), field="to_table", code="bad_table")
    taken = round_.games.filter(table=to_table).first()
    if taken is not None:
        raise RuleError(
            _(
                "Table %(table)d is taken (%(teams)s): choose a free table, or swap two teams "
                "instead."
            )
            % {"table": to_table, "teams": str(taken)},
            field="to_table",
            code="table_taken",
        )
    game.table = to_table
    game.save(update_fields=["table"])
    names = [t.name for t in (game.team_a, game.team_b) if t is not None]
    _record(round_, actor, [[name, table, to_table] for name in names])
    return round_


def _record(round_: Round, actor: Person, moves: list[list]) -> None:
    audit.record(
        round_.event,
        actor,
        AuditAction.ROUND_TABLES,
        str(round_),
        after={"round": round_.number, "moves": moves},
    )
    bump_event(round_.event)
