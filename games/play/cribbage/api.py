"""REST API of the practice games: /api/v1/play/cribbage/ (create), ``<id>/`` (the state),
``<id>/act/`` (the player's action). Another client can play a whole game with these.

Anonymous, throttled like the other tools (``anon_tools``). The game's UUID is the capability.
The state shows only what the player sees (their cards, the starter, the cards laid, the show),
never the computer's hand before the show or the deck; the record (with the deal's seed) is
given by the page once the game is over.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from games.api import ErrorOut, bad_request
from games.cribbage.actions import Cut
from games.cribbage.computer import LEVELS
from games.models import PracticeGame

from .. import store
from ..api_base import PlayView, RefusedOut, StartView, admitted, refused
from .service import KIND, act, start
from .table import COMPUTER, HUMAN, Table, TableError
from .words import reason_text


class NewGameRequest(serializers.Serializer):
    level = serializers.ChoiceField(
        choices=list(LEVELS), default="standard", help_text="How the computer discards and pegs."
    )
    target = serializers.ChoiceField(
        choices=[121, 61], default=121, help_text="121 points, or 61 (the French rules)."
    )
    count_own_hand = serializers.BooleanField(
        default=False,
        help_text="You announce your own counts; the computer calls muggins on "
        "the points you miss.",
    )


class ActRequest(serializers.Serializer):
    move = serializers.IntegerField(
        min_value=0,
        help_text="The state's move number this action was chosen at. A repeat "
        "(the same number again) is answered with the state, not applied.",
    )
    action = serializers.JSONField(
        help_text=(
            'An engine action: {"type": "CutForDeal"}, {"type": "Deal"}, '
            '{"type": "Discard", "cards": ["5H", "JD"]}, {"type": "Cut"}, '
            '{"type": "Play", "card": "5H"}, {"type": "Go"}, '
            '{"type": "CountHand", "claimed": 8} (counting your own hand only).'
        )
    )


class StateOut(serializers.Serializer):
    id = serializers.UUIDField()
    level = serializers.CharField()
    target = serializers.IntegerField()
    count_own_hand = serializers.BooleanField()
    move = serializers.IntegerField(help_text="Send it back with the next action.")
    applied = serializers.BooleanField(help_text="Whether the action sent was applied now.")
    awaiting = serializers.CharField(
        allow_null=True,
        help_text=(
            "cut_for_deal, deal, discard, cut, play, go, count; null once the game is over."
        ),
    )
    legal = serializers.ListField(
        child=serializers.JSONField(), help_text="The actions you may send now."
    )
    scores = serializers.DictField(child=serializers.IntegerField())
    dealer = serializers.CharField(allow_null=True, help_text="you, computer, or null.")
    hand = serializers.ListField(child=serializers.CharField())
    starter = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()
    series = serializers.ListField(child=serializers.JSONField())
    computer_cards = serializers.IntegerField()
    log = serializers.ListField(
        child=serializers.JSONField(), help_text="What happened since your last action."
    )
    show = serializers.ListField(child=serializers.JSONField())
    coaching = serializers.JSONField(allow_null=True, help_text="This deal's discard coaching.")
    winner = serializers.CharField(allow_null=True)
    statistics = serializers.JSONField(allow_null=True)


def state_of(game: PracticeGame, applied: bool = False) -> dict:
    table = Table.from_state(game.state)
    g, view = table.game, table.view()
    seat_name = {HUMAN: "you", COMPUTER: "computer"}
    legal = []
    for action in g.legal_actions():
        if getattr(action, "player", HUMAN) != HUMAN or table.awaiting is None:
            continue
        if isinstance(action, Cut):
            if {"type": "Cut"} not in legal:
                legal.append({"type": "Cut"})
            continue
        if type(action).__name__ in ("Misdeal", "Muggins", "TurnStarter"):
            continue
        legal.append(action.to_json())
    return {
        "id": game.pk,
        "level": table.level,
        "target": g.rules.target,
        "count_own_hand": table.count_own,
        "move": game.moves,
        "applied": applied,
        "awaiting": table.awaiting,
        "legal": legal,
        "scores": {"you": g.scores[HUMAN], "computer": g.scores[COMPUTER]},
        "dealer": seat_name.get(g.dealer) if g.dealer is not None else None,
        "hand": [str(c) for c in view.hand] if view else [],
        "starter": str(g.starter) if g.starter else None,
        "count": g.count,
        "series": [{"by": seat_name[s], "card": str(c)} for s, c in g.series],
        "computer_cards": len(g.held[COMPUTER]),
        "log": table.recent,
        "show": table.show,
        "coaching": table.last_advice,
        "winner": seat_name.get(g.winner) if g.is_over and g.winner is not None else None,
        "statistics": table.statistics() if g.is_over else None,
    }


class NewCribbageView(StartView):
    @extend_schema(
        tags=["play"],
        summary="Start a cribbage game against the computer",
        request=NewGameRequest,
        responses={201: StateOut, 400: ErrorOut, 429: ErrorOut},
        examples=[
            OpenApiExample(
                "pro, 61 points", value={"level": "pro", "target": 61}, request_only=True
            )
        ],
    )
    def post(self, request):
        serializer = NewGameRequest(data=request.data)
        if not serializer.is_valid():
            return bad_request(serializer.errors)
        data = serializer.validated_data
        visitor = admitted(request)
        game = start(data["level"], data["target"], data["count_own_hand"], owner=visitor.owner)
        return Response(state_of(game), status=201)


class CribbageStateView(PlayView):
    @extend_schema(
        tags=["play"],
        summary="The game as the player sees it",
        responses={200: StateOut, 404: ErrorOut, 429: ErrorOut},
    )
    def get(self, request, game_id):
        return Response(state_of(store.get(game_id, KIND)))


class CribbageActView(PlayView):
    @extend_schema(
        tags=["play"],
        summary="The player's action; the computer answers at once",
        request=ActRequest,
        responses={200: StateOut, 400: RefusedOut, 404: ErrorOut, 429: ErrorOut},
        examples=[
            OpenApiExample(
                "lay a card",
                value={"move": 7, "action": {"type": "Play", "card": "5H"}},
                request_only=True,
            )
        ],
    )
    def post(self, request, game_id):
        serializer = ActRequest(data=request.data)
        if not serializer.is_valid():
            return bad_request(serializer.errors)
        data = serializer.validated_data
        game = store.get(game_id, KIND)
        try:
            game, applied = act(game, data["move"], data["action"])
        except TableError as exc:
            return refused(reason_text(exc), exc.code)
        return Response(state_of(game, applied))
