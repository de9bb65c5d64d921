"""Pieces every API view module shares: the error body in the schema, the logged-in check."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework import permissions, serializers
from rest_framework.response import Response

from tournaments.leagues.players import survivor


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What was wrong, where, and what is allowed.")
    code = serializers.CharField(help_text="A stable code for programs (e.g. `not_released`).")
    field = serializers.CharField(required=False, help_text="The field at fault, if one is.")
    # A field named like Serializer.errors: DRF's serializer metaclass takes it off the class.
    errors = serializers.JSONField(  # type: ignore[assignment]
        required=False,
        help_text="Refused input: every problem, field by field (the first is in `detail`).",
    )
    reasons = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Closing refused (`not_ready`): each thing still to do, in words.",
    )
    line = serializers.IntegerField(
        required=False, help_text="A list of teams refused: the line at fault."
    )


ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="Refused input: nothing was changed."),
    401: OpenApiResponse(ErrorSerializer, description="No credentials, or wrong ones."),
    403: OpenApiResponse(ErrorSerializer, description="Not allowed for this caller."),
    404: OpenApiResponse(
        ErrorSerializer, description="No such object, or an event the caller does not manage."
    ),
}


class LoggedInUser(permissions.BasePermission):
    """A user logged in by session or token (a captain's link is not enough)."""

    message = _(
        "Log in (session or token) to do this: a captain's link only reports and confirms results."
    )
    code = "login_required"

    def has_permission(self, request, view):
        return bool(request.user and request.user.is_authenticated)


def moved_to_survivor(request, player, suffix: str = "") -> Response | None:
    """A merged duplicate's uid: a 301 to the same endpoint of the player it was merged into
    (``/api/v1/players/<uid>/`` + ``suffix``); None for a player not merged."""
    if not player.merged_into_id:
        return None
    response = Response(status=301)
    response["Location"] = request.build_absolute_uri(
        f"/api/v1/players/{survivor(player).uid}/{suffix}"
    )
    return response
