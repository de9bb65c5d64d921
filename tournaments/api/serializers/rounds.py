"""Rounds and their games: seating a round, a game and its result (within the embargo)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api_input import KnownFieldsOnly

from ...models import Game, Round, Team
from .results import ReportSerializer
from .teams import NAME_LIMITS


class SeatRoundSerializer(KnownFieldsOnly, serializers.Serializer):
    force = serializers.BooleanField(
        default=False,
        help_text="Seat even though games of the current round are not "
        "confirmed (recorded on the round and in the audit log).",
    )


class TeamRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Team
        fields = ["id", "name", "players"]
        extra_kwargs = NAME_LIMITS


class ResultSerializer(serializers.Serializer):
    score_a = serializers.IntegerField()
    score_b = serializers.IntegerField()
    skunk = serializers.IntegerField(help_text="0 none, 1 skunk, 2 double skunk…")
    winner = serializers.IntegerField(
        allow_null=True, help_text="The winning team's (or player's, in singles) id."
    )


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
