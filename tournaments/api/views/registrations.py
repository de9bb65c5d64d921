"""Registrations for a club's script: a team registers (anyone, while the event's registration is
open, with sign-up's kind of limit), then sees, changes, withdraws and checks in through its
private token, and sees nothing else; the organizer lists them and moves them between states;
the desk checks teams in by id or by the text of a scanned QR code."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.throttle import client_ip, registration_per_client
from common.api_input import KnownFieldsOnly, no_fields
from tournaments.errors import RuleError
from tournaments.events import check_in, public_registration, registration_doors
from tournaments.events.names import (
    MEMBER_NUMBER_MAX,
    PLAYER_NAME_MAX,
    TEAM_NAME_MAX,
    NameValidator,
)
from tournaments.events.public_registration import Entry
from tournaments.models import Team
from tournaments.views.public_registration import registration_url

from ..authentication import API_AUTHENTICATION
from ..permissions import event_or_404, managed_event
from .common import ERRORS

EVENT_SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The event's slug.")
TOKEN = OpenApiParameter(
    "token", str, OpenApiParameter.PATH, description="The registration's private token."
)


class RegistrationInputSerializer(KnownFieldsOnly, serializers.Serializer):
    name = serializers.CharField(
        max_length=TEAM_NAME_MAX,
        allow_blank=True,
        required=False,
        default="",
        validators=[NameValidator("name")],
        help_text="Left out in a singles event: the entry is named after its player.",
    )
    captain = serializers.CharField(
        max_length=PLAYER_NAME_MAX, allow_blank=True, validators=[NameValidator("captain")]
    )
    partner = serializers.CharField(
        max_length=PLAYER_NAME_MAX,
        allow_blank=True,
        required=False,
        default="",
        validators=[NameValidator("partner")],
    )
    captain_member_number = serializers.CharField(
        max_length=MEMBER_NUMBER_MAX, allow_blank=True, required=False, default=""
    )
    partner_member_number = serializers.CharField(
        max_length=MEMBER_NUMBER_MAX, allow_blank=True, required=False, default=""
    )
    club = serializers.CharField(max_length=120, allow_blank=True, required=False, default="")
    contact_email = serializers.EmailField(allow_blank=True, required=False, default="")
    contact_phone = serializers.CharField(
        max_length=30, allow_blank=True, required=False, default=""
    )


class RegistrationSerializer(serializers.ModelSerializer):
    """A registration as its own team sees it (and the event's organizers)."""

    member_numbers = serializers.SerializerMethodField()
    checked_in = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = [
            "id",
            "name",
            "captain",
            "partner",
            "member_numbers",
            "club",
            "contact_email",
            "contact_phone",
            "registration",
            "registration_reason",
            "paid",
            "registered_at",
            "checked_in",
            "checked_in_at",
        ]

    def get_member_numbers(self, team) -> list[str]:
        return [
            getattr(p, "member_number", "") or ""
            for p in (team.captain_player, team.partner_player)
        ]

    def get_checked_in(self, team) -> bool:
        return team.checked_in_at is not None


class OwnRegistrationSerializer(RegistrationSerializer):
    """What the registrant gets back: with the private token and link (keep them)."""

    token = serializers.CharField(source="registration_token", read_only=True)
    link = serializers.SerializerMethodField()

    class Meta(RegistrationSerializer.Meta):
        fields = [*RegistrationSerializer.Meta.fields, "token", "link"]

    def get_link(self, team) -> str:
        return registration_url(team, self.context.get("request"))


class StateSerializer(KnownFieldsOnly, serializers.Serializer):
    registration = serializers.ChoiceField(
        choices=Team.Registration.choices,
        help_text="registered, waiting, withdrawn or refused (absent is the desk's to set).",
    )
    registration_reason = serializers.CharField(
        max_length=300, allow_blank=True, required=False, default=""
    )
    paid = serializers.BooleanField(required=False)


class CheckInSerializer(KnownFieldsOnly, serializers.Serializer):
    team = serializers.IntegerField(required=False, help_text="The team's id.")
    code = serializers.CharField(
        max_length=500,
        required=False,
        help_text="Or the text of its slip's or registration's QR code.",
    )


def _own(team: Team, request, status: int = 200) -> Response:
    team = Team.objects.select_related("captain_player", "partner_player").get(pk=team.pk)
    return Response(
        OwnRegistrationSerializer(team, context={"request": request}).data, status=status
    )


def _by_token(token: str) -> Team:
    team = (
        Team.objects.select_related("event", "captain_player", "partner_player")
        .filter(registration_token=token)
        .first()
    )
    if team is None:
        raise exceptions.NotFound(_("No registration with this token."))
    return team


class EventRegistrationsView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="The event's registrations, every state (organizer)",
        parameters=[EVENT_SLUG],
        responses={200: RegistrationSerializer(many=True), **ERRORS},
    )
    def get(self, request, slug):
        event = managed_event(request, slug, organizer=True)
        teams = event.teams.select_related("captain_player", "partner_player").order_by(
            "registered_at", "id"
        )
        return Response(RegistrationSerializer(teams, many=True).data)

    @extend_schema(
        summary="Register a team (anyone, while the event's registration is open)",
        description="Every fault at once in `errors`. Past the capacity the team is put on the "
        "waiting list (`registration: waiting`). The answer carries the private `token`: the "
        "only way to see, change or withdraw this registration. Limited per address "
        "(429 with Retry-After).",
        parameters=[EVENT_SLUG],
        request=RegistrationInputSerializer,
        responses={201: OwnRegistrationSerializer, **ERRORS},
    )
    def post(self, request, slug):
        event = event_or_404(slug, request.user)
        wait = registration_per_client().take(client_ip(request))  # counted, then checked
        if wait:
            raise exceptions.Throttled(wait)
        data = RegistrationInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry, address = Entry(**data.validated_data), client_ip(request)
        try:  # counted per event and address (issue 51, finding 6; registration_doors)
            with registration_doors.counted(event, entry, address):
                team = registration_doors.register(event, entry, address)
        except RuleError as exc:
            if exc.code == registration_doors.THROTTLED:
                raise exceptions.Throttled(exc.extra["retry_after"], detail=exc.message) from exc
            raise
        return _own(team, request, status=201)


class EventRegistrationStateView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Move a registration between states, or mark it paid (organizer)",
        description="A refusal needs `registration_reason` (emailed to the captain). A place "
        "freed goes to the first team of the waiting list.",
        parameters=[EVENT_SLUG, OpenApiParameter("pk", int, OpenApiParameter.PATH)],
        request=StateSerializer,
        responses={200: RegistrationSerializer, **ERRORS},
    )
    def post(self, request, slug, pk):
        event = managed_event(request, slug, organizer=True)
        team = get_object_or_404(Team, event=event, pk=pk)
        data = StateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        public_registration.set_state(
            team, request.user, values["registration"], values["registration_reason"]
        )
        if "paid" in values:
            public_registration.set_paid(Team.objects.get(pk=team.pk), request.user, values["paid"])
        return Response(RegistrationSerializer(Team.objects.get(pk=team.pk)).data)


class OwnRegistrationView(APIView):
    """The token is the capability: whoever holds it sees this registration, nothing else."""

    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="One's own registration (its private token)",
        parameters=[TOKEN],
        responses={200: OwnRegistrationSerializer, **ERRORS},
    )
    def get(self, request, token):
        return _own(_by_token(token), request)

    @extend_schema(
        summary="Change one's own registration (until the deadline)",
        description="Every field is sent (as when registering); every fault at once.",
        parameters=[TOKEN],
        request=RegistrationInputSerializer,
        responses={200: OwnRegistrationSerializer, **ERRORS},
    )
    def put(self, request, token):
        team = _by_token(token)
        data = RegistrationInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return _own(public_registration.change(team, Entry(**data.validated_data)), request)


class OwnRegistrationWithdrawView(APIView):
    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Withdraw one's own registration (until the deadline)",
        parameters=[TOKEN],
        request=None,
        responses={200: OwnRegistrationSerializer, **ERRORS},
    )
    def post(self, request, token):
        no_fields(request)
        team = _by_token(token)
        return _own(public_registration.withdraw(team, team), request)


class OwnCheckInView(APIView):
    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Check one's own team in (once the desk opened check-in)",
        parameters=[TOKEN],
        request=None,
        responses={200: OwnRegistrationSerializer, **ERRORS},
    )
    def post(self, request, token):
        no_fields(request)
        team = _by_token(token)
        return _own(check_in.check_in(team, team, by_captain=True), request)


class EventCheckInsView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Who has checked in, and who has not (official)",
        parameters=[EVENT_SLUG],
        responses={200: RegistrationSerializer(many=True), **ERRORS},
    )
    def get(self, request, slug):
        event = managed_event(request, slug)
        teams = event.teams.active().select_related("captain_player", "partner_player")
        return Response(RegistrationSerializer(teams.order_by("name"), many=True).data)

    @extend_schema(
        summary="Check a team in, by id or by its QR code's text (official)",
        parameters=[EVENT_SLUG],
        request=CheckInSerializer,
        responses={200: RegistrationSerializer, **ERRORS},
    )
    def post(self, request, slug):
        event = managed_event(request, slug)
        data = CheckInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if "team" in values:
            team = Team.objects.filter(event=event, pk=values["team"]).first()
            if team is None:
                raise exceptions.NotFound(
                    _("No team #%(id)s in this event.") % {"id": values["team"]}
                )
        elif "code" in values:
            team = check_in.team_for_code(event, values["code"])
        else:
            raise exceptions.ValidationError(
                {"team": _("Give the team's id, or the text of the QR code read.")}
            )
        return Response(RegistrationSerializer(check_in.check_in(team, request.user)).data)
