"""Seating rounds: turn the event's history into a ``MovementContext`` and store the draw.

The movement strategies themselves are pure functions in ``tournaments.seating.movement``; this module
only reads the database, enforces when a round may be seated, and writes the round atomically.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from accounts.roles import Person
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.events.check_in import check_seating
from tournaments.events.teams import MIN_TEAMS
from tournaments.models import Event, Game, Round, Team
from tournaments.publishing.caching import bump_event
from tournaments.ratings.current import team_strengths
from tournaments.seating.movement import MovementContext, MovementError, PlayedGame, get_movement
from tournaments.seating.movement.base import draw_in_order
from tournaments.seating.movement.round_robin import RosterChanged
from tournaments.standings.service import ranking_ids
from tournaments.words import say

SETTLED = (Game.Status.CONFIRMED, Game.Status.BYE)


def history(event: Event) -> list[PlayedGame]:
    """Every series game seated so far, with its confirmed winner (None while undecided).

    Read as tuples in one query: at 1,000 teams the model instances cost more than the draw.
    """
    games = (
        Game.objects.filter(round__event=event, round__kind=Round.Kind.SERIES)
        .order_by("round__number", "table")
        .values_list(
            "round__number",
            "table",
            "team_a_id",
            "team_b_id",
            "confirmed_report__score_a",
            "confirmed_report__score_b",
        )
    )
    played = []
    for number, table, team_a, team_b, score_a, score_b in games:
        winner = None
        if score_a is not None and score_a != score_b:  # as Report.winner_id_for
            winner = team_a if score_a > score_b else team_b
        played.append(
            PlayedGame(round=number, table=table, team_a=team_a, team_b=team_b, winner=winner)
        )
    return played


def unsettled_games(round_: Round) -> QuerySet[Game]:
    return round_.games.exclude(status__in=SETTLED)


def current_round(event: Event) -> Round | None:
    return event.rounds.filter(kind=Round.Kind.SERIES).order_by("-number").first()


def seeded_order(event: Event, text: str) -> list[int] | None:
    """The organizer's order for a round seated by hand: one team name per line (1 v 2 at
    table 1, 3 v 4 at table 2, …; with an odd count the last has the bye)."""
    names = [line.strip() for line in text.splitlines() if line.strip()]
    if not names:
        return None
    teams = {t.name.casefold(): t.pk for t in event.teams.active()}
    unknown = [n for n in names if n.casefold() not in teams]
    if unknown:
        raise RuleError(
            _("Unknown team in the seeding: “%(name)s”.") % {"name": unknown[0]},
            field="seeded_order",
        )
    return [teams[n.casefold()] for n in names]


def check_complete(teams: list[Team], order: list[int]) -> None:
    """A round seated by hand lists every team still in, once each: the refusal names every
    team missing or listed twice."""
    names = {t.pk: t.name for t in teams}
    missing = [t.name for t in teams if t.pk not in order]
    twice = sorted({names.get(pk, str(pk)) for pk in order if order.count(pk) > 1})
    if not (missing or twice):
        return
    problems = []
    if missing:
        problems.append(_("missing: %(names)s") % {"names": ", ".join(missing)})
    if twice:
        problems.append(_("listed twice: %(names)s") % {"names": ", ".join(twice)})
    raise RuleError(
        _("The seating by hand must list every team still in, once each (%(problems)s).")
        % {"problems": "; ".join(problems)},
        field="seeded_order",
    )


@transaction.atomic
def seat_next_round(
    event: Event, actor: Person, *, force: bool = False, seeded_order: list[int] | None = None
) -> Round:
    """Seat the next round of the series.

    Round 1 needs at least 3 teams and starts the event. A later round needs every game of the
    current one confirmed, unless an official ``force``s it (recorded on the round and in the
    audit log). For the movement, a forced round treats an unconfirmed game as won by the
    team listed first at its table (the one that stays), so nobody's seat depends on a
    result that is not known yet; the game's result can still be reported afterwards.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    previous = current_round(event)
    number = previous.number + 1 if previous else 1
    if event.finished:
        raise RuleError(_("The event is finished."), code="finished")
    if number > event.number_of_games:
        raise RuleError(
            _(
                "The series has %(n)d games and all are seated. Change the number of games to "
                "add rounds."
            )
            % {"n": event.number_of_games},
            code="series_complete",
        )
    check_seating(event)  # once check-in is open, round 1 seats only the teams present
    present = Team.objects.filter(event=event).active()
    if event.check_in_opened_at is not None:
        present = present.filter(checked_in_at__isnull=False)
    teams = list(present.order_by("id"))
    if len(teams) < MIN_TEAMS:
        raise RuleError(
            _("An event needs at least %(min)d teams to take place: %(n)d registered.")
            % {"min": MIN_TEAMS, "n": len(teams)},
            code="too_few_teams",
        )
    if seeded_order:
        check_complete(teams, seeded_order)
    if previous is not None:
        waiting = unsettled_games(previous).count()
        if waiting and not force:
            raise RuleError(
                ngettext(
                    "Round %(round)d still has %(n)d game without a confirmed result. "
                    "Confirm it, or force the next round (it will be recorded).",
                    "Round %(round)d still has %(n)d games without a confirmed result. "
                    "Confirm them, or force the next round (it will be recorded).",
                    waiting,
                )
                % {"round": previous.number, "n": waiting},
                code="round_open",
            )
    played = [
        g if g.team_b is None or g.winner is not None else replace(g, winner=g.team_a)
        for g in history(event)
    ]
    ctx = MovementContext(
        round_number=number,
        teams=tuple(t.pk for t in teams),
        history=tuple(played),
        ranking=tuple(_ranking(event, teams)),
        seed=event.seed,
        seeded_order=tuple(seeded_order) if seeded_order and number == 1 else None,
        ratings=tuple(_first_round_ratings(event, teams, number)),
    )
    try:
        if seeded_order and number > 1:  # seated by hand: the order given, not the movement
            draw = draw_in_order(seeded_order)
        else:
            draw = get_movement(event.movement).seat(ctx)
    except RosterChanged as exc:
        raise roster_changed(event, exc) from exc
    except MovementError as exc:
        raise RuleError(str(exc), code="movement") from exc

    round_ = Round.objects.create(
        event=event,
        number=number,
        movement=event.movement,
        seed=event.seed,
        forced=bool(force and previous is not None and unsettled_games(previous).exists()),
        created_by=actor if isinstance(actor, User) else None,
    )
    Game.objects.bulk_create(
        [
            Game(round=round_, table=p.table, team_a_id=p.team_a, team_b_id=p.team_b)
            for p in draw.pairings
        ]
        + (
            [
                Game(
                    round=round_,
                    table=None,
                    team_a_id=draw.bye,
                    team_b=None,
                    status=Game.Status.BYE,
                )
            ]
            if draw.bye is not None
            else []
        )
    )
    if event.status == Event.Status.REGISTRATION:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    audit.record(
        event,
        actor,
        AuditAction.ROUND_FORCE if round_.forced else AuditAction.ROUND_SEAT,
        str(round_),
        after={
            "round": number,
            "tables": [[p.table, p.team_a, p.team_b] for p in draw.pairings],
            "bye": draw.bye,
            "forced": round_.forced,
            "by_hand": bool(seeded_order),
            "at": timezone.now().isoformat(),
        },
    )
    bump_event(event)
    return round_


def _first_round_ratings(event: Event, teams: list[Team], number: int) -> list[tuple[int, float]]:
    """(team, its players' ratings added up) for a Swiss round 1 seeded by rating; else none."""
    if number != 1 or not event.seed_by_rating or event.movement != "swiss":
        return []
    return sorted(team_strengths(teams).items())


def _ranking(event: Event, teams: list[Team]) -> list[int]:
    """Teams best first by the event's standings (Swiss pairs neighbours)."""

    return ranking_ids(event, [t.pk for t in teams])


@dataclass(frozen=True)
class Rematch:
    """A game of a round between two teams that had already met: in which earlier round."""

    game: Game
    met_in: int


def rematches(round_: Round) -> list[Rematch]:
    """The games of ``round_`` whose teams already met in an earlier round of the series.

    Winners stay seats the fewest rematches it can (a rematch of the round just played last of
    all): each one listed here is one no seating could avoid.
    """
    earlier: dict[frozenset[int], int] = {}
    for played in history(round_.event):
        if played.team_b is not None and played.round < round_.number:
            earlier[frozenset((played.team_a, played.team_b))] = played.round  # the latest
    found = []
    for game in round_.games.filter(team_b__isnull=False).select_related("team_a", "team_b"):
        met_in = earlier.get(frozenset((game.team_a_id, game.team_b_id or 0)))
        if met_in is not None:
            found.append(Rematch(game, met_in))
    return sorted(found, key=lambda r: r.game.table or 0)


def roster_changed(event: Event, exc: RosterChanged) -> RuleError:
    """A round robin that cannot go on with the teams present, said with the teams' names."""
    names = dict(Team.objects.filter(event=event).values_list("pk", "name"))

    def listed(ids: tuple[int, ...]) -> str:
        return ", ".join(str(names.get(pk, pk)) for pk in ids)

    if exc.new:
        return RuleError(
            say(
                _(
                    "A round robin keeps the teams of round 1: %(teams)s joined later. Seat "
                    "this round by hand, or choose another seating in the event's settings."
                ),
                {"teams": listed(exc.new)},
            ),
            code="round_robin_roster",
        )
    return RuleError(
        say(
            _(
                "A round robin rests one team a round: since %(gone)s left, this round would "
                "leave %(idle)s without an opponent. Seat this round by hand, or choose another "
                "seating in the event's settings."
            ),
            {"gone": listed(exc.gone), "idle": listed(exc.idle)},
        ),
        code="round_robin_roster",
    )
