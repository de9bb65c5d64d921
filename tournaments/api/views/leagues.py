"""Leagues, their seasons and their players: what a club's script needs to put an event in a
season and to register teams by member number.

- Leagues and seasons are public (their standings are): anyone lists and reads them.
- Creating a league: any logged-in user (they become its organizer), as on the pages.
- A season's settings (create, change): the league's organizers and staff; anyone else who is
  logged in is told the league is not theirs as the pages do, with a 404.
- Players (with member numbers): only the league's organizers and staff. A player of another
  league answers like one that does not exist.
"""

from __future__ import annotations

from functools import cached_property

import django_filters
from django.db.models import Prefetch
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import exceptions, mixins, permissions, serializers, viewsets
from rest_framework.response import Response

from common.api_input import KnownFieldsOnly
from tournaments.leagues import seasons as service
from tournaments.leagues.players import active_players, may_manage_league

from ...models import Event, League, Player, Season
from ...selectors import managed_leagues
from ..authentication import API_AUTHENTICATION
from .common import ERRORS, LoggedInUser

LEAGUE_SLUG = OpenApiParameter(
    "league", str, OpenApiParameter.PATH, description="The league's slug."
)
NAME_MAX = 120  # the services' limit for league and season names (leagues.seasons)
BEST_OF_MAX = 32767  # the column's (a larger number would fail in the database)


# --- shapes --------------------------------------------------------------------------------------


class SeasonRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Season
        fields = ["id", "slug", "name"]


class LeagueSerializer(serializers.ModelSerializer):
    seasons = SeasonRefSerializer(many=True, read_only=True)
    organizer = serializers.SerializerMethodField(
        help_text="Whether the caller organizes this league (may change its seasons, see its "
        "players)."
    )

    class Meta:
        model = League
        fields = ["slug", "name", "seasons", "organizer"]
        extra_kwargs = {"name": {"max_length": NAME_MAX}}

    def get_organizer(self, league) -> bool:
        return may_manage_league(self.context["request"].user, league)


class LeagueCreateSerializer(KnownFieldsOnly, serializers.Serializer):
    name = serializers.CharField(max_length=NAME_MAX)


NIGHT_FIELDS = ["night_threshold", "night_award", "night_fixed_points", "night_table"]
NIGHT_FIELDS += ["guest_nights"]


class SeasonSerializer(serializers.ModelSerializer):
    league = serializers.CharField(source="league.slug", read_only=True)
    events: serializers.SlugRelatedField = serializers.SlugRelatedField(
        slug_field="slug", many=True, read_only=True, help_text="The season's events (slugs)."
    )

    class Meta:
        model = Season
        fields = ["id", "league", "slug", "name", "aggregation", "placement_points", "best_of"]
        fields += NIGHT_FIELDS + ["events"]
        read_only_fields = fields


class SeasonSettingsSerializer(KnownFieldsOnly, serializers.Serializer):
    name = serializers.CharField(max_length=NAME_MAX)
    aggregation = serializers.ChoiceField(
        choices=Season.Aggregation.choices,
        required=False,
        help_text="points: each event's points add up; placement: points by final place; "
        "threshold: a night at or above night_threshold earns points (club nights, ACC Grass "
        "Roots: 12 game points); table: a night earns points by the night_table's steps.",
    )
    placement_points = serializers.ListField(
        child=serializers.IntegerField(min_value=0),
        max_length=service.MAX_PLACES,
        required=False,
        help_text="placement: the points for 1st, 2nd, 3rd…",
    )
    best_of = serializers.IntegerField(
        min_value=1,
        max_value=BEST_OF_MAX,
        allow_null=True,
        required=False,
        help_text="Only each team's best N events count; null: every event.",
    )
    night_threshold = serializers.IntegerField(
        min_value=0,
        max_value=10_000,
        required=False,
        help_text="threshold: the points (game points) a night needs to earn season points.",
    )
    night_award = serializers.ChoiceField(
        choices=Season.NightAward.choices,
        required=False,
        help_text="threshold: a qualifying night earns its own points, or night_fixed_points.",
    )
    night_fixed_points = serializers.IntegerField(min_value=1, max_value=10_000, required=False)
    night_table = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=10_000),
            min_length=2,
            max_length=2,
        ),
        required=False,
        help_text="table: steps [night points, season points], night points rising, at most "
        "60 steps; a night earns the season points of the highest step it reaches, 0 below "
        "the first.",
    )
    guest_nights = serializers.IntegerField(
        min_value=0,
        max_value=365,
        required=False,
        help_text="Guest nights allowed before joining; past them the desk is warned.",
    )


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "uid", "name", "member_number"]


# --- who may -------------------------------------------------------------------------------------


def league_or_404(slug: str) -> League:
    league = League.objects.filter(slug=slug).first()
    if league is None:
        raise exceptions.NotFound(_("No league “%(league)s”.") % {"league": slug})
    return league


def managed_league_or_404(request, slug: str) -> League:
    """The league if the caller organizes it (or is staff); otherwise the same 404 as the
    pages give (the players and settings of a league are its organizers')."""
    league = managed_leagues(request.user).filter(slug=slug).first()
    if league is None:
        raise exceptions.NotFound(
            _("No league “%(league)s” among the leagues you organize.") % {"league": slug}
        )
    return league


# --- views ---------------------------------------------------------------------------------------


@extend_schema_view(
    list=extend_schema(summary="Leagues and their seasons (public)"),
    retrieve=extend_schema(summary="One league and its seasons (public)"),
    create=extend_schema(
        summary="Create a league; the caller becomes its organizer",
        request=LeagueCreateSerializer,
        responses={201: LeagueSerializer, **ERRORS},
    ),
)
class LeagueViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    authentication_classes = API_AUTHENTICATION
    serializer_class = LeagueSerializer
    lookup_field = "slug"
    lookup_value_regex = r"[-\w]+"
    queryset = League.objects.prefetch_related("seasons").order_by("name", "pk")

    def get_permissions(self):
        return [LoggedInUser()] if self.action == "create" else [permissions.AllowAny()]

    def get_object(self):
        return league_or_404(self.kwargs["slug"])

    def create(self, request):
        data = LeagueCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        league = service.create_league(request.user, name=data.validated_data["name"])
        return Response(LeagueSerializer(league, context={"request": request}).data, status=201)


@extend_schema(parameters=[LEAGUE_SLUG])
@extend_schema_view(
    list=extend_schema(summary="A league's seasons with their settings (public)"),
    retrieve=extend_schema(summary="One season's settings and events (public)"),
    create=extend_schema(
        summary="Create a season (the league's organizers)",
        request=SeasonSettingsSerializer,
        responses={201: SeasonSerializer, **ERRORS},
    ),
    partial_update=extend_schema(
        summary="Change a season's settings (the league's organizers)",
        description="Fields left out keep their value. Events join a season through the "
        "event's own `season` field (PATCH /api/v1/events/{slug}/).",
        request=SeasonSettingsSerializer,
        responses={200: SeasonSerializer, **ERRORS},
    ),
)
class SeasonViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    authentication_classes = API_AUTHENTICATION
    serializer_class = SeasonSerializer
    lookup_field = "slug"
    lookup_value_regex = r"[-\w]+"
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_permissions(self):
        if self.action in ("create", "partial_update"):
            return [LoggedInUser()]
        return [permissions.AllowAny()]

    @cached_property
    def league(self) -> League:
        return league_or_404(self.kwargs["league"])

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Season.objects.none()
        return (
            Season.objects.filter(league=self.league)
            .select_related("league")
            .prefetch_related(Prefetch("events", queryset=Event.objects.published()))
            .order_by("-slug")
        )

    def get_object(self):
        season = self.get_queryset().filter(slug=self.kwargs["slug"]).first()
        if season is None:
            raise exceptions.NotFound(
                _("No season “%(season)s” in league “%(league)s”.")
                % {"season": self.kwargs["slug"], "league": self.league.slug}
            )
        return season

    def _season(self, season: Season, status: int = 200) -> Response:
        season = self.get_queryset().get(pk=season.pk)
        return Response(SeasonSerializer(season).data, status=status)

    def create(self, request, league):
        managed = managed_league_or_404(request, league)
        data = SeasonSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return self._season(
            service.create_season(managed, request.user, **data.validated_data), 201
        )

    def partial_update(self, request, league, slug):
        managed_league_or_404(request, league)
        season = self.get_object()
        data = SeasonSettingsSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        return self._season(service.update_season(season, request.user, **data.validated_data))


class PlayerFilter(django_filters.FilterSet):
    member_number = django_filters.CharFilter(
        max_length=40, help_text="Exactly this member number (as the league gives it)."
    )
    name = django_filters.CharFilter(
        lookup_expr="icontains", max_length=120, help_text="Part of the name, any case."
    )

    class Meta:
        model = Player
        fields = ["member_number", "name"]


@extend_schema(parameters=[LEAGUE_SLUG])
@extend_schema_view(
    list=extend_schema(
        summary="The league's players, e.g. by member number (the league's organizers)",
        description="The `id` is what a team's `captain_player` and `partner_player` take. "
        "Merged duplicates are left out.",
    ),
    retrieve=extend_schema(
        summary="One player of the league (the league's organizers)",
        parameters=[OpenApiParameter("id", int, OpenApiParameter.PATH)],
    ),
)
class LeaguePlayerViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [LoggedInUser]
    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter
    lookup_value_regex = r"\d+"

    @cached_property
    def league(self) -> League:
        return managed_league_or_404(self.request, self.kwargs["league"])

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Player.objects.none()
        return active_players(self.league).order_by("name", "pk")

    def get_object(self):
        player = self.get_queryset().filter(pk=self.kwargs["pk"]).first()
        if player is None:
            raise exceptions.NotFound(
                _("No player #%(id)s in %(league)s.")
                % {"id": self.kwargs["pk"], "league": self.league}
            )
        return player
