"""REST API of the public game tools (/api/v1/tools/): hand count, discard advice, Crapette check.

Anonymous access, throttled per client address under the ``anon_tools`` rate (the discard
analysis and a record replay cost real CPU). Bad input answers 400 with a ``detail`` sentence
saying what was wrong and where, plus the per-field ``errors``.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from accounts.api_throttles import FailOpenAnonRateThrottle
from common.api_input import KnownFieldsOnly
from games.crapette import RecordFormatError, check_record
from games.cribbage import analyze_discards, score_hand

from .forms import DEALT, card_language_of, read_cards
from .spoken import announce


class ToolsThrottle(FailOpenAnonRateThrottle):
    """Anonymous callers of the tools, limited by ``DEFAULT_THROTTLE_RATES["anon_tools"]``
    (the rate read at request time; the cache down lets them through, logged)."""

    scope = "anon_tools"


# --- serializers -------------------------------------------------------------------------------


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "example": "5H 5C 5S JD"},
            {"type": "array", "items": {"type": "string"}, "example": ["5H", "5C", "5S", "JD"]},
        ],
        "description": "Cards: rank A 2-10 (or T) J Q K, then suit S H D C (or ♠ ♥ ♦ ♣); "
        "French letters are read too (ranks V D R, suits P C K T). A suit C is clubs unless the "
        "request's Accept-Language is French, where it is cœur (hearts). "
        "A space-separated string or a list.",
    }
)
class CardsField(serializers.Field):
    """Cards as ``"5H 5C 10♥"`` or ``["5H", "5C", "10♥"]``; errors name the bad card."""

    def __init__(self, *, count: int | tuple[int, ...], **kwargs):
        self.counts = (count,) if isinstance(count, int) else count
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if isinstance(data, list) and all(isinstance(t, str) for t in data):
            data = " ".join(data)
        if not isinstance(data, str):
            raise serializers.ValidationError(
                _("Expected cards as a string such as “5H 5C 10H” or a list of such strings.")
            )
        try:
            cards = read_cards(data, self._card_language())
        except forms.ValidationError as error:
            raise serializers.ValidationError(error.messages) from None
        if len(cards) not in self.counts:
            allowed = _(" or ").join(str(n) for n in self.counts)
            raise serializers.ValidationError(
                _("Expected %(allowed)s cards, got %(count)d.")
                % {"allowed": allowed, "count": len(cards)}
            )
        return cards

    def to_representation(self, value):
        return [str(c) for c in value]

    def _card_language(self) -> str:
        return card_language_of(self.context.get("request"))


class HandRequest(KnownFieldsOnly, serializers.Serializer):
    hand = CardsField(count=4, help_text="The 4 cards of the hand or crib.")
    starter = CardsField(count=1, help_text="The starter card, e.g. 5D.")
    crib = serializers.BooleanField(
        default=False, help_text="Score as the crib: only a flush of five counts."
    )

    def validate(self, data):
        starter = data["starter"][0]
        if starter in data["hand"]:
            raise serializers.ValidationError(
                {
                    "starter": _("%(card)s is already in the hand: a deck has one of each card.")
                    % {"card": starter.pretty}
                }
            )
        return data


class ScoreItemOut(serializers.Serializer):
    kind = serializers.ChoiceField(["fifteen", "pair", "run", "flush", "nobs"])
    cards = serializers.ListField(child=serializers.CharField())
    points = serializers.IntegerField()


class HandResponse(serializers.Serializer):
    hand = serializers.ListField(child=serializers.CharField())
    starter = serializers.CharField()
    crib = serializers.BooleanField()
    total = serializers.IntegerField()
    items = ScoreItemOut(many=True)
    announce = serializers.CharField(help_text="The count as announced, in English.")
    announcement = serializers.CharField(
        help_text="The count as announced, in the request's language (Accept-Language)."
    )


class DiscardRequest(KnownFieldsOnly, serializers.Serializer):
    cards = CardsField(
        count=(6, 5), help_text="The cards dealt to you: 6 (2 players) or 5 (3 or 4)."
    )
    dealer = serializers.BooleanField(
        default=False,
        help_text="True when the crib counts for you: you deal, or (4 players) your partner deals.",
    )
    players = serializers.ChoiceField(
        choices=sorted(DEALT), required=False, allow_null=True,
        help_text="2, 3 or 4; by default from the number of cards (5 cards: 4 players).",
        error_messages={"invalid_choice": gettext_lazy(
            "{input} players is not offered: choose 2 (6 cards dealt), 3 or 4 (5 cards dealt)."
        )},
    )  # fmt: skip

    def validate(self, data):
        players, cards = data.get("players"), data["cards"]
        if players is not None and len(cards) != DEALT[players]:
            raise serializers.ValidationError(
                {"cards": _("With %(players)d players each player is dealt %(dealt)d cards, "
                            "got %(count)d.")
                 % {"players": players, "dealt": DEALT[players], "count": len(cards)}}
            )  # fmt: skip
        return data


class DistributionOut(serializers.Serializer):
    mean = serializers.FloatField(help_text="Exact expected score.")
    min = serializers.IntegerField()
    median = serializers.IntegerField(help_text="Lower median.")
    max = serializers.IntegerField()
    cases = serializers.IntegerField(help_text="Equally likely cases counted.")
    counts = serializers.DictField(
        child=serializers.IntegerField(), help_text="Score (as a string) -> number of cases."
    )


class DiscardChoiceOut(serializers.Serializer):
    keep = serializers.ListField(child=serializers.CharField())
    discard = serializers.ListField(child=serializers.CharField())
    hand = DistributionOut()
    crib = DistributionOut()
    net = serializers.FloatField(help_text="Hand + crib for the dealer's side, else hand - crib.")


class DiscardResponse(serializers.Serializer):
    cards = serializers.ListField(child=serializers.CharField())
    players = serializers.IntegerField()
    dealer = serializers.BooleanField()
    starters = serializers.IntegerField()
    crib_cases = serializers.IntegerField()
    assumption = serializers.CharField()
    choices = DiscardChoiceOut(many=True, help_text="Best net first.")


class CrapetteCheckRequest(KnownFieldsOnly, serializers.Serializer):
    record = serializers.JSONField(help_text="A Crapette game record (docs/crapette.md).")


class CrapetteCheckResponse(serializers.Serializer):
    valid = serializers.BooleanField()
    index = serializers.IntegerField(allow_null=True, help_text="0-based first illegal move.")
    move = serializers.CharField(allow_null=True)
    reason = serializers.CharField(allow_null=True)
    moves_applied = serializers.IntegerField()
    winner = serializers.CharField(allow_null=True)
    score = serializers.JSONField(allow_null=True)
    start = serializers.CharField(allow_null=True)
    position = serializers.JSONField(allow_null=True, help_text="{text, state} or null.")


class ErrorOut(serializers.Serializer):
    detail = serializers.CharField()
    # A field named like Serializer.errors: DRF's serializer metaclass takes it off the class.
    errors = serializers.DictField(required=False)  # type: ignore[assignment]


# --- views -------------------------------------------------------------------------------------


def bad_request(errors) -> Response:
    """400 with one readable ``detail`` ("field: message") and the per-field ``errors``."""
    field, messages = next(iter(errors.items()))
    message = messages[0] if isinstance(messages, list) else str(messages)
    where = "" if field == api_settings.NON_FIELD_ERRORS_KEY else f"{field}: "
    return Response({"detail": f"{where}{message}", "errors": errors}, status=400)


class ToolView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ToolsThrottle]
    request_serializer: type[serializers.Serializer]

    def post(self, request):
        serializer = self.request_serializer(data=request.data, context={"request": request})
        if not serializer.is_valid():
            return bad_request(serializer.errors)
        return self.answer(serializer.validated_data)

    def answer(self, data):  # each tool answers its valid request
        raise NotImplementedError


COMMON = {400: ErrorOut, 429: ErrorOut}


class HandView(ToolView):
    request_serializer = HandRequest

    @extend_schema(
        tags=["tools"],
        summary="Count a hand or crib with its starter, itemized",
        request=HandRequest,
        responses={200: HandResponse, **COMMON},
        examples=[OpenApiExample("29 hand", value={"hand": "5H 5C 5S JD", "starter": "5D"},
                                 request_only=True)],
    )  # fmt: skip
    def post(self, request):
        return super().post(request)

    def answer(self, data):
        score = score_hand(data["hand"], data["starter"][0], crib=data["crib"])
        return Response({**score.as_dict(), "announcement": announce(score)})


class DiscardView(ToolView):
    request_serializer = DiscardRequest

    @extend_schema(
        tags=["tools"],
        summary="Rank every choice of cards to keep, with exact expected hand and crib",
        request=DiscardRequest,
        responses={200: DiscardResponse, **COMMON},
        examples=[OpenApiExample("dealer", value={"cards": "5H 5C 5S JD 4D 6D", "dealer": True},
                                 request_only=True)],
    )  # fmt: skip
    def post(self, request):
        return super().post(request)

    def answer(self, data):
        analysis = analyze_discards(
            data["cards"], dealer=data["dealer"], players=data.get("players")
        )
        return Response(analysis.as_dict())


class CrapetteCheckView(ToolView):
    request_serializer = CrapetteCheckRequest

    @extend_schema(
        tags=["tools"],
        summary="Replay a Crapette game record: valid, or the first illegal move and why",
        request=CrapetteCheckRequest,
        responses={200: CrapetteCheckResponse, **COMMON},
    )
    def post(self, request):
        return super().post(request)

    def answer(self, data):
        try:
            result = check_record(data["record"])
        except RecordFormatError as error:
            return Response(
                {"detail": _("This is not a Crapette game record: %(reason)s") % {"reason": error}},
                status=400,
            )
        return Response(result.as_dict())
