"""Season standings and player records (public, read-only).

The release rule is built in: only events whose results are public count, whoever asks, so
these answers are the same for everyone (see ``tournaments.leagues.season_standings`` and
``tournaments.leagues.player_record``).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.leagues.player_record import record_of
from tournaments.leagues.season_standings import compute_season

from ...models import Player, Season
from .. import serializers as s
from ..authentication import API_AUTHENTICATION
from .common import ERRORS, moved_to_survivor


def _event(event) -> dict:
    return {"slug": event.slug, "name": event.name, "date": event.date}


def _row(row, events_by_id) -> dict:
    return {
        "rank": row.rank,
        "tied": row.tied,
        "name": row.name,
        "players": [{"uid": p.uid, "name": p.name} for p in row.players],
        "events": [
            {
                "event": events_by_id[c.event].slug,
                "team": c.team,
                "rank": c.rank,
                "tied": c.tied,
                "points": c.points,
                "score": c.score,
                "counted": c.counted,
                "spread": c.spread,
                "guest": c.guest,
            }
            for c in row.cells
            if c is not None
        ],
        "events_played": row.events_played,
        "events_counted": row.events_counted,
        "nights_qualified": row.nights_qualified,
        "game_points": row.game_points,
        "spread": row.spread,
        "total": row.total,
    }


def season_body(season: Season) -> dict:
    standings = compute_season(season)
    by_id = {e.pk: e for e in standings.events}
    return {
        "league": season.league.slug,
        "season": season.slug,
        "name": season.name,
        "aggregation": season.aggregation,
        "placement_points": season.placement_points or [],
        "best_of": season.best_of,
        "night_threshold": season.night_threshold,
        "night_award": season.night_award,
        "night_fixed_points": season.night_fixed_points,
        "night_table": season.night_table or [],
        "guest_nights": season.guest_nights,
        "tiebreaks": ["nights_qualified", "game_points", "spread"] if season.per_night else [],
        "events": [_event(e) for e in standings.events],
        "events_not_counted": [_event(e) for e in standings.waiting],
        "teams": [_row(r, by_id) for r in standings.teams],
        "players": [_row(r, by_id) for r in standings.players],
    }


class SeasonStandingsView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="A season's standings per team and per player (public)",
        description="Only the season's events whose results are public count (released, or "
        "shown live), for every caller. A season team is a pair of players.",
        parameters=[
            OpenApiParameter("league", str, OpenApiParameter.PATH),
            OpenApiParameter("season", str, OpenApiParameter.PATH),
        ],
        responses={200: s.SeasonStandingsSerializer, 404: ERRORS[404]},
    )
    def get(self, request, league, season):
        found = (
            Season.objects.select_related("league").filter(league__slug=league, slug=season).first()
        )
        if found is None:
            raise exceptions.NotFound(
                _("No season “%(season)s” in league “%(league)s”.")
                % {"season": season, "league": league}
            )
        return Response(s.SeasonStandingsSerializer(season_body(found)).data)


def record_body(player: Player, viewer=None) -> dict:
    record = record_of(player, viewer)
    figures = record.figures
    return {
        "uid": player.uid,
        "name": player.name,
        "league": player.league.slug if player.league is not None else None,
        "events": [
            {
                "event": _event(line.event),
                "team": line.team,
                "results_public": line.public,
                "rank": line.rank,
                "tied": line.tied,
                "medal": line.medal,
            }
            for line in record.events
        ],
        "games": record.games,
        "wins": record.wins,
        "losses": record.losses,
        "skunks_for": record.skunks_for,
        "skunks_against": record.skunks_against,
        "hands": {
            "sheets": figures.sheets,
            "hands": len(figures.hands),
            "cribs": len(figures.cribs),
            "average_hand": figures.average_hand,
            "average_crib": figures.average_crib,
            "best_hand": figures.best_hand,
        },
    }


class PlayerRecordView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="A player's record (public)",
        description="Events played (rank null until the event is released); games, wins, "
        "skunks and hand figures over released events only. A merged duplicate's "
        "uid answers 301 to the player it was merged into.",
        parameters=[OpenApiParameter("uid", str, OpenApiParameter.PATH)],
        responses={
            200: s.PlayerRecordSerializer,
            301: OpenApiResponse(description="Merged: see Location."),
            404: ERRORS[404],
        },
    )
    def get(self, request, uid):
        player = get_object_or_404(Player.objects.select_related("league"), uid=uid)
        moved = moved_to_survivor(request, player)
        if moved is not None:
            return moved
        return Response(s.PlayerRecordSerializer(record_body(player, request.user)).data)
