"""The bracket after the series (issue 50): its public page (phone and projector), and the
organizer's page that seats it, records an absent qualifier's forfeits and makes the
consolation event."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from accounts.roles import is_official, is_organizer
from tournaments.events.consolation import make_consolation
from tournaments.publishing.compression import public_page
from tournaments.results import bracket_absent, bracket_play
from tournaments.standings.service import results_visible

from ..errors import RuleError
from ..models import Team
from ..words import say
from .access import event_or_404, managed_event
from .public import display_context


@dataclass(frozen=True)
class Side:
    seed: int | None
    name: str
    wins: int
    won: bool


@dataclass(frozen=True)
class ShownMatch:
    id: str
    label: str
    a: Side | None
    b: Side | None
    bye: bool
    decided: bool
    forfeits: int = 0  # games an absent qualifier lost (the ACC's rule)


def _side(state, team, seed, wins, winner) -> Side | None:
    if team is None:
        return None
    return Side(seed, state.teams[team].name, wins, winner == team)


def _absent_forfeits(state, match: str) -> int:
    return sum(
        1
        for g in state.games.get(match, ())
        if g.confirmed_report is not None and g.confirmed_report.detail.get("absent")
    )


def shown_rounds(event, state) -> list[tuple[str, list[ShownMatch]]]:
    """The bracket as the page lists it: each round (named), its matches top to bottom."""
    count = len(state.rounds)
    shown = []
    for number, matches in enumerate(state.rounds, start=1):
        items = []
        for m in matches:
            wins_a = m.state.wins_a if m.state else 0
            wins_b = m.state.wins_b if m.state else 0
            items.append(
                ShownMatch(
                    m.id,
                    bracket_play.match_label(m.id, count),
                    _side(state, m.team_a, m.seed_a, wins_a, m.winner),
                    _side(state, m.team_b, m.seed_b, wins_b, m.winner),
                    m.is_bye,
                    m.winner is not None,
                    _absent_forfeits(state, m.id),
                )
            )
        left = count - number
        name = (
            _("Final")
            if left == 0
            else _("Semi-finals")
            if left == 1
            else _("Quarter-finals")
            if left == 2
            else _("Round %(n)s") % {"n": number}
        )
        shown.append((name, items))
    third = state.third
    if third is not None:
        seed = state.seed_of
        shown.append(
            (
                _("Third place"),
                [
                    ShownMatch(
                        bracket_play.THIRD_PLACE,
                        _("Third place"),
                        _side(state, third.team_a, seed[third.team_a], third.wins_a, third.winner),
                        _side(state, third.team_b, seed[third.team_b], third.wins_b, third.winner),
                        False,
                        third.winner is not None,
                    )
                ],
            )
        )
    return shown


def _context(request, event) -> dict:
    state = bracket_play.bracket_state(event)
    champion = state.teams[state.champion].name if state.champion else ""
    third = state.third.winner if state.third is not None else None
    return {
        "event": event,
        "state": state,
        "rounds": shown_rounds(event, state) if state.group else [],
        "champion": champion,
        "third_winner": state.teams[third].name if third else "",
        "best_of": event.bracket_best_of,
        "byes": sum(m.is_bye for m in state.rounds[0]) if state.rounds else 0,
    }


@public_page
@require_GET
def bracket_page(request, slug):
    """Public once the results are (the embargo and draft rules of the standings)."""
    event = event_or_404(slug, request.user)
    visible = results_visible(event, request.user)
    context = {"event": event, "visible": visible, **display_context(request, event)}
    if visible:
        context |= _context(request, event)
    return render(request, "tournaments/bracket.html", context)


@require_GET
def bracket_organize(request, slug):
    event = managed_event(request, slug)
    context = _context(request, event)
    cut = None
    if event.bracket and context["state"].group is None and bracket_play.series_done(event):
        try:
            cut = bracket_play.the_cut(event)
        except RuleError as exc:
            messages.error(request, exc.message)
    teams = {t.pk: t for t in Team.objects.filter(event=event)}
    context |= {
        "cut": cut,
        "cut_teams": [teams[t] for t in cut.qualifiers] if cut else [],
        "tied_teams": [teams[t] for t in cut.tied] if cut else [],
        "tie_words": bracket_play.tie_words(event, cut) if cut and cut.tied else "",
        "series_done": bracket_play.series_done(event),
        "open_games": bracket_play.open_bracket_games(event),
        "absent_rule": bracket_absent.rule_words(),
        "organizer": is_organizer(request.user, event),
        "official": is_official(request.user, event),
        "consolations": list(event.consolations.all()),
    }
    return render(request, "tournaments/bracket_organize.html", context)


def _back(event):
    return redirect("tournaments:bracket-organize", slug=event.slug)


@require_POST
def bracket_seat(request, slug):
    event = managed_event(request, slug)
    settled = None
    if request.POST.get("settled"):
        try:
            settled = [int(v) for v in request.POST.getlist("settled")]
        except ValueError:
            settled = None
    try:
        games = bracket_play.seat_bracket(event, request.user, settled=settled)
    except RuleError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            _("Bracket games seated or waiting: %(n)s. See “where do I sit”.") % {"n": len(games)},
        )
    return _back(event)


@require_POST
def bracket_absent_team(request, slug, team_id):
    event = managed_event(request, slug)
    team = get_object_or_404(Team, event=event, pk=team_id)
    try:
        reports = bracket_absent.forfeit_absent(event, team, request.user)
    except RuleError as exc:
        messages.error(request, exc.message)
    else:
        count = len(reports)
        message = (
            ngettext(
                "Absence of %(team)s: %(n)d game recorded as lost by forfeit. %(rule)s",
                "Absence of %(team)s: %(n)d games recorded as lost by forfeit. %(rule)s",
                count,
            )
            if count
            else _("Absence of %(team)s: no game is lost by forfeit yet. %(rule)s")
        )
        values = {"team": team.name, "n": count, "rule": bracket_absent.rule_words()}
        messages.success(request, say(message, values))
    return _back(event)


@require_POST
def consolation(request, slug):
    event = managed_event(request, slug, organizer=True)
    try:
        made = make_consolation(event, request.user)
    except RuleError as exc:
        messages.error(request, exc.message)
        return _back(event)
    messages.success(
        request, _("Consolation event created with %(n)s entries.") % {"n": made.teams.count()}
    )
    return redirect("tournaments:dashboard", slug=made.slug)
