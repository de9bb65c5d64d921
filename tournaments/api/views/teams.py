"""An event's teams: the public list, registration (one by one or from a CSV list), corrections,
withdrawal, and the captains' links (a new link and PIN, lifting a PIN lockout)."""

from __future__ import annotations

from functools import cached_property

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, mixins, permissions, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response

from accounts.roles import is_official
from common.api_input import JSONParser, no_fields
from tournaments.events.captain_links import new_captain_link, unlock_captain_link
from tournaments.events.csv_import import MAX_CSV_BYTES, import_teams
from tournaments.events.team_edit import edit_team, team_values
from tournaments.events.teams import add_team
from tournaments.leagues import guests
from tournaments.results.bracket_withdraw import withdraw as withdraw_team

from ...models import Team
from .. import serializers as s
from ..authentication import API_AUTHENTICATION
from ..permissions import event_or_404, require_official
from .common import ERRORS

EVENT_SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The event's slug.")
TEAM_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="The team's id.")
TEAM_FOR_CALLER = PolymorphicProxySerializer(
    component_name="TeamForCaller",
    serializers=[s.TeamSerializer, s.ManagedTeamSerializer],
    resource_type_field_name=None,
)
MANAGED = (
    "Officials and organizers of the event get ManagedTeam (with the captain's link, "
    "token and PIN); everyone else gets Team (names and players only)."
)


@extend_schema(parameters=[EVENT_SLUG])
@extend_schema_view(
    list=extend_schema(
        summary="The event's teams (public)", description=MANAGED, responses=TEAM_FOR_CALLER
    ),
    retrieve=extend_schema(
        summary="One team (public)",
        description=MANAGED,
        parameters=[TEAM_ID],
        responses=TEAM_FOR_CALLER,
    ),
    create=extend_schema(
        summary="Register a team (official)",
        request=s.TeamCreateSerializer,
        responses={201: s.ManagedTeamSerializer, **ERRORS},
    ),
    partial_update=extend_schema(
        summary="Correct a team's name and its players' names and member numbers (official)",
        description="Fields left out keep their value. A player's name or member number is "
        "corrected on the player (the same person in the league's other events). "
        "Refused once the event is finished.",
        parameters=[TEAM_ID],
        request=s.TeamEditSerializer,
        responses={200: s.ManagedTeamSerializer, **ERRORS},
    ),
)
class TeamViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]
    filterset_fields: list[str] = []
    lookup_value_regex = r"\d+"

    @cached_property
    def event(self):
        return event_or_404(self.kwargs["slug"], self.request.user)

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Team.objects.none()
        return (
            Team.objects.filter(event=self.event)
            .entered()  # a registration waiting or refused is not a team of the event yet
            .prefetch_related("links")
            .select_related("captain_player", "partner_player")
            .order_by("id")
        )

    def get_object(self):
        team = self.get_queryset().filter(pk=self.kwargs["pk"]).first()
        if team is None:
            raise exceptions.NotFound(
                _("No team #%(id)s in this event.") % {"id": self.kwargs["pk"]}
            )
        return team

    def get_serializer_class(self):
        if getattr(self, "swagger_fake_view", False):
            return s.TeamSerializer
        manager = is_official(self.request.user, self.event)
        return s.ManagedTeamSerializer if manager else s.TeamSerializer

    def _managed(self) -> None:
        require_official(self.request, self.event)

    def _team(self, team, status=200):
        team = (
            Team.objects.prefetch_related("links")
            .select_related("captain_player", "partner_player")
            .get(pk=team.pk)
        )
        data = s.ManagedTeamSerializer(team, context={"request": self.request}).data
        return Response(data, status=status)

    def create(self, request, slug):
        self._managed()
        serializer = s.TeamCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        team = add_team(self.event, request.user, **serializer.validated_data)
        return self._team(team, status=201)

    def partial_update(self, request, slug, pk):
        self._managed()
        team = self.get_object()
        serializer = s.TeamEditSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        values = team_values(team) | serializer.validated_data
        return self._team(edit_team(team, request.user, **values))

    @extend_schema(
        summary="Register a list of teams, all or nothing (official)",
        description='JSON `{"text": …}` or a multipart upload of `file` (UTF-8 or '
        f"Windows-1252 CSV, at most {MAX_CSV_BYTES // 1024} KB). One bad line "
        "refuses the whole list: the answer names the line and no team is added.",
        request={
            "application/json": s.TeamImportSerializer,
            "multipart/form-data": s.TeamImportSerializer,
        },
        responses={201: s.TeamImportResultSerializer, **ERRORS},
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="import",
        parser_classes=[JSONParser, MultiPartParser, FormParser],
    )
    def import_teams(self, request, slug):
        self._managed()
        serializer = s.TeamImportSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        upload = serializer.validated_data.get("file")
        data = upload.read(MAX_CSV_BYTES + 1) if upload else serializer.validated_data["text"]
        created = import_teams(
            self.event,
            request.user,
            data,
            serializer.validated_data["missed_rounds"],
            link_names=serializer.validated_data["link_names"],
        )
        teams = (
            Team.objects.filter(pk__in=[t.pk for t in created])
            .prefetch_related("links")
            .select_related("captain_player", "partner_player")
        )
        body = {
            "created": len(created),
            "linked": created.linked,
            "homonyms": created.homonyms,
            "teams": s.ManagedTeamSerializer(
                teams.order_by("id"), many=True, context={"request": request}
            ).data,
        }
        return Response(body, status=201)

    @extend_schema(
        summary="Withdraw the team: its history stays, its link stops (official)",
        parameters=[TEAM_ID],
        request=None,
        responses={200: s.ManagedTeamSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def withdraw(self, request, slug, pk):
        self._managed()
        no_fields(request)
        return self._team(withdraw_team(self.get_object(), request.user))

    @extend_schema(
        summary="Mark the team's players as guests or members tonight (official)",
        description="Club nights (issue 50): a guest plays and is listed in the night's "
        "standings, marked guest, but earns no season points. Fields left out keep their "
        "value. The answer carries the desk's warnings (a guest past the season's allowed "
        "nights: a warning, never a refusal). Officials and organizers of the event only, as "
        "at the desk.",
        parameters=[TEAM_ID],
        request=s.TeamGuestsSerializer,
        responses={200: s.TeamGuestsResultSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def guests(self, request, slug, pk):
        self._managed()
        team = self.get_object()
        serializer = s.TeamGuestsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        wanted = {
            seat.key for seat in guests.seats(self.event) if seat.guest and seat.team.pk != team.pk
        }
        for role in guests.SEATS:
            mark = serializer.validated_data.get(f"{role}_guest", getattr(team, f"{role}_guest"))
            if mark:
                wanted.add(f"{team.pk}-{role}")
        warnings = guests.set_guests(self.event, request.user, sorted(wanted))
        body = self._team(team).data
        return Response({"team": body, "warnings": warnings})

    @extend_schema(
        summary="Issue a new link and PIN; the old ones stop working (official)",
        parameters=[TEAM_ID],
        request=None,
        responses={201: s.NewLinkSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"], url_path="new-link")
    def new_link(self, request, slug, pk):
        self._managed()
        no_fields(request)
        team = self.get_object()
        link = new_captain_link(team, request.user)
        url = s.CaptainLinkSerializer(link, context={"request": request}).data["url"]
        return Response(
            {"team": team.pk, "token": link.token, "pin": link.pin, "url": url}, status=201
        )

    @extend_schema(
        summary="Lift the lockout after too many wrong PINs (official)",
        parameters=[TEAM_ID],
        request=None,
        responses={200: s.ManagedTeamSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def unlock(self, request, slug, pk):
        self._managed()
        no_fields(request)
        return self._team(unlock_captain_link(self.get_object(), request.user))
