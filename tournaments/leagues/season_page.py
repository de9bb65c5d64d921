"""The season page's tables and chart, rendered once per change, and warmed by the worker.

They hold nothing of the visitor's (a cell per event and row: most of the page's time at a
club's 20 nights), so they are rendered once per change of what they read and stored as HTML
under the season's key (``publishing.league_tables``, the language included). The standings
refresh that follows a release (or a correction after it) warms them in every language
(:func:`warm_season`), with the season's and the league's honours boards, so that the first
visitor after a change does not compute them: at a federation's size that took one to two
seconds (docs/performance.md).
Layer 5: the season's standings and the chart.
"""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from tournaments.leagues.honours import league_board, season_board
from tournaments.leagues.season_standings import compute_season, season_events, table_parts
from tournaments.models import Event, Season
from tournaments.publishing import league_tables
from tournaments.publishing.charts import season_chart


def season_tables_html(season: Season, counted: list[Event], waiting: list[Event]) -> str:
    """The tables and the chart in the active language, from the cache when nothing changed."""

    def tables() -> str:
        standings = compute_season(season, (counted, waiting))
        return render_to_string(
            "tournaments/_season_tables.html",
            {"season": season, "standings": standings, "chart": season_chart(standings)},
        )

    return league_tables.table("season-html", season.pk, table_parts(season, counted), tables)


def warm_season(season: Season) -> list[str]:
    """Render the season's tables and compute its honours boards (the season's, the league's)
    into the cache in each of the site's languages; returns the languages."""
    counted, waiting = season_events(season)
    languages = [code for code, _name in settings.LANGUAGES]
    for language in languages:
        with translation.override(language):
            season_tables_html(season, counted, waiting)
            season_board(season)
            league_board(season.league)
    return languages
