"""Check-in at the door: the desk taps a team "present" or scans its QR code, a captain checks
in from their private link once the desk opens check-in; before round 1 the teams that did not
come are dropped (asked first, audited, undone until round 1 is seated). Once check-in is open,
round 1 seats only teams present (``absentees`` must be checked in or dropped first).
"""

from __future__ import annotations

import re

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import CaptainLink
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.events.comeback import comeback_words, may_come_back
from tournaments.models import Event, Team
from tournaments.publishing.caching import bump_event

State = Team.Registration


def check_in_open(event: Event) -> bool:
    return event.check_in_opened_at is not None and not event.finished


@transaction.atomic
def open_check_in(event: Event, actor) -> Event:
    if event.check_in_opened_at is None:
        event.check_in_opened_at = timezone.now()
        event.save(update_fields=["check_in_opened_at"])
        audit.record(event, actor, AuditAction.CHECK_IN_OPEN, str(event))
    return event


@transaction.atomic
def check_in(team: Team, actor, *, by_captain: bool = False) -> Team:
    """Mark ``team`` present (again: nothing changes)."""
    team = Team.objects.select_for_update().select_related("event").get(pk=team.pk)
    event = team.event
    if by_captain and not check_in_open(event):
        raise RuleError(
            _("Check-in is not open yet: the desk opens it on the day, at the hall."),
            code="check_in_closed",
        )
    if event.finished:
        raise RuleError(_("The event is finished."), code="finished")
    if not team.active and may_come_back(team):
        raise RuleError(comeback_words(team), code="not_registered")
    if not team.active:
        raise RuleError(
            _("%(team)s is not registered (%(state)s): it cannot be checked in.")
            % {"team": team.name, "state": team.get_registration_display().lower()}
            if team.withdrawn_at is None
            else _("%(team)s has withdrawn: it cannot be checked in.") % {"team": team.name},
            code="not_registered",
        )
    if team.checked_in_at is None:
        team.checked_in_at = timezone.now()
        team.save(update_fields=["checked_in_at"])
        audit.record(event, actor, AuditAction.CHECK_IN, str(team))
        bump_event(event)
    return team


@transaction.atomic
def undo_check_in(team: Team, actor) -> Team:
    """A tap on the wrong team: only before round 1 (a seated team stays present)."""
    if team.event.rounds.exists():
        raise RuleError(
            _("Round 1 is seated: a team present cannot be unmarked; withdraw it instead."),
            code="started",
        )
    if team.checked_in_at is not None:
        team.checked_in_at = None
        team.save(update_fields=["checked_in_at"])
        audit.record(team.event, actor, AuditAction.CHECK_IN_UNDO, str(team))
        bump_event(team.event)
    return team


def absentees(event: Event):
    """Teams registered and still in that have not checked in (once check-in is open)."""
    if event.check_in_opened_at is None:
        return Team.objects.none()
    return event.teams.active().filter(checked_in_at__isnull=True).order_by("name")


def dropped(event: Event):
    return event.teams.filter(registration=State.ABSENT).order_by("name")


def _before_round_1(event: Event, words: str) -> None:
    if event.rounds.exists():
        raise RuleError(words, code="started")


@transaction.atomic
def drop_absentees(event: Event, actor) -> list[Team]:
    """Drop every team that has not checked in (they keep their data, marked absent)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _before_round_1(
        event, _("Round 1 is seated: a team that did not come is withdrawn from its page.")
    )
    teams = list(absentees(event))
    if not teams:
        return []
    Team.objects.filter(pk__in=[t.pk for t in teams]).update(registration=State.ABSENT)
    audit.record(
        event,
        actor,
        AuditAction.ABSENTEES_DROP,
        str(event),
        after={"teams": [t.name for t in teams], "ids": [t.pk for t in teams]},
    )
    bump_event(event)
    return teams


@transaction.atomic
def restore_absentees(event: Event, actor) -> list[Team]:
    """Undo :func:`drop_absentees` (until round 1 is seated)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _before_round_1(
        event,
        _("Round 1 is seated: the teams dropped can no longer be put back; add a late team."),
    )
    teams = list(dropped(event))
    if not teams:
        return []
    Team.objects.filter(pk__in=[t.pk for t in teams]).update(registration=State.REGISTERED)
    audit.record(
        event,
        actor,
        AuditAction.ABSENTEES_RESTORE,
        str(event),
        after={"teams": [t.name for t in teams], "ids": [t.pk for t in teams]},
    )
    bump_event(event)
    return teams


def check_seating(event: Event) -> None:
    """Round 1 seats only teams present: refused while some have neither checked in nor been
    dropped (called by the seating)."""
    missing = list(absentees(event).values_list("name", flat=True))
    if missing and not event.rounds.exists():
        raise RuleError(
            ngettext(
                "%(n)d team has not checked in: %(teams)s. Check it in, or drop the absent "
                "teams (“Drop the absent teams”) before seating round 1.",
                "%(n)d teams have not checked in: %(teams)s. Check them in, or drop the absent "
                "teams (“Drop the absent teams”) before seating round 1.",
                len(missing),
            )
            % {"n": len(missing), "teams": ", ".join(missing)},
            code="not_checked_in",
        )


# What a scanned QR code holds: a captain's slip (/c/<token>/) or a registration link
# (/r/<token>/), as a full URL or the path alone.
_CODE = re.compile(r"/(c|r)/([A-Za-z0-9_-]{16,64})/?")


def team_for_code(event: Event, text: str) -> Team:
    """The team of ``event`` whose slip or registration QR code reads ``text``."""
    found = _CODE.search(text or "")
    team = None
    if found and found.group(1) == "c":
        link = CaptainLink.objects.filter(token=found.group(2), team__event=event).first()
        team = link.team if link is not None else None
    elif found:
        team = Team.objects.filter(event=event, registration_token=found.group(2)).first()
    if team is None:
        raise RuleError(
            _(
                "This QR code is not a slip nor a registration of this event: check the team "
                "in from the list."
            ),
            code="unknown_code",
            status=404,
        )
    return team


def joined_at_round(team: Team) -> int | None:
    """For a team added after round 1 was seated (a late team): the round it joins at."""
    if team.joined_round and team.joined_round > 1:
        return team.joined_round  # said when it was added or brought back
    rounds = team.event.rounds.order_by("number")
    first = rounds.first()
    if first is None or team.registered_at <= first.created_at:
        return None
    later = rounds.filter(created_at__gt=team.registered_at).first()
    if later is not None:
        return later.number
    return rounds.count() + 1  # not seated yet: the next round


def day_story(event: Event) -> dict:
    """What the standings say of the day's arrivals: teams dropped as absent, late teams."""
    if event.check_in_opened_at is None:
        return {}
    first = event.rounds.filter(number=1).first()
    late = []
    if first is not None:
        came_late = Q(registered_at__gt=first.created_at) | Q(joined_round__gt=1)
        for team in event.teams.active().filter(came_late).order_by("name"):
            late.append((team, joined_at_round(team)))
    return {"absent": list(dropped(event)), "late": late}
