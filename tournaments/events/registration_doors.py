"""The doors a team registers itself through (the public form, the API): how often one address
may use them in one event, and the organizer refusing a burst at once (issue 51, findings 2
and 6).

- **Per event and address** (:func:`counted`): at most 5 registrations an hour
  (``THROTTLE_REGISTRATION_EVENT_CLIENT``), counted before the entry is checked, in one atomic
  step (registrations sent at once cannot slip past). A registration refused for a box to fix
  is given back (a desk's typo costs nothing); one refused by the member check is *not*
  (each probe of member numbers counts), and a known number tried with another name is
  recorded for the organizer (:func:`tournaments.events.member_check.record_tries`). The
  per-address limit over every event (``THROTTLE_REGISTRATION_CLIENT``) still holds above it.
  The organizer adds more teams by hand, unlimited by this.
- **A burst refused in one action** (:func:`refuse_burst`): every registered or waiting team
  that registered itself from one address, each told why by email as a single refusal is.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Max, Min
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.throttle import minutes, registration_per_event_client
from tournaments.errors import RuleError, every_error
from tournaments.events import member_check, public_registration
from tournaments.events.public_registration import Entry
from tournaments.models import Event, Team

State = Team.Registration
THROTTLED = "throttled"


def _subject(event: Event, address: str) -> str:
    return f"{event.pk}|{address}"


def throttled_words(wait: int) -> str:
    n = minutes(wait)
    return ngettext(
        "Too many registrations for this event from this connection: try again in %(n)d "
        "minute, or ask the organizer to add your teams.",
        "Too many registrations for this event from this connection: try again in %(n)d "
        "minutes, or ask the organizer to add your teams.",
        n,
    ) % {"n": n}


@contextmanager
def counted(event: Event, entry: Entry, address: str) -> Iterator[None]:
    """Count one registration of ``address`` in ``event`` around the block (see the module
    docstring); refused past the limit with a :class:`RuleError` ``throttled`` (status 429,
    ``extra["retry_after"]`` in seconds), before anything is checked."""
    limit, subject = registration_per_event_client(), _subject(event, address)
    wait = limit.take(subject)
    if wait:
        raise RuleError(
            throttled_words(wait), code=THROTTLED, status=429, extra={"retry_after": wait}
        )
    try:
        yield
    except RuleError as exc:
        if any(error.code == member_check.CODE for error in every_error(exc)):
            member_check.record_tries(event, entry)  # the probe counts; the organizer is told
        else:
            limit.give_back(subject)
        raise
    except BaseException:
        limit.give_back(subject)
        raise


def register(event: Event, entry: Entry, address: str) -> Team:
    """A team registers itself from ``address`` (call inside :func:`counted`)."""
    with transaction.atomic():
        team = public_registration.register(event, entry)
        team.registered_from = address[:64]
        team.save(update_fields=["registered_from"])
    return team


@dataclass(frozen=True)
class Burst:
    """The teams still registered or waiting that registered themselves from one address."""

    address: str
    teams: int
    first: object
    last: object


def bursts(event: Event, at_least: int = 2) -> list[Burst]:
    """Addresses that registered ``at_least`` teams still in or waiting, the most first."""
    rows = (
        event.teams.filter(registration__in=[State.REGISTERED, State.WAITING])
        .exclude(registered_from="")
        .values("registered_from")
        .annotate(n=Count("id"), first=Min("registered_at"), last=Max("registered_at"))
        .filter(n__gte=at_least)
        .order_by("-n", "registered_from")
    )
    return [Burst(r["registered_from"], r["n"], r["first"], r["last"]) for r in rows]


@transaction.atomic
def refuse_burst(event: Event, actor, address: str, reason: str) -> list[Team]:
    """Refuse at once every registered or waiting team that registered itself from
    ``address`` (the waiting ones first, so none is moved up only to be refused), each with
    ``reason`` sent to its captain; returns them. Nothing changes if the reason is missing or
    no team matches."""
    if not reason.strip():
        raise RuleError(
            _("Say why these teams are refused: the reason is sent to each captain."),
            field="registration_reason",
            code="required",
        )
    teams = list(
        event.teams.filter(
            registered_from=address, registration__in=[State.WAITING, State.REGISTERED]
        ).order_by("-registration", "-registered_at", "-id")  # waiting sorts after registered
    )
    if not address or not teams:
        raise RuleError(
            _("No registered or waiting team registered itself from %(address)s.")
            % {"address": address or "—"},
            field="address",
            code="not_found",
        )
    teams.sort(key=lambda t: t.registration != State.WAITING)
    for team in teams:
        public_registration.set_state(team, actor, State.REFUSED, reason)
    return teams
