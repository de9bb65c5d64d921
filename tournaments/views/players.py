"""Players: the public record page, and the league organizers' list with the merge form."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.leagues import players
from tournaments.leagues.player_record import record_of
from tournaments.publishing.charts import band_chart
from tournaments.publishing.compression import public_page
from tournaments.ratings.engine import MU
from tournaments.ratings.service import player_rating
from tournaments.words import name_key

from ..errors import RuleError
from ..forms import MergeForm, add_rule_error
from ..models import Player
from .league import managed_league


@public_page
@require_GET
def player_page(request, uid):
    player = get_object_or_404(Player.objects.select_related("league"), uid=uid)
    if player.merged_into_id:
        # A merged duplicate is the same person: its old address leads to the survivor.
        return redirect("tournaments:player", uid=players.survivor(player).uid, permanent=True)
    rating = player_rating(player)
    chart = band_chart(
        [(p.rating.mu, p.rating.low, p.rating.high) for p in rating.history],
        [str(i) for i in range(1, len(rating.history) + 1)],
        label=_("Rating after each game, with its range"),
    )
    return render(
        request,
        "tournaments/player.html",
        {
            "record": record_of(player, request.user),
            "rating": rating,
            "rating_chart": chart,
            "start": MU,
        },
    )


@require_http_methods(["GET", "POST"])
def league_players(request, slug):
    league = managed_league(request, slug)
    # In the order a French reader looks for a name: "Élise" with the E's, not after "Z".
    active = sorted(players.active_players(league), key=lambda player: name_key(player.name))
    form = MergeForm(request.POST or None, players=active)
    if request.method == "POST" and form.is_valid():
        duplicate = get_object_or_404(Player, pk=form.cleaned_data["duplicate"], league=league)
        into = get_object_or_404(Player, pk=form.cleaned_data["into"], league=league)
        try:
            players.merge(duplicate, into, request.user)
        except RuleError as exc:
            add_rule_error(form, exc)
        else:
            messages.success(
                request,
                _("%(duplicate)s is merged into %(into)s: their events are now on one record.")
                % {"duplicate": duplicate, "into": into},
            )
            return redirect("tournaments:league-players", slug=league.slug)
    merged = Player.objects.filter(league=league, merged_into__isnull=False).select_related(
        "merged_into"
    )
    return render(
        request,
        "tournaments/league_players.html",
        {
            "league": league,
            "players": active,
            "merged": merged,
            "form": form,
        },
    )
