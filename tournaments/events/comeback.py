"""A team dropped as absent, withdrawn before the day or left on the waiting list arrives
after all: brought back in one step as a late team, with its own name, players, contact and
private link (issue 49, point 2). Before round 1 it is simply registered and checked in;
once rounds are seated the organizer says what its missed rounds count, as for any late team
(``events.late_teams``). The check-in list, the scan, the registrations page and the teams
page all offer the same step (:func:`comeback_words` names it)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.events.late_teams import check_choice
from tournaments.models import Event, Team
from tournaments.publishing.caching import bump_event

State = Team.Registration
MAY_COME_BACK = (State.ABSENT, State.WITHDRAWN, State.WAITING)
_FIELDS = ["registration", "checked_in_at", "joined_round", "missed_rounds"]


def may_come_back(team: Team) -> bool:
    """A team out of the event before the day (not refused, not withdrawn during it)."""
    return (
        team.registration in MAY_COME_BACK and team.withdrawn_at is None and not team.event.finished
    )


def returning(event: Event):
    """The teams that may still come back, by name (the check-in list offers each)."""
    return event.teams.filter(registration__in=MAY_COME_BACK, withdrawn_at__isnull=True)


def comeback_words(team: Team) -> str:
    """What to do with a team that is out but has come: the same words everywhere."""
    return _(
        "%(team)s is not in the event (%(state)s). If it has come after all, bring it back "
        "with its players and contact: check-in page, “Bring back”."
    ) % {"team": team.name, "state": team.get_registration_display().lower()}


@transaction.atomic
def bring_back(team: Team, actor, missed_rounds: str = "") -> Team:
    """Register ``team`` again, present, as a late team once rounds are seated."""
    event = Event.objects.select_for_update().get(pk=team.event_id)
    team = Team.objects.select_for_update().get(pk=team.pk)
    if not may_come_back(team):
        raise RuleError(
            _("%(team)s is %(state)s: there is nothing to bring back.")
            % {"team": team.name, "state": team.get_registration_display().lower()},
            code="not_out",
        )
    joined_round, missed_rounds = check_choice(event, missed_rounds)
    before = audit.snapshot(team, _FIELDS)
    team.registration = State.REGISTERED
    team.checked_in_at = timezone.now()
    team.joined_round = joined_round
    team.missed_rounds = missed_rounds
    team.save(update_fields=_FIELDS)
    audit.record(
        event,
        actor,
        AuditAction.REGISTRATION_STATE,
        str(team),
        before=before,
        after=audit.snapshot(team, _FIELDS),
    )
    bump_event(event)
    return team
