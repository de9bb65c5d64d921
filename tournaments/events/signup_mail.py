"""What the registration e-mails say (issue 49, point 9): each is complete on its own, since a
captain may read only the last one: the event's date, place and fee, and the team's private
link (to see, change or withdraw, and to check in on the day). The team promoted from the
waiting list, a team that moved up the waiting list and a team that withdrew are each told."""

from __future__ import annotations

from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext as _

from accounts.links import public_base_url
from tournaments.models import Team


def private_link(team: Team) -> str:
    if not team.registration_token:
        return ""
    return public_base_url() + reverse("tournaments:registration", args=[team.registration_token])


def event_facts(team: Team) -> str:
    """The date, the place and the fee, one a line."""
    event = team.event
    lines = [_("Date: %(date)s") % {"date": formats.date_format(event.date, "DATE_FORMAT")}]
    if event.venue:
        lines.append(_("Place: %(venue)s") % {"venue": event.venue})
    if event.registration_fee:
        lines.append(_("Fee: %(fee)s") % {"fee": event.registration_fee})
    return "\n".join(lines)


def _with_link(team: Team, first: str) -> str:
    parts = [first, event_facts(team)]
    link = private_link(team)
    if link:
        parts.append(
            _(
                "Your private link, to see, change or withdraw the registration until the "
                "deadline and to check in on the day (keep it to yourself):"
            )
            + f"\n{link}\n"
        )
    return "\n\n".join(parts)


def promoted_body(team: Team) -> str:
    if team.event.singles:
        first = _("A place was freed: %(player)s is now entered in %(event)s.") % {
            "player": team.name,
            "event": team.event.name,
        }
        return _with_link(team, first)
    return _with_link(
        team,
        _("A place was freed: the team %(team)s (%(players)s) is now registered for %(event)s.")
        % {"team": team.name, "players": team.players, "event": team.event.name},
    )


def waiting_body(team: Team, position: int) -> str:
    if team.event.singles:
        first = _(
            "%(player)s moved up the waiting list of %(event)s: now number %(n)d, told as soon "
            "as a place is freed."
        ) % {"player": team.name, "event": team.event.name, "n": position}
        return _with_link(team, first)
    return _with_link(
        team,
        _(
            "The team %(team)s moved up the waiting list of %(event)s: it is now number "
            "%(n)d. It is told as soon as a place is freed."
        )
        % {"team": team.name, "event": team.event.name, "n": position},
    )


def withdrawn_body(team: Team) -> str:
    event = team.event
    if event.singles:
        first = _(
            "The entry of %(player)s in %(event)s is withdrawn: the place goes to the waiting "
            "list. If this is a mistake, ask the organizer."
        ) % {"player": team.name, "event": event.name}
        return "\n\n".join([first, event_facts(team)])
    return "\n\n".join(
        [
            _(
                "The registration of the team %(team)s (%(players)s) for %(event)s is withdrawn: "
                "its place goes to the waiting list. If this is a mistake, ask the organizer."
            )
            % {"team": team.name, "players": team.players, "event": event.name},
            event_facts(team),
        ]
    )
