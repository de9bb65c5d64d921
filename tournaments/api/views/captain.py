"""A captain holding a link and PIN asks: which event, which team, and which game is mine now?

The game is the team's game in the event's latest round that seats the team (a playoff round
included); null before the first round, or when the latest round leaves the team out. With
its id the captain's script reports (``POST /api/v1/games/{id}/reports/``) and confirms.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.standings.service import results_visible

from ...models import Game
from ...selectors import disclosure
from .. import serializers as s
from ..authentication import API_AUTHENTICATION, captain_link_of
from .common import ERRORS
from .rounds import GAMES


class CaptainOnly(permissions.BasePermission):
    message = _(
        "Only a captain asks this: send the team's link and PIN (X-Captain-Link, X-Captain-Pin)."
    )
    code = "captain_only"

    def has_permission(self, request, view):
        return captain_link_of(request) is not None


class CaptainEventSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    status = serializers.CharField()
    rounds_seated = serializers.IntegerField()


class MineSerializer(serializers.Serializer):
    event = CaptainEventSerializer()
    team = s.TeamRefSerializer()
    game = s.GameSerializer(
        allow_null=True,
        help_text="The team's game in the latest round that seats it; null before the first "
        "round. Its score only once the results are visible to everyone.",
    )
    waiting = serializers.IntegerField(
        help_text="How many of the team's games are seated with no confirmed result yet."
    )


class CaptainView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [CaptainOnly]

    @extend_schema(
        summary="The captain's event, team and current game (captain's link + PIN)",
        responses={200: MineSerializer, 401: ERRORS[401], 403: ERRORS[403]},
    )
    def get(self, request):
        link = captain_link_of(request)
        assert link is not None  # CaptainOnly
        team, event = link.team, link.team.event
        games = GAMES.filter(Q(team_a=team) | Q(team_b=team), round__event=event)
        current = games.order_by("-round__number").first()
        context = {
            "request": request,
            "results_visible": results_visible(event, request.user),
            "disclosure": disclosure(event, request.user, team),
        }
        body = {
            "event": {
                "slug": event.slug,
                "name": event.name,
                "status": event.status,
                "rounds_seated": event.rounds.count(),
            },
            "team": s.TeamRefSerializer(team).data,
            "game": s.GameSerializer(current, context=context).data if current else None,
            "waiting": games.exclude(status__in=[Game.Status.CONFIRMED, Game.Status.BYE]).count(),
        }
        return Response(body)
