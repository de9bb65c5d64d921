"""Players: who the people of a team are, across the events of a league.

A team is always linked to its players explicitly, never by matching names (two "Gisèle
Tremblay" in a region are common; one person writes her name three ways). At registration the
organizer either picks an existing player, or gives a member number the event's league already
knows (exact match on ``(league, member_number)``); otherwise a new player is created. The same
person entered twice is fixed later by a merge, which moves the duplicate's teams to the right
player, keeps the duplicate as a trail (``merged_into``) and writes the audit log.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import audit, outbox
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import Event, League, Player, Team
from tournaments.publishing.caching import bump_event

MAX_MERGE_TRAIL = 50  # a merge chain longer than this is a data error, not a real history


def league_of(event: Event) -> League | None:
    """The league whose players an event's teams belong to (none for an event outside seasons)."""
    return event.season.league if event.season is not None else None


def may_manage_league(user, league: League | None) -> bool:
    """Staff always; otherwise the league's organizers. Players outside leagues: staff only."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_staff:
        return True
    return league is not None and league.organizers.filter(pk=user.pk).exists()


def survivor(player: Player) -> Player:
    """The player a merged duplicate now is (the player itself when not merged)."""
    seen = 0
    while player.merged_into_id is not None and seen < MAX_MERGE_TRAIL:
        player = Player.objects.get(pk=player.merged_into_id)
        seen += 1
    return player


def active_players(league: League | None):
    return Player.objects.filter(league=league, merged_into__isnull=True)


def resolve(event: Event, *, role: str, name: str, player=None, member_number: str = "") -> Player:
    """The player for one seat of a new team (``role`` is ``captain`` or ``partner``).

    ``player`` (a :class:`Player` or its id) wins; else ``member_number`` if the league knows
    it; else a new player named ``name``, with that member number if one was given.
    """
    league = league_of(event)
    number = (member_number or "").strip()
    if len(number) > 40:
        raise RuleError(
            _("The %(role)s's member number is limited to 40 characters.")
            % {"role": _role_label(role)},
            field=f"{role}_member_number",
            code="too_long",
        )
    if player not in (None, ""):
        found = _by_id(player, role, league)
        if number and found.member_number and found.member_number != number:
            # Their number is not shown: the caller may not manage the league (issue 22).
            raise RuleError(
                _("Member number %(number)s is not %(player)s's: give one or the other.")
                % {"number": number, "player": found},
                field=f"{role}_member_number",
                code="number_mismatch",
            )
        return found
    if number:
        known = Player.objects.filter(league=league, member_number=number).first()
        if known is not None and league is not None:
            return survivor(known)
    if not name:
        raise RuleError(
            _("Give the %(role)s's name, or pick an existing player.")
            % {"role": _role_label(role)},
            field=role,
            code="required",
        )
    return Player.objects.create(league=league, name=name, member_number=number)


def _role_label(role: str) -> str:
    return _("captain") if role == "captain" else _("partner")


def _by_id(player, role: str, league: League | None) -> Player:
    """An existing player of the event's ``league`` by id. Outside a league none can be linked
    (issue 22: any league's players were linked by their sequential ids), and a player of
    another league is answered as one that does not exist: nothing about them is told."""
    field = f"{role}_player"
    if league is None:
        raise RuleError(
            _(
                "This event is in no league: its players are new, give the %(role)s's name "
                "(an existing player cannot be picked)."
            )
            % {"role": _role_label(role)},
            field=field,
            code="no_league",
        )
    if isinstance(player, Player):
        pk = player.pk
    else:
        try:
            pk = int(player)
        except (TypeError, ValueError):
            raise RuleError(
                _("“%(value)s” is not a player id.") % {"value": player},
                field=field,
                code="not_a_number",
            ) from None
    found = Player.objects.filter(pk=pk, league=league).first()
    if found is None:
        raise RuleError(
            _("No player #%(id)d in %(league)s.") % {"id": pk, "league": league},
            field=field,
            code="unknown_player",
        )
    return survivor(found)


def check_not_registered(event: Event, players: list[Player]) -> None:
    """One person plays in one team of an event, and not twice in the same team."""
    if len(players) == 2 and players[0].pk == players[1].pk:
        raise RuleError(
            _("%(player)s cannot be both captain and partner.") % {"player": players[0]},
            field="partner_player",
            code="same_player",
        )
    ids = [p.pk for p in players if p.pk]
    taken = (
        Team.objects.filter(event=event)
        .holding_places()
        .filter(Q(captain_player__in=ids) | Q(partner_player__in=ids))
        .first()
    )
    if taken is not None:
        who = next(p for p in players if p.pk in (taken.captain_player_id, taken.partner_player_id))
        raise RuleError(
            _("%(player)s already plays in team %(team)s of this event.")
            % {"player": who, "team": taken},
            field="captain_player" if who is players[0] else "partner_player",
            code="player_taken",
        )


# --- merging duplicates --------------------------------------------------------------------------


@transaction.atomic
def merge(duplicate: Player, into: Player, actor) -> Player:
    """Merge ``duplicate`` into ``into``: its teams move, it stays as a trail, all audited."""
    locked = {
        p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[duplicate.pk, into.pk])
    }
    duplicate, into = locked.get(duplicate.pk, duplicate), locked.get(into.pk, into)
    if duplicate.league_id != into.league_id:
        raise RuleError(
            _(
                "%(a)s and %(b)s belong to different leagues: only players of the same "
                "league can be merged."
            )
            % {"a": duplicate, "b": into},
            field="into",
            code="other_league",
        )
    league = League.objects.filter(pk=into.league_id).first() if into.league_id else None
    if not may_manage_league(actor, league):
        raise PermissionRuleError(
            _("Only an organizer of the league (or staff) may merge its players.")
        )
    if duplicate.pk == into.pk:
        raise RuleError(
            _("A player cannot be merged into itself: choose two different players."),
            field="into",
            code="same_player",
        )
    if duplicate.merged_into_id:
        raise RuleError(
            _("%(player)s was already merged into another player.") % {"player": duplicate},
            field="duplicate",
            code="already_merged",
        )
    if into.merged_into_id:
        raise RuleError(
            _("%(player)s was merged into another player: merge into that one instead.")
            % {"player": into},
            field="into",
            code="merged_target",
        )
    teams = list(
        Team.objects.filter(
            Q(captain_player__in=[duplicate.pk, into.pk])
            | Q(partner_player__in=[duplicate.pk, into.pk])
        ).select_related("event")
    )
    _check_never_played_together(duplicate, into, teams)
    captain_of = sorted(t.pk for t in teams if t.captain_player_id == duplicate.pk)
    partner_of = sorted(t.pk for t in teams if t.partner_player_id == duplicate.pk)
    before = {
        "duplicate": _describe(duplicate),
        "into": _describe(into),
        "captain_of_teams": captain_of,
        "partner_of_teams": partner_of,
    }
    Team.objects.filter(pk__in=captain_of).update(captain_player=into)
    Team.objects.filter(pk__in=partner_of).update(partner_player=into)
    # Earlier duplicates of the duplicate now point straight at the survivor.
    trail = list(Player.objects.filter(merged_into=duplicate).values_list("pk", flat=True))
    Player.objects.filter(pk__in=trail).update(merged_into=into)
    if duplicate.member_number and not into.member_number:
        # The league's number for this person moves to the survivor (it is unique per league).
        into.member_number, duplicate.member_number = duplicate.member_number, ""
        duplicate.save(update_fields=["member_number"])
        into.save(update_fields=["member_number"])
    duplicate.merged_into, duplicate.merged_at = into, timezone.now()
    duplicate.save(update_fields=["merged_into", "merged_at"])
    moved = [t for t in teams if t.pk in captain_of or t.pk in partner_of]
    for event in {t.event for t in moved}:
        bump_event(event)  # cached standings carry the teams' player links
    released = [t.event for t in moved if t.event.released_at]
    if released:
        # One person, one rating: their games together, rated again from the first of them.
        first = min(released, key=lambda event: (event.date, event.pk))
        outbox.schedule("update_ratings", first.pk)
    audit.record(
        None,
        actor,
        AuditAction.PLAYER_MERGE,
        f"{duplicate} → {into}",
        before=before,
        after={
            "duplicate": _describe(duplicate),
            "into": _describe(into),
            "teams_moved": sorted(captain_of + partner_of),
            "trail_moved": sorted(trail),
        },
    )
    return into


def _describe(player: Player) -> dict:
    return {
        "id": player.pk,
        "uid": str(player.uid),
        "name": player.name,
        "member_number": player.member_number,
        "merged_into": player.merged_into_id,
    }


def _check_never_played_together(duplicate: Player, into: Player, teams: list[Team]) -> None:
    """Two players seen in the same event (same team or not) are two different people."""
    events: dict[int, set[int | None]] = {}
    for team in teams:
        ids = {team.captain_player_id, team.partner_player_id}
        if duplicate.pk in ids and into.pk in ids:
            raise RuleError(
                _(
                    "%(a)s and %(b)s played together in team %(team)s (%(event)s): they are two "
                    "people, not one."
                )
                % {"a": duplicate, "b": into, "team": team, "event": team.event},
                field="into",
                code="played_together",
            )
        for pk in ids & {duplicate.pk, into.pk}:
            events.setdefault(team.event_id, set()).add(pk)
            if len(events[team.event_id]) == 2:
                raise RuleError(
                    _("%(a)s and %(b)s both played in %(event)s: they are two people, not one.")
                    % {"a": duplicate, "b": into, "event": team.event},
                    field="into",
                    code="played_together",
                )
