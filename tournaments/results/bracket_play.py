"""The bracket after the series (issue 50): the qualifiers from the standings, seated in a
single-elimination bracket by qualifying position, each match best of N games.

The rules are the engine's (``standings/engine/bracket.py``); this module stores them:

- the seeds are a :class:`PlayoffGroup` (its ``teams`` in seeding order), so they are fixed
  once seated, whatever is corrected in the series afterwards, and go into the archives;
- every bracket game is a :class:`Game` in a ``bracket`` round, its ``playoff_match`` the
  engine's match id ("R1-M2"; "3RD" for third place), reported and confirmed like any game;
- a match's next game is seated by itself once the previous one is confirmed
  (``tasks.seat_after_bracket_game``), and a round's matches once both feeding matches are
  decided. Seating again seats nothing twice: safe to click twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Person, is_official
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import Event, Game, PlayoffGroup, Round, Team
from tournaments.publishing.caching import bump_event
from tournaments.standings.engine import MatchState, PlayoffGame, StandingsError, match_state
from tournaments.standings.engine.bracket import (
    BracketMatch,
    bracket,
    byes,
    champion,
    qualifiers,
    third_place_match,
)
from tournaments.standings.service import compute

THIRD_PLACE = "3RD"


def wins_needed(event: Event) -> int:
    return event.bracket_best_of // 2 + 1


def qualifier_count(event: Event, entrants: int) -> int:
    """How many of ``entrants`` qualify under the event's setting (RuleError if impossible)."""
    fixed = event.bracket_qualifiers if event.bracket == Event.Bracket.FIXED else None
    try:
        return qualifiers(entrants, fixed=fixed)
    except StandingsError:
        raise RuleError(
            _("%(q)s qualifiers are not possible with %(n)s entrants: allowed 2 to %(n)s.")
            % {"q": fixed if fixed is not None else "?", "n": entrants},
            code="qualifiers",
        ) from None


@dataclass(frozen=True)
class Cut:
    """The qualifiers as the standings give them, best first, and whether the cut is clean."""

    entrants: int
    qualifiers: tuple[int, ...]
    # Teams still level across the cut after every tiebreak: the organizer settles their order
    # (a playoff, a cut for deal) before the bracket is seated.
    tied: tuple[int, ...] = ()
    # Places of the tied teams (first, last), 1-based.
    tied_places: tuple[int, int] = (0, 0)
    non_qualifiers: tuple[int, ...] = ()

    @property
    def byes(self) -> int:
        return byes(len(self.qualifiers))


def the_cut(event: Event, settled: Sequence[int] | None = None) -> Cut:
    """The qualifiers from the standings (withdrawn teams left out), seeded by qualifying
    position. ``settled``: the tied teams at the cut in the order the organizer decided."""
    data = compute(event)
    rows = [r for r in data.standings.rows if data.teams[r.team].withdrawn_at is None]
    order = [r.team for r in rows]
    count = qualifier_count(event, len(order))
    rank = {r.team: r.rank for r in rows}
    tied: tuple[int, ...] = ()
    places = (0, 0)
    if count < len(order) and rank[order[count - 1]] == rank[order[count]]:
        level = rank[order[count - 1]]
        group = [t for t in order if rank[t] == level]
        first = order.index(group[0])
        places = (first + 1, first + len(group))
        if settled is not None and sorted(settled) == sorted(group):
            order[first : first + len(group)] = list(settled)
        else:
            tied = tuple(group)
    return Cut(len(order), tuple(order[:count]), tied, places, tuple(order[count:]))


@dataclass
class BracketState:
    """The bracket as played so far (``group`` None: not seated yet)."""

    group: PlayoffGroup | None
    seeds: list[int] = field(default_factory=list)
    rounds: list[list[BracketMatch]] = field(default_factory=list)
    third: MatchState | None = None
    games: dict[str, list[Game]] = field(default_factory=dict)  # per match, in order
    teams: dict[int, Team] = field(default_factory=dict)

    @property
    def champion(self) -> int | None:
        return champion(self.rounds)

    @property
    def seed_of(self) -> dict[int, int]:
        return {team: seed for seed, team in enumerate(self.seeds, start=1)}

    @property
    def finished(self) -> bool:
        third_done = self.third is None or self.third.winner is not None
        return self.champion is not None and third_done


def bracket_group(event: Event) -> PlayoffGroup | None:
    return (
        PlayoffGroup.objects.filter(event=event, rounds__kind=Round.Kind.BRACKET)
        .order_by("pk")
        .first()
    )


def bracket_state(event: Event, group: PlayoffGroup | None = None) -> BracketState:
    group = group or bracket_group(event)
    if group is None:
        return BracketState(None)
    games = list(
        Game.objects.filter(round__event=event, round__kind=Round.Kind.BRACKET)
        .select_related("round", "team_a", "team_b", "confirmed_report")
        .order_by("round__number", "table")
    )
    by_match: dict[str, list[Game]] = {}
    for game in games:
        by_match.setdefault(game.playoff_match, []).append(game)
    played = [_played(g) for g in games if g.status == Game.Status.CONFIRMED]
    seeds = list(group.teams)
    rounds = bracket(
        seeds, [p for p in played if p.match != THIRD_PLACE], wins_needed=wins_needed(event)
    )
    third = None
    pair = third_place_match(rounds) if event.bracket_third_place else None
    if pair is not None:
        first, second = sorted(pair, key=seeds.index)  # the higher seed listed first
        third = match_state(
            THIRD_PLACE,
            first,
            second,
            [p for p in played if p.match == THIRD_PLACE],
            wins_needed(event),
        )
    teams = {t.pk: t for t in Team.objects.filter(pk__in=seeds)}
    return BracketState(group, seeds, rounds, third, by_match, teams)


def _played(game: Game) -> PlayoffGame:
    report = game.confirmed_report
    assert report is not None, "a confirmed game has its report"
    assert game.team_b_id is not None, "a played bracket game has two teams"
    winner = game.team_a_id if report.score_a > report.score_b else game.team_b_id
    return PlayoffGame(
        game.playoff_match, game.team_a_id, game.team_b_id, winner, report.score_a, report.score_b
    )


def series_done(event: Event) -> bool:
    series = event.rounds.filter(kind=Round.Kind.SERIES)
    return (
        series.count() >= event.number_of_games
        and not Game.objects.filter(round__in=series)
        .exclude(status__in=(Game.Status.CONFIRMED, Game.Status.BYE))
        .exists()
    )


def open_bracket_games(event: Event) -> list[Game]:
    return list(
        Game.objects.filter(round__event=event, round__kind=Round.Kind.BRACKET)
        .exclude(status=Game.Status.CONFIRMED)
        .select_related("round", "team_a", "team_b")
        .order_by("round__number", "table")
    )


@transaction.atomic
def seat_bracket(
    event: Event, actor: Person, *, settled: Sequence[int] | None = None
) -> list[Game]:
    """Seat the bracket (the first time: its seeds from the standings) and every game that can
    be played now. Clicking again seats nothing twice: the games waiting are returned."""
    if not is_official(actor, event):
        raise PermissionRuleError(_("Only an official can seat the bracket."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not event.bracket:
        raise RuleError(_("This event has no bracket after the series."), code="no_bracket")
    if event.finished:
        raise RuleError(_("The event is finished."), code="finished")
    group = bracket_group(event)
    if group is None:
        if not series_done(event):
            raise RuleError(
                _("The bracket comes after the whole series is played and confirmed."),
                code="series_open",
            )
        cut = the_cut(event, settled)
        if cut.tied:
            raise RuleError(tie_words(event, cut), code="tie_at_cut")
        user = actor if isinstance(actor, User) else None
        group = PlayoffGroup.objects.create(
            event=event, teams=list(cut.qualifiers), created_by=user
        )
    games = _seat_playable(event, group, actor)
    if games:
        return games
    waiting = open_bracket_games(event)
    if waiting:
        return waiting
    raise RuleError(_("The bracket is played to the end: no game is needed."), code="played")


def tie_words(event: Event, cut: Cut) -> str:
    names = dict(Team.objects.filter(pk__in=cut.tied).values_list("pk", "name"))
    return _(
        "%(names)s are tied for places %(first)s to %(last)s after every tiebreak, across the cut "
        "at %(count)s qualifiers. Settle their order first (a playoff or a cut for deal), then "
        "give it below."
    ) % {
        "names": ", ".join(names[t] for t in cut.tied),
        "first": cut.tied_places[0],
        "last": cut.tied_places[1],
        "count": len(cut.qualifiers),
    }


@transaction.atomic
def seat_after_bracket_game(event: Event) -> list[Game]:
    """A bracket game was confirmed: seat what can now be played (by itself, the audit log says
    so). Nothing to seat, or a finished event: nothing happens."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    group = bracket_group(event)
    if group is None or event.finished:
        return []
    try:
        return _seat_playable(event, group, None)
    except (RuleError, StandingsError):
        return []


def _seat_playable(event: Event, group: PlayoffGroup, actor: Person | None) -> list[Game]:
    state = bracket_state(event, group)
    waiting = {g.playoff_match for g in open_bracket_games(event)}
    pairs = [
        (m.id, m.team_a, m.team_b)
        for r in state.rounds
        for m in r
        if m.state is not None and m.state.winner is None and m.id not in waiting
    ]
    third = state.third
    if third is not None and third.winner is None and THIRD_PLACE not in waiting:
        pairs.append((THIRD_PLACE, third.team_a, third.team_b))
    if not pairs:
        return []
    user = actor if isinstance(actor, User) else None
    number = (event.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    round_ = Round.objects.create(
        event=event,
        number=number,
        kind=Round.Kind.BRACKET,
        playoff_group=group,
        movement="bracket",
        created_by=user,
    )
    games = []
    for i, (match, a, b) in enumerate(pairs, start=1):
        assert a is not None, "a match being played has its teams"
        games.append(
            Game.objects.create(
                round=round_, table=i, team_a_id=a, team_b_id=b, playoff_match=match
            )
        )
    audit.record(
        event,
        actor,
        AuditAction.PLAYOFF_SEAT,
        str(round_),
        after={
            "bracket": True,
            "games": [[g.playoff_match, g.team_a_id, g.team_b_id] for g in games],
        }
        | ({} if actor else {"automatic": True}),
    )
    bump_event(event)
    return games


def match_label(match: str, rounds: int) -> str:
    """How people name a match: "Final", "Semi-final 2", "Round 1, match 3", "Third place"."""
    if match == THIRD_PLACE:
        return _("Third place")
    number, slot = (int(part[1:]) for part in match.split("-"))
    left = rounds - number
    if left == 0:
        return _("Final")
    if left == 1:
        return _("Semi-final %(n)s") % {"n": slot}
    if left == 2:
        return _("Quarter-final %(n)s") % {"n": slot}
    return _("Round %(r)s, match %(n)s") % {"r": number, "n": slot}
