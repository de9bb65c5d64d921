"""What a caller may see: the one way to find an object by the id a request carries.

Every page and endpoint that takes an id (an event's slug, a game, a report, a dispute, a
team, a season export, a league, an invitation) looks it up *through* one of these querysets of
what that caller may see, never with a bare ``get(pk=…)`` followed by checks. An object the
caller may not see is then simply not found: the same 404 as an id that does not exist, and no
"confirming twice changes nothing" or other early answer can come before the permission.

Who sees what:

- **Everyone**: events and their teams; released results. Before the release only the round
  being played is seated in public (:func:`disclosure`: with "winners stay" a past round's
  tables tell who won it); a captain also sees their own team's games.
  A draft event (``Event.published_at`` None) is seen only by its organizers and
  officials (``visible_events``, :func:`shows_event`): anyone else gets the 404 of an event
  that does not exist, and finds it named nowhere (a player's record, a season, honours,
  ratings, the API: issue 51), even once it was played and its results released.
- **Officials and organizers of an event** (``managed_events``): its private pages and
  endpoints, every report version and dispute of its games. Staff (active): every event.
- **A captain** (the team's private link, or the account the team is linked to): the games of
  their team and the reports of those games.
- **A league's organizers** (``managed_leagues``): the league's players and seasons' settings.
- **A season export**: its requester (and staff).

Layer 1–2 (docs/architecture.md): models and ``accounts`` only.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from accounts.models import EventRole

from .models import Dispute, Event, Game, League, Report, Round, Season, SeasonExport, Team


def _staff(user) -> bool:
    return bool(getattr(user, "is_staff", False) and getattr(user, "is_active", False))


def _known(user) -> bool:
    return bool(getattr(user, "is_authenticated", False) and getattr(user, "is_active", False))


def managed_events(user, *, organizer: bool = False) -> QuerySet[Event]:
    """The events ``user`` officiates (or organizes, with ``organizer``); staff: all."""
    if _staff(user):
        return Event.objects.all()
    if not _known(user):
        return Event.objects.none()
    roles = [EventRole.Role.ORGANIZER] if organizer else list(EventRole.Role)
    return Event.objects.filter(
        pk__in=EventRole.objects.filter(user=user, role__in=roles).values("event")
    )


def visible_events(user) -> QuerySet[Event]:
    """The events ``user`` may see at all: the published ones, and the drafts they manage.

    The one place the draft state is decided for pages, lists and the API.
    """
    return Event.objects.filter(Q(published_at__isnull=False) | Q(pk__in=managed_events(user)))


def shows_event(event: Event, user=None) -> bool:
    """Whether ``event`` exists for ``user`` at all: published, or a draft they manage (the
    draft rule of :func:`visible_events` for one event already loaded)."""
    return not event.is_draft or managed_events(user).filter(pk=event.pk).exists()


def captain_games(user=None, team: Team | None = None) -> QuerySet[Game]:
    """The games of the team behind a captain's link, or of the teams a user captains."""
    query = Q(pk__in=[])
    if team is not None:
        query |= Q(team_a=team) | Q(team_b=team)
    if _known(user):
        query |= Q(team_a__captain_user=user) | Q(team_b__captain_user=user)
    return Game.objects.filter(query)


def acting_games(user=None, team: Team | None = None) -> QuerySet[Game]:
    """The games a caller may act on: as an official of the event, or as one of its captains."""
    return Game.objects.filter(
        Q(round__event__in=managed_events(user)) | Q(pk__in=captain_games(user, team).values("pk"))
    )


def acting_reports(user=None, team: Team | None = None) -> QuerySet[Report]:
    """Report versions a caller may see and confirm: those of the games they may act on."""
    return Report.objects.filter(game__in=acting_games(user, team))


def acting_disputes(user=None, team: Team | None = None) -> QuerySet[Dispute]:
    """Disputes a caller may see: of the events they officiate, or of a game they play in
    (only an official settles one: the service says so to such a captain)."""
    return Dispute.objects.filter(game__in=acting_games(user, team))


def managed_leagues(user) -> QuerySet[League]:
    """Leagues ``user`` organizes; staff: all."""
    if _staff(user):
        return League.objects.all()
    if not _known(user):
        return League.objects.none()
    return League.objects.filter(organizers=user)


def exportable_seasons(user) -> QuerySet[Season]:
    """Seasons ``user`` may export: those with an event they organize; staff: all."""
    if _staff(user):
        return Season.objects.all()
    return Season.objects.filter(
        pk__in=managed_events(user, organizer=True).exclude(season=None).values("season")
    )


def season_exports_of(user) -> QuerySet[SeasonExport]:
    """A season export is its requester's (staff see every one)."""
    if _staff(user):
        return SeasonExport.objects.all()
    if not _known(user):
        return SeasonExport.objects.none()
    return SeasonExport.objects.filter(requested_by=user)


def visible_results_events(user) -> QuerySet[Event]:
    """Events whose results ``user`` may see: the public ones and the ones they manage."""
    return Event.objects.results_public() | Event.objects.filter(pk__in=managed_events(user))


@dataclass(frozen=True)
class Disclosure:
    """Which of an event's rounds and games a caller may see: the embargo, in one place.

    Before the release (of an event whose standings are not live) anyone but the event's
    officials sees only the round being played: with "winners stay" a team that kept its table
    won, so a past round's tables, like any game's status (a dispute), tell a hidden result
    (docs/event-lifecycle.md). A captain also sees their own team's games, status included:
    they played them. Every page and endpoint that lists rounds or games filters through this.
    """

    everything: bool
    round_ids: frozenset[int]  # the rounds seated in public (every round when ``everything``)
    team_ids: frozenset[int]  # the caller's own teams in the event (captain link or account)

    def shows_round(self, round_: Round) -> bool:
        """The round's seating is shown (not only the caller's own game in it)."""
        return self.everything or round_.pk in self.round_ids

    def own(self, game: Game) -> bool:
        return game.team_a_id in self.team_ids or game.team_b_id in self.team_ids

    def shows_game(self, game: Game) -> bool:
        return self.everything or game.round_id in self.round_ids or self.own(game)

    def shows_status(self, game: Game) -> bool:
        """A game's status (waiting, reported, disputed, confirmed) tells more than its seat."""
        return self.everything or self.own(game)

    def games(self, games: QuerySet[Game]) -> QuerySet[Game]:
        if self.everything:
            return games
        return games.filter(
            Q(round_id__in=self.round_ids)
            | Q(team_a_id__in=self.team_ids)
            | Q(team_b_id__in=self.team_ids)
        )

    def rounds(self, rounds: QuerySet[Round]) -> QuerySet[Round]:
        """The rounds shown whole, and those where the caller's own team played."""
        if self.everything:
            return rounds
        return rounds.filter(
            Q(pk__in=self.round_ids)
            | Q(games__team_a_id__in=self.team_ids)
            | Q(games__team_b_id__in=self.team_ids)
        ).distinct()


def round_being_played(event: Event) -> Round | None:
    """The event's latest seated round (a playoff round once one is seated)."""
    return event.rounds.order_by("-number").first()


def disclosure(event: Event, user=None, team: Team | None = None) -> Disclosure:
    """What of ``event``'s rounds and games ``user`` (and the captain of ``team``) may see."""
    if event.results_public or managed_events(user).filter(pk=event.pk).exists():
        return Disclosure(everything=True, round_ids=frozenset(), team_ids=frozenset())
    # A draft shows no round to anyone but its managers (its captains: their own games only).
    current = round_being_played(event) if shows_event(event, user) else None
    teams = set()
    if team is not None and team.event_id == event.pk:
        teams.add(team.pk)
    if _known(user):
        teams |= set(event.teams.filter(captain_user=user).values_list("pk", flat=True))
    # A playoff's seating says who is tied for a medal, a hidden result (issue 49, point 8):
    # before the release only its own teams see their games; the others a neutral line.
    # The bracket's seating says who qualified: hidden the same way.
    shown = current is not None and current.kind == Round.Kind.SERIES
    return Disclosure(
        everything=False,
        round_ids=frozenset([current.pk] if shown and current else []),
        team_ids=frozenset(teams),
    )
