"""An event's officials and organizers: list, invite by email, the invitations, remove
(organizer). Inviting creates an invitation; the role is granted when the person accepts it."""

from __future__ import annotations

from functools import cached_property

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import permissions, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from accounts.links import public_base_url
from tournaments.events import invitations as invites
from tournaments.events import officials

from .. import serializers as s
from ..authentication import API_AUTHENTICATION
from ..permissions import managed_event
from .common import ERRORS

EVENT_SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The event's slug.")
ROLE_ID = OpenApiParameter(
    "id", int, OpenApiParameter.PATH, description="The appointment's id (from the list)."
)


def invitation_body(invitation) -> dict:
    return s.InvitationSerializer(invitation).data | {"status": invitation.status}


@extend_schema(parameters=[EVENT_SLUG])
@extend_schema_view(
    list=extend_schema(
        summary="Who runs the event: organizers and officials (organizer)",
        responses={200: s.EventRoleSerializer(many=True), **ERRORS},
    ),
    create=extend_schema(
        summary="Invite an official or an organizer by email (organizer)",
        description="Creates an invitation and answers its `invitation_url` (also emailed when "
        "the site has email set up). No account is created or changed: the person opens the "
        "link and accepts, logged in to the account of that address or creating it there. "
        "Inviting the same address to the same role again cancels the previous link.",
        request=s.AppointSerializer,
        responses={201: s.IssuedInvitationSerializer, **ERRORS},
    ),
    destroy=extend_schema(
        summary="Remove an official or an organizer (organizer); never the last organizer",
        parameters=[ROLE_ID],
        responses={204: None, **ERRORS},
    ),
    invitations=extend_schema(
        summary="The event's invitations and their state (organizer)",
        responses={200: s.InvitationSerializer(many=True), **ERRORS},
    ),
)
class OfficialViewSet(viewsets.ViewSet):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]  # managed_event answers 401/403/404
    lookup_value_regex = r"\d+"

    @cached_property
    def event(self):
        return managed_event(self.request, self.kwargs["slug"], organizer=True)

    def list(self, request, slug):
        roles = officials.staff_of(self.event)
        return Response(s.EventRoleSerializer(roles, many=True).data)

    def create(self, request, slug):
        event = self.event
        serializer = s.AppointSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        issued = invites.invite(event, request.user, **serializer.validated_data)
        link = public_base_url(request) + issued.path
        emailed = invites.send_invitation(issued, link, request.user)
        body = invitation_body(issued.invitation) | {"invitation_url": link, "emailed": emailed}
        return Response(body, status=201)

    def destroy(self, request, slug, pk):
        officials.remove(self.event, request.user, int(pk))
        return Response(status=204)

    @action(detail=False, methods=["get"])
    def invitations(self, request, slug):
        found = invites.invitations_of(self.event)
        return Response([invitation_body(i) for i in found])
