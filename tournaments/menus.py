"""The organizer's menu of an event, built from what the viewer may open.

An official runs the desk but does not configure the event: offering them "Settings",
"Officials" or "Audit log" only led to "Page not found". Each entry names the check its page
makes (the same functions the views call), so a link is shown exactly when it opens.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.roles import is_official, is_organizer


@dataclass(frozen=True)
class MenuLink:
    label: str
    url: str


def event_menu(user, event) -> list[MenuLink]:
    """The management links of ``event`` that ``user`` may open (none for anyone else)."""
    if not is_official(user, event):
        return []
    organizer = is_organizer(user, event)
    entries = [
        ("dashboard", _("Dashboard"), True),
        ("teams", event.words.Entries, True),
        ("registrations", _("Registrations"), organizer),
        # A club night's guests (leagues.guests) matter only to a season.
        ("event-guests", _("Guests"), event.season_id is not None),
        ("check-in", _("Check-in"), True),
        ("desk", _("Officials' desk"), True),
        ("standings", _("Standings"), True),
        ("bracket-organize", _("Bracket"), bool(event.bracket)),
        ("settings", _("Settings"), organizer),
        ("officials", _("Officials"), organizer),
        ("audit", _("Audit log"), organizer),
        ("event", _("Public page"), True),
    ]
    return [
        MenuLink(label, reverse(f"tournaments:{name}", args=[event.slug]))
        for name, label, allowed in entries
        if allowed
    ]
