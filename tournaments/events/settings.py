"""Changing an event's settings: the one service behind the settings page and the API.

The game, rule set and seating are fixed once the first round is seated (the page disables
them), the playoff format once the first playoff game is seated; the options are checked against the engines' registries; the series length goes through
:func:`~tournaments.events.creation.set_number_of_games` (never below the rounds already seated).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.events.creation import set_number_of_games
from tournaments.events.names import check_characters
from tournaments.events.options import check_tiebreaks, validate_event_options
from tournaments.models import Event, Round
from tournaments.publishing.caching import bump_event

FIXED_ONCE_STARTED = ("game_type", "rule_set", "movement", "seed_by_rating")
FIXED_ONCE_PLAYOFF = ("playoff_format", "playoff_best_of")
EDITABLE_ONCE_FINISHED = {"name", "date", "venue"}


@transaction.atomic
def update_event(event: Event, actor, values: dict) -> Event:
    """Apply the changed ``values`` (field name → value), audited; refuse what may not change."""
    changes = {name: value for name, value in values.items() if getattr(event, name) != value}
    if "name" in changes:
        check_characters(changes["name"], "event")
    if event.finished and set(changes) - EDITABLE_ONCE_FINISHED:
        name = sorted(set(changes) - EDITABLE_ONCE_FINISHED)[0]
        raise RuleError(
            _(
                "The event is finished: its results are frozen. Only its name, date "
                "and venue can change; reopen it to change anything else."
            ),
            field=name,
            code="finished",
        )
    if event.status != Event.Status.REGISTRATION:
        for name in FIXED_ONCE_STARTED:
            if name in changes:
                raise RuleError(
                    _("“%(field)s” cannot change once the first round is seated.")
                    % {"field": name},
                    field=name,
                    code="fixed",
                )
    playoff_fixed = [name for name in FIXED_ONCE_PLAYOFF if name in changes]
    if playoff_fixed and event.rounds.filter(kind=Round.Kind.PLAYOFF).exists():
        raise RuleError(
            _(
                "“%(field)s” cannot change once the playoff has begun: its games were seated "
                "and played in the format chosen."
            )
            % {"field": _field_label(playoff_fixed[0])},
            field=playoff_fixed[0],
            code="fixed",
        )
    validate_event_options(changes)
    if {"tiebreaks", "scoring_system"} & set(changes):
        check_tiebreaks(
            changes.get("scoring_system", event.scoring_system),
            changes.get("tiebreaks", event.tiebreaks),
        )
    games = changes.pop("number_of_games", None)
    if games is not None:
        set_number_of_games(event, actor, games)
    if changes:
        before = audit.snapshot(event, list(changes))
        for name, value in changes.items():
            setattr(event, name, value)
        event.save(update_fields=list(changes))
        audit.record(
            event,
            actor,
            AuditAction.EVENT_SETTINGS,
            str(event),
            before=before,
            after=audit.snapshot(event, list(changes)),
        )
        bump_event(event)
    return event


def _field_label(name: str) -> str:
    field = Event._meta.get_field(name)
    return str(getattr(field, "verbose_name", name))
