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

from common.api_input import KnownFieldsOnly
from games.api import ErrorOut, bad_request
from games.cribbage.actions import Cut
from games.cribbage.computer import LEVELS
from games.cribbage.rules import FADOQ
from games.models import PracticeGame

from .. import store
from ..api_base import PlayView, RefusedOut, StartView, admitted, refused
from .service import KIND, act, start
from .table import FOUR_HANDED, HUMAN, Table, TableError
from .words import reason_text

# The computer levels, one choice set for the opponent's and the partner's level (the schema
# names it once: settings.SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]).
LEVEL_CHOICES = list(LEVELS)


class NewGameRequest(KnownFieldsOnly, serializers.Serializer):
    level = serializers.ChoiceField(
        choices=LEVEL_CHOICES, default="standard", help_text="How the computer discards and pegs."
    )
    target = serializers.ChoiceField(
        choices=[121, 61], default=121, help_text="121 points, or 61 (the French rules)."
    )
    count_own_hand = serializers.BooleanField(
        default=False,
        help_text="You announce your own counts; the computer calls muggins on "
        "the points you miss.",
    )
    players = serializers.ChoiceField(
        choices=[2, 3, 4],
        default=2,
        help_text="2: you against the computer. 3: you against two computers (seats 1 and 2, "
        "each for itself, at `level`); 121 points, five cards each, one to the crib and one "
        "from the pack. 4: you and a computer partner (opposite, seat 2) against two computers "
        "(seats 1 and 3, at `level`); 121 points, five cards each.",
    )
    rules = serializers.ChoiceField(
        choices=list(FOUR_HANDED),
        default=FADOQ.name,
        help_text="Four-handed only: FADOQ (the 116 rule) or the standard partnership rules.",
    )
    partner_level = serializers.ChoiceField(
        choices=LEVEL_CHOICES, default="standard", help_text="Four-handed only: your partner."
    )
    coach_play = serializers.BooleanField(
        allow_null=True,
        default=None,
        help_text="After each card you lay, whether it was the best and what it cost over the "
        "rest of the play (`play_coaching`), at every table. Default: on at the easy level.",
    )

    def validate(self, data: dict) -> dict:
        if data["players"] in (3, 4) and data["target"] != 121:
            hands = "three" if data["players"] == 3 else "four"
            raise serializers.ValidationError(
                {"target": f"the {hands}-handed game is played to 121 points"}
            )
        return data


class ActRequest(KnownFieldsOnly, serializers.Serializer):
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
    scores = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="By side: you, computer; three-handed you, left, right; four-handed "
        "your_team, opponents.",
    )
    dealer = serializers.CharField(
        allow_null=True,
        help_text="you, computer (three-handed: left, right; four-handed: left, partner, "
        "right), or null.",
    )
    hand = serializers.ListField(child=serializers.CharField())
    starter = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()
    series = serializers.ListField(child=serializers.JSONField())
    computer_cards = serializers.IntegerField(
        help_text="Cards the computer still holds (three- and four-handed: the computers together)."
    )
    players = serializers.IntegerField(help_text="2, 3 or 4.")
    rules = serializers.CharField(help_text="The rule set: STANDARD_2P_121, FADOQ, ...")
    partner_level = serializers.CharField(allow_null=True, help_text="Four-handed: your partner.")
    seats = serializers.ListField(
        child=serializers.JSONField(),
        help_text="Each seat clockwise from yours (seat 0): its name (you, computer; three-handed "
        "you, left, right; four-handed you, left, partner, right), its side, the cards it holds "
        "and has laid this deal.",
    )
    log = serializers.ListField(
        child=serializers.JSONField(), help_text="What happened since your last action."
    )
    show = serializers.ListField(child=serializers.JSONField())
    coaching = serializers.JSONField(allow_null=True, help_text="This deal's discard coaching.")
    coach_play = serializers.BooleanField(help_text="Whether each card you lay is coached.")
    play_coaching = serializers.JSONField(
        allow_null=True,
        help_text="The coaching of the card you laid last: `card`, `best_card`, `expected` and "
        "`best` (your points less the opponent's over the rest of the play, on average over "
        "the other seats' possible cards given what you have seen; four-handed your team's "
        "less the other team's, three-handed yours less the mean of the two opponents'), "
        "`loss` (best less expected), `exact` (false: sampled, `error` is the standard error of "
        "the loss), `forced`, `players`.",
    )
    winner = serializers.CharField(
        allow_null=True,
        help_text="you, computer; three-handed you, left, right; four-handed your_team, opponents.",
    )
    statistics = serializers.JSONField(allow_null=True)


def _seats(table: Table) -> list[dict]:
    g = table.game
    return [
        {
            "seat": seat,
            "name": table.seat_name(seat),
            "side": table.side_name(g.side_of(seat)),
            "level": table.level_of(seat) if seat != HUMAN else None,
            "cards": len(g.held[seat]),
            "laid": [str(c) for s, c in g.laid if s == seat],
            "said_go": seat in g.passed,
        }
        for seat in range(table.players)
    ]


def _legal(table: Table) -> list[dict]:
    legal: list[dict] = []
    for action in table.game.legal_actions():
        if getattr(action, "player", HUMAN) != HUMAN or table.awaiting is None:
            continue
        if isinstance(action, Cut):
            if {"type": "Cut"} not in legal:
                legal.append({"type": "Cut"})
            continue
        if type(action).__name__ in ("Misdeal", "Muggins", "TurnStarter"):
            continue
        legal.append(action.to_json())
    return legal


def state_of(game: PracticeGame, applied: bool = False) -> dict:
    table = Table.from_state(game.state)
    g, view = table.game, table.view()
    seat_name = table.seat_name
    return {
        "id": game.pk,
        "level": table.level,
        "target": g.rules.target,
        "count_own_hand": table.count_own,
        "move": game.moves,
        "applied": applied,
        "awaiting": table.awaiting,
        "legal": _legal(table),
        "scores": {table.side_name(side): score for side, score in enumerate(g.scores)},
        "dealer": seat_name(g.dealer) if g.dealer is not None else None,
        "hand": [str(c) for c in view.hand] if view else [],
        "starter": str(g.starter) if g.starter else None,
        "count": g.count,
        "series": [{"by": seat_name(s), "card": str(c)} for s, c in g.series],
        "computer_cards": sum(len(g.held[s]) for s in table.computer_seats),
        "players": table.players,
        "rules": g.rules.name,
        "partner_level": table.partner_level,
        "seats": _seats(table),
        "log": table.recent,
        "show": table.show,
        "coaching": table.last_advice,
        "coach_play": table.coach_play,
        "play_coaching": table.play_advice,
        "winner": table.side_name(g.winner) if g.is_over and g.winner is not None else None,
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
        four = data["players"] == 4
        visitor = admitted(request)
        game = start(
            data["level"],
            data["target"],
            data["count_own_hand"],
            players=data["players"],
            rules=data["rules"] if four else None,
            partner_level=data["partner_level"] if four else None,
            owner=visitor.owner,
            coach_play=data["coach_play"],
        )
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
