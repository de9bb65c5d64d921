"""Events: the public list and detail, creation, settings, and the organizer's and officials'
event-wide actions (release, series length, playoffs, standings, audit log, close/reopen)."""

from __future__ import annotations

from django.db import transaction
from django.http import HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, mixins, permissions, renderers, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from common.api_input import no_fields
from tournaments.archives import open_format
from tournaments.archives.transfer import archive_filename, dumps, export_event
from tournaments.events import closing
from tournaments.events.creation import create_event, set_number_of_games
from tournaments.events.deletion import delete_event
from tournaments.events.drafts import publish_event
from tournaments.events.settings import update_event
from tournaments.leagues.seasons import place_event
from tournaments.publishing import whole_pages
from tournaments.publishing.exports import EXPORTS, csv_lines, delimiter_of
from tournaments.results import bracket_play
from tournaments.standings.service import (
    event_standings,
    release,
    results_visible,
    seat_playoff_games,
)

from ...models import AuditEntry, Event
from ...selectors import visible_events
from .. import serializers as s
from ..authentication import API_AUTHENTICATION
from ..permissions import event_or_404, managed_event
from ..renderers import CsvRenderer
from .common import ERRORS, LoggedInUser

HIDDEN = _("The results are not released yet.")


@extend_schema_view(
    list=extend_schema(summary="All events (public)", responses=s.EventListSerializer),
    retrieve=extend_schema(summary="One event and its settings (public)"),
    create=extend_schema(
        summary="Create an event; the caller becomes its organizer",
        request=s.EventCreateSerializer,
        responses={201: s.EventSerializer, **ERRORS},
    ),
    partial_update=extend_schema(
        summary="Change the settings (organizer)",
        description="Fields left out keep their value. `tiebreaks` is checked against the "
        "scoring system (a 400 lists the allowed keys); `season` puts the event in a season "
        "(or in none with null) if the caller also organizes that season's league.",
        request=s.EventSettingsSerializer,
        responses={200: s.EventSerializer, **ERRORS},
    ),
    destroy=extend_schema(
        summary="Delete the event, whatever it holds (organizer)",
        description="Confirmed by `?confirm_name=` the event's name (400, code "
        "`name_mismatch`, otherwise). Its rounds, games, results, teams and captains' links "
        "go with it; the deletion is in the audit log with the event's full archive "
        "(`before.archive`), which imports it back.",
        parameters=[OpenApiParameter("confirm_name", str, description="The event's name, typed.")],
        responses={204: None, **ERRORS},
    ),
)
class EventViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = Event.objects.all()
    lookup_field = "slug"
    serializer_class = s.EventSerializer
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]
    filterset_fields = ["status", "game_type"]
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_serializer_class(self):
        return s.EventListSerializer if self.action == "list" else s.EventSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Event.objects.none()
        return visible_events(self.request.user)  # a draft: only its organizers and officials

    def get_object(self):
        return event_or_404(self.kwargs["slug"], self.request.user)

    def get_permissions(self):
        if self.action == "create":
            return [LoggedInUser()]
        return super().get_permissions()

    def _event(self, event, status=200):
        return Response(
            s.EventSerializer(event, context={"request": self.request}).data, status=status
        )

    @transaction.atomic
    def create(self, request):
        data = _valid(s.EventCreateSerializer, request)
        season = data.pop("season", None)
        event = create_event(request.user, draft=True, **data)
        if season is not None:
            event = place_event(event, request.user, season)
        return self._event(event, status=201)

    @transaction.atomic
    def partial_update(self, request, slug):
        event = managed_event(request, slug, organizer=True)
        data = _valid(s.EventSettingsSerializer, request, partial=True)
        moving, season = "season" in data, data.pop("season", None)
        event = update_event(event, request.user, data)
        if moving:
            event = place_event(event, request.user, season)
        return self._event(event)

    def destroy(self, request, slug):
        event = managed_event(request, slug, organizer=True)
        no_fields(request)
        delete_event(event, request.user, typed_name=request.query_params.get("confirm_name", ""))
        return Response(status=204)

    @extend_schema(
        summary="Publish a draft event: everyone sees it from now on (organizer)",
        description="A new event is a draft, seen only by its organizers and officials "
        "(`published_at` null). Publishing a published event changes nothing.",
        request=None,
        responses={200: s.EventSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def publish(self, request, slug):
        event = managed_event(request, slug, organizer=True)
        no_fields(request)
        return self._event(publish_event(event, request.user))

    @extend_schema(
        summary="The event's archive, to carry it to another site (organizer, officials)",
        description="The same file as the dashboard's “Download the archive” "
        "(docs/archives.md): every team, round, game, report version and audit entry, signed "
        "by this installation. Import it elsewhere with POST /api/v1/archives/.",
        responses={(200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT), **ERRORS},
        filters=False,
    )
    @action(detail=True, methods=["get"])
    def archive(self, request, slug):
        event = managed_event(request, slug)
        text = dumps(export_event(event))
        response = HttpResponse(text, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{archive_filename(event)}"'
        return response

    @extend_schema(
        summary="The event's results in the open format (public once released)",
        description='A results document (`"schema": "huche.results"`, version 1): the '
        "event, teams, players, rounds, games, every report version with its confirmations "
        "and disputes, and the hand-by-hand sheets. Its JSON Schema is served at "
        "/schemas/results/1.json and documented in docs/result-format.md. Member numbers "
        "are given only to the organizers of the player's league (null for anyone else). "
        "Before the release only the event's organizers and officials get it (a "
        "provisional document).",
        responses={
            (200, "application/json"): OpenApiResponse(
                OpenApiTypes.OBJECT, description="A results document (huche.results, version 1)."
            ),
            403: OpenApiResponse(description="`not_released`: the results are not released yet."),
            404: ERRORS[404],
        },
        filters=False,
    )
    @action(detail=True, methods=["get"])
    def results(self, request, slug):
        event = event_or_404(slug, request.user)
        if not open_format.may_export(event, request.user):
            raise exceptions.PermissionDenied(open_format.not_released(), code="not_released")
        return Response(open_format.results_document(event, request.user))

    @extend_schema(
        summary="Release the results, or hide them again (organizer)",
        request=s.ReleaseSerializer,
        responses={200: s.EventSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def release(self, request, slug):
        event = managed_event(request, slug, organizer=True)
        data = _valid(s.ReleaseSerializer, request)
        return self._event(release(event, request.user, released=data["released"]))

    @extend_schema(
        summary="Close the event: results frozen, shown as finished (organizer)",
        description="Refused (400, code `not_ready`, with `reasons`) while a round of the "
        "series is not seated, a game is not confirmed, a dispute is open, a medal "
        "tie is not played off or the results are not released. Once closed, "
        "reports, confirmations and corrections are refused (code `finished`) "
        "until an organizer reopens the event.",
        request=None,
        responses={200: s.EventSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def close(self, request, slug):
        event = managed_event(request, slug, organizer=True)
        no_fields(request)
        return self._event(closing.close_event(event, request.user))

    @extend_schema(
        summary="Reopen a finished event, with a reason (organizer)",
        request=s.ReopenSerializer,
        responses={200: s.EventSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def reopen(self, request, slug):
        event = managed_event(request, slug, organizer=True)
        data = _valid(s.ReopenSerializer, request)
        return self._event(closing.reopen_event(event, request.user, data["reason"]))

    @extend_schema(
        summary="Change the number of games of the series (official)",
        request=s.NumberOfGamesSerializer,
        responses={200: s.EventSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"], url_path="number-of-games")
    def number_of_games(self, request, slug):
        event = managed_event(request, slug)
        data = _valid(s.NumberOfGamesSerializer, request)
        return self._event(set_number_of_games(event, request.user, data["number_of_games"]))

    @extend_schema(
        summary="Seat the next game of every medal playoff (official)",
        request=None,
        responses={201: s.RoundSerializer, **ERRORS},
    )
    @action(detail=True, methods=["post"])
    def playoffs(self, request, slug):
        event = managed_event(request, slug)
        no_fields(request)
        games = seat_playoff_games(event, request.user)
        context = {"request": request, "results_visible": True}
        return Response(s.RoundSerializer(games[0].round, context=context).data, status=201)

    @extend_schema(
        summary="Standings (public once released; officials always)",
        description="Until the organizer releases the results (or if the event shows live "
        "standings), only the event's officials and organizers see them; anyone "
        "else gets 403 with code `not_released`. 403 rather than 404: the "
        "standings exist and will be published, the caller just cannot see them "
        "yet.",
        responses={
            200: s.StandingsSerializer,
            403: OpenApiResponse(description="`not_released`: the results are not released yet."),
        },
    )
    @action(detail=True, methods=["get"])
    def standings(self, request, slug):
        event = event_or_404(slug, request.user)
        if not results_visible(event, request.user):
            raise exceptions.PermissionDenied(HIDDEN, code="not_released")
        # Checked above, for this caller: the body is the same for all who may see it, stored
        # per version and language, with an ETag (a 304 for a caller who has it).
        return whole_pages.serve(
            request._request,
            event,
            f"api-standings:{request.accepted_renderer.format}",
            lambda: self._rendered(request, Response(standings_body(event))),
            compress=False,  # the API is never compressed (publishing/compression.py)
            user=request.user,
        )

    @extend_schema(
        summary="The bracket after the series (public once released; officials always)",
        description="The qualifiers (seed 1 first), every match of the single-elimination "
        "bracket with each side's seed and games won, the byes, the champion and the "
        "third-place winner (null until decided). The same release rule as the standings: "
        "403 `not_released` before it.",
        responses={
            200: s.BracketSerializer,
            403: OpenApiResponse(description="`not_released`: the results are not released yet."),
        },
    )
    @action(detail=True, methods=["get"])
    def bracket(self, request, slug):
        event = event_or_404(slug, request.user)
        if not results_visible(event, request.user):
            raise exceptions.PermissionDenied(HIDDEN, code="not_released")
        body = s.bracket_body(event, bracket_play.bracket_state(event), bracket_play.match_label)
        return Response(body)

    def _rendered(self, request, response):
        response = self.finalize_response(request, response)
        return response.render()

    @extend_schema(
        summary="The audit log, newest first (organizer)",
        responses=s.AuditEntrySerializer(many=True),
        filters=False,
    )
    @action(detail=True, methods=["get"])
    def audit(self, request, slug):
        event = managed_event(request, slug, organizer=True)
        page = self.paginate_queryset(AuditEntry.objects.filter(event=event))
        return self.get_paginated_response(
            s.AuditEntrySerializer(page, many=True, context={"singles": event.singles}).data
        )

    @extend_schema(
        summary="A CSV export: standings, games, teams or the bracket (organizer, officials)",
        description="The same files as the organizer's pages: UTF-8 with a BOM, words in the "
        "request's language (Accept-Language; without it, the site's language, "
        "HUCHE_LANGUAGE), times local to the event as YYYY-MM-DD HH:MM, "
        "text cells that a spreadsheet would run as a formula neutralised. Ask with "
        "`Accept: text/csv` or `?format=csv`.",
        parameters=[
            OpenApiParameter(
                "what",
                str,
                OpenApiParameter.PATH,
                enum=sorted(EXPORTS),
                description="Which export.",
            ),
            OpenApiParameter(
                "delimiter",
                str,
                enum=["comma", "semicolon"],
                description="Default: semicolon in French, comma otherwise.",
            ),
        ],
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR), **ERRORS},
        filters=False,
    )
    @action(
        detail=True,
        methods=["get"],
        url_path=r"export/(?P<what>standings|games|teams|bracket)",
        renderer_classes=[renderers.JSONRenderer, CsvRenderer],
    )
    def export(self, request, slug, what):
        event = managed_event(request, slug)
        response = StreamingHttpResponse(
            csv_lines(EXPORTS[what](event), delimiter_of(request.query_params.get("delimiter"))),
            content_type="text/csv; charset=utf-8",
        )
        response["Content-Disposition"] = f'attachment; filename="{event.slug}-{what}.csv"'
        return response


def _valid(serializer_class, request, **kwargs) -> dict:
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def standings_body(event: Event) -> dict:
    data = event_standings(event)
    teams = data.teams
    return {
        "system": data.standings.system,
        "released": event.released_at is not None,
        "rounds_played": data.rounds_played,
        "provisional": data.standings.provisional,
        "columns": [{"key": key, "label": label} for key, label in data.columns],
        "rows": [
            {
                "rank": row.rank,
                "tied": row.tied,
                "medal": row.medal,
                "decided_by": row.decided_by,
                "team": s.TeamRefSerializer(teams[row.team]).data,
                "metrics": dict(row.metrics),
            }
            for row in data.standings.rows
        ],
        "medal_ties": [
            {"teams": list(tie.teams), "places": list(tie.places)}
            for tie in data.standings.medal_ties
        ],
        "podium_by_bracket": data.bracket_pending,
    }
