"""Seasons and leagues: the public season standings (page and CSV), and the organizers' pages
for leagues and seasons (create, settings, which events belong)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.leagues import seasons as leagues
from tournaments.leagues.players import may_manage_league
from tournaments.leagues.season_page import season_tables_html
from tournaments.leagues.season_standings import (
    SeasonStandings,
    compute_season,
    csv_rows,
)
from tournaments.leagues.season_standings import season_events as counted_events
from tournaments.publishing.compression import public_page
from tournaments.publishing.exports import csv_filename, csv_lines, delimiter_of

from ..errors import RuleError
from ..forms import LeagueForm, SeasonEventsForm, SeasonForm, add_rule_error
from ..models import League, Season
from ..selectors import managed_leagues
from .access import LoginRequired


def _season(league_slug: str, season_slug: str) -> Season:
    return get_object_or_404(
        Season.objects.select_related("league"), league__slug=league_slug, slug=season_slug
    )


# --- public --------------------------------------------------------------------------------------


@public_page
@require_GET
def season_page(request, league_slug, season_slug):
    season = _season(league_slug, season_slug)
    counted, waiting = counted_events(season)
    html = season_tables_html(season, counted, waiting)
    return render(
        request,
        "tournaments/season.html",
        {
            "season": season,
            "standings": SeasonStandings(season, counted, waiting),
            "tables": mark_safe(html),  # rendered by the template engine, escaped there
            "manager": may_manage_league(request.user, season.league),
            "placement": season.aggregation == Season.Aggregation.PLACEMENT,
        },
    )


@require_GET
def season_csv(request, league_slug, season_slug, which):
    if which not in ("teams", "players"):
        raise Http404("teams or players")
    season = _season(league_slug, season_slug)
    delimiter = delimiter_of(request.GET.get("delimiter"))
    rows = csv_rows(compute_season(season), which)
    response = StreamingHttpResponse(
        csv_lines(rows, delimiter), content_type="text/csv; charset=utf-8"
    )
    name = csv_filename(f"{season.league.slug}-{season.slug}", delimiter, which)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# --- organizers ----------------------------------------------------------------------------------


def _login(request) -> None:
    if not request.user.is_authenticated:
        raise LoginRequired


def managed_league(request, slug: str) -> League:
    """The league, if the user organizes it (or is staff); otherwise 404, as for events."""
    _login(request)
    return get_object_or_404(managed_leagues(request.user), slug=slug)


@require_http_methods(["GET", "POST"])
def league_list(request):
    _login(request)
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = leagues.create_league(request.user, name=form.cleaned_data["name"])
        except RuleError as exc:
            add_rule_error(form, exc)
        else:
            messages.success(request, _("League created. Now add a season."))
            return redirect("tournaments:league", slug=league.slug)
    mine = (
        League.objects.all()
        if request.user.is_staff
        else League.objects.filter(organizers=request.user)
    )
    return render(request, "tournaments/league_list.html", {"leagues": mine, "form": form})


@require_http_methods(["GET", "POST"])
def league_page(request, slug):
    league = managed_league(request, slug)
    form = SeasonForm(
        request.POST or None, initial={"aggregation": Season.Aggregation.EVENT_POINTS}
    )
    if request.method == "POST" and form.is_valid():
        try:
            season = leagues.create_season(league, request.user, **form.cleaned_data)
        except RuleError as exc:
            add_rule_error(form, exc)
        else:
            messages.success(request, _("Season created. Now choose its events."))
            return redirect(
                "tournaments:season-settings", slug=league.slug, season_slug=season.slug
            )
    seasons = league.seasons.prefetch_related("events").order_by("-id")
    return render(
        request,
        "tournaments/league.html",
        {
            "league": league,
            "seasons": seasons,
            "form": form,
            "player_count": league.players.filter(merged_into__isnull=True).count(),
            "archive_keys": league.archive_keys.select_related("trusted_by"),
        },
    )


@require_http_methods(["GET", "POST"])
def season_settings(request, slug, season_slug):
    league = managed_league(request, slug)
    season = get_object_or_404(Season, league=league, slug=season_slug)
    initial = {
        "name": season.name,
        "aggregation": season.aggregation,
        "best_of": season.best_of,
        "placement_points": ", ".join(str(p) for p in season.placement_points or []),
        "night_threshold": season.night_threshold,
        "night_award": season.night_award,
        "night_fixed_points": season.night_fixed_points,
        "night_table": ", ".join(f"{a}: {b}" for a, b in season.night_table or []),
        "guest_nights": season.guest_nights,
    }
    form = SeasonForm(request.POST or None, initial=initial)
    candidates = list(leagues.attachable_events(season, request.user))
    events_form = SeasonEventsForm(
        events=candidates,
        initial={"events": [str(e.pk) for e in candidates if e.season_id == season.pk]},
    )
    if request.method == "POST" and form.is_valid():
        try:
            leagues.update_season(season, request.user, **form.cleaned_data)
        except RuleError as exc:
            add_rule_error(form, exc)
        else:
            messages.success(request, _("Season settings saved."))
            return redirect("tournaments:season-settings", slug=slug, season_slug=season.slug)
    others = season.events.exclude(pk__in=[e.pk for e in candidates])
    return render(
        request,
        "tournaments/season_settings.html",
        {
            "league": league,
            "season": season,
            "form": form,
            "events_form": events_form,
            "other_events": others,
        },
    )


@require_POST
def season_events(request, slug, season_slug):
    league = managed_league(request, slug)
    season = get_object_or_404(Season, league=league, slug=season_slug)
    candidates = list(leagues.attachable_events(season, request.user))
    form = SeasonEventsForm(request.POST, events=candidates)
    if not form.is_valid():
        messages.error(request, _("Choose among the events listed."))
    else:
        chosen = {int(pk) for pk in form.cleaned_data["events"]}
        # Events of the season the user does not organize are not in the form: they stay.
        keep = set(
            season.events.exclude(pk__in=[e.pk for e in candidates]).values_list("pk", flat=True)
        )
        try:
            leagues.set_season_events(season, request.user, sorted(chosen | keep))
        except RuleError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("The season's events are saved."))
    return redirect("tournaments:season-settings", slug=slug, season_slug=season.slug)
