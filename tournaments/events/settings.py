"""Changing an event's settings: the one service behind the settings page and the API.

The game, rule set and seating are fixed once the first round is seated (the page disables
them), the playoff format once the first playoff game is seated; the options are checked against the engines' registries; the series length goes through
:func:`~tournaments.events.creation.set_number_of_games` (never below the rounds already seated).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.events.creation import set_number_of_games
from tournaments.events.names import check_characters
from tournaments.events.options import (
    check_bracket,
    check_entry,
    check_tiebreaks,
    validate_event_options,
)
from tournaments.models import Event, Round, Team
from tournaments.publishing.caching import bump_event

FIXED_ONCE_STARTED = ("game_type", "rule_set", "movement", "seed_by_rating", "entry")
FIXED_ONCE_PLAYOFF = ("playoff_format", "playoff_best_of")
BRACKET_FIELDS = ("bracket", "bracket_qualifiers", "bracket_best_of", "bracket_third_place")
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
    _check_bracket_changes(event, changes)
    validate_event_options({k: v for k, v in changes.items() if k != "entry"})
    check_entry_settings(event, changes)
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


def check_entry_settings(event: Event, changes: dict) -> None:
    """Singles only with a two- or three-handed rule set, whichever of the three changes."""
    if not {"entry", "game_type", "rule_set"} & set(changes):
        return
    entry = changes.get("entry", event.entry)
    check_entry(
        entry,
        changes.get("game_type", event.game_type),
        changes.get("rule_set", event.rule_set),
    )
    if "entry" in changes:
        check_entry_change(event, entry)


def check_entry_change(event: Event, entry: str) -> None:
    """Pairs become singles only while no team has a partner (each named); singles become
    pairs only while there are no entries (they would all lack a partner)."""
    teams = event.teams.exclude(registration=Team.Registration.REFUSED)
    if entry == Event.Entry.SINGLES:
        paired = [str(t) for t in teams.exclude(partner="").order_by("name")]
        if paired:
            raise RuleError(
                _(
                    "These entries have a partner: %(teams)s. A singles entry is one player: "
                    "withdraw them or remove their partner first."
                )
                % {"teams": ", ".join(paired[:10]) + ("…" if len(paired) > 10 else "")},
                field="entry",
                code="has_partner",
            )
    elif event.game_type == Event.GameType.CRIBBAGE and teams.exists():
        count = teams.count()
        raise RuleError(
            ngettext(
                "%(n)d player is entered alone: pairs need a partner for each. Pairs can "
                "only be chosen before anyone is entered.",
                "%(n)d players are entered alone: pairs need a partner for each. Pairs can "
                "only be chosen before anyone is entered.",
                count,
            )
            % {"n": count},
            field="entry",
            code="singles_entered",
        )


def _check_bracket_changes(event: Event, changes: dict) -> None:
    """The bracket's settings: sensible together, and fixed once the bracket is seated."""
    bracket_changes = [name for name in BRACKET_FIELDS if name in changes]
    if not bracket_changes:
        return
    if event.rounds.filter(kind=Round.Kind.BRACKET).exists():
        raise RuleError(
            _(
                "“%(field)s” cannot change once the bracket is seated: its qualifiers and "
                "matches were set with the settings chosen."
            )
            % {"field": _field_label(bracket_changes[0])},
            field=bracket_changes[0],
            code="fixed",
        )
    check_bracket(changes, event)


def _field_label(name: str) -> str:
    field = Event._meta.get_field(name)
    return str(getattr(field, "verbose_name", name))
