"""The honours board of a season and of a league (public, read-only): the same figures as the
page (``tournaments.leagues.honours``); only released events count, whoever asks."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.leagues.honours import HonourHand, HonoursBoard, league_board, season_board

from ...models import League, Season
from ..authentication import API_AUTHENTICATION
from .common import ERRORS


class _Person(serializers.Serializer):
    uid = serializers.UUIDField()
    name = serializers.CharField()


class HonourHandSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    crib = serializers.BooleanField()
    cards = serializers.CharField(
        help_text="The four cards, engine notation (“5H 5C 5S JD”); "
        "empty when the sheet gave only the count."
    )
    starter = serializers.CharField()
    verified = serializers.BooleanField(help_text="The engine checked the count against the cards.")
    declared = serializers.BooleanField(
        help_text="Declared with a final score (else from a hand-by-hand sheet)."
    )
    event = serializers.CharField(help_text="The event's slug.")
    event_name = serializers.CharField()
    date = serializers.DateField()
    round = serializers.IntegerField()
    round_label = serializers.CharField()
    table = serializers.IntegerField(allow_null=True)
    deal = serializers.IntegerField(allow_null=True)
    team = serializers.CharField(help_text="The team's name that day.")
    player = _Person(allow_null=True, help_text="Who held it, where known.")


class TeamFigureSerializer(serializers.Serializer):
    value = serializers.IntegerField()
    team = serializers.CharField()
    players = _Person(many=True)
    detail = serializers.CharField()


class PlayerFigureSerializer(serializers.Serializer):
    player = _Person()
    value = serializers.FloatField()
    games = serializers.IntegerField()
    before = serializers.FloatField(allow_null=True)
    after = serializers.FloatField(allow_null=True)


class HonoursSerializer(serializers.Serializer):
    title = serializers.CharField()
    events = serializers.ListField(child=serializers.CharField(), help_text="Slugs, by date.")
    hands = HonourHandSerializer(many=True, help_text="Every hand of 24 or more.")
    cribs = HonourHandSerializer(many=True)
    skunks = TeamFigureSerializer(many=True)
    runs = TeamFigureSerializer(many=True)
    averages = PlayerFigureSerializer(many=True)
    min_games = serializers.IntegerField()
    improved = PlayerFigureSerializer(many=True)
    min_period_games = serializers.IntegerField()
    periods = serializers.ListField(child=serializers.CharField(), allow_null=True)


def _person(player):
    return None if player is None else {"uid": player.uid, "name": player.name}


def _hand(h: HonourHand) -> dict:
    return {
        "count": h.count,
        "crib": h.crib,
        "cards": h.cards,
        "starter": h.starter,
        "verified": h.verified,
        "declared": h.declared,
        "event": h.event.slug,
        "event_name": h.event.name,
        "date": h.event.date,
        "round": h.round.number,
        "round_label": h.round.label,
        "table": h.table,
        "deal": h.deal,
        "team": h.team.name,
        "player": _person(h.player),
    }


def honours_body(board: HonoursBoard) -> dict:
    def team(r):
        people = [_person(p) for p in r.players]
        return {"value": r.value, "team": r.name, "players": people, "detail": r.detail}

    def player(r):
        return {
            "player": _person(r.player),
            "value": r.value,
            "games": r.games,
            "before": r.before,
            "after": r.after,
        }

    return {
        "title": board.title,
        "events": [e.slug for e in board.events],
        "hands": [_hand(h) for h in board.hands],
        "cribs": [_hand(h) for h in board.cribs],
        "skunks": [team(r) for r in board.skunks],
        "runs": [team(r) for r in board.runs],
        "averages": [player(r) for r in board.averages],
        "min_games": board.min_games,
        "improved": [player(r) for r in board.improved],
        "min_period_games": board.min_period_games,
        "periods": list(board.periods) if board.periods else None,
    }


LEAGUE = OpenApiParameter("league", str, OpenApiParameter.PATH)


class SeasonHonoursView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="A season's honours board (public)",
        description="Hands of 24 or more, best cribs, skunks given, longest winning runs, best "
        "averages and most improved players (docs/honours.md), from released events only.",
        parameters=[LEAGUE, OpenApiParameter("season", str, OpenApiParameter.PATH)],
        responses={200: HonoursSerializer, 404: ERRORS[404]},
    )
    def get(self, request, league, season):
        found = Season.objects.select_related("league").filter(league__slug=league, slug=season)
        if not found.exists():
            raise exceptions.NotFound(
                _("No season “%(season)s” in league “%(league)s”.")
                % {"season": season, "league": league}
            )
        return Response(HonoursSerializer(honours_body(season_board(found.get()))).data)


class LeagueHonoursView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="A league's honours board across its seasons (public)",
        description="As a season's, over every released event of the league; most improved "
        "compares the latest season with results to the one before.",
        parameters=[LEAGUE],
        responses={200: HonoursSerializer, 404: ERRORS[404]},
    )
    def get(self, request, league):
        found = League.objects.filter(slug=league).first()
        if found is None:
            raise exceptions.NotFound(_("No league “%(league)s”.") % {"league": league})
        return Response(HonoursSerializer(honours_body(league_board(found))).data)
