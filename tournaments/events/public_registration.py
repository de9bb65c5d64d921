"""Teams registering themselves before the day: the public form, the API and the organizer's list.

A registration *is* a :class:`Team` (``Team.registration`` says where it stands), so slips,
seating, the API and archives see registered teams as the ordinary teams they are; a team on
the waiting list, refused, withdrawn before the day or dropped as absent is left out of them
(``TeamQuerySet.active``/``entered``). The names and the same-player rules are registration's
own (``events.names``, ``events.teams.add_team``, ``leagues.players``): one rule, one place.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Q
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from accounts.links import revoke_links
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError, RuleErrors
from tournaments.events import member_check, signup_mail
from tournaments.events.comeback import comeback_words, may_come_back
from tournaments.events.invitations import email_enabled
from tournaments.events.names import MEMBER_NUMBER_MAX, check_name, check_name_free, same_name
from tournaments.events.team_edit import edit_team
from tournaments.events.teams import MIN_TEAMS, add_team, check_single
from tournaments.leagues.players import league_of
from tournaments.models import Event, RegistrationWho, Team
from tournaments.publishing.caching import bump_event
from tournaments.words import one_period

State = Team.Registration


@dataclass(frozen=True)
class Entry:
    """What a team gives when it registers (the public form, the API)."""

    name: str = ""
    captain: str = ""
    partner: str = ""
    captain_member_number: str = ""
    partner_member_number: str = ""
    club: str = ""
    contact_email: str = ""
    contact_phone: str = ""

    def cleaned(self) -> Entry:
        return Entry(**{k: (v or "").strip() for k, v in self.__dict__.items()})

    def for_event(self, event: Event) -> Entry:
        """Cleaned; in a singles event named after its one player (no team name to type)."""
        entry = self.cleaned()
        if event.singles:
            entry = replace(entry, name=entry.name or entry.captain)
        return entry


# --- is registration open? ---------------------------------------------------------------------


def deadline_passed(event: Event, now=None) -> bool:
    deadline = event.registration_deadline
    return deadline is not None and (now or timezone.now()) >= deadline


def public_registration_open(event: Event) -> bool:
    """Whether a team may register itself now (the form and the API)."""
    return (
        event.registration_open
        and event.registration_who != RegistrationWho.ORGANIZER
        and not deadline_passed(event)
        and not event.finished
        and not event.rounds.exists()
    )


def why_closed(event: Event) -> str:
    """In words, why the form is closed (empty when it is open)."""
    if public_registration_open(event):
        return ""
    if event.registration_who == RegistrationWho.ORGANIZER and event.registration_open:
        return _("The organizer registers the teams of this event: ask them.")
    if event.registration_open and deadline_passed(event):
        return one_period(_("Registration closed on %(when)s.") % {"when": when_words(event)})
    return _("Registration for this event is closed.")


def when_words(event: Event) -> str:
    deadline = event.registration_deadline
    if deadline is None:
        return ""
    return formats.date_format(timezone.localtime(deadline), "DATETIME_FORMAT")


def may_change(team: Team) -> bool:
    """The captain may change or withdraw their registration until the deadline."""
    event = team.event
    return (
        team.registration in (State.REGISTERED, State.WAITING)
        and team.withdrawn_at is None
        and not deadline_passed(event)
        and not event.rounds.exists()
        and not event.finished
    )


def places_left(event: Event) -> int | None:
    if event.registration_capacity is None:
        return None
    taken = event.teams.active().count()
    return max(0, event.registration_capacity - taken)


# --- checking an entry: every fault at once ------------------------------------------------------


def check_entry(event: Event, entry: Entry, *, team: Team | None = None) -> None:
    """Every fault of ``entry`` at once (:class:`RuleErrors`), with the rules registration
    applies to every team; ``team`` when a registered team changes its entry."""
    entry = entry.for_event(event)
    errors: list[RuleError] = []

    def run(check, *args, **kwargs) -> None:
        try:
            check(*args, **kwargs)
        except RuleError as exc:
            errors.append(exc)

    partner_needed = event.game_type == Event.GameType.CRIBBAGE and not event.singles
    if event.singles:
        run(check_single, entry.partner, None, entry.partner_member_number)
    for field in ("name", "captain", "partner"):
        value = getattr(entry, field)
        if not value and (field != "partner" or partner_needed):
            if not (event.singles and field == "name"):  # its player's name: one message
                errors.append(_required(field, event.singles))
        elif not value:
            continue
        else:
            run(check_name, value, field)
    if entry.name:
        run(check_name_free, event, entry.name, team=team)
    two_numbers = (
        entry.captain_member_number
        and entry.partner_member_number
        and entry.captain_member_number != entry.partner_member_number
    )
    # Two people of the same name are told apart by their cards.
    same = entry.captain and entry.partner and same_name(entry.captain, entry.partner)
    if same and not two_numbers:
        errors.append(
            RuleError(
                _("“%(name)s” is given as both captain and partner: the partner is another person.")
                % {"name": entry.partner},
                field="partner",
                code="same_player",
            )
        )
    numbers = {"captain": entry.captain_member_number, "partner": entry.partner_member_number}
    errors += _number_errors(event, entry, team)
    if numbers["captain"] and numbers["captain"] == numbers["partner"]:
        errors.append(
            RuleError(
                _("The captain and the partner have the same member number %(n)s.")
                % {"n": numbers["partner"]},
                field="partner_member_number",
                code="same_player",
            )
        )
    if not entry.contact_email and not entry.contact_phone:
        errors.append(
            RuleError(
                _("Give your email or phone, so the organizer can reach you.")
                if event.singles
                else _("Give the captain's email or phone, so the organizer can reach the team."),
                field="contact_email",
                code="required",
            )
        )
    RuleErrors.raise_if_any(errors)


def _number_errors(event: Event, entry: Entry, team: Team | None) -> list[RuleError]:
    """The member numbers' faults. Members only: each number goes with its name, or one
    generic refusal that tells neither which, nor whether the number exists, nor any team
    (issue 51, finding 2: :mod:`~tournaments.events.member_check`)."""
    errors = []
    mismatched = member_check.members_only(event) and member_check.mismatch(event, entry)
    if mismatched:
        errors.append(member_check.refusal(event))
    for role in ("captain", "partner"):
        number = getattr(entry, f"{role}_member_number")
        if mismatched and number:
            continue
        try:
            _check_number(event, role, number, team)
        except RuleError as exc:
            errors.append(exc)
    return errors


def _required(field: str, singles: bool = False) -> RuleError:
    words = {
        "name": _("A team needs a name."),
        "captain": _("Give your name.") if singles else _("Give the captain's name."),
        "partner": _("A cribbage team is two players: give the captain's partner."),
    }
    return RuleError(words[field], field=field, code="required")


def _check_number(event: Event, role: str, number: str, team: Team | None) -> None:
    """A member number: its length; for a members-only event, given (that it goes with its
    name is checked by check_entry); in any case not one of a player of another team of the
    event (one person, one team)."""
    field = f"{role}_member_number"
    if len(number) > MEMBER_NUMBER_MAX:
        raise RuleError(
            _("Member numbers are limited to %(max)d characters.") % {"max": MEMBER_NUMBER_MAX},
            field=field,
            code="too_long",
        )
    if event.registration_who == RegistrationWho.MEMBERS and not number:
        raise RuleError(
            _("Registration is for members of %(league)s: give the member number.")
            % {"league": league_of(event) or _("the league")},
            field=field,
            code="required",
        )
    if not number:
        return
    taken = (
        Team.objects.filter(event=event)
        .holding_places()
        .filter(Q(captain_player__member_number=number) | Q(partner_player__member_number=number))
    )
    if team is not None:
        taken = taken.exclude(pk=team.pk)
    other = taken.first()
    if other is not None:
        # The team is not named: the form is public (issue 51, finding 2).
        raise RuleError(
            _(
                "Member number %(n)s is already registered in this event: if this is a mistake, "
                "ask the organizer."
            )
            % {"n": number},
            field=field,
            code="player_taken",
        )


# --- registering, changing, withdrawing ---------------------------------------------------------


def _locked(event: Event) -> Event:
    """The event row locked: two registrations for the last place are counted one at a time."""
    return Event.objects.select_for_update().get(pk=event.pk)


@transaction.atomic
def register(event: Event, entry: Entry, *, actor=None, by_organizer: bool = False) -> Team:
    """Register a team (registered, or on the waiting list past the capacity)."""
    event = _locked(event)
    if not by_organizer and not public_registration_open(event):
        raise RuleError(why_closed(event), code="registration_closed", status=403)
    entry = entry.for_event(event)
    check_entry(event, entry)
    full = places_left(event) == 0
    team = add_team(
        event,
        actor,
        name=entry.name,
        captain=entry.captain,
        partner=entry.partner,
        captain_member_number=entry.captain_member_number,
        partner_member_number=entry.partner_member_number,
    )
    team.registration = State.WAITING if full else State.REGISTERED
    if not by_organizer:
        # From the public form the team is not at the door: only the desk marks it present
        # (add_team does for a team added at the desk once check-in is open).
        team.checked_in_at = None
    team.registration_token = secrets.token_urlsafe(24)
    team.club = entry.club
    team.contact_email = entry.contact_email
    team.contact_phone = entry.contact_phone
    team.save()
    bump_event(event)
    return team


@transaction.atomic
def change(team: Team, entry: Entry) -> Team:
    """The captain changes their entry from their link (until the deadline)."""
    if not may_change(team):
        raise RuleError(
            _("This registration can no longer be changed: ask the organizer."), code="locked"
        )
    entry = entry.for_event(team.event)
    check_entry(team.event, entry, team=team)
    team = edit_team(
        team,
        team,
        name=entry.name,
        captain=entry.captain,
        partner=entry.partner,
        captain_member_number=entry.captain_member_number,
        partner_member_number=entry.partner_member_number,
    )
    team.club = entry.club
    team.contact_email = entry.contact_email
    team.contact_phone = entry.contact_phone
    team.save(update_fields=["club", "contact_email", "contact_phone"])
    return team


@transaction.atomic
def withdraw(team: Team, actor) -> Team:
    """The team withdraws before the day (its captain, or the organizer): its place goes to
    the first team of the waiting list, told by email."""
    if not may_change(team):
        raise RuleError(
            _("This registration can no longer be withdrawn from its link: ask the organizer."),
            code="locked",
        )
    return set_state(team, actor, State.WITHDRAWN)


@transaction.atomic
def set_state(team: Team, actor, state: str, reason: str = "") -> Team:
    """The organizer moves a team between registered, waiting, withdrawn and refused (a
    refusal needs a reason, emailed to the captain); a place freed goes to the waiting list."""
    event = _locked(team.event)
    team = Team.objects.select_for_update().get(pk=team.pk)
    if state not in State.values or state == State.ABSENT:
        raise RuleError(
            _("“%(state)s” is not a registration state: registered, waiting, withdrawn or refused.")
            % {"state": state},
            field="registration",
            code="invalid",
        )
    started = event.rounds.exists() and not event.finished
    if started and state == State.REGISTERED and may_come_back(team):
        raise RuleError(comeback_words(team), code="started")
    if event.rounds.exists() or event.finished:
        raise RuleError(
            _(
                "Round 1 is seated: the teams are settled. Withdraw a team, or add a late one, "
                "from the teams' page."
            ),
            code="started",
        )
    reason = reason.strip()
    if state == State.REFUSED and not reason:
        raise RuleError(
            _("Say why the team is refused: the reason is sent to its captain."),
            field="registration_reason",
            code="required",
        )
    if team.registration == state:
        return team
    before = audit.snapshot(team, ["registration", "registration_reason"])
    was_in = team.registration == State.REGISTERED
    waiting = waiting_list(event)
    team.registration = state
    team.registration_reason = reason if state == State.REFUSED else ""
    team.save(update_fields=["registration", "registration_reason"])
    if state in (State.WITHDRAWN, State.REFUSED):
        revoke_links(team)
    audit.record(
        event,
        actor,
        AuditAction.REGISTRATION_STATE,
        str(team),
        before=before,
        after=audit.snapshot(team, ["registration", "registration_reason"]),
    )
    if state == State.REFUSED:
        tell(team, _("Registration refused: %(event)s"), _refusal_body(team))
    elif state == State.WITHDRAWN:
        tell(team, _("Registration withdrawn: %(event)s"), signup_mail.withdrawn_body(team))
    if was_in:
        move_up(event)
    tell_waiting_moves(event, waiting)
    bump_event(event)
    return team


def move_up(event: Event) -> list[Team]:
    """Fill the free places from the waiting list, first come first served, each team told."""
    moved = []
    while (left := places_left(event)) is None or left > 0:
        first = event.teams.filter(registration=State.WAITING).order_by("registered_at", "id")
        team = first.first()
        if team is None:
            break
        team.registration = State.REGISTERED
        team.save(update_fields=["registration"])
        audit.record(
            event,
            None,
            AuditAction.REGISTRATION_STATE,
            str(team),
            before={"registration": State.WAITING},
            after={"registration": State.REGISTERED},
        )
        tell(team, _("A place for you: %(event)s"), signup_mail.promoted_body(team))
        moved.append(team)
    return moved


def waiting_list(event: Event) -> list[int]:
    """The waiting list's team ids, first come first served."""
    waiting = event.teams.filter(registration=State.WAITING).order_by("registered_at", "id")
    return list(waiting.values_list("pk", flat=True))


def tell_waiting_moves(event: Event, before: list[int]) -> None:
    """Each team that moved up the waiting list (``before``: the list before the change) is
    told its new place."""
    for position, pk in enumerate(waiting_list(event), start=1):
        if pk in before and before.index(pk) + 1 > position:
            team = Team.objects.select_related("event").get(pk=pk)
            tell(team, _("Waiting list: %(event)s"), signup_mail.waiting_body(team, position))


@transaction.atomic
def set_paid(team: Team, actor, paid: bool) -> Team:
    if team.paid == paid:
        return team
    before = audit.snapshot(team, ["paid"])
    team.paid = paid
    team.save(update_fields=["paid"])
    audit.record(
        team.event,
        actor,
        AuditAction.REGISTRATION_PAID,
        str(team),
        before=before,
        after=audit.snapshot(team, ["paid"]),
    )
    return team


@transaction.atomic
def close_registration(event: Event, actor) -> Event:
    """Close the form; the event needs at least 3 registered teams (FADOQ, seed 004)."""
    event = _locked(event)
    registered = event.teams.active().count()
    if registered < MIN_TEAMS:
        raise RuleError(
            _(
                "Only %(n)d teams are registered: an event needs at least %(min)d. Keep the "
                "registration open, or register teams yourself."
            )
            % {"n": registered, "min": MIN_TEAMS},
            code="too_few",
        )
    if not event.registration_open:
        return event
    event.registration_open = False
    event.save(update_fields=["registration_open"])
    audit.record(event, actor, AuditAction.REGISTRATION_CLOSE, str(event))
    return event


# --- telling the captain -----------------------------------------------------------------------


def private_link_words(team: Team, link: str) -> str:
    return (
        _(
            "Your private link, to see, change or withdraw the registration until the deadline "
            "and to check in on the day (keep it to yourself):"
        )
        + f"\n{link}\n"
    )


def _refusal_body(team: Team) -> str:
    if team.event.singles:
        return _("The entry of %(player)s in %(event)s is refused. Reason: %(reason)s") % {
            "player": team.name,
            "event": team.event.name,
            "reason": team.registration_reason,
        }
    return _(
        "The registration of the team %(team)s for %(event)s is refused. Reason: %(reason)s"
    ) % {
        "team": team.name,
        "event": team.event.name,
        "reason": team.registration_reason,
    }


def tell(team: Team, subject: str, body: str) -> bool:
    """Email the captain when email is configured and the team gave an address; False
    otherwise (the organizer phones them)."""
    if not email_enabled() or not team.contact_email:
        return False
    try:
        send_mail(subject % {"event": team.event.name}, body, None, [team.contact_email])
    except OSError:  # the mail server refuses: the organizer's list still shows the state
        return False
    return True
