"""How many teams one event holds (issue 51, finding 1: six imports of 500 made a 3,000-team
event whose pages and printouts held web workers for a minute).

``HUCHE_MAX_TEAMS_PER_EVENT`` (1,000 by default) is far beyond any real cribbage event (the
largest ACC main events have about 300 players) and bounds what one account can make the site
compute. Every path that adds teams asks :func:`check_room` before writing: the organizer's
form and the API (``events.teams.add_team``), late teams (the same), the CSV import
(``events.csv_import.import_teams``, the whole list at once), the public registration
(``events.public_registration.register`` through ``add_team``) and the archive import
(``archives.store``). Refused teams do not count: the organizer frees the room a burst took by
refusing it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import RuleError
from tournaments.models import Event, Team

DEFAULT = 1000


def max_teams() -> int:
    return int(getattr(settings, "HUCHE_MAX_TEAMS_PER_EVENT", DEFAULT) or DEFAULT)


def teams_held(event: Event) -> int:
    return Team.objects.filter(event=event).exclude(registration=Team.Registration.REFUSED).count()


def check_room(event: Event, adding: int = 1) -> None:
    """Refuse (nothing written) if ``adding`` more teams would pass the event's limit."""
    if transaction.get_connection().in_atomic_block:  # two adds at once counted one at a time
        Event.objects.select_for_update().filter(pk=event.pk).exists()
    limit, held = max_teams(), teams_held(event)
    if held + adding > limit:
        raise RuleError(
            _(
                "An event holds at most %(max)d teams: this one has %(n)d, so %(adding)d more "
                "cannot be added. Split the event in two, or refuse the teams that should not "
                "be in it."
            )
            % {"max": limit, "n": held, "adding": adding},
            code="too_many_teams",
            extra={"max": limit, "teams": held},
        )
