"""The honours board (palmarès) of a season and of a league: page (phone and projector) and CSV.

Public, like the season standings: only released events count (tournaments.leagues.honours).
``?display=projector`` fills a 1920×1080 screen for the season's banquet.
"""

from __future__ import annotations

from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from tournaments.leagues.honours import csv_rows, league_board, season_board
from tournaments.publishing.compression import public_page
from tournaments.publishing.exports import csv_filename, csv_lines, delimiter_of

from ..models import League, Season


def _season(league_slug: str, season_slug: str) -> Season:
    return get_object_or_404(
        Season.objects.select_related("league"), league__slug=league_slug, slug=season_slug
    )


def _page(request, board, season, league, csv_url):
    projector = request.GET.get("display") == "projector"
    return render(
        request,
        "tournaments/honours.html",
        {
            "board": board,
            "season": season,
            "league": league,
            "projector": projector,
            "csv_url": csv_url,
        },
    )


@public_page
@require_GET
def season_honours(request, league_slug, season_slug):
    season = _season(league_slug, season_slug)
    return _page(
        request, season_board(season), season, season.league, "tournaments:season-honours-csv"
    )


@public_page
@require_GET
def league_honours(request, league_slug):
    league = get_object_or_404(League, slug=league_slug)
    return _page(request, league_board(league), None, league, "tournaments:league-honours-csv")


def _csv(request, board, base: str):
    delimiter = delimiter_of(request.GET.get("delimiter"))
    response = StreamingHttpResponse(
        csv_lines(csv_rows(board), delimiter), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{csv_filename(base, delimiter)}"'
    return response


@require_GET
def season_honours_csv(request, league_slug, season_slug):
    season = _season(league_slug, season_slug)
    return _csv(request, season_board(season), f"{league_slug}-{season_slug}-honours")


@require_GET
def league_honours_csv(request, league_slug):
    league = get_object_or_404(League, slug=league_slug)
    return _csv(request, league_board(league), f"{league_slug}-honours")
