"""The captain's side: the private link, the PIN, the team's games, reporting and confirming.

Large, simple pages for a phone on poor Wi-Fi: every form carries an idempotency key, so a
double tap or a retry after a timeout stores one report, not two.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib import messages
from django.db.models import Prefetch, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from accounts.links import check_pin
from accounts.throttle import client_ip, minutes
from accounts.unlock import forget, remember
from tournaments.events.options import two_handed
from tournaments.results import reporting
from tournaments.results.receipts import Receipt, Verdict, verdict_of
from tournaments.results.sheet_form import HANDS, ROWS, sheet_from_post
from tournaments.standings.playoff_words import SettledWords, settled_in_words
from tournaments.standings.service import event_standings

from ..errors import RuleError, every_error, summary_of
from ..forms import FinalScoreForm, PinForm
from ..models import Dispute, Event, Game, Report, Round, Team
from .access import captain_link
from .captain_fetch import answers_fetch, pin_needed, received, refused_by_rule, wants_json
from .captain_offline import FORGET_HEADERS, private_page


def client_of(request) -> str:
    return client_ip(request)


def _team_games(team):
    """The team's games with their report versions, newest first, and the disputes an official
    settled (the verdict and its note): four queries, any rounds."""
    versions = Report.objects.select_related("by_team").order_by("-version")
    settled = Dispute.objects.filter(resolved_at__isnull=False)
    return (
        Game.objects.filter(Q(team_a=team) | Q(team_b=team), round__event=team.event)
        .select_related("round__event", "team_a", "team_b", "confirmed_report__by_team")
        .prefetch_related(
            Prefetch("reports", queryset=versions, to_attr="versions"),
            Prefetch("disputes", queryset=settled, to_attr="settled"),
        )
        .order_by("-round__number")
    )


# The captain's pages show a game's state: never kept by the browser (the back button after a
# send would show "waiting for a report" again), always asked anew.
@never_cache
@require_http_methods(["GET", "POST"])
def captain_home(request, token):
    link, unlock = captain_link(request, token)
    team = link.team
    if not unlock:
        form = PinForm(request.POST or None)
        checked = request.method == "POST" and form.is_valid()
        if checked:
            verdict = check_pin(link, form.cleaned_data["pin"], client=client_of(request))
            if verdict.throttled:
                n = minutes(verdict.retry_after)
                form.add_error(
                    "pin",
                    ngettext(
                        "Too many wrong PINs from this device or network: try again in %(n)d "
                        "minute, or ask an official.",
                        "Too many wrong PINs from this device or network: try again in %(n)d "
                        "minutes, or ask an official.",
                        n,
                    )
                    % {"n": n},
                )
                response = render(
                    request,
                    "tournaments/captain_pin.html",
                    {"team": team, "form": form},
                    status=429,
                )
                response["Retry-After"] = str(verdict.retry_after)
                return response
            if verdict.ok:
                request.session.cycle_key()
                remember(request.session, link)  # and no other team's any more
                return redirect("tournaments:captain", token=token)
            if verdict.locked:
                form.add_error(
                    "pin",
                    _(
                        "Too many wrong PINs: this link is locked for 15 "
                        "minutes. An official can unlock it."
                    ),
                )
            else:
                form.add_error(
                    "pin",
                    ngettext(
                        "Wrong PIN. %(n)d attempt left.",
                        "Wrong PIN. %(n)d attempts left.",
                        verdict.attempts_left,
                    )
                    % {"n": verdict.attempts_left},
                )
        # 400: not a PIN at all (no attempt spent); 403: a wrong PIN, counted.
        status = 403 if checked else 400 if form.is_bound else 200
        return render(
            request, "tournaments/captain_pin.html", {"team": team, "form": form}, status=status
        )
    page = render(
        request,
        "tournaments/captain_home.html",
        {
            "team": team,
            "event": team.event,
            "token": token,
            "link_id": link.pk,
            "games": [OurSide.of(game, team) for game in _team_games(team)],
            "settled": _our_settled_tie(team),
        },
    )
    return private_page(page, unlock)


@require_POST
def captain_forget(request, token):
    """ "Not my phone / Forget this code": this phone stops acting for the team (its pages ask
    for the PIN again) and the browser drops its copies of them; the PIN page says so."""
    link, _unlock = captain_link(request, token)
    if forget(request.session, link):
        request.session.cycle_key()
    messages.info(
        request,
        _(
            "This phone has forgotten the PIN of %(team)s: its pages need the PIN again. "
            "Scores not yet sent from this phone for %(team)s were forgotten too."
        )
        % {"team": link.team.name},
    )
    response = redirect("tournaments:captain", token=token)
    for header, value in FORGET_HEADERS.items():
        response[header] = value
    return response


def _our_settled_tie(team: Team) -> list[SettledWords]:
    """How the medal tie our team played off was settled, once the results are public (the
    playoff's end shows the final order)."""
    event = team.event
    if not event.results_public or not event.rounds.filter(kind=Round.Kind.PLAYOFF).exists():
        return []
    return [tie for tie in settled_in_words(event_standings(event)) if team.pk in tie.teams]


@dataclass(frozen=True)
class OurSide:
    """A game as its captain reads it: our team and score first ("us – them")."""

    game: Game
    us: Team
    them: Team | None
    latest: Report | None
    score_us: int | None
    score_them: int | None
    #: The other captain reported and waits for our confirmation: that is the main action.
    to_confirm: bool

    @property
    def mine(self) -> Report | None:
        """Our newest report (from the prefetched versions: no query)."""
        versions: list[Report] = getattr(self.game, "versions", [])
        return next((r for r in versions if r.by_team_id == self.us.pk), None)

    @property
    def theirs(self) -> Report | None:
        """The other captain's newest report (prefetched: no query)."""
        versions: list[Report] = getattr(self.game, "versions", [])
        return next(
            (r for r in versions if r.by_team_id is not None and r.by_team_id != self.us.pk), None
        )

    @property
    def claims(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """In a dispute between the captains, both scores, ours first in each ("us – them"):
        the newest alone would show the other captain's claim as if it were the score."""
        mine, theirs = self.mine, self.theirs
        if self.game.status != Game.Status.DISPUTED or mine is None or theirs is None:
            return None
        return self.ours_first(mine), self.ours_first(theirs)

    def ours_first(self, report: Report) -> tuple[int, int]:
        if self.game.team_a_id == self.us.pk:
            return report.score_a, report.score_b
        return report.score_b, report.score_a

    @property
    def receipt(self) -> Receipt | None:
        mine = self.mine
        return Receipt.of(mine, self.us, self.game) if mine is not None else None

    @property
    def verdict(self) -> Verdict | None:
        """An official's decision (shown in the receipt when we reported, else on its own)."""
        return verdict_of(self.game, self.us, self.mine)

    @classmethod
    def of(cls, game: Game, team: Team) -> OurSide:
        """``game`` as :func:`_team_games` fetches it (its ``versions``, newest first)."""
        versions: list[Report] = getattr(game, "versions")  # noqa: B009 (set by the Prefetch in _team_games)
        latest = game.confirmed_report or next(iter(versions), None)
        ours_is_a = game.team_a_id == team.pk
        them = game.team_b if ours_is_a else game.team_a
        scores: tuple[int | None, int | None] = (None, None)
        if latest is not None:
            scores = (
                (latest.score_a, latest.score_b) if ours_is_a else (latest.score_b, latest.score_a)
            )
        to_confirm = (
            latest is not None
            and latest.by_team_id is not None
            and latest.by_team_id != team.pk
            and game.status == Game.Status.REPORTED
            and game.round.event.confirmation == Event.Confirmation.BOTH_CAPTAINS
        )
        return cls(
            game=game,
            us=team,
            them=them,
            latest=latest,
            score_us=scores[0],
            score_them=scores[1],
            to_confirm=to_confirm,
        )


def _captain_game(request, token, game_id):
    """The link, this phone's unlock of it (None: the PIN is needed) and the team's game."""
    link, unlock = captain_link(request, token)
    if not unlock:
        return link, None, None
    game = get_object_or_404(
        Game.objects.select_related("round__event", "team_a", "team_b", "confirmed_report"),
        Q(team_a=link.team) | Q(team_b=link.team),
        pk=game_id,
    )
    return link, unlock, game


@never_cache
@require_http_methods(["GET", "POST"])
@answers_fetch
def captain_game(request, token, game_id):
    link, unlock, game = _captain_game(request, token, game_id)
    if game is None:
        return pin_needed() if wants_json(request) else redirect("tournaments:captain", token=token)
    if request.method == "GET" and game.round.event.finished:
        return redirect("tournaments:captain", token=token)  # it says the results are final
    team = link.team
    us = "a" if game.team_a_id == team.pk else "b"
    actor = reporting.Actor(team=team, channel=Report.Channel.LINK, client=client_of(request))
    mode = request.POST.get("mode") or request.GET.get("mode") or "final"
    error, field_errors, loose = None, {}, []
    final_form = FinalScoreForm(initial={"idempotency_key": uuid.uuid4().hex})
    if request.method == "POST":
        try:
            outcome = _submit_from_post(game, actor, us, mode, request.POST)
        except RuleError as exc:
            if wants_json(request):
                return refused_by_rule(exc)
            error, errors = summary_of(exc), every_error(exc)
            field_errors = {e.field: e.message for e in errors if e.field}
            if len(errors) > 1:  # each fault beside its box; those of no box listed here
                loose = [e.message for e in errors if not e.field]
        else:
            opponent = game.team_b if us == "a" else game.team_a
            if wants_json(request):
                return received(request, outcome, team, opponent, _received_message(outcome))
            messages.success(request, _received_message(outcome))
            return redirect("tournaments:captain", token=token)
    page = render(
        request,
        "tournaments/captain_game.html",
        {
            "team": team,
            "game": game,
            "event": game.round.event,
            "token": token,
            "link_id": link.pk,
            "us": us,
            "opponent": game.team_b if us == "a" else game.team_a,
            "mode": mode,
            "error": error,
            "loose_errors": loose,
            "field_errors": field_errors,
            "post": request.POST,
            "rows": range(1, ROWS + 1),
            "final_form": final_form,
            "key": uuid.uuid4().hex if error is None else request.POST.get("idempotency_key"),
            "sheet_allowed": game.round.event.game_type == Event.GameType.CRIBBAGE,
            "two_hand": two_handed(game.round.event),
            "verdict": verdict_of(game, team, game.reports.filter(by_team=team).newest()),
            "confirmed_scores": _confirmed_scores(game, us),
        },
    )
    return private_page(page, unlock)


def _confirmed_scores(game: Game, us: str) -> tuple[int, int] | None:
    """A confirmed game's score, ours first: its page shows it instead of a form that could
    only be refused (a saved link, the back button)."""
    report = game.confirmed_report
    if game.status != Game.Status.CONFIRMED or report is None:
        return None
    return (report.score_a, report.score_b) if us == "a" else (report.score_b, report.score_a)


def _submit_from_post(game, actor, us: str, mode: str, post):
    """Store the final score or the sheet typed on the captain's form (a RuleError if wrong)."""
    key = post.get("idempotency_key", "")[:64]
    if mode == "sheet":
        # Two hands a deal in a two-handed game: a third typed by mistake is not read.
        hands = 2 if two_handed(game.round.event) else HANDS
        sheet = sheet_from_post(post, us=us, hands=hands)
        return reporting.submit(
            game, actor, Report.Kind.SHEET, {"sheet": sheet}, idempotency_key=key
        )
    ours, theirs = post.get("score_us"), post.get("score_them")
    scores = (ours, theirs) if us == "a" else (theirs, ours)
    try:
        return reporting.submit(
            game,
            actor,
            Report.Kind.FINAL,
            {"score_a": scores[0], "score_b": scores[1], "declared": _declared_from_post(post, us)},
            idempotency_key=key,
        )
    except RuleError as exc:
        if exc.field not in SCORE_BOXES and exc.code != "one_winner":
            raise
        raise as_typed(game, ours, theirs) or exc from None


#: The final score's fields for the service (A, B) and on the captain's form (ours first).
SCORE_BOXES = {"score_a": "score_us", "score_b": "score_them"}


def as_typed(game, ours, theirs) -> RuleError | None:
    """A refused final score said as the captain typed it, their team first ("118–100 given"),
    each fault on its box of the form; ``None`` if that order finds no fault."""
    try:
        reporting.check_final_score(game.round.event, ours, theirs)
    except RuleError as typed:
        typed.field = SCORE_BOXES.get(typed.field or "")
        return typed
    return None


def _received_message(outcome) -> str:
    """A report sent: said received, and no more. Its receipt tells what happens next (a
    dispute, a confirmation), once. A report sent again (a retry after no network, a double
    tap) is no failure: it was stored the first time, and only then."""
    if not outcome.created:
        return _("Your report is received (sent only once).")
    return _("Thank you: your report is received.")


def _declared_from_post(post, us: str) -> list[dict]:
    """The form's optional remarkable hand (“us” or “them”), as ``reporting`` reads it."""
    typed = {f: post.get(f"declared_{f}", "").strip() for f in ("cards", "starter", "count")}
    if not any(typed.values()):
        return []
    side = us if post.get("declared_side", "us") != "them" else ("b" if us == "a" else "a")
    return [{**typed, "side": side, "crib": post.get("declared_crib") == "on"}]


def _confirmed_message(outcome) -> str:
    """The other captain's report confirmed (no receipt of ours says it)."""
    if not outcome.created:
        return _("This result is already confirmed.")
    return _("Thank you: the result is confirmed.")


@require_POST
def captain_confirm(request, token, game_id):
    link, _unlock, game = _captain_game(request, token, game_id)
    if game is None:
        # Only this team's PIN typed on this phone confirms for it: never a session that
        # another team's PIN opened (at a table, captains lend each other their phones).
        messages.info(
            request,
            _("To confirm for %(team)s, type the PIN of %(team)s on this phone.")
            % {"team": link.team.name},
        )
        return redirect("tournaments:captain", token=token)
    if not request.POST.get("report", "").isdigit():
        raise Http404("no such report")
    report = get_object_or_404(Report, game=game, pk=request.POST["report"])
    actor = reporting.Actor(team=link.team, channel=Report.Channel.LINK, client=client_of(request))
    try:
        outcome = reporting.confirm(report, actor)
    except RuleError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _confirmed_message(outcome))
    return redirect("tournaments:captain", token=token)
