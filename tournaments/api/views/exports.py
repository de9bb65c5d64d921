"""Season CSV files for an organizer's script: the season standings (public, like the season
page) and the export of every game of a season (built by a task: start it, then fetch it).

Same files as the pages (``publishing.exports``): BOM, `;` by default in French, words in the
request's language, formula-like text cells neutralised."""

from __future__ import annotations

from django.http import HttpResponse, StreamingHttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, renderers, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api_input import KnownFieldsOnly
from tournaments.errors import RuleError
from tournaments.leagues.season_export import request_season_export
from tournaments.leagues.season_standings import compute_season, csv_rows
from tournaments.publishing.exports import csv_filename, csv_lines, default_delimiter, delimiter_of

from ...models import Season, SeasonExport
from ...selectors import exportable_seasons, season_exports_of
from ..authentication import API_AUTHENTICATION
from ..renderers import CsvRenderer
from .common import ERRORS, LoggedInUser

DELIMITER = OpenApiParameter(
    "delimiter",
    str,
    enum=["comma", "semicolon"],
    description="Default: semicolon in French, comma otherwise.",
)
CSV_OK = OpenApiResponse(OpenApiTypes.STR, description="UTF-8 CSV with a BOM.")


def _season(league: str, season: str, among=None) -> Season:
    """The season by its slugs, among ``among`` (the seasons the caller may act on; public
    standings: every season)."""
    seasons = Season.objects.all() if among is None else among
    found = seasons.select_related("league").filter(league__slug=league, slug=season).first()
    if found is None:
        raise exceptions.NotFound(
            _("No season “%(season)s” in league “%(league)s”.")
            % {"season": season, "league": league}
        )
    return found


class SeasonStandingsCsvView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [permissions.AllowAny]
    renderer_classes = [renderers.JSONRenderer, CsvRenderer]

    @extend_schema(
        summary="A season's standings as CSV, per team or per player (public)",
        parameters=[
            OpenApiParameter("league", str, OpenApiParameter.PATH),
            OpenApiParameter("season", str, OpenApiParameter.PATH),
            OpenApiParameter("which", str, OpenApiParameter.PATH, enum=["players", "teams"]),
            DELIMITER,
        ],
        responses={(200, "text/csv"): CSV_OK, 404: ERRORS[404]},
    )
    def get(self, request, league, season, which):
        found = _season(league, season)
        if which not in ("teams", "players"):
            raise exceptions.NotFound(_("Choose “teams” or “players”."))
        rows = csv_rows(compute_season(found), which)
        response = StreamingHttpResponse(
            csv_lines(rows, delimiter_of(request.query_params.get("delimiter"))),
            content_type="text/csv; charset=utf-8",
        )
        name = csv_filename(f"{found.league.slug}-{found.slug}", None, which)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


class SeasonExportRequestSerializer(KnownFieldsOnly, serializers.Serializer):
    delimiter = serializers.ChoiceField(
        ["comma", "semicolon"],
        required=False,
        help_text="Default: semicolon in French, comma otherwise.",
    )


class SeasonExportSerializer(serializers.ModelSerializer):
    csv = serializers.SerializerMethodField(help_text="Where to fetch the file once done.")

    class Meta:
        model = SeasonExport
        fields = [
            "id",
            "status",
            "delimiter",
            "language",
            "progress_done",
            "progress_total",
            "created_at",
            "finished_at",
            "error",
            "csv",
        ]

    def get_csv(self, export) -> str | None:
        if export.status != SeasonExport.Status.DONE:
            return None
        url = reverse("api-season-export", args=[export.pk]) + "?format=csv"
        request = self.context.get("request")
        return request.build_absolute_uri(url) if request else url


class SeasonExportStartView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [LoggedInUser]

    @extend_schema(
        summary="Start the CSV export of every game of a season (an organizer of one of its "
        "events)",
        description="The file is built by a background task: follow `GET season-exports/{id}/` "
        "until `status` is `done`, then fetch it with `Accept: text/csv` or "
        "`?format=csv`.",
        parameters=[
            OpenApiParameter("league", str, OpenApiParameter.PATH),
            OpenApiParameter("season", str, OpenApiParameter.PATH),
        ],
        request=SeasonExportRequestSerializer,
        responses={202: SeasonExportSerializer, **ERRORS},
    )
    def post(self, request, league, season):
        found = _season(league, season, among=exportable_seasons(request.user))
        data = SeasonExportRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        delimiter = data.validated_data.get("delimiter") or default_delimiter()
        try:
            export = request_season_export(found, request.user, delimiter)
        except RuleError as exc:
            raise exceptions.ValidationError({"detail": exc.message}) from exc
        return Response(
            SeasonExportSerializer(export, context={"request": request}).data, status=202
        )


class SeasonExportView(APIView):
    authentication_classes = API_AUTHENTICATION
    permission_classes = [LoggedInUser]
    renderer_classes = [renderers.JSONRenderer, CsvRenderer]

    @extend_schema(
        summary="A season export: its progress, or the CSV file once done (its requester)",
        parameters=[OpenApiParameter("id", int, OpenApiParameter.PATH)],
        responses={200: SeasonExportSerializer, (200, "text/csv"): CSV_OK, **ERRORS},
    )
    def get(self, request, pk):
        export = season_exports_of(request.user).select_related("season").filter(pk=pk).first()
        if export is None:
            raise exceptions.NotFound(_("No such export."))
        if request.accepted_renderer.format != "csv":
            return Response(SeasonExportSerializer(export, context={"request": request}).data)
        if export.status != SeasonExport.Status.DONE:
            raise exceptions.NotFound(
                _("The export is not finished yet: ask again in a few seconds.")
            )
        response = HttpResponse(export.content, content_type="text/csv; charset=utf-8")
        name = csv_filename(f"{export.season.slug}-{export.pk}", None, "games")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
