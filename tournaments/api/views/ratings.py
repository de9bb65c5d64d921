"""Ratings (public, read-only): a player's rating history, a league's leaderboard.

Only released events count (docs/ratings.md), whoever asks.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.ratings.service import Rating, leaderboard, min_games, player_rating

from ...models import League, Player
from .. import serializers as s
from ..authentication import API_AUTHENTICATION
from .common import ERRORS, moved_to_survivor


def _rating(rating: Rating) -> dict:
    return {
        "mu": rating.mu,
        "sigma": rating.sigma,
        "margin": rating.margin,
        "low": rating.low,
        "games": rating.games,
    }


class PlayerRatingView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="A player's rating and its history (public)",
        description="The rating after each rated game (released events only), the rating now "
        "and the player's pairs. A merged duplicate's uid answers 301 to the player it was "
        "merged into.",
        parameters=[OpenApiParameter("uid", str, OpenApiParameter.PATH)],
        responses={
            200: s.PlayerRatingSerializer,
            301: OpenApiResponse(description="Merged: see Location."),
            404: ERRORS[404],
        },
    )
    def get(self, request, uid):
        player = get_object_or_404(Player, uid=uid)
        moved = moved_to_survivor(request, player, "ratings/")
        if moved is not None:
            return moved
        rating = player_rating(player)
        body = {
            "uid": player.uid,
            "name": player.name,
            "rating": _rating(rating.now) if rating.now else None,
            "history": [
                {**_rating(p.rating), "event": p.event.slug, "round": p.round, "game": p.game}
                for p in rating.history
            ],
            "pairs": [
                {**_rating(p.rating), "partner": p.partner.uid, "partner_name": p.partner.name}
                for p in rating.pairs
            ],
        }
        return Response(s.PlayerRatingSerializer(body).data)


class LeaderboardView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="A league's ratings leaderboard (public)",
        description="The league's players with at least min_games rated games (the site's "
        "RATING_MIN_GAMES), by the low end of their range (mu − 2 sigma), then name.",
        parameters=[OpenApiParameter("league", str, OpenApiParameter.PATH)],
        responses={200: s.LeaderboardSerializer, 404: ERRORS[404]},
    )
    def get(self, request, league):
        found = get_object_or_404(League, slug=league)
        rows = [
            {
                **_rating(row.rating),
                "rank": row.rank,
                "uid": row.player.uid,
                "name": row.player.name,
            }
            for row in leaderboard(found)
        ]
        body = {"league": found.slug, "min_games": min_games(), "players": rows}
        return Response(s.LeaderboardSerializer(body).data)
