"""Serializers: the shapes the API reads and writes. Validation here is about shape only (types,
required fields); the tournament rules are checked by the services the views call.

Two rules of disclosure are applied by choosing the serializer, never by the client:

- a team's captain link (token and PIN) is only in :class:`ManagedTeamSerializer`, used for the
  officials and organizers of the team's event;
- a game's score is only filled in when the view says results are visible to the caller
  (``context["results_visible"]``), and its report versions only when the view says the caller
  may see them (``context["reports_visible"]``);
- a game's status, and which games of a round are listed, follow the embargo
  (``context["disclosure"]``, :func:`tournaments.selectors.disclosure`).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.links import captain_url, public_base_url
from accounts.models import CaptainLink, Invitation
from common.api_input import KnownFieldsOnly
from tournaments.audit import describe, who
from tournaments.events.names import (
    MEMBER_NUMBER_MAX,
    PLAYER_NAME_MAX,
    TEAM_NAME_MAX,
    NameValidator,
)
from tournaments.events.options import movement_names, rule_set_names, scoring_system_names
from tournaments.standings.engine import METRICS
from tournaments.standings.service import results_visible

from ..models import AuditEntry, Event, Game, Player, Report, Round, Season, Team
from ..selectors import managed_leagues

# --- events ----------------------------------------------------------------------------------

EVENT_SETTINGS = [
    "name",
    "date",
    "venue",
    "game_type",
    "rule_set",
    "number_of_games",
    "scoring_system",
    "bye_points",
    "movement",
    "seed_by_rating",
    "playoff_format",
    "playoff_best_of",
    "confirmation",
    "visibility",
]


class EventListSerializer(serializers.ModelSerializer):
    class Meta:
        model = Event
        fields = ["slug", "name", "date", "venue", "game_type", "status"]


class EventSerializer(serializers.ModelSerializer):
    results_visible = serializers.SerializerMethodField(
        help_text="Whether the caller may see scores and standings now."
    )
    team_count = serializers.SerializerMethodField()
    rounds_seated = serializers.SerializerMethodField()

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


class EventCreateSerializer(KnownFieldsOnly, serializers.ModelSerializer):
    slug = serializers.SlugField(
        required=False, max_length=50, help_text="Empty: made from the name."
    )
    season = SeasonChoiceField()
    rule_set = _named_option(rule_set_names(), "cribbage rule set")
    scoring_system = _named_option(scoring_system_names(), "scoring system")
    movement = _named_option(movement_names(), "seating (how teams move between rounds)")

    class Meta:
        model = Event
        fields = ["slug", *EVENT_SETTINGS, "season"]
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


class EventSettingsSerializer(KnownFieldsOnly, serializers.ModelSerializer):
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

    class Meta:
        model = Event
        fields = [*EVENT_SETTINGS, "tiebreaks", "season"]
        extra_kwargs = SETTING_BOUNDS


class ReleaseSerializer(KnownFieldsOnly, serializers.Serializer):
    released = serializers.BooleanField(
        default=True, help_text="true releases the results; false hides them again."
    )


class SeatRoundSerializer(KnownFieldsOnly, serializers.Serializer):
    force = serializers.BooleanField(
        default=False,
        help_text="Seat even though games of the current round are not "
        "confirmed (recorded on the round and in the audit log).",
    )


class NumberOfGamesSerializer(KnownFieldsOnly, serializers.Serializer):
    number_of_games = serializers.IntegerField(
        help_text="Games in the series, 1 to 30.", **GAMES_BOUNDS
    )


class AuditEntrySerializer(serializers.ModelSerializer):
    actor = serializers.SerializerMethodField(
        help_text="Who acted, in the request's language like `text` (a user's name, "
        "“The captain of …”, or Huche for the site itself)."
    )
    text = serializers.SerializerMethodField(
        help_text="The entry in words, in the request's language."
    )

    class Meta:
        model = AuditEntry
        fields = ["id", "created_at", "actor", "action", "target", "text", "before", "after"]

    def get_actor(self, entry) -> str:
        return who(entry)

    def get_text(self, entry) -> str:
        return describe(entry).text


# --- teams -----------------------------------------------------------------------------------


#: The registration's limits (``events.names``), not the columns' wider ones.
NAME_LIMITS = {
    "name": {"max_length": TEAM_NAME_MAX},
    "captain": {"max_length": PLAYER_NAME_MAX},
    "partner": {"max_length": PLAYER_NAME_MAX},
}


class TeamSerializer(serializers.ModelSerializer):
    withdrawn = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = ["id", "name", "captain", "partner", "players", "withdrawn"]
        extra_kwargs = NAME_LIMITS

    def get_withdrawn(self, team) -> bool:
        return team.withdrawn_at is not None


class CaptainLinkSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField(help_text="The captain's page (QR code on the card).")

    class Meta:
        model = CaptainLink
        fields = ["token", "pin", "url", "created_at", "failed_attempts", "locked_until"]

    def get_url(self, link) -> str:
        return captain_url(link, public_base_url(self.context.get("request")))


class PlayerRefSerializer(serializers.ModelSerializer):
    member_number = serializers.SerializerMethodField(
        help_text="The league's number for the player: only for the league's organizers "
        "(null for anyone else)."
    )

    class Meta:
        model = Player
        fields = ["id", "uid", "name", "member_number"]

    def get_member_number(self, player) -> str | None:
        root = self.root  # one query per reply, not per player: kept on the outer serializer
        managed = getattr(root, "_managed_leagues", None)
        if managed is None:
            user = getattr(self.context.get("request"), "user", None)
            managed = set(managed_leagues(user).values_list("pk", flat=True))
            root._managed_leagues = managed  # type: ignore[attr-defined]
        return player.member_number if player.league_id in managed else None


class ManagedTeamSerializer(TeamSerializer):
    """A team as its event's officials and organizers see it: with the live captain's link and
    the players the team is linked to."""

    link = serializers.SerializerMethodField()
    captain_player = PlayerRefSerializer(allow_null=True, read_only=True)
    partner_player = PlayerRefSerializer(allow_null=True, read_only=True)

    class Meta(TeamSerializer.Meta):
        fields = [
            *TeamSerializer.Meta.fields,
            "captain_player",
            "partner_player",
            "registered_at",
            "withdrawn_at",
            "withdrawn_after_round",
            "link",
        ]

    @extend_schema_field(CaptainLinkSerializer(allow_null=True))
    def get_link(self, team):
        live = [link for link in team.links.all() if link.revoked_at is None]
        return CaptainLinkSerializer(live[0], context=self.context).data if live else None


class TeamCreateSerializer(KnownFieldsOnly, serializers.Serializer):
    name = serializers.CharField(
        max_length=TEAM_NAME_MAX, allow_blank=True, validators=[NameValidator("name")]
    )
    captain = serializers.CharField(
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("captain")],
        allow_blank=True,
        required=False,
        default="",
        help_text="The name on the sheets; may be left out when captain_player is given.",
    )
    partner = serializers.CharField(
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("partner")],
        allow_blank=True,
        required=False,
        default="",
        help_text="Required for cribbage (teams of two).",
    )
    captain_player = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="An existing player's id (of the event's league). Names are never matched.",
    )
    partner_player = serializers.IntegerField(required=False, allow_null=True, default=None)
    captain_member_number = serializers.CharField(
        max_length=MEMBER_NUMBER_MAX,
        required=False,
        allow_blank=True,
        default="",
        help_text="A member number the event's league knows links that player; an unknown "
        "one is given to the new player.",
    )
    partner_member_number = serializers.CharField(
        max_length=MEMBER_NUMBER_MAX, required=False, allow_blank=True, default=""
    )
    missed_rounds = serializers.ChoiceField(
        choices=Team.MissedRounds.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="Required once rounds are seated (a late team): what its missed rounds "
        "count — `bye` (the FADOQ way: the event's bye rule), `forfeit` (a loss by forfeit "
        "each) or `nothing`.",
    )


class TeamEditSerializer(KnownFieldsOnly, serializers.Serializer):
    """A correction: fields left out keep their value. Names are fixed on the players."""

    name = serializers.CharField(
        max_length=TEAM_NAME_MAX,
        validators=[NameValidator("name")],
        required=False,
        allow_blank=True,
    )
    captain = serializers.CharField(
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("captain")],
        required=False,
        allow_blank=True,
    )
    partner = serializers.CharField(
        max_length=PLAYER_NAME_MAX,
        validators=[NameValidator("partner")],
        required=False,
        allow_blank=True,
    )
    captain_member_number = serializers.CharField(
        max_length=MEMBER_NUMBER_MAX, required=False, allow_blank=True
    )
    partner_member_number = serializers.CharField(
        max_length=MEMBER_NUMBER_MAX, required=False, allow_blank=True
    )


class TeamImportSerializer(KnownFieldsOnly, serializers.Serializer):
    text = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text="One team per line: team, captain, partner, and "
        "optionally the captain's and the partner's member "
        "numbers.",
    )
    file = serializers.FileField(
        required=False, help_text="…or a CSV file (UTF-8 or Windows-1252), multipart upload."
    )
    missed_rounds = serializers.ChoiceField(
        choices=Team.MissedRounds.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="Required once rounds are seated: what every listed team's missed rounds "
        "count (as for one team).",
    )

    def validate(self, data):
        if not data.get("text", "").strip() and not data.get("file"):
            raise serializers.ValidationError(
                _(
                    "Give the list as “text” (one team per line: team, captain, partner) or "
                    "upload it as “file”."
                ),
                code="required",
            )
        return data


class TeamImportResultSerializer(serializers.Serializer):
    created = serializers.IntegerField()
    teams = ManagedTeamSerializer(many=True)


class NewLinkSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    token = serializers.CharField()
    pin = serializers.CharField()
    url = serializers.CharField()


# --- rounds, games, reports --------------------------------------------------------------------


class TeamRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Team
        fields = ["id", "name", "players"]
        extra_kwargs = NAME_LIMITS


class ResultSerializer(serializers.Serializer):
    score_a = serializers.IntegerField()
    score_b = serializers.IntegerField()
    skunk = serializers.IntegerField(help_text="0 none, 1 skunk, 2 double skunk…")
    winner = serializers.IntegerField(allow_null=True, help_text="The winning team's id.")


class GameSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number")
    team_a = TeamRefSerializer()
    team_b = TeamRefSerializer(allow_null=True)
    status = serializers.ChoiceField(
        choices=Game.Status.choices,
        allow_null=True,
        read_only=True,
        help_text="null while the results are not visible to the caller, except for a "
        "captain's own games: a status (a dispute, a confirmation) tells a hidden result.",
    )
    result = serializers.SerializerMethodField(
        help_text="The confirmed result; null while unconfirmed or while the results are not "
        "visible to the caller (see the event's results_visible)."
    )

    class Meta:
        model = Game
        fields = ["id", "round", "table", "team_a", "team_b", "status", "playoff_match", "result"]

    def to_representation(self, game):
        data = super().to_representation(game)
        disclosure = self.context.get("disclosure")
        shown = (
            disclosure.shows_status(game)
            if disclosure is not None
            else self.context.get("results_visible")
        )
        if not shown:
            data["status"] = None
        return data

    @extend_schema_field(ResultSerializer(allow_null=True))
    def get_result(self, game):
        report = game.confirmed_report
        if report is None or not self.context.get("results_visible"):
            return None
        return {
            "score_a": report.score_a,
            "score_b": report.score_b,
            "skunk": report.skunk,
            "winner": report.winner_id_for(game),
        }


class RoundSerializer(serializers.ModelSerializer):
    games = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "kind", "movement", "forced", "created_at", "games"]

    @extend_schema_field(GameSerializer(many=True))
    def get_games(self, round_):
        games = sorted(round_.games.all(), key=lambda g: (g.table is None, g.table or 0))
        disclosure = self.context.get("disclosure")
        if disclosure is not None:  # before the release: the caller's own game of a past round
            games = [game for game in games if disclosure.shows_game(game)]
        return GameSerializer(games, many=True, context=self.context).data


class ReportSerializer(serializers.ModelSerializer):
    confirmed = serializers.SerializerMethodField(
        help_text="Whether this version is the game's confirmed result."
    )

    class Meta:
        model = Report
        fields = [
            "id",
            "game",
            "version",
            "kind",
            "score_a",
            "score_b",
            "skunk",
            "detail",
            "by_team",
            "channel",
            "note",
            "created_at",
            "confirmed",
        ]

    def get_confirmed(self, report) -> bool:
        return report.game.confirmed_report_id == report.pk


class GameDetailSerializer(GameSerializer):
    event = serializers.CharField(source="round.event.slug")
    reports = serializers.SerializerMethodField(
        help_text="Every report version, newest first; null unless the caller is an official "
        "of the event or the captain of one of the two teams."
    )
    open_dispute = serializers.SerializerMethodField(
        help_text="The id of the game's unsettled dispute (same visibility as reports)."
    )

    class Meta(GameSerializer.Meta):
        fields = ["event", *GameSerializer.Meta.fields, "reports", "open_dispute"]

    @extend_schema_field(ReportSerializer(many=True, allow_null=True))
    def get_reports(self, game):
        if not self.context.get("reports_visible"):
            return None
        reports = game.reports.select_related("game").order_by("-version")
        return ReportSerializer(reports, many=True).data

    @extend_schema_field(OpenApiTypes.INT)
    def get_open_dispute(self, game) -> int | None:
        if not self.context.get("reports_visible"):
            return None
        return game.disputes.open().values_list("pk", flat=True).first()


@extend_schema_field(OpenApiTypes.INT)
class ScoreField(serializers.Field):
    """A score, passed to the reporting service as given: it says what is wrong and why."""

    def to_internal_value(self, data):
        return data

    def to_representation(self, value):
        return value


class ReportSubmitSerializer(KnownFieldsOnly, serializers.Serializer):
    kind = serializers.ChoiceField(choices=Report.Kind.choices, default=Report.Kind.FINAL)
    score_a = ScoreField(required=False, help_text="final: team A's score.")
    score_b = ScoreField(required=False, help_text="final: team B's score.")
    sheet = serializers.JSONField(
        required=False,
        help_text=(
            'sheet: {"deals": [{"dealer": "a"|"b", "heels": bool, "pegging": {"a": n, '
            '"b": n}, "hands": [counts or {"count", "cards"}, in show order], "crib": n, '
            '"starter": card}]}'
        ),
    )
    declared = serializers.JSONField(
        required=False,
        help_text=(
            'final: hands of 24 or more, checked against their cards (docs/honours.md): [{"side": '
            '"a"|"b", "cards": 4 cards, "starter": card, "count": n, "crib": bool, "player": '
            '"captain"|"partner" (optional)}]'
        ),
    )
    winner = serializers.CharField(
        required=False, help_text="crapette, forfeit (officials only): who won, a or b."
    )
    crapette_left = ScoreField(
        required=False, help_text="crapette: cards left in the loser's crapette pile."
    )
    stock_left = ScoreField(
        required=False, help_text="crapette: cards left in the loser's stock and discard."
    )
    record = serializers.JSONField(required=False, help_text="crapette_record: the game record.")
    idempotency_key = serializers.CharField(
        max_length=64,
        required=False,
        default="",
        allow_blank=True,
        help_text="Any unique string per report: a retry with the same key stores nothing new.",
    )
    note = serializers.CharField(max_length=300, required=False, default="", allow_blank=True)

    REQUIRED = {
        Report.Kind.FINAL: ("score_a", "score_b"),
        Report.Kind.SHEET: ("sheet",),
        Report.Kind.CRAPETTE_RECORD: ("record",),
    }

    def validate(self, data):
        for name in self.REQUIRED.get(data["kind"], ()):
            if data.get(name) in (None, ""):
                raise serializers.ValidationError(
                    {
                        name: _("A “%(kind)s” report needs %(field)s.")
                        % {"kind": data["kind"], "field": name}
                    },
                    code="required",
                )
        return data

    @property
    def payload(self) -> dict:
        """The reported content, as the reporting service reads it."""
        keys = {"score_a", "score_b", "declared", "sheet", "winner", "crapette_left"}
        keys |= {"stock_left", "record"}
        return {k: v for k, v in self.validated_data.items() if k in keys}


class GameStatusSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()


class ReportOutcomeSerializer(serializers.Serializer):
    created = serializers.BooleanField(
        help_text="false: the same report was already stored (a retry); nothing changed."
    )
    report = ReportSerializer()
    game = GameStatusSerializer()


class DecisionSerializer(KnownFieldsOnly, serializers.Serializer):
    report = serializers.IntegerField(required=False, help_text="Confirm this report version…")
    score_a = ScoreField(required=False, help_text="…or enter the right score.")
    score_b = ScoreField(required=False)
    note = serializers.CharField(max_length=300, required=False, default="", allow_blank=True)

    def validate(self, data):
        scores = [name for name in ("score_a", "score_b") if name in data]
        if ("report" in data) == bool(scores):
            raise serializers.ValidationError(
                _(
                    "Give either “report” (the id of the version to keep) or “score_a” and "
                    "“score_b” (the right score), not both."
                ),
                code="required",
            )
        if len(scores) == 1:
            missing = "score_b" if scores == ["score_a"] else "score_a"
            raise serializers.ValidationError(
                {missing: _("Give both scores: %(field)s is missing.") % {"field": missing}},
                code="required",
            )
        return data


# --- standings ---------------------------------------------------------------------------------


class ColumnSerializer(serializers.Serializer):
    key = serializers.CharField()
    # A field named like Field.label: DRF's serializer metaclass takes it off the class.
    label = serializers.CharField()  # type: ignore[assignment]


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    medal = serializers.CharField(allow_null=True)
    decided_by = serializers.CharField(
        allow_null=True, help_text="The metric that separated this team."
    )
    team = TeamRefSerializer()
    metrics = serializers.DictField(child=serializers.IntegerField(allow_null=True))


class MedalTieSerializer(serializers.Serializer):
    teams = serializers.ListField(child=serializers.IntegerField())
    places = serializers.ListField(child=serializers.IntegerField())


class StandingsSerializer(serializers.Serializer):
    system = serializers.CharField()
    released = serializers.BooleanField()
    rounds_played = serializers.IntegerField()
    provisional = serializers.BooleanField(
        help_text="The series is not complete yet: no playoff, no medal."
    )
    columns = ColumnSerializer(many=True)
    rows = StandingRowSerializer(many=True)
    medal_ties = MedalTieSerializer(many=True)


class TokenRequestSerializer(KnownFieldsOnly, serializers.Serializer):
    email = serializers.EmailField()
    password = serializers.CharField(trim_whitespace=False, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


# --- seasons and players -------------------------------------------------------------------------


class SeasonEventSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    date = serializers.DateField()


class SeasonScoreSerializer(serializers.Serializer):
    event = serializers.CharField(help_text="The event's slug.")
    team = serializers.IntegerField(help_text="The event team's id.")
    rank = serializers.IntegerField(help_text="Final rank in the event.")
    tied = serializers.BooleanField()
    points = serializers.IntegerField(
        help_text="Points in the event (its scoring system's primary metric)."
    )
    score = serializers.IntegerField(help_text="What the season counts for this event.")
    counted = serializers.BooleanField(help_text="false: dropped by the season's best-of-N.")


class PlayerNameSerializer(serializers.Serializer):
    uid = serializers.UUIDField()
    name = serializers.CharField()


class SeasonRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    name = serializers.CharField(help_text="A team's latest name, or the player's name.")
    players = PlayerNameSerializer(many=True)
    events = SeasonScoreSerializer(many=True, help_text="Only the events played.")
    events_played = serializers.IntegerField()
    events_counted = serializers.IntegerField()
    total = serializers.IntegerField()


class SeasonStandingsSerializer(serializers.Serializer):
    league = serializers.CharField()
    season = serializers.CharField()
    name = serializers.CharField()
    aggregation = serializers.ChoiceField(choices=["points", "placement"])
    placement_points = serializers.ListField(child=serializers.IntegerField())
    best_of = serializers.IntegerField(allow_null=True)
    events = SeasonEventSerializer(many=True, help_text="The events counted, by date.")
    events_not_counted = SeasonEventSerializer(
        many=True, help_text="The season's events not released yet (or with no confirmed game)."
    )
    teams = SeasonRowSerializer(many=True, help_text="A season team is a pair of players.")
    players = SeasonRowSerializer(many=True)


class PlayerEventSerializer(serializers.Serializer):
    event = SeasonEventSerializer()
    team = TeamRefSerializer()
    results_public = serializers.BooleanField()
    rank = serializers.IntegerField(allow_null=True, help_text="null until released.")
    tied = serializers.BooleanField()
    medal = serializers.CharField(allow_null=True)


class HandFiguresSerializer(serializers.Serializer):
    sheets = serializers.IntegerField(help_text="Hand-by-hand sheets counted.")
    hands = serializers.IntegerField()
    cribs = serializers.IntegerField()
    average_hand = serializers.FloatField(allow_null=True)
    average_crib = serializers.FloatField(allow_null=True)
    best_hand = serializers.IntegerField(allow_null=True)


class PlayerRecordSerializer(serializers.Serializer):
    uid = serializers.UUIDField()
    name = serializers.CharField()
    league = serializers.CharField(allow_null=True, help_text="The league's slug.")
    events = PlayerEventSerializer(many=True)
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    skunks_for = serializers.IntegerField()
    skunks_against = serializers.IntegerField()
    hands = HandFiguresSerializer(
        help_text="The hands of the player's side of the table, from the sheets of released events."
    )


# --- officials and organizers of an event --------------------------------------------------------


class EventRoleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    email = serializers.EmailField(source="user.email")
    name = serializers.CharField(source="user.display_name")
    role = serializers.ChoiceField(choices=["organizer", "official"])


class AppointSerializer(KnownFieldsOnly, serializers.Serializer):
    email = serializers.EmailField(max_length=254)
    role = serializers.ChoiceField(choices=["organizer", "official"])
    name = serializers.CharField(
        max_length=120,
        required=False,
        allow_blank=True,
        default="",
        help_text="The person's name, to greet them on the invitation's page.",
    )


class InvitationSerializer(serializers.Serializer):
    """An invitation as its organizer sees it: nothing about accounts or passwords."""

    id = serializers.IntegerField()
    email = serializers.EmailField()
    name = serializers.CharField()
    role = serializers.ChoiceField(choices=["organizer", "official"])
    status = serializers.ChoiceField(
        choices=Invitation.Status.choices,
        help_text="invited (waiting), accepted, expired (ask for a new link), cancelled.",
    )
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    accepted_at = serializers.DateTimeField(allow_null=True)


class IssuedInvitationSerializer(InvitationSerializer):
    invitation_url = serializers.CharField(
        help_text="The link that accepts the invitation (shown only now): give it by hand, "
        "on paper, or let the site email it."
    )
    emailed = serializers.BooleanField(help_text="Whether it was also emailed (email set up).")


class WithdrawalSerializer(KnownFieldsOnly, serializers.Serializer):
    how = serializers.ChoiceField(
        choices=["forfeit", "bye"],
        help_text="forfeit: the team still in wins (target–0, no skunk); bye: the game counts "
        "as a bye for the team still in (the event's bye points).",
    )
    note = serializers.CharField(max_length=300, required=False, default="", allow_blank=True)


# --- ratings (docs/ratings.md) -------------------------------------------------------------------


class RatingSerializer(serializers.Serializer):
    mu = serializers.FloatField(help_text="The rating: the estimate of the strength (25 to start).")
    sigma = serializers.FloatField(help_text="Its uncertainty (a standard deviation).")
    margin = serializers.FloatField(help_text="2 sigma: the strength is very likely mu ± margin.")
    low = serializers.FloatField(help_text="mu − margin: the leaderboard's order.")
    games = serializers.IntegerField(help_text="Rated games so far.")


class RatingHistoryPointSerializer(RatingSerializer):
    event = serializers.SlugField(help_text="The event's slug.")
    round = serializers.IntegerField()
    game = serializers.IntegerField(help_text="The game's id.")


class PairRatingSerializer(RatingSerializer):
    partner = serializers.UUIDField(help_text="The partner's uid.")
    partner_name = serializers.CharField()


class PlayerRatingSerializer(serializers.Serializer):
    uid = serializers.UUIDField()
    name = serializers.CharField()
    rating = RatingSerializer(allow_null=True, help_text="Now; null before any rated game.")
    history = RatingHistoryPointSerializer(many=True, help_text="After each game, in order.")
    pairs = PairRatingSerializer(many=True, help_text="The pairs this player formed, now.")


class LeaderboardRowSerializer(RatingSerializer):
    rank = serializers.IntegerField()
    uid = serializers.UUIDField()
    name = serializers.CharField()


class LeaderboardSerializer(serializers.Serializer):
    league = serializers.SlugField()
    min_games = serializers.IntegerField(help_text="Games a player needs to be listed.")
    players = LeaderboardRowSerializer(many=True)
