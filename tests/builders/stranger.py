"""The attacker of issue 22: someone who signed up and runs an event of their own.

``stranger`` is that account; ``captain_elsewhere`` is the team of that other event whose
captain's link (and PIN) is the attacker's other key. Neither has anything to do with the
victim's event: every id they try is taken from it.
"""

from __future__ import annotations

import datetime

from accounts.models import User
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.models import Event, Team


def stranger_event(email: str = "stranger@example.org") -> Event:
    """A fresh account (as /accounts/signup/ makes one) and the event it created."""
    user = User.objects.create_user(email, "pw-stranger-1", display_name="Intrus")
    event = create_event(user, name="Tournoi de l'intrus", date=datetime.date(2026, 12, 1))
    for i in (1, 2):
        add_team(event, user, name=f"Intrus {i}", captain=f"Capitaine {i}", partner=f"Ami {i}")
    return event


def stranger_of(event: Event) -> User:
    return event.roles.get().user


def captain_elsewhere(event: Event) -> Team:
    return event.teams.order_by("pk").first()
