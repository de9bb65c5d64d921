"""Rounds and games: the round being played is seated in public (people must find their table);
past rounds, every game's status and the scores follow the release rule (the embargo:
:func:`tournaments.selectors.disclosure`); report versions are for the event's officials and the
two captains of the game."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

import django_filters
from django import forms
from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import exceptions, generics, mixins, permissions, viewsets
from rest_framework.response import Response

from accounts.roles import is_official
from tournaments.seating import rounds as seating
from tournaments.standings.service import results_visible

from ...models import Game, Round
from ...selectors import Disclosure, disclosure
from .. import serializers as s
from ..authentication import API_AUTHENTICATION, captain_link_of
from ..permissions import event_or_404, require_official
from .common import ERRORS

EVENT_SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The event's slug.")
ROUND_NUMBER = OpenApiParameter(
    "number", int, OpenApiParameter.PATH, description="The round's number in the event (1, 2, …)."
)
GAMES = Game.objects.select_related("round", "team_a", "team_b", "confirmed_report")


if TYPE_CHECKING:  # the views it is mixed into
    _ScopedView = generics.GenericAPIView
else:
    _ScopedView = object


# A view under ``events/{slug}/``: the event, and whether the caller may see scores. (A
# comment, not a docstring: drf-spectacular would publish a docstring as the endpoints' text.)
class EventScoped(_ScopedView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]

    @cached_property
    def event(self):
        return event_or_404(self.kwargs["slug"], self.request.user)

    @cached_property
    def disclosure(self) -> Disclosure:
        link = captain_link_of(self.request)
        return disclosure(self.event, self.request.user, link.team if link else None)

    def get_serializer_context(self):
        context = dict(super().get_serializer_context())
        if not getattr(self, "swagger_fake_view", False):
            context["results_visible"] = results_visible(self.event, self.request.user)
            context["disclosure"] = self.disclosure
        return context


NOT_RELEASED = gettext_lazy(
    "Before the results are released only the round being played is public: a past round's "
    "tables would tell who won it (winners stay at their table). Ask for the current round."
)
STATUS_NOT_RELEASED = gettext_lazy(
    "The games' status is not public before the results are released (a dispute or a "
    "confirmation tells a result): filter by round, table or team instead."
)


@extend_schema(parameters=[EVENT_SLUG])
@extend_schema_view(
    list=extend_schema(
        summary="The event's rounds with their games (public seating)",
        description="Before the release (to anyone but the event's officials) only the round "
        "being played, and a captain's own games of the earlier rounds.",
    ),
    retrieve=extend_schema(
        summary="One round with its games (public seating)",
        description="Before the release an earlier round is 403 `not_released` (a captain "
        "gets it with their own game only).",
        parameters=[ROUND_NUMBER],
        responses={200: s.RoundSerializer, 403: ERRORS[403], 404: ERRORS[404]},
    ),
    create=extend_schema(
        summary="Seat the next round (official)",
        description="Refused while games of the current round have no "
        "confirmed result, unless `force` is true.",
        request=s.SeatRoundSerializer,
        responses={201: s.RoundSerializer, **ERRORS},
    ),
)
class RoundViewSet(
    EventScoped, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    serializer_class = s.RoundSerializer
    lookup_field = "number"
    lookup_value_regex = r"\d+"
    filterset_fields = ["kind"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Round.objects.none()
        return (
            Round.objects.filter(event=self.event)
            .order_by("number")
            .prefetch_related(Prefetch("games", queryset=GAMES))
        )

    def filter_queryset(self, queryset):
        return self.disclosure.rounds(super().filter_queryset(queryset))

    def get_object(self):
        round_ = self.get_queryset().filter(number=self.kwargs["number"]).first()
        if round_ is None:
            raise exceptions.NotFound(
                _("No round %(n)s in this event.") % {"n": self.kwargs["number"]}
            )
        if not self.disclosure.rounds(Round.objects.filter(pk=round_.pk)).exists():
            raise exceptions.PermissionDenied(NOT_RELEASED, code="not_released")
        return round_

    def create(self, request, slug):
        require_official(request, self.event)
        serializer = s.SeatRoundSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_ = seating.seat_next_round(
            self.event, request.user, force=serializer.validated_data["force"]
        )
        round_ = self.get_queryset().get(pk=round_.pk)
        return Response(
            s.RoundSerializer(round_, context=self.get_serializer_context()).data, status=201
        )


@extend_schema_field(OpenApiTypes.INT)
class IdFilter(django_filters.NumberFilter):
    """An id: a whole number (``1.5`` or ``abc`` is a 400 naming the filter)."""

    field_class = forms.IntegerField


class GameFilter(django_filters.FilterSet):
    round = django_filters.NumberFilter(field_name="round__number", help_text="Round number.")
    status = django_filters.ChoiceFilter(choices=Game.Status.choices)
    table = django_filters.NumberFilter()
    team = IdFilter(method="involving", help_text="A team's id: its games, as A or B.")

    class Meta:
        model = Game
        fields = ["round", "status", "table", "team"]

    def involving(self, queryset, name, value):
        return queryset.filter(Q(team_a_id=value) | Q(team_b_id=value))


@extend_schema(parameters=[EVENT_SLUG])
@extend_schema_view(
    list=extend_schema(
        summary="The event's games, filtered (public seating)",
        description="Before the release (to anyone but the event's officials) only the games "
        "of the round being played and a captain's own games, and `status` is refused: 403 "
        "`not_released`.",
        responses={200: s.GameSerializer(many=True), 403: ERRORS[403]},
    )
)
class EventGameViewSet(EventScoped, mixins.ListModelMixin, viewsets.GenericViewSet):
    serializer_class = s.GameSerializer
    filterset_class = GameFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Game.objects.none()
        return GAMES.filter(round__event=self.event).order_by("round__number", "table")

    def filter_queryset(self, queryset):
        if self.request.query_params.get("status") and not self.disclosure.everything:
            raise exceptions.PermissionDenied(STATUS_NOT_RELEASED, code="not_released")
        return self.disclosure.games(super().filter_queryset(queryset))


def may_see_reports(request, game: Game) -> bool:
    """Officials of the event, and the captains of the two teams (by link or account)."""
    if is_official(request.user, game.round.event):
        return True
    link = captain_link_of(request)
    if link is not None:
        return game.involves(link.team)
    user_id = request.user.pk if request.user.is_authenticated else None
    teams = [t for t in (game.team_a, game.team_b) if t is not None]
    return user_id is not None and any(t.captain_user_id == user_id for t in teams)


@extend_schema(
    summary="One game; with its report versions for officials and its captains",
    responses={200: s.GameDetailSerializer, 404: ERRORS[404]},
)
class GameDetailView(generics.RetrieveAPIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]
    serializer_class = s.GameDetailSerializer
    queryset = GAMES.select_related("round__event")

    def get_object(self):
        game = self.get_queryset().filter(pk=self.kwargs["pk"]).first()
        if game is None or (
            game.round.event.is_draft and not may_see_reports(self.request, game)
        ):  # a draft event's game: its officials and the two captains only
            raise exceptions.NotFound(_("No game #%(id)s.") % {"id": self.kwargs["pk"]})
        return game

    def retrieve(self, request, pk):
        game = self.get_object()
        link = captain_link_of(request)
        shown = disclosure(game.round.event, request.user, link.team if link else None)
        if not shown.shows_game(game):  # an earlier round's game, before the release
            raise exceptions.NotFound(_("No game #%(id)s.") % {"id": pk})
        context = {
            "request": request,
            "results_visible": results_visible(game.round.event, request.user),
            "reports_visible": may_see_reports(request, game),
            "disclosure": shown,
        }
        return Response(s.GameDetailSerializer(game, context=context).data)
