"""Events: the list and the page, creating one, its settings, reopening and releasing, the series
length and the audit log."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api_input import KnownFieldsOnly
from tournaments.audit import describe, who
from tournaments.events.options import movement_names, rule_set_names, scoring_system_names
from tournaments.standings.engine import METRICS
from tournaments.standings.service import results_visible

from ...models import AuditEntry, Event, Season

EVENT_SETTINGS = [
    "name",
    "date",
    "venue",
    "game_type",
    "rule_set",
    "entry",
    "number_of_games",
    "scoring_system",
    "bye_points",
    "bye_counts_as_win",
    "movement",
    "seed_by_rating",
    "playoff_format",
    "playoff_best_of",
    "bracket",
    "bracket_qualifiers",
    "bracket_best_of",
    "bracket_third_place",
    "confirmation",
    "visibility",
]


class EventListSerializer(serializers.ModelSerializer):
    class Meta:
        model = Event
        fields = ["slug", "name", "date", "venue", "game_type", "status"]


BRACKET_WORDS = (
    'After the series, a single-elimination bracket of the qualifiers: "" none, '
    '"one_in_four" one entrant in four rounded up (the ACC\'s rule), "fixed" '
    "bracket_qualifiers of them (2 or more). Fixed once the bracket is seated."
)


@extend_schema_field(
    {"type": "string", "enum": list(Event.Bracket.values), "description": BRACKET_WORDS}
)
class BracketField(serializers.ChoiceField):
    """The bracket setting, described in words (a blank choice reads badly as an enum list)."""

    def __init__(self, **kwargs):
        super().__init__(choices=Event.Bracket.choices, allow_blank=True, **kwargs)


class EventSerializer(serializers.ModelSerializer):
    results_visible = serializers.SerializerMethodField(
        help_text="Whether the caller may see scores and standings now."
    )
    team_count = serializers.SerializerMethodField()
    rounds_seated = serializers.SerializerMethodField()
    bracket = BracketField(read_only=True)

    class Meta:
        model = Event
        fields = [
            "slug",
            *EVENT_SETTINGS,
            "tiebreaks",
            "season",
            "status",
            "published_at",
            "released_at",
            "finished_at",
            "results_visible",
            "team_count",
            "rounds_seated",
        ]
        read_only_fields = fields

    def get_results_visible(self, event) -> bool:
        return results_visible(event, self.context["request"].user)

    def get_team_count(self, event) -> int:
        return event.teams.active().count()

    def get_rounds_seated(self, event) -> int:
        return event.rounds.count()


class ReopenSerializer(KnownFieldsOnly, serializers.Serializer):
    reason = serializers.CharField(
        max_length=300, help_text="Why the event is reopened (audit log)."
    )


#: What the server accepts (the service and the settings page say the same).
GAMES_MIN, GAMES_MAX = 1, 30


BYE_POINTS_MAX = 32767


GAMES_OUT_OF_RANGE = gettext_lazy("The number of games must be between 1 and 30.")


GAMES_BOUNDS: dict[str, Any] = {
    "min_value": GAMES_MIN,
    "max_value": GAMES_MAX,
    "error_messages": {"min_value": GAMES_OUT_OF_RANGE, "max_value": GAMES_OUT_OF_RANGE},
}


SETTING_BOUNDS = {
    "number_of_games": GAMES_BOUNDS,
    "bye_points": {"min_value": 0, "max_value": BYE_POINTS_MAX},
}


class SeasonChoiceField(serializers.PrimaryKeyRelatedField):
    """A season by its id (``GET /api/v1/leagues/{league}/seasons/`` lists them)."""

    default_error_messages = {
        "does_not_exist": gettext_lazy(
            "No season #{pk_value}: GET /api/v1/leagues/ lists the seasons with their ids."
        ),
        "incorrect_type": gettext_lazy("A season is given by its id (a whole number), or null."),
    }

    def __init__(self, **kwargs):
        super().__init__(
            queryset=Season.objects.select_related("league"),
            allow_null=True,
            required=False,
            help_text="The season's id; null: in no season. The caller must organize the "
            "season's league (and the event).",
            **kwargs,
        )


def _named_option(names: list[str], what: str) -> serializers.CharField:
    """A setting whose value is a name of an engine's registry: the schema lists them (an
    enum), the service checks the value and says which names it takes."""

    @extend_schema_field({"type": "string", "enum": names})
    class OptionField(serializers.CharField):
        pass

    return OptionField(required=False, help_text=f"The {what}, by its key.")


@extend_schema_field({"type": "string", "enum": sorted(set(METRICS) - {"playoff"})})
class TiebreakKeyField(serializers.CharField):
    """A metric's key; which keys a scoring system takes is the service's to say."""


# The settings an organizer gives, declared once for the create call and the update so that
# both accept the same fields the same way (tests/tournaments/api/test_create_update_symmetry.py).
# A comment, not a docstring: the schema would show an inherited docstring as the description.
class _SettingsFields(serializers.Serializer):
    season = SeasonChoiceField()
    tiebreaks = serializers.ListField(
        child=TiebreakKeyField(),
        required=False,
        help_text="The tiebreak order after the primary metric, as keys (e.g. "
        '["head_to_head", "wins", "spread"]); [] for the scoring system\'s own. A key the '
        "system does not have (its primary metric, or one given twice) is refused with the "
        "list of allowed keys.",
    )
    rule_set = _named_option(rule_set_names(), "cribbage rule set")
    scoring_system = _named_option(scoring_system_names(), "scoring system")
    movement = _named_option(movement_names(), "seating (how teams move between rounds)")
    bracket = BracketField(required=False)


#: Every field the update accepts; the create call takes these and ``slug``.
SETTINGS_FIELDS = [*EVENT_SETTINGS, "tiebreaks", "season"]


class EventCreateSerializer(KnownFieldsOnly, _SettingsFields, serializers.ModelSerializer):
    slug = serializers.SlugField(
        required=False, max_length=50, help_text="Empty: made from the name."
    )

    class Meta:
        model = Event
        fields = ["slug", *SETTINGS_FIELDS]
        extra_kwargs = SETTING_BOUNDS

    def validate_slug(self, slug: str) -> str:
        if Event.objects.filter(slug=slug).exists():
            raise serializers.ValidationError(
                _(
                    "The slug “%(slug)s” is taken by another event: choose another one or leave "
                    "it out."
                )
                % {"slug": slug},
                code="duplicate",
            )
        return slug


class EventSettingsSerializer(KnownFieldsOnly, _SettingsFields, serializers.ModelSerializer):
    class Meta:
        model = Event
        fields = SETTINGS_FIELDS
        extra_kwargs = SETTING_BOUNDS


class ReleaseSerializer(KnownFieldsOnly, serializers.Serializer):
    released = serializers.BooleanField(
        default=True, help_text="true releases the results; false hides them again."
    )


class NumberOfGamesSerializer(KnownFieldsOnly, serializers.Serializer):
    number_of_games = serializers.IntegerField(
        help_text="Games in the series, 1 to 30.", **GAMES_BOUNDS
    )


class AuditEntrySerializer(serializers.ModelSerializer):
    actor = serializers.SerializerMethodField(
        help_text="Who acted, in the request's language like `text` (a user's name, "
        "“The captain of …” (the player's name in singles), or Huche for the site itself)."
    )
    text = serializers.SerializerMethodField(
        help_text="The entry in words, in the request's language."
    )

    class Meta:
        model = AuditEntry
        fields = ["id", "created_at", "actor", "action", "target", "text", "before", "after"]

    def get_actor(self, entry) -> str:
        return who(entry, bool(self.context.get("singles")))

    def get_text(self, entry) -> str:
        return describe(entry, self.context.get("singles")).text
