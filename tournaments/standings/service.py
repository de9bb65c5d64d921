"""Standings of an event: load confirmed results in a constant number of queries, compute them
with the pure engine in ``tournaments.standings``, cache them by event version.

Also the release rule: standings and results stay visible only to officials and organizers
until the organizer releases them, unless the event shows live standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from accounts.models import User
from accounts.roles import Person, is_official, is_organizer
from tournaments import audit, outbox
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.events.late_teams import missed_results
from tournaments.events.options import target_of
from tournaments.models import Event, Game, PlayoffGroup, Round, Team
from tournaments.publishing.caching import bump_event, cached
from tournaments.standings.bracket_places import bracket_places, with_bracket
from tournaments.standings.engine import (
    METRICS,
    GameResult,
    PlannedMatch,
    PlayoffFormat,
    PlayoffGame,
    Standings,
    StandingsConfig,
    StandingsError,
    compute_standings,
    points_by_round,
)


def config_for(event: Event, teams: list[Team] | None = None) -> StandingsConfig:
    lots = {t.pk: t.drawn_lot for t in (teams or []) if t.drawn_lot is not None}
    return StandingsConfig(
        system=event.scoring_system,
        tiebreaks=tuple(event.tiebreaks) if event.tiebreaks else None,
        target=target_of(event),
        bye_points="average" if event.bye_points is None else event.bye_points,
        bye_counts_as_win=event.bye_counts_as_win,
        drawn_lots=lots,
        playoff=PlayoffFormat(event.playoff_format, event.playoff_best_of),
    )


@dataclass
class EventResults:
    teams: list[Team]
    results: list[GameResult]
    playoff_games: list[PlayoffGame]
    series_complete: bool = False
    bracket_games: list[PlayoffGame] = field(default_factory=list)


SETTLED = (Game.Status.CONFIRMED, Game.Status.BYE)


def load_results(event: Event) -> EventResults:
    """Two queries whatever the size of the event: the teams, then every game.

    The games are read as plain tuples, not model instances: at 1,000 teams (4,000 games) that
    is most of the cost of the standings. Unsettled games only tell whether the series is
    complete (every round seated, and every game of it confirmed).
    """
    teams = list(Team.objects.filter(event=event).entered().order_by("id"))
    games = Game.objects.filter(round__event=event).values_list(
        "team_a_id",
        "team_b_id",
        "playoff_match",
        "round__number",
        "round__kind",
        "confirmed_report_id",
        "confirmed_report__score_a",
        "confirmed_report__score_b",
        "confirmed_report__skunk",
        "status",
    )
    results: list[GameResult] = []
    playoff: list[PlayoffGame] = []
    bracket: list[PlayoffGame] = []
    crapette = event.game_type == Event.GameType.CRAPETTE
    series_rounds, unsettled = set(), False
    withdrawn = {t.pk for t in teams if t.withdrawn_at is not None}
    # A withdrawn team gets nothing for the rounds it did not finish, a bye included.
    left_after = {
        t.pk: t.withdrawn_after_round
        for t in teams
        if t.withdrawn_at is not None and t.withdrawn_after_round is not None
    }
    for team_a, team_b, match, number, kind, report, score_a, score_b, skunk, status in games:
        if kind == Round.Kind.SERIES:
            series_rounds.add(number)
            unsettled = unsettled or status not in SETTLED
        if kind in (Round.Kind.PLAYOFF, Round.Kind.BRACKET):
            # The medal playoffs; the bracket (its own page, and the final places).
            if report is not None and status in SETTLED:
                winner = team_a if score_a > score_b else team_b
                (playoff if kind == Round.Kind.PLAYOFF else bracket).append(
                    PlayoffGame(match, team_a, team_b, winner, score_a, score_b)
                )
            continue
        if status not in SETTLED:
            continue
        if team_b is None:
            if team_a in left_after and number > left_after[team_a]:
                continue
            results.append(GameResult(number, team_a, None, 0, 0, 0))
        elif status == Game.Status.BYE:  # a withdrawn team's game counted as a bye
            still_in = team_a if team_b in withdrawn else team_b
            results.append(GameResult(number, still_in, None, 0, 0, 0))
        elif report is not None and crapette:
            # Crapette: a win is a win (the standings target is 1); points stay on the report.
            results.append(
                GameResult(
                    number, team_a, team_b, int(score_a > score_b), int(score_b > score_a), 0
                )
            )
        elif report is not None:
            results.append(GameResult(number, team_a, team_b, score_a, score_b, skunk))
    complete = not unsettled and len(series_rounds) >= event.number_of_games
    results += missed_results(teams, series_rounds)  # late teams' missed rounds, as chosen
    return EventResults(teams, results, playoff, complete, bracket)


@dataclass
class EventStandings:
    standings: Standings
    teams: dict[int, Team]
    series: dict[int, list[int | None]]  # None: a bye before any game, worth not known yet
    rounds_played: int
    # The playoff games played no longer fit the medal ties (a series result was corrected
    # after them, the event reopened): the standings leave them out rather than fail.
    playoff_conflict: bool = False
    # Teams that rested on a bye worth their average but have not played yet: their bye shows
    # 0 until then, and the pages say so rather than let them look beaten.
    bye_pending: frozenset[int] = frozenset()
    # An event with a bracket whose bracket is not played out: no medal yet, the bracket
    # decides the podium (``standings.bracket_places``).
    bracket_pending: bool = False

    @property
    def columns(self) -> list[tuple[str, str]]:
        return [(key, _(METRICS[key].label)) for key in self.standings.columns]


def compute(event: Event) -> EventStandings:
    data = load_results(event)
    config = config_for(event, data.teams)
    team_ids = [t.pk for t in data.teams]
    withdrawn = [t.pk for t in data.teams if t.withdrawn_at is not None]
    conflict = False
    try:
        standings = compute_standings(
            team_ids,
            data.results,
            config,
            data.playoff_games,
            series_complete=data.series_complete,
            withdrawn=withdrawn,
        )
    except StandingsError:  # the settings are checked when saved: only playoff games can clash
        conflict = True
        standings = compute_standings(
            team_ids,
            data.results,
            config,
            (),
            series_complete=data.series_complete,
            withdrawn=withdrawn,
        )
    pending = False
    if event.bracket:
        places = bracket_places(event, data.bracket_games)
        standings = with_bracket(standings, places)
        pending = not places
    series = (
        points_by_round(team_ids, data.results, config) if event.scoring_system == "fadoq" else {}
    )
    played = max((r.round for r in data.results), default=0)
    return EventStandings(
        standings,
        {t.pk: t for t in data.teams},
        series,
        played,
        conflict,
        _bye_pending(data.results) if config.bye_points == "average" else frozenset(),
        pending,
    )


def _bye_pending(results: list[GameResult]) -> frozenset[int]:
    rested = {r.team_a for r in results if r.team_b is None}
    played = {t for r in results if r.team_b is not None for t in (r.team_a, r.team_b)}
    return frozenset(rested - played)


def event_standings(event: Event) -> EventStandings:
    """The standings at the event's current version, from the cache when possible."""
    return cached(event, "standings", lambda: compute(event))


def warm_standings(event: Event) -> int:
    return len(event_standings(event).standings.rows)


def ranking_ids(event: Event, team_ids: list[int]) -> list[int]:
    """Present teams best first (for Swiss pairing); unknown teams go last."""
    order = event_standings(event).standings.order if event.rounds.exists() else ()
    position = {team: i for i, team in enumerate(order)}
    return sorted(team_ids, key=lambda t: (position.get(t, len(position)), t))


# --- the release rule ------------------------------------------------------------------------


def results_visible(event: Event, user: Person) -> bool:
    """Standings and results: officials always; everyone else once released (or live)."""
    return event.results_public or is_official(user, event)


@transaction.atomic
def release(event: Event, actor: Person, *, released: bool = True) -> Event:
    if not is_organizer(actor, event):
        raise PermissionRuleError(_("Only the organizer can release the results."))
    if released and event.released_at:
        raise RuleError(_("The results are already released."), code="released")
    if not released and event.finished:
        raise RuleError(
            _("The event is finished: its results stay public. Reopen it first to hide them."),
            code="finished",
        )
    if not released and event.visibility == Event.Visibility.LIVE:
        # Its standings are public as results come: hiding would only take its games out of
        # the ratings, while everyone still sees them.
        raise RuleError(
            _(
                "This event's standings are live, public as results are confirmed: to hide "
                "them, first set the standings visibility to “Hidden until the organizer "
                "releases them” in the settings."
            ),
            code="live",
        )
    before = {"released_at": event.released_at.isoformat() if event.released_at else None}
    event.released_at = timezone.now() if released else None
    event.save(update_fields=["released_at"])
    bump_event(event)
    # Ratings count released events only: updated from this event onward once per release (or
    # hiding), by a worker.
    outbox.schedule("update_ratings", event.pk)
    audit.record(
        event,
        actor,
        AuditAction.RESULTS_RELEASE if released else AuditAction.RESULTS_HIDE,
        str(event),
        before=before,
        after={"released_at": event.released_at.isoformat() if event.released_at else None},
    )
    return event


# --- playoffs ----------------------------------------------------------------------------------

PLAYOFF_CONFLICT = _lazy(
    "A series result was corrected after the playoff: the playoff games played no longer match "
    "the ties for a medal, so the standings leave them out. Correct the result back, or ask the "
    "site's administrator to set those playoff games aside."
)


@transaction.atomic
def seat_playoff_games(event: Event, actor: Person) -> list[Game]:
    """Seat the next game of every medal tie's playoff (an official's action).

    Every match that can be played now gets a game, unless it has one waiting for its result
    already. Idempotent: when every such game is seated already (by hand, or by itself after the
    previous game was confirmed), nothing more is seated and those games are returned."""
    if not is_official(actor, event):
        raise PermissionRuleError(_("Only an official can create a playoff."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    games = _seat_playable(event, actor) or open_playoff_games(event)
    if not games:
        raise RuleError(_("No playoff game is needed now."), code="no_playoff")
    return games


def open_playoff_games(event: Event) -> list[Game]:
    """The playoff games seated and waiting for their result (confirmed ones excluded)."""
    return list(
        Game.objects.filter(round__event=event, round__kind=Round.Kind.PLAYOFF)
        .exclude(status=Game.Status.CONFIRMED)
        .select_related("round", "team_a", "team_b")
        .order_by("round__number", "table")
    )


@transaction.atomic
def seat_after_playoff_game(event: Event) -> list[Game]:
    """A playoff game's result was just confirmed: seat the game(s) that can now be played, by
    itself (the audit log names Huche). Nothing to seat, a finished event or a playoff that no
    longer fits the standings: nothing happens (the organizer sees why on the dashboard)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    try:
        return _seat_playable(event, None)
    except RuleError:
        return []


def _seat_playable(event: Event, actor: Person | None) -> list[Game]:
    """The games of the playable matches without a game waiting for its result (the event is
    locked by the caller)."""
    if event.finished:
        raise RuleError(_("The event is finished."), code="finished")
    series_left = event.rounds.filter(kind=Round.Kind.SERIES).count() < event.number_of_games
    if (
        series_left
        or Game.objects.filter(round__event=event, round__kind=Round.Kind.SERIES)
        .exclude(status__in=(Game.Status.CONFIRMED, Game.Status.BYE))
        .exists()
    ):
        raise RuleError(
            _("Playoffs come after the whole series is played and confirmed."), code="series_open"
        )
    computed = compute(event)
    if computed.playoff_conflict:
        raise RuleError(PLAYOFF_CONFLICT, code="playoff_conflict")
    open_playoff = set(
        Game.objects.filter(round__event=event, round__kind=Round.Kind.PLAYOFF)
        .exclude(status=Game.Status.CONFIRMED)
        .values_list("playoff_match", "team_a_id")
    )
    planned = [
        (tie, [m for m in tie.playable if (m.match, m.team_a) not in open_playoff])
        for tie in computed.standings.medal_ties
    ]
    games: list[Game] = []
    for tie, matches in planned:
        if matches:
            games += _seat_tie(event, actor, tie.teams, matches)
    if games:
        bump_event(event)
    return games


def _seat_tie(
    event: Event, actor: Person | None, teams: Sequence[int], matches: Sequence[PlannedMatch]
) -> list[Game]:
    """One playoff round for one tied group (issue 49, point 5: its :class:`PlayoffGroup`
    named, so the results format says which teams the playoff was between)."""
    user = actor if isinstance(actor, User) else None
    group = next(
        (g for g in PlayoffGroup.objects.filter(event=event) if g.teams == list(teams)), None
    ) or PlayoffGroup.objects.create(event=event, teams=list(teams), created_by=user)
    number = (event.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    round_ = Round.objects.create(
        event=event,
        number=number,
        kind=Round.Kind.PLAYOFF,
        playoff_group=group,
        movement="playoff",
        created_by=user,
    )
    games = [
        Game.objects.create(
            round=round_, table=i, team_a_id=m.team_a, team_b_id=m.team_b, playoff_match=m.match
        )
        for i, m in enumerate(matches, start=1)
    ]
    audit.record(
        event,
        actor,
        AuditAction.PLAYOFF_SEAT,
        str(round_),
        after={"games": [[g.playoff_match, g.team_a_id, g.team_b_id] for g in games]}
        | ({} if actor else {"automatic": True}),
    )
    return games
