"""Score reports: a report's versions, submitting one, a game's status, the outcome of a report
and an official's decision on a dispute."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api_input import KnownFieldsOnly

from ...models import Report


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


_CREATED_AT = serializers.DateTimeField()


def report_body(report: Report) -> dict:
    """What :class:`ReportSerializer` gives, written out for the answer to a submission: a
    ModelSerializer builds its fields from the model on every use, a third of the CPU a
    submission spent in Python (issue 54, round 2). A test keeps the two the same."""
    return {
        "id": report.pk,
        "game": report.game_id,
        "version": report.version,
        "kind": report.kind,
        "score_a": report.score_a,
        "score_b": report.score_b,
        "skunk": report.skunk,
        "detail": report.detail,
        "by_team": report.by_team_id,
        "channel": report.channel,
        "note": report.note,
        "created_at": _CREATED_AT.to_representation(report.created_at),
        "confirmed": report.game.confirmed_report_id == report.pk,
    }


@extend_schema_field(OpenApiTypes.INT)
class ScoreField(serializers.Field):
    """A score, passed to the reporting service as given: it says what is wrong and why."""

    def to_internal_value(self, data):
        return data

    def to_representation(self, value):
        return value


class ReportSubmitSerializer(KnownFieldsOnly, serializers.Serializer):
    kind = serializers.ChoiceField(choices=Report.Kind.choices, default=Report.Kind.FINAL)
    score_a = ScoreField(required=False, help_text="final: team A's score (player A in singles).")
    score_b = ScoreField(required=False, help_text="final: team B's score (player B in singles).")
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
