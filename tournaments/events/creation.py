"""Creating an event: its slug (never one of the organizer pages' words), its owner and draw
seed; and the series length the floor manager may change later."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from accounts.models import EventRole
from accounts.roles import grant
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.events.names import check_characters
from tournaments.events.options import check_bracket, check_tiebreaks, validate_event_options
from tournaments.events.teams import check_open
from tournaments.models import Event
from tournaments.publishing.caching import bump_event

# Words the organizer pages use right after /organize/: no event may take them as its slug.
RESERVED_SLUGS = {"new", "seasons", "leagues"}


def unique_slug(name: str, model=Event, **scope) -> str:
    base = slugify(name)[:40] or model.__name__.lower()
    slug, n = base, 2
    while (
        (model is Event and slug in RESERVED_SLUGS)
        or (model.__name__ == "Season" and slug == "palmares")  # the league's honours page
        or model.objects.filter(slug=slug, **scope).exists()
    ):
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def create_event(organizer, *, name: str, date, draft: bool = False, **fields) -> Event:
    """Create an event owned by ``organizer``; its draw seed is recorded now for reproducibility.

    ``draft``: seen only by its organizers and officials until published (``events.drafts``);
    what an organizer creates from the form or the API is a draft.
    """

    validate_event_options(fields)
    check_bracket(fields)
    # The same check as a change of settings: the API's create call takes the tiebreaks too.
    system = fields.get("scoring_system") or Event._meta.get_field("scoring_system").default
    check_tiebreaks(system, fields.get("tiebreaks"))
    check_characters(name, "event")
    event = Event.objects.create(
        name=name,
        date=date,
        published_at=None if draft else timezone.now(),
        slug=fields.pop("slug", None) or unique_slug(name),
        seed=fields.pop("seed", None) or secrets.randbelow(2**31),
        **fields,
    )
    grant(organizer, event, EventRole.Role.ORGANIZER)
    audit.record(
        event, organizer, AuditAction.EVENT_CREATE, str(event), after=audit.snapshot(event)
    )
    return event


@transaction.atomic
def set_number_of_games(event: Event, actor, games: int) -> Event:
    """The floor manager may change the series length, never below the rounds already seated."""
    seated = event.rounds.filter(kind="series").count()
    check_open(event, _("The event is finished: reopen it to change the number of games."))
    if not 1 <= games <= 30:
        raise RuleError(_("The number of games must be between 1 and 30."), field="number_of_games")
    if games < seated:
        raise RuleError(
            _("%(seated)d rounds are already seated: the series cannot be shorter than that.")
            % {"seated": seated},
            field="number_of_games",
            code="too_few",
        )
    if games == event.number_of_games:
        return event  # saved unchanged: nothing to record
    if event.rounds.filter(kind="bracket").exists():  # its qualifiers came from this series
        raise RuleError(
            _("The bracket is seated: the series it was drawn from can no longer change length."),
            field="number_of_games",
            code="bracket_seated",
        )
    before = audit.snapshot(event, ["number_of_games"])
    event.number_of_games = games
    event.save(update_fields=["number_of_games"])
    audit.record(
        event,
        actor,
        AuditAction.EVENT_NUMBER_OF_GAMES,
        str(event),
        before=before,
        after=audit.snapshot(event, ["number_of_games"]),
    )
    bump_event(event)  # whether the series is complete (standings provisional) may change
    return event
