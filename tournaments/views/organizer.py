"""Organizer and official pages: set up the event, register teams, seat rounds, run the desk."""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.roles import is_organizer
from tournaments.events import closing, deletion, drafts, presets
from tournaments.events.captain_links import new_captain_link, unlock_captain_link
from tournaments.events.creation import create_event, set_number_of_games
from tournaments.events.csv_import import import_teams, names_found_words
from tournaments.events.late_teams import late_entry
from tournaments.events.settings import update_event
from tournaments.events.team_edit import edit_team, team_values
from tournaments.events.teams import add_team
from tournaments.leagues import guests, players
from tournaments.leagues.season_rules import fit_warnings
from tournaments.leagues.seasons import place_event
from tournaments.results import forfeits, reporting, scorecard_check, sheet_compare
from tournaments.results.bracket_withdraw import withdraw as withdraw_team
from tournaments.results.desk import DeskOutcome, decide_at_desk
from tournaments.seating import by_hand
from tournaments.seating import rounds as seating
from tournaments.standings.playoff_words import ties_in_words
from tournaments.standings.service import (
    PLAYOFF_CONFLICT,
    event_standings,
    release,
    seat_playoff_games,
)

from .. import audit
from ..errors import RuleError, every_error
from ..forms import (
    DeskDecisionForm,
    EventForm,
    NumberOfGamesForm,
    TeamEditForm,
    TeamForm,
    TeamImportForm,
    add_rule_error,
)
from ..models import TABLES_THEN_BYE, AuditEntry, Dispute, Event, Game, Report, Round, Team
from .access import LoginRequired, managed_event
from .captain import client_of
from .confirming import ask, confirmed


def _back(event, name="tournaments:dashboard"):
    return redirect(name, slug=event.slug)


def _dashboard_url(event) -> str:
    return reverse("tournaments:dashboard", args=[event.slug])


def _run(request, action, success: str) -> bool:
    """Run a service call; show its RuleError as a message instead of failing the page."""
    try:
        action()
    except RuleError as exc:
        messages.error(request, exc.message)
        return False
    messages.success(request, success)
    return True


@require_http_methods(["GET", "POST"])
def event_create(request):
    if not request.user.is_authenticated:
        raise LoginRequired
    chosen = request.GET.get("preset", "")
    values = presets.preset_values(chosen)
    form = EventForm(request.POST or None, user=request.user, initial=values)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        season = data.pop("season", None)
        try:
            with transaction.atomic():
                event = create_event(request.user, draft=True, **data)
                if season is not None:
                    event = place_event(event, request.user, season)
        except RuleError as exc:
            add_rule_error(form, exc)
        else:
            messages.success(
                request,
                _(
                    "Event created, as a draft: only you and its officials see it until you "
                    "publish it. Now register the players."
                )
                if event.singles
                else _(
                    "Event created, as a draft: only you and its officials see it until you "
                    "publish it. Now register the teams."
                ),
            )
            if season is None and "season" in form.fields:
                messages.info(request, season_prompt(event))
            warn_season_fit(request, event)
            return _back(event, "tournaments:teams")
    context = {"form": form, "presets": preset_choices(chosen if values else None)}
    if chosen and values is None:
        context["preset_error"] = _("Unknown preset “%(key)s”: choose one of the list.") % {
            "key": chosen[:40]
        }
    return render(request, "tournaments/event_form.html", context)


def preset_choices(chosen: str | None) -> list[dict]:
    """The presets as the new-event page lists them, the one applied marked, each with its
    values for the page's script (which fills the fields in place without reloading)."""
    return [
        {
            "key": preset.key,
            "label": preset.label,
            "explanation": preset.explanation,
            "chosen": preset.key == chosen,
            "values": json.dumps(preset.values),
        }
        for preset in presets.PRESETS.values()
    ]


def warn_season_fit(request, event) -> None:
    """What to know about the event's season (a rule reading other points, other events
    counted otherwise): said after each save while it holds, nothing refused."""
    if event.season_id:
        for line in fit_warnings(event.season, event):
            messages.warning(request, line)


def season_prompt(event) -> str:
    """After creating an event in no season, while the organizer has seasons: a gentle word."""
    link = format_html(
        '<a href="{}">{}</a>',
        reverse("tournaments:settings", args=[event.slug]),
        _("the event's settings"),
    )
    # A link, not an address in words: a volunteer taps it (the message keeps it safe).
    return format_html(
        _("This event is in no season. If it counts for a league season, choose it in {settings}."),
        settings=link,
    )


@require_http_methods(["GET", "POST"])
def event_settings(request, slug):
    event = managed_event(request, slug, organizer=True)
    form = EventForm(request.POST or None, instance=event, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        moving, season = "season" in data, data.pop("season", None)
        try:
            with transaction.atomic():
                updated = update_event(Event.objects.get(pk=event.pk), request.user, data)
                if moving:
                    place_event(updated, request.user, season)
        except RuleError as exc:
            add_rule_error(form, exc)
        else:
            messages.success(request, _("Settings saved."))
            warn_season_fit(request, Event.objects.select_related("season").get(pk=event.pk))
            return _back(event)
    context = {"form": form, "event": event, "goes": deletion.what_goes(event)}
    return render(request, "tournaments/event_form.html", context)


@require_POST
def delete_event(request, slug):
    """Delete an event whatever it holds (organizers), its name typed, after asking; its archive
    stays in the audit log (see events.deletion)."""
    event = managed_event(request, slug, organizer=True)
    settings_url = reverse("tournaments:settings", args=[event.slug])
    typed = request.POST.get("confirm_name", "")
    if not deletion.names_match(event, typed):
        messages.error(
            request,
            _(
                "To delete the event, type its name exactly as it is written: “%(name)s”. "
                "Nothing was deleted."
            )
            % {"name": event.name},
        )
        return redirect(settings_url)
    if not confirmed(request):
        return ask(request, "delete", back=settings_url, event=event, name=event.name)
    try:
        deletion.delete_event(event, request.user, typed_name=typed)
    except RuleError as exc:
        messages.error(request, exc.message)
        return redirect(settings_url)
    messages.success(request, _("“%(event)s” is deleted.") % {"event": event.name})
    return redirect("tournaments:organizer-home")


@require_POST
def publish_event(request, slug):
    """Publish a draft event (organizers), after asking."""
    event = managed_event(request, slug, organizer=True)
    if not confirmed(request):
        kind = "publish-singles" if event.singles else "publish"
        return ask(request, kind, back=_dashboard_url(event), event=event, name=event.name)
    _run(
        request,
        lambda: drafts.publish_event(event, request.user),
        _("The event is published: everyone can see it now."),
    )
    return _back(event)


@require_GET
def dashboard(request, slug):
    event = managed_event(request, slug)
    round_ = seating.current_round(event)
    games = []
    if round_ is not None:
        games = list(
            round_.games.select_related("team_a", "team_b", "confirmed_report").order_by(
                TABLES_THEN_BYE
            )
        )
    playoffs = Game.objects.filter(
        round__event=event, round__kind=Round.Kind.PLAYOFF
    ).select_related("round", "team_a", "team_b", "confirmed_report")
    standings = event_standings(event) if event.rounds.exists() else None
    tables = [g for g in games if g.team_b_id is not None]  # a bye is nothing to wait for
    done = sum(g.status in seating.SETTLED for g in tables)
    left = closing.verification_left(event)  # what is left to verify: asked once
    return render(
        request,
        "tournaments/dashboard.html",
        {
            "event": event,
            "round": round_,
            "games": games,
            "done": done,
            "tables": len(tables),
            "rematches": seating.rematches(round_)
            if round_ is not None and round_.kind == Round.Kind.SERIES
            else (),
            # every round of the series is seated: no "next round" to offer (playoffs come next)
            "series_seated": event.rounds.filter(kind=Round.Kind.SERIES).count()
            >= event.number_of_games,
            "organizer": is_organizer(request.user, event),
            "games_form": NumberOfGamesForm(initial={"number_of_games": event.number_of_games}),
            # With a bracket the medals are the bracket's: no series playoff is offered.
            "medal_ties": standings.standings.medal_ties if standings and not event.bracket else (),
            "ties_words": ties_in_words(standings) if standings else (),
            "playoff_conflict": PLAYOFF_CONFLICT
            if standings and standings.playoff_conflict
            else "",
            "playoffs": playoffs,
            "open_playoff": any(g.status != Game.Status.CONFIRMED for g in playoffs),
            "disputes": Dispute.objects.filter(game__round__event=event).open().count(),
            "closing_blockers": closing.closing_blockers(event, left)
            if event.status == Event.Status.RUNNING
            else (),
            # The release is offered once a result is confirmed, with what is left to verify.
            "releasable": Game.objects.filter(
                round__event=event, status=Game.Status.CONFIRMED
            ).exists(),
            "release_warnings": left
            if not event.released_at and event.visibility != Event.Visibility.LIVE
            else (),
        },
    )


@require_http_methods(["GET", "POST"])
def teams(request, slug):
    event = managed_event(request, slug)
    league = players.league_of(event)
    form = TeamForm(
        request.POST or None,
        prefix="team",
        players=players.active_players(league) if league else None,
        numbers=players.may_manage_league(request.user, league),
        late=late_entry(event),
        singles=event.singles,
    )
    import_form = TeamImportForm(
        prefix="import",
        late=late_entry(event),
        singles=event.singles,
        in_league=players.league_of(event) is not None,
    )
    if request.method == "POST" and form.is_valid():
        try:
            team = add_team(event, request.user, **form.cleaned_data)
        except RuleError as exc:
            add_rule_error(form, exc)
        else:
            messages.success(request, _("%(team)s is registered.") % {"team": team})
            return redirect("tournaments:teams", slug=slug)
    team_list = (
        event.teams.entered()
        .prefetch_related("links")
        .select_related("captain_player", "partner_player")
        .order_by("id")
    )
    return render(
        request,
        "tournaments/teams.html",
        {
            "event": event,
            "form": form,
            "import_form": import_form,
            "teams": team_list,
        },
    )


@require_POST
def teams_import(request, slug):
    event = managed_event(request, slug)
    form = TeamImportForm(
        request.POST,
        request.FILES,
        prefix="import",
        late=late_entry(event),
        in_league=players.league_of(event) is not None,
    )
    if form.is_valid():
        data = (
            form.cleaned_data["file"].read()
            if form.cleaned_data["file"]
            else form.cleaned_data["text"]
        )
        try:
            created = import_teams(
                event,
                request.user,
                data,
                form.cleaned_data.get("missed_rounds", ""),
                link_names=form.cleaned_data.get("link_names", False),
            )
        except RuleError as exc:
            faults = every_error(exc)
            if len(faults) == 1:
                messages.error(request, _("Nothing was imported. %(error)s") % {"error": exc})
            else:  # every bad line at once: one import to fix them all
                messages.error(
                    request,
                    _("Nothing was imported: %(n)d lines to fix, then import the list again.")
                    % {"n": len(faults)},
                )
                for fault in faults:
                    messages.error(request, fault.message)
        else:
            done = _("%(n)d players entered.") if event.singles else _("%(n)d teams registered.")
            messages.success(request, done % {"n": len(created)})
            for said in names_found_words(created):
                messages.info(request, said)
    else:
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
    return redirect("tournaments:teams", slug=slug)


@require_http_methods(["GET", "POST"])
def team_edit(request, slug, team_id):
    """Correct a team (organizer or official); a finished event says to reopen it first."""
    event = managed_event(request, slug)
    team = get_object_or_404(
        Team.objects.select_related("captain_player", "partner_player"), event=event, pk=team_id
    )
    form = TeamEditForm(request.POST or None, initial=team_values(team), singles=event.singles)
    if request.method == "POST" and form.is_valid():
        try:
            edit_team(team, request.user, **form.cleaned_data)
        except RuleError as exc:
            add_rule_error(form, exc)
        else:
            messages.success(request, _("%(team)s is saved.") % {"team": form.cleaned_data["name"]})
            return redirect("tournaments:teams", slug=slug)
    return render(
        request,
        "tournaments/team_edit.html",
        {
            "event": event,
            "team": team,
            "form": form,
            "finished": event.finished,
        },
    )


@require_POST
def team_action(request, slug, team_id, action):
    event = managed_event(request, slug)
    team = get_object_or_404(Team, event=event, pk=team_id)
    if action in ("withdraw", "new-link") and not confirmed(request):
        back = reverse("tournaments:teams", args=[slug])
        return ask(request, action, back=back, event=event, team=team)

    if action == "withdraw":
        _run(
            request,
            lambda: withdraw_team(team, request.user),
            _("%(team)s has withdrawn.") % {"team": team},
        )
    elif action == "new-link":
        _run(
            request,
            lambda: new_captain_link(team, request.user),
            _(
                "New link and PIN for %(team)s; the old slip no longer works: print the new one "
                "(Print the slip)."
            )
            % {"team": team},
        )
    elif action == "unlock":
        _run(
            request,
            lambda: unlock_captain_link(team, request.user),
            _("The link of %(team)s is unlocked.") % {"team": team},
        )
    return redirect("tournaments:teams", slug=slug)


@require_POST
def seat_round(request, slug):
    event = managed_event(request, slug)
    force = request.POST.get("force") == "1"
    if force and not confirmed(request):
        return ask(request, "force", back=_dashboard_url(event), event=event)
    try:
        order = seating.seeded_order(event, request.POST.get("seeded_order", ""))
    except RuleError as exc:
        messages.error(request, exc.message)
        return _back(event)
    _run(
        request,
        lambda: seating.seat_next_round(event, request.user, force=force, seeded_order=order),
        _("The next round is seated."),
    )
    return _back(event)


@require_POST
def number_of_games(request, slug):
    event = managed_event(request, slug)
    form = NumberOfGamesForm(request.POST)
    if form.is_valid():
        _run(
            request,
            lambda: set_number_of_games(event, request.user, form.cleaned_data["number_of_games"]),
            _("Number of games changed."),
        )
    else:
        messages.error(request, _("The number of games must be between 1 and 30."))
    return _back(event)


@require_POST
def release_results(request, slug):
    event = managed_event(request, slug, organizer=True)
    released = request.POST.get("released", "1") == "1"
    if released and not confirmed(request):  # hiding them again is not irreversible
        return ask(request, "release", back=_dashboard_url(event), event=event)
    _run(
        request,
        lambda: release(event, request.user, released=released),
        _("The results are public.") if released else _("The results are hidden again."),
    )
    return _back(event)


@require_POST
def close_event(request, slug):
    event = managed_event(request, slug, organizer=True)
    if not confirmed(request):
        return ask(request, "close", back=_dashboard_url(event), event=event)
    _run(
        request,
        lambda: closing.close_event(event, request.user),
        _("The event is finished: its results are frozen and its podium is public."),
    )
    return _back(event)


@require_POST
def reopen_event(request, slug):
    event = managed_event(request, slug, organizer=True)
    _run(
        request,
        lambda: closing.reopen_event(event, request.user, request.POST.get("reason", "")),
        _("The event is reopened: results can be corrected again. Close it again when done."),
    )
    return _back(event)


@require_POST
def playoffs(request, slug):
    event = managed_event(request, slug)
    _run(
        request,
        lambda: seat_playoff_games(event, request.user),
        _("Playoff game seated: see “where do I sit”."),
    )
    return _back(event)


@require_GET
def desk(request, slug):
    """The officials' desk: every table of the round being played with its status."""
    event = managed_event(request, slug)
    rounds = event.rounds.order_by("-number")
    # The newest round of any kind: during a playoff (numbered after the series) the desk
    # opens on the playoff game being played, not on the series' last round (issue 50).
    round_ = rounds.first()
    asked = request.GET.get("round", "")
    number = int(asked) if asked.isdigit() else (round_.number if round_ else 0)
    shown = rounds.filter(number=number).first()
    games = (
        shown.games.select_related("team_a", "team_b", "confirmed_report").order_by(TABLES_THEN_BYE)
        if shown
        else []
    )
    context: dict[str, Any] = {"event": event, "round": shown, "rounds": rounds, "games": games}
    context["guest_warnings"] = guests.warnings(event)  # a club night's guests past the limit
    if shown is not None and shown.kind == Round.Kind.SERIES:
        context |= tables_context(shown, games)
    return render(request, "tournaments/desk.html", context)


def tables_context(round_: Round, games) -> dict:
    """The desk's "change the tables by hand" card: why not, or the teams to swap."""
    seated = []
    for game in games:
        for team in (game.team_a, game.team_b):
            if team is not None:
                where = _("table %(n)s") % {"n": game.table} if game.table else _("bye")
                seated.append({"pk": team.pk, "label": f"{team.name} ({where})"})
    return {"tables_blocker": by_hand.change_blocker(round_), "seated_teams": seated}


@require_POST
def round_tables(request, slug, number):
    """Swap two teams, or move a game to a free table, before the round's first result."""
    event = managed_event(request, slug)
    round_ = get_object_or_404(Round, event=event, number=number)
    back = redirect(f"{reverse('tournaments:desk', args=[slug])}?round={number}")
    try:
        if request.POST.get("change") == "move":
            table, to_table = request.POST.get("table", ""), request.POST.get("to_table", "")
            if not (table.isdigit() and to_table.isdigit()):
                raise RuleError(_("Give the table of the game and a free table number."))
            by_hand.move_table(round_, request.user, int(table), int(to_table))
        else:
            teams = event.teams.filter(pk__in=[request.POST.get("one"), request.POST.get("other")])
            chosen = {str(t.pk): t for t in teams}
            one, other = chosen.get(request.POST.get("one")), chosen.get(request.POST.get("other"))
            if one is None or other is None:
                raise RuleError(_("Choose two teams of this round."))
            by_hand.swap_teams(round_, request.user, one, other)
    except RuleError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The tables are changed (recorded in the audit log)."))
    return back


DESK_DONE = {
    DeskOutcome.CONFIRMED: _lazy("Result confirmed."),
    DeskOutcome.RECORDED: _lazy("Result recorded and confirmed."),
    DeskOutcome.DISPUTE_SETTLED: _lazy("Dispute settled."),
    DeskOutcome.FORFEIT: _lazy("Win by forfeit recorded and confirmed."),
    DeskOutcome.BYE: _lazy("The game counts as a bye for the team still in."),
}


def _run_desk(request, game, actor, data) -> None:
    try:
        outcome = decide_at_desk(game, actor, data.pop("action"), **data)
    except RuleError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, DESK_DONE[outcome])


def _changes_public_result(game: Game) -> bool:
    """A confirmed result of released results: changing it is asked first, since it may
    reorder the podium everyone saw (a live event's results are released at its closing)."""
    return game.status == Game.Status.CONFIRMED and game.round.event.released_at is not None


@require_http_methods(["GET", "POST"])
def desk_game(request, slug, game_id):
    """One game for an official: every version, the dispute, confirm or enter a result."""
    event = managed_event(request, slug)
    game = get_object_or_404(
        Game.objects.select_related("round", "team_a", "team_b"), round__event=event, pk=game_id
    )
    actor = reporting.Actor(
        user=request.user, channel=Report.Channel.OFFICIAL, client=client_of(request)
    )
    if request.method == "POST":
        asked = request.POST.get("action")
        withdrawal = forfeits.withdrawal_of(game)
        if asked in ("forfeit", "bye") and withdrawal is not None and not confirmed(request):
            # Once chosen, the other way is no longer offered: asked first (issue 25).
            back = reverse("tournaments:desk-game", args=[slug, game.pk])
            return ask(request, asked, back=back, event=event, team=withdrawal.still_in.name)
        if (
            asked in ("enter", "confirm")
            and _changes_public_result(game)
            and not confirmed(request)
        ):
            back = reverse("tournaments:desk-game", args=[slug, game.pk])
            return ask(request, "correct-released", back=back, event=event)
        form = DeskDecisionForm(request.POST, game=game)
        if not form.is_valid():
            if "report" in form.errors:
                raise Http404("no such report")
            messages.error(
                request, " ".join(str(e) for errors in form.errors.values() for e in errors)
            )
        else:
            _run_desk(request, game, actor, form.cleaned_data)
        return redirect("tournaments:desk-game", slug=slug, game_id=game.pk)
    reports = (
        game.reports.select_related("by_team", "by_user")
        .prefetch_related("confirmations")
        .order_by("-version")
    )
    dispute = game.disputes.open().first()
    compared = (
        dispute.reports.select_related("game__round__event").order_by("version")
        if dispute
        else reports.select_related("game__round__event").reverse()
    )
    return render(
        request,
        "tournaments/desk_game.html",
        {
            "event": event,
            "game": game,
            "reports": reports,
            "key": uuid.uuid4().hex,
            "dispute": dispute,
            "sheets": sheet_compare.compare(compared),
            # The ACC's cross-checking rules' answer, applied only if the official clicks.
            "suggestion": scorecard_check.suggest(game, list(dispute.reports.order_by("version")))
            if dispute
            else None,
            "withdrawal": forfeits.withdrawal_of(game),
            "history": game.disputes.filter(resolved_at__isnull=False),
            "public_result": _changes_public_result(game),
        },
    )


@require_GET
def audit_log(request, slug):
    event = managed_event(request, slug, organizer=True)
    entries = AuditEntry.objects.filter(event=event)[:500]
    return render(
        request,
        "tournaments/audit.html",
        {"event": event, "lines": [audit.describe(e, event.singles) for e in entries]},
    )
