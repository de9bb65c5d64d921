"""What the practice games' APIs share: anonymous views throttled like the other tools (the
game's UUID is the capability), one base for starting a game, and the answer to a refused
action (its sentence in the visitor's language and its reason code)."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.exceptions import Throttled
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import ErrorOut, ToolsThrottle

from . import limits


class RefusedOut(ErrorOut):
    code = serializers.CharField(
        required=False, help_text="Why the action was refused, as a stable code."
    )


class PlayView(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ToolsThrottle]


class StartView(PlayView):
    """Creating a practice game (each game is a stored row: :func:`admitted` limits them)."""


def admitted(request) -> limits.Visitor:
    """The caller, allowed to start one more game; else a 429 saying why and for how long
    (the tools' throttle skips logged-in callers: this one does not; games.play.limits)."""
    visitor = limits.visitor_of(request, with_session=False)
    try:
        limits.admit(visitor)
    except limits.PracticeLimited as exc:
        raise Throttled(wait=exc.wait, detail=exc.message) from None
    return visitor


def refused(detail: str, code: str) -> Response:
    """400: the action was refused and nothing changed."""
    return Response({"detail": detail, "code": code}, status=400)
