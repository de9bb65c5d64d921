"""The configurable parts of an event, validated against the engines' own registries, and
what an event's rule set says about its games (target score, skunks)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.cribbage.rules import PRESETS, skunk
from tournaments.errors import RuleError
from tournaments.models import Event
from tournaments.seating.movement import MOVEMENTS
from tournaments.standings.engine import (
    METRICS,
    SYSTEMS,
    StandingsConfig,
    StandingsError,
    tiebreak_choices,
)

# The engine names its rule sets in code (it never imports Django); people read these.
RULE_SET_LABELS = {
    "FADOQ": gettext_lazy("FADOQ: 4 players in two partnerships, 121 points"),
    "FOUR_PLAYER_PARTNERS": gettext_lazy("4 players in two partnerships, 121 points"),
    "STANDARD_2P_121": gettext_lazy("Standard: 2 players, 121 points"),
    "STANDARD_2P_61": gettext_lazy("Short game: 2 players, 61 points"),
    "THREE_PLAYER": gettext_lazy("3 players, 121 points"),
    "FIVE_PLAYER": gettext_lazy("5 players, 121 points"),
    "SIX_PLAYER": gettext_lazy("6 players in three partnerships, 121 points"),
}


def rule_set_names() -> list[str]:
    return list(PRESETS)


def rule_set_label(name: str) -> str:
    """The rule set's name in the active language (a code the engine knows but this list
    does not is shown tidied up rather than raw)."""
    return str(RULE_SET_LABELS.get(name) or name.replace("_", " ").title())


def rule_set_choices() -> list[tuple[str, str]]:
    return [(name, rule_set_label(name)) for name in rule_set_names()]


def rule_set_for(event):
    return PRESETS[event.rule_set]


def target_of(event: Event) -> int:
    """The score that wins a game; for Crapette the standings count wins (target 1)."""
    return rule_set_for(event).target if event.game_type == Event.GameType.CRIBBAGE else 1


def skunk_level(event: Event, score_a: int, score_b: int) -> int:
    if event.game_type != Event.GameType.CRIBBAGE:
        return 0
    level = skunk(max(score_a, score_b), min(score_a, score_b), rule_set_for(event))
    return int(getattr(level, "value", level) or 0)


def skunk_rule_words(event: Event) -> str:
    """The pétrin lines of the event's games in one sentence (issue 34: stated nowhere before),
    read from the rule set: "Game to 121 points: a skunk when the loser has 90 points or fewer;
    a double skunk at 60 or fewer." Empty for Crapette."""
    if event.game_type != Event.GameType.CRIBBAGE:
        return ""
    rules = rule_set_for(event)
    lines = [
        _("a skunk when the loser has %(n)s points or fewer") % {"n": rules.skunk_line}
        if rules.skunk_line is not None
        else "",
        _("a double skunk at %(n)s or fewer") % {"n": rules.double_skunk_line}
        if rules.double_skunk_line is not None
        else "",
        _("a triple skunk at %(n)s or fewer") % {"n": rules.triple_skunk_line}
        if rules.triple_skunk_line is not None
        else "",
    ]
    said = [line for line in lines if line]
    if not said:
        return _("Game to %(target)s points, no skunk.") % {"target": rules.target}
    return _("Game to %(target)s points: %(lines)s.") % {
        "target": rules.target,
        "lines": _("; ").join(said),
    }


def movement_names() -> list[str]:
    return list(MOVEMENTS)


def scoring_system_names() -> list[str]:
    return list(SYSTEMS)


def _check(value, allowed: list[str], field: str, what: str) -> None:
    if value is not None and value not in allowed:
        raise RuleError(
            _("Unknown %(what)s “%(value)s”: choose one of %(allowed)s.")
            % {"what": what, "value": value, "allowed": ", ".join(allowed)},
            field=field,
            code="choice",
        )


def two_handed(event: Event) -> bool:
    """A cribbage game of two players: two hands and a crib a deal on its sheets (issue 50)."""
    return event.game_type == Event.GameType.CRIBBAGE and rule_set_for(event).players == 2


#: Rule sets a singles event may use: every player scores alone, two or three at a table.
SINGLES_PLAYERS = (2, 3)


def singles_allowed(game_type: str, rule_set: str) -> bool:
    """One player per entry fits a one-on-one game: Crapette, or a cribbage rule set of two or
    three players each scoring alone (not a partnership game)."""
    if game_type != Event.GameType.CRIBBAGE:
        return True
    rules = PRESETS.get(rule_set)
    return rules is not None and rules.players in SINGLES_PLAYERS and rules.sides == rules.players


def check_entry(entry: str, game_type: str, rule_set: str) -> None:
    """Refuse singles with a partnership rule set, in words (issue 50)."""
    if entry not in Event.Entry.values:
        raise RuleError(
            _("Unknown entry “%(value)s”: choose one of %(allowed)s.")
            % {"value": entry, "allowed": ", ".join(Event.Entry.values)},
            field="entry",
            code="choice",
        )
    if entry == Event.Entry.SINGLES and not singles_allowed(game_type, rule_set):
        raise RuleError(
            _(
                "Singles (one player per entry) are for two- and three-handed cribbage: the "
                "rule set “%(rule_set)s” is played in partnerships. Choose a two- or "
                "three-player rule set, or pairs."
            )
            % {"rule_set": rule_set_label(rule_set)},
            field="entry",
            code="singles_rule_set",
        )


def check_bracket(values: dict, event: Event | None = None) -> None:
    """The bracket settings (issue 50) make sense together: a set number of qualifiers is 2 or
    more, and no more than the entrants once the series has started (``event`` given)."""
    kind = values.get("bracket", event.bracket if event else "")
    count = values.get("bracket_qualifiers", event.bracket_qualifiers if event else None)
    best_of = values.get("bracket_best_of")
    if kind not in Event.Bracket.values:
        raise RuleError(
            _("“%(value)s” is not a bracket setting. Allowed: none, one_in_four, fixed.")
            % {"value": str(kind)[:40]},
            field="bracket",
        )
    if best_of is not None and best_of not in Event.BracketBestOf.values:
        raise RuleError(
            _("A bracket match is a best of 1, 3 or 5 games: %(n)s is not allowed.")
            % {"n": best_of},
            field="bracket_best_of",
        )
    if kind != Event.Bracket.FIXED:
        return
    if count is None or count < 2:
        raise RuleError(
            _("A set number of qualifiers needs the number: 2 or more."),
            field="bracket_qualifiers",
        )
    if event is not None and event.status != Event.Status.REGISTRATION:
        entrants = event.teams.filter(withdrawn_at__isnull=True).entered().count()
        if count > entrants:
            raise RuleError(
                _("%(q)s qualifiers is more than the %(n)s entrants: allowed 2 to %(n)s.")
                % {"q": count, "n": entrants},
                field="bracket_qualifiers",
            )


def validate_event_options(fields: dict) -> None:
    _check(fields.get("rule_set"), rule_set_names(), "rule_set", _("rule set"))
    _check(fields.get("movement"), movement_names(), "movement", _("seating"))
    _check(
        fields.get("scoring_system"), scoring_system_names(), "scoring_system", _("scoring system")
    )
    if "entry" in fields:
        check_entry(
            fields["entry"],
            fields.get("game_type") or Event.GameType.CRIBBAGE,
            fields.get("rule_set") or "FADOQ",
        )
    games = fields.get("number_of_games")
    if games is not None and not 1 <= int(games) <= 30:
        raise RuleError(_("The number of games must be between 1 and 30."), field="number_of_games")


def check_tiebreaks(system: str, chain) -> None:
    """A tiebreak order (a list of metric keys; empty: the system's own) fits ``system``:
    otherwise a refusal that lists the allowed keys with their names."""
    if chain in (None, []):
        return
    allowed = tiebreak_choices(system)
    listed = ", ".join(f"{key} ({_(METRICS[key].label)})" for key in allowed)
    if not isinstance(chain, list) or not all(isinstance(key, str) for key in chain):
        raise RuleError(
            _('The tiebreak order is a list of keys, e.g. ["wins", "spread"]. Allowed: %(keys)s.')
            % {"keys": listed},
            field="tiebreaks",
            code="invalid",
        )
    unknown = [key for key in chain if key not in allowed]
    if unknown:
        raise RuleError(
            _("“%(key)s” is not a tiebreak of this scoring system. Allowed: %(keys)s.")
            % {"key": unknown[0][:40], "keys": listed},
            field="tiebreaks",
            code="invalid",
        )
    if len(set(chain)) != len(chain):
        raise RuleError(
            _("Each tiebreak may appear only once. Allowed: %(keys)s.") % {"keys": listed},
            field="tiebreaks",
            code="invalid",
        )
    try:
        StandingsConfig(system, tiebreaks=tuple(chain))
    except StandingsError:
        raise RuleError(
            _(
                "The draw of lots separates every team: it must come last (it is added "
                "at the end when left out). Allowed: %(keys)s."
            )
            % {"keys": listed},
            field="tiebreaks",
            code="invalid",
        ) from None
