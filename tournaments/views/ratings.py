"""Ratings: the league leaderboard (public; ``?display=projector`` for the hall's screen)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from tournaments.publishing.compression import public_page
from tournaments.ratings.engine import MU
from tournaments.ratings.service import leaderboard, min_games

from ..models import League


@public_page
@require_GET
def leaderboard_page(request, league_slug):
    league = get_object_or_404(League, slug=league_slug)
    projector = request.GET.get("display") == "projector"
    return render(
        request,
        "tournaments/ratings.html",
        {
            "league": league,
            "rows": leaderboard(league),
            "min_games": min_games(),
            "start": MU,
            "projector": projector,
        },
    )
