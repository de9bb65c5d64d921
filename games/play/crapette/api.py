"""REST API of Crapette against the computer: /api/v1/play/crapette/ (create), ``<id>/`` (the
state), ``<id>/act/`` (one action: a move, turning the stock, a call, the computer's next move).
The same actions as the page; another client can play a whole game with these.

Anonymous, throttled like the other tools (``anon_tools``); the game's UUID is the capability.
The state shows what a player sees at the table (face-up cards and pile sizes), never the
face-down cards; the record (with the deal's seed) is given once the game is over.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from common.api_input import KnownFieldsOnly
from games.api import ErrorOut, bad_request
from games.models import PracticeGame

from .. import store
from ..api_base import PlayView, RefusedOut, StartView, admitted, refused
from .display import LEVEL_LABELS, VIGILANCE_LABELS
from .service import KIND, act, start
from .table import HUMAN, CrapetteTable, TableError
from .words import missed_text, reason_text

ACTIONS = ("move", "turn", "recycle", "pass", "call", "step")


class NewCrapetteRequest(KnownFieldsOnly, serializers.Serializer):
    level = serializers.ChoiceField(
        choices=list(LEVEL_LABELS),
        default="standard",
        help_text="easy (makes mistakes you can call), standard, "
        "strong (plans to empty its crapette first).",
    )
    vigilance = serializers.ChoiceField(
        choices=list(VIGILANCE_LABELS),
        default="always",
        help_text="How often the computer calls “Crapette !” on your missed mandatory moves.",
    )
    loading = serializers.ChoiceField(
        choices=["same-suit", "alternate-colour"],
        default="same-suit",
        help_text="Loading the opponent's piles: same suit (standard) or red on black.",
    )
    strict_calls = serializers.BooleanField(
        default=False, help_text="The harder variant of the call (stopping while optional moves "
                                 "would have freed a card for a foundation).")  # fmt: skip


class CrapetteActRequest(KnownFieldsOnly, serializers.Serializer):
    move = serializers.IntegerField(
        min_value=0,
        help_text="The state's move number this action was chosen at. A repeat "
        "(the same number again) is answered with the state, not applied.",
    )
    action = serializers.ChoiceField(
        choices=ACTIONS,
        help_text=(
            "move (with source and target), turn (a stock card), recycle (the discard pile as the "
            "new stock), pass (no stock nor discard left), call (“Crapette !” during the "
            "computer's turn), step (the computer's next move)."
        ),
    )
    # A field named like Field.source: DRF's serializer metaclass takes it off the class.
    source = serializers.ChoiceField(  # type: ignore[assignment]
        choices=["C", "S", *"12345678"],
        required=False,
        help_text="C your crapette top, S the card turned from your stock, 1-8 a case.",
    )
    target = serializers.ChoiceField(
        choices=["F", *"12345678", "OC", "OD", "D"], required=False,
        help_text="F a foundation, 1-8 a case, OC/OD the computer's crapette/discard pile, "
                  "D your discard pile (the turned card only).")  # fmt: skip


class CrapetteStateOut(serializers.Serializer):
    id = serializers.UUIDField()
    level = serializers.CharField()
    rules = serializers.JSONField()
    move = serializers.IntegerField(help_text="Send it back with the next action.")
    applied = serializers.BooleanField(help_text="Whether the action sent was applied now.")
    turn = serializers.CharField(allow_null=True, help_text="you, computer, or null once over.")
    legal = serializers.ListField(
        child=serializers.CharField(),
        help_text="Your legal moves in the engine's notation (C>F, T…)",
    )
    table = serializers.JSONField(help_text="The position: A is you, B the computer.")
    computer_fault = serializers.CharField(
        allow_null=True,
        help_text="Set while the computer's turn holds a missed mandatory move "
        "(your call would be valid); it says what was missed.",
    )
    log = serializers.ListField(
        child=serializers.JSONField(),
        help_text="The latest events (moves, calls with the missed move).",
    )
    result = serializers.JSONField(help_text="end (win, stalemate, unfinished), winner, points "
                                             "(Hoyle scoring), detail.")  # fmt: skip


def state_of(game: PracticeGame, applied: bool = False) -> dict:
    table = CrapetteTable.from_state(game.state)
    state = table.state
    fault = table.computer_fault
    fault_text = None if fault is None else (missed_text(fault, by_player=True) or "missed")
    return {
        "id": game.pk, "level": table.level.value, "rules": table.rules.as_dict(),
        "move": game.moves, "applied": applied,
        "turn": None if state.is_over else ("you" if state.turn == HUMAN else "computer"),
        "legal": [str(m) for m in state.legal_moves() if str(m) != "!"]
        if table.players_turn else [],
        "table": state.as_dict(),
        "computer_fault": fault_text,
        "log": table.log[-8:],
        "result": state.score().as_dict(),
    }  # fmt: skip


class NewCrapetteView(StartView):
    @extend_schema(
        tags=["play"], summary="Start a Crapette game against the computer",
        request=NewCrapetteRequest, responses={201: CrapetteStateOut, 400: ErrorOut, 429: ErrorOut},
        examples=[OpenApiExample("strong, red on black", request_only=True,
                                 value={"level": "strong", "loading": "alternate-colour"})],
    )  # fmt: skip
    def post(self, request):
        serializer = NewCrapetteRequest(data=request.data)
        if not serializer.is_valid():
            return bad_request(serializer.errors)
        visitor = admitted(request)
        return Response(state_of(start(serializer.validated_data, visitor.owner)), status=201)


class CrapetteStateView(PlayView):
    @extend_schema(tags=["play"], summary="The Crapette game as the player sees it",
                   responses={200: CrapetteStateOut, 404: ErrorOut, 429: ErrorOut})  # fmt: skip
    def get(self, request, game_id):
        return Response(state_of(store.get(game_id, KIND)))


class CrapetteActView(PlayView):
    @extend_schema(
        tags=["play"], summary="One action in the Crapette game (a refused move says why)",
        request=CrapetteActRequest, responses={200: CrapetteStateOut, 400: RefusedOut, 404: ErrorOut, 429: ErrorOut},
        examples=[OpenApiExample("crapette top to a foundation", request_only=True,
                                 value={"move": 3, "action": "move", "source": "C", "target": "F"})],
    )  # fmt: skip
    def post(self, request, game_id):
        serializer = CrapetteActRequest(data=request.data)
        if not serializer.is_valid():
            return bad_request(serializer.errors)
        data = serializer.validated_data
        game = store.get(game_id, KIND)
        try:
            game, applied = act(game, data["move"], data["action"], data.get("source", ""),
                                data.get("target", ""))  # fmt: skip
        except TableError as exc:
            return refused(reason_text(exc.reason), exc.reason.code)
        return Response(state_of(game, applied))
