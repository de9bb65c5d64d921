"""An event's officials and organizers: list, appoint by email, remove (organizer)."""

from __future__ import annotations

from functools import cached_property

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import permissions, viewsets
from rest_framework.response import Response

from accounts.links import public_base_url
from tournaments.events import officials

from .. import serializers as s
from ..authentication import API_AUTHENTICATION
from ..permissions import managed_event
from .common import ERRORS

EVENT_SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The event's slug.")
ROLE_ID = OpenApiParameter(
    "id", int, OpenApiParameter.PATH, description="The appointment's id (from the list)."
)


@extend_schema(parameters=[EVENT_SLUG])
@extend_schema_view(
    list=extend_schema(
        summary="Who runs the event: organizers and officials (organizer)",
        responses={200: s.EventRoleSerializer(many=True), **ERRORS},
    ),
    create=extend_schema(
        summary="Appoint an official or an organizer by email (organizer)",
        description="An existing account gets the role at once. An unknown address gets a new "
        "account and `set_password_url`, a one-time link to choose a password "
        "(also emailed when the site has email set up). Appointing again someone "
        "who has not chosen a password yet gives a fresh link.",
        request=s.AppointSerializer,
        responses={201: s.AppointmentSerializer, **ERRORS},
    ),
    destroy=extend_schema(
        summary="Remove an official or an organizer (organizer); never the last organizer",
        parameters=[ROLE_ID],
        responses={204: None, **ERRORS},
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
        appointment = officials.appoint(event, request.user, **serializer.validated_data)
        link = (
            public_base_url(request) + officials.set_password_path(appointment.user)
            if appointment.needs_password
            else None
        )
        emailed = officials.send_invitation(appointment, event, link, request.user)
        body = s.EventRoleSerializer(appointment.role).data | {
            "new_account": appointment.new_account,
            "set_password_url": link,
            "emailed": emailed,
        }
        return Response(body, status=201)

    def destroy(self, request, slug, pk):
        officials.remove(self.event, request.user, int(pk))
        return Response(status=204)
