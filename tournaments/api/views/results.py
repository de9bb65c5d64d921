"""Results: captains and officials report games, the other captain or an official confirms,
an official settles disputes. Every rule is the reporting service's; these views only parse the
request, name the actor and shape the answer."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api_input import no_fields
from games.card_input import card_language_of
from tournaments.results import forfeits, reporting

from ...models import Game, Report
from ...selectors import acting_disputes, acting_reports
from .. import serializers as s
from ..authentication import API_AUTHENTICATION, actor_of, client_of
from ..permissions import UserOrCaptain, require_official
from .common import ERRORS

CALLERS = (
    "Captains authenticate with the X-Captain-Link and X-Captain-Pin headers; officials "
    "with a token or their session."
)


def _get(queryset, pk, message: str):
    obj = queryset.filter(pk=pk).first()
    if obj is None:
        raise exceptions.NotFound(message % {"id": pk})
    return obj


def outcome_body(report: Report, created: bool, *, game: Game | None = None) -> dict:
    """``game``: the report's game as the service left it (locked, saved), else read again."""
    if game is None:
        report = Report.objects.select_related("game").get(pk=report.pk)
    else:
        report.game = game
    return {
        "created": created,
        "report": s.report_body(report),
        "game": {"id": report.game_id, "status": report.game.status},
    }


class SubmitReportView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [UserOrCaptain]

    @extend_schema(
        summary="Report a game's result (a captain of the game, or an official)",
        description=CALLERS + " A retry (same idempotency_key, or the same content as the "
        "submitter's latest report) answers 200 with the stored report and stores nothing.",
        request=s.ReportSubmitSerializer,
        responses={
            201: s.ReportOutcomeSerializer,
            200: OpenApiResponse(
                s.ReportOutcomeSerializer, description="Already stored: the same report."
            ),
            **ERRORS,
        },
    )
    def post(self, request, pk):
        serializer = s.ReportSubmitSerializer(data=request.data)
        if not serializer.is_valid():
            _get(Game.objects, pk, _("No game #%(id)s."))  # an unknown game is said first
            raise exceptions.ValidationError(serializer.errors)
        data = serializer.validated_data
        try:  # the service reads the game under its lock: not read once before it here
            outcome = reporting.submit(
                Game(pk=int(pk)),
                actor_of(request),
                data["kind"],
                serializer.payload,
                idempotency_key=data["idempotency_key"],
                note=data["note"],
                card_language=card_language_of(request),
            )
        except Game.DoesNotExist:
            raise exceptions.NotFound(_("No game #%(id)s.") % {"id": pk}) from None
        return Response(
            outcome_body(outcome.report, outcome.created, game=outcome.report.game),
            status=201 if outcome.created else 200,
        )


class ConfirmReportView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [UserOrCaptain]

    @extend_schema(
        summary="Confirm a reported result (the other captain, or an official)",
        description=CALLERS + " Confirming the confirmed version again changes nothing "
        "(created: false).",
        request=None,
        responses={200: s.ReportOutcomeSerializer, **ERRORS},
    )
    def post(self, request, pk):
        actor = actor_of(request)
        # Only the reports of games the caller plays or officiates: any other is not found.
        visible = acting_reports(actor.user, actor.team)
        report = _get(visible, pk, _("No report #%(id)s."))
        no_fields(request)
        outcome = reporting.confirm(report, actor)
        return Response(outcome_body(outcome.report, outcome.created))


class DecideDisputeView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [UserOrCaptain]

    @extend_schema(
        summary="Settle a dispute (official): keep one version or enter the right score",
        request=s.DecisionSerializer,
        responses={200: s.ReportOutcomeSerializer, **ERRORS},
    )
    def post(self, request, pk):
        actor = actor_of(request)
        visible = acting_disputes(actor.user, actor.team)
        dispute = _get(visible.select_related("game__round__event"), pk, _("No dispute #%(id)s."))
        require_official(request, dispute.game.round.event)
        serializer = s.DecisionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        report = None
        if "report" in data:
            report = Report.objects.filter(pk=data["report"], game=dispute.game).first()
            if report is None:
                raise exceptions.ValidationError(
                    {
                        "report": _("Report #%(id)s is not a version of this game's result.")
                        % {"id": data["report"]}
                    },
                    code="wrong_game",
                )
        actor = reporting.Actor(
            user=request.user, channel=Report.Channel.OFFICIAL, client=client_of(request)
        )
        scores = (data["score_a"], data["score_b"]) if report is None else None
        decided = reporting.decide_dispute(dispute, actor, report, scores=scores, note=data["note"])
        return Response(outcome_body(decided, report is None))


class WithdrawalView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [UserOrCaptain]

    @extend_schema(
        summary="Settle the game of a withdrawn team: forfeit or bye (official)",
        description="Only for a game still open whose team has withdrawn (else 400, code "
        "`no_withdrawal`).",
        request=s.WithdrawalSerializer,
        responses={200: s.GameStatusSerializer, **ERRORS},
    )
    def post(self, request, pk):
        game = _get(Game.objects.select_related("round__event"), pk, _("No game #%(id)s."))
        require_official(request, game.round.event)
        serializer = s.WithdrawalSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        actor = reporting.Actor(
            user=request.user, channel=Report.Channel.OFFICIAL, client=client_of(request)
        )
        if data["how"] == "forfeit":
            forfeits.award_forfeit(game, actor, note=data["note"])
        else:
            forfeits.count_as_bye(game, actor)
        game.refresh_from_db()
        return Response({"id": game.pk, "status": game.status})
