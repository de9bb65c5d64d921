"""The configurable parts of an event, validated against the engines' own registries."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import RuleError


def rule_set_names() -> list[str]:
    from games.cribbage.rules import PRESETS

    return list(PRESETS)


def rule_set_for(event):
    from games.cribbage.rules import PRESETS

    return PRESETS[event.rule_set]


def movement_names() -> list[str]:
    from tournaments.seating.movement import MOVEMENTS

    return list(MOVEMENTS)


def scoring_system_names() -> list[str]:
    from tournaments.standings.engine import SYSTEMS

    return list(SYSTEMS)


def _check(value, allowed: list[str], field: str, what: str) -> None:
    if value is not None and value not in allowed:
        raise RuleError(
            _("Unknown %(what)s “%(value)s”: choose one of %(allowed)s.")
            % {"what": what, "value": value, "allowed": ", ".join(allowed)},
            field=field, code="choice",
        )


def validate_event_options(fields: dict) -> None:
    _check(fields.get("rule_set"), rule_set_names(), "rule_set", _("rule set"))
    _check(fields.get("movement"), movement_names(), "movement", _("seating"))
    _check(fields.get("scoring_system"), scoring_system_names(), "scoring_system",
           _("scoring system"))
    games = fields.get("number_of_games")
    if games is not None and not 1 <= int(games) <= 30:
        raise RuleError(_("The number of games must be between 1 and 30."),
                        field="number_of_games")
