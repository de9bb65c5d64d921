"""Members-only registration: a member number counts only together with its member's name
(issue 51, finding 2).

The public form once answered which member numbers exist (two per request) and let a stranger
register under real members' numbers with other names, linking their team to the members'
records and refusing the real members afterwards. Now:

- a number is accepted only with the name the league has for it (compared as names are
  everywhere: :func:`~tournaments.events.names.normal_form`), for the captain and the partner;
- any mismatch, an unknown number or a known number with another name, gets **one generic
  refusal** that says neither which of the two failed nor whether the number exists, and names
  no team;
- a known number tried with another name is recorded for the organizer (:func:`record_tries`,
  an audit entry the event's log and the registrations page show), with the name tried;
- the attempts count per event and per address (``tournaments.events.registration_doors``).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.events.names import normal_form
from tournaments.leagues.players import active_players, league_of
from tournaments.models import Event, RegistrationWho

CODE = "not_a_member"
ROLES = ("captain", "partner")


def members_only(event: Event) -> bool:
    return event.registration_who == RegistrationWho.MEMBERS


def refusal(event: Event) -> RuleError:
    """The one answer to every mismatch (see the module docstring)."""
    league = league_of(event)
    return RuleError(
        _(
            "These member numbers and names do not match the records of %(league)s. Write each "
            "name as on the member's card, with its number, or ask the organizer."
        )
        % {"league": league or _("the league")},
        code=CODE,
    )


def _pairs(entry) -> list[tuple[str, str, str]]:
    """(role, name, number) of the entry's players who gave a number."""
    pairs = []
    for role in ROLES:
        number = (getattr(entry, f"{role}_member_number", "") or "").strip()
        if number:
            pairs.append((role, (getattr(entry, role, "") or "").strip(), number))
    return pairs


def _known(event: Event, numbers: list[str]) -> dict[str, str]:
    """The league's name for each of ``numbers`` it knows (member number → name)."""
    league = league_of(event)
    if league is None or not numbers:
        return {}
    players = active_players(league).filter(member_number__in=numbers)
    return {p.member_number: p.name for p in players}


def mismatch(event: Event, entry) -> bool:
    """Whether a number given does not go with its name in the league's records."""
    pairs = _pairs(entry)
    known = _known(event, [number for _role, _name, number in pairs])
    return any(
        number not in known or normal_form(known[number]) != normal_form(name)
        for _role, name, number in pairs
    )


def record_tries(event: Event, entry) -> int:
    """Tell the organizer of each known number tried with another name (an audit entry with
    the number and the name tried); returns how many. Called outside the refused
    registration's transaction, so the entry stays."""
    if not members_only(event):
        return 0
    pairs = _pairs(entry)
    known = _known(event, [number for _role, _name, number in pairs])
    tried = 0
    for _role, name, number in pairs:
        if number in known and normal_form(known[number]) != normal_form(name):
            audit.record(
                event,
                None,
                AuditAction.MEMBER_NUMBER_TRIED,
                number,
                after={"name": name[:120]},
            )
            tried += 1
    return tried


def recent_tries(event: Event, limit: int = 20) -> list:
    """The latest numbers tried with another name (audit entries, newest first), for the
    organizer's registrations page."""
    return list(event.audit.filter(action=AuditAction.MEMBER_NUMBER_TRIED).order_by("-pk")[:limit])
