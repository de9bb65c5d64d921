"""The end of an event: an organizer closes it once everything is settled, and may reopen it.

Closing freezes the results (``results.reporting`` refuses them): captains can no longer report
or confirm, and an official's correction is **refused** (not silently accepted) until an
organizer reopens the event, with a reason; closing and reopening are audited. Closing is
refused, with every reason listed, while a series round is not seated, a game is not confirmed,
a dispute is open, a medal tie is not played off, or the results are not released (events with
live standings need no release: closing one records its release, the moment its games start
counting for the ratings; reopening it keeps that release, as for any released event).

Reads the standings (``standings.service``) to know whether a medal tie is still open; the
standings never import this module.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.roles import is_organizer
from tournaments import audit, outbox
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import Dispute, Event, Game, Round
from tournaments.publishing.caching import bump_event
from tournaments.results import bracket_play
from tournaments.standings.service import PLAYOFF_CONFLICT, event_standings

SETTLED = (Game.Status.CONFIRMED, Game.Status.BYE)
REASON_MAX = 300


def closing_blockers(event: Event, left: list[str] | None = None) -> list[str]:
    """Why the event cannot be closed yet, in words (empty: it can be); ``left``: what
    :func:`verification_left` already said (the dashboard asks both)."""
    reasons = list(verification_left(event) if left is None else left)
    if event.is_draft:
        reasons.append(
            _("The event is still a draft: publish it (dashboard, “Publish the event”) first.")
        )
    elif not event.results_public:
        reasons.append(_("The results are not released yet."))
    return reasons


def verification_left(event: Event) -> list[str]:
    """What is still to play or verify before the results are final, in words: rounds not
    seated, games not confirmed, open disputes, the bracket, medal ties (empty: nothing)."""
    reasons = []
    seated = event.rounds.filter(kind=Round.Kind.SERIES).count()
    if seated < event.number_of_games:
        left = event.number_of_games - seated
        reasons.append(
            ngettext(
                "%(n)d round of the series is not seated yet.",
                "%(n)d rounds of the series are not seated yet.",
                left,
            )
            % {"n": left}
        )
    open_games = Game.objects.filter(round__event=event).exclude(status__in=SETTLED)
    waiting = open_games.exclude(status=Game.Status.DISPUTED).count()
    if waiting:
        reasons.append(
            ngettext(
                "%(n)d game is not confirmed yet.", "%(n)d games are not confirmed yet.", waiting
            )
            % {"n": waiting}
        )
    disputes = Dispute.objects.filter(game__round__event=event).open().count()
    if disputes:
        reasons.append(
            ngettext("%(n)d dispute is open.", "%(n)d disputes are open.", disputes)
            % {"n": disputes}
        )
    if event.bracket and not reasons and not bracket_play.bracket_state(event).finished:
        reasons.append(_("The bracket is not played to the end yet (see “Bracket”)."))
    if not reasons:  # the standings only matter once every game is settled
        computed = event_standings(event)
        # With a bracket the medals are the bracket's: the series' ties need no playoff.
        ties = () if event.bracket else computed.standings.medal_ties
        if computed.playoff_conflict:
            reasons.append(str(PLAYOFF_CONFLICT))
        elif ties:
            reasons.append(
                ngettext(
                    "A tie for a medal is not played off yet (see “Ties for a medal”).",
                    "%(n)d ties for a medal are not played off yet (see “Ties for a medal”).",
                    len(ties),
                )
                % {"n": len(ties)}
            )
    return reasons


def _require_organizer(event: Event, actor) -> None:
    if not is_organizer(actor, event):
        raise PermissionRuleError(_("Only an organizer of the event can close or reopen it."))


@transaction.atomic
def close_event(event: Event, actor) -> Event:
    _require_organizer(event, actor)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.finished:
        raise RuleError(_("The event is already finished."), code="finished")
    reasons = closing_blockers(event)
    if reasons:
        raise RuleError(
            _("The event cannot be closed yet: %(reasons)s") % {"reasons": " ".join(reasons)},
            code="not_ready",
            extra={"reasons": reasons},
        )
    event.status = Event.Status.FINISHED
    event.finished_at = timezone.now()
    event.finished_by = actor
    event.finished_by_label = ""
    fields = ["status", "finished_at", "finished_by", "finished_by_label"]
    after = {"finished_at": event.finished_at.isoformat()}
    implied = event.visibility == Event.Visibility.LIVE and event.released_at is None
    if implied:
        # A live event has no release of its own: closing it is its release, so its games
        # count for the ratings from now on, as a released event's do (docs/ratings.md).
        event.released_at = event.finished_at
        fields.append("released_at")
        after["released_at"] = event.released_at.isoformat()
    event.save(update_fields=fields)
    bump_event(event)
    if implied:
        outbox.schedule("update_ratings", event.pk)
    audit.record(event, actor, AuditAction.EVENT_CLOSE, str(event), after=after)
    return event


@transaction.atomic
def reopen_event(event: Event, actor, reason: str) -> Event:
    """Results can change again (a correction after the ceremony); the reason is audited."""
    _require_organizer(event, actor)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not event.finished:
        raise RuleError(
            _("The event is not finished: there is nothing to reopen."), code="not_finished"
        )
    reason = (reason or "").strip()
    if not reason:
        raise RuleError(
            _("Say why the event is reopened (it goes in the audit log)."),
            field="reason",
            code="required",
        )
    if len(reason) > REASON_MAX:
        raise RuleError(
            _("The reason is too long: at most %(n)d characters.") % {"n": REASON_MAX},
            field="reason",
            code="too_long",
        )
    before = {"finished_at": event.finished_at.isoformat() if event.finished_at else None}
    event.status = Event.Status.RUNNING
    event.finished_at = None
    event.finished_by = None
    event.finished_by_label = ""
    event.save(update_fields=["status", "finished_at", "finished_by", "finished_by_label"])
    bump_event(event)
    audit.record(
        event, actor, AuditAction.EVENT_REOPEN, str(event), before=before, after={"reason": reason}
    )
    return event
