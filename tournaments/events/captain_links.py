"""The captains' links after registration: a new slip, and lifting a lockout (page and API)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.links import issue_link, lift_lockout
from accounts.models import CaptainLink
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.models import Team


@transaction.atomic
def new_captain_link(team: Team, actor) -> CaptainLink:
    """A new link and PIN for the team's captain; the old slip stops working at once."""
    if team.withdrawn_at is not None:
        raise RuleError(
            _("%(team)s has withdrawn: a withdrawn team gets no link.") % {"team": team},
            code="withdrawn",
        )
    link = issue_link(team)
    audit.record(team.event, actor, AuditAction.LINK_REGENERATE, str(team))
    return link


@transaction.atomic
def unlock_captain_link(team: Team, actor) -> Team:
    """Lift the lockout that too many wrong PINs put on the team's live link."""
    for link in team.links.filter(revoked_at__isnull=True):
        lift_lockout(link)
    audit.record(team.event, actor, AuditAction.LINK_UNLOCK, str(team))
    return team
