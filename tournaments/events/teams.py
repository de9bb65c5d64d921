"""The teams the organizer adds by hand (late entries too) and withdraws; whether the event is
still open to such changes; and the rounds a withdrawing team has finished."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.links import issue_link, revoke_links
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.events.late_teams import check_choice
from tournaments.events.names import check_name_free, check_names, same_name
from tournaments.events.team_limit import check_room
from tournaments.leagues.players import check_not_registered, resolve
from tournaments.models import Event, Game, Team
from tournaments.publishing.caching import bump_event

MIN_TEAMS = 3


def check_open(event: Event, message: str | None = None) -> None:
    """Refuse a change to the event's teams (or series) once the event is finished."""
    if event.finished:
        raise RuleError(
            message or _("The event is finished: teams can no longer be added."), code="finished"
        )


@transaction.atomic
def add_team(
    event: Event,
    actor,
    *,
    name: str = "",
    captain: str = "",
    partner: str = "",
    captain_user=None,
    captain_player=None,
    partner_player=None,
    captain_member_number: str = "",
    partner_member_number: str = "",
    missed_rounds: str = "",
) -> Team:
    """Register a team (late entries too: it is seated from the next round on, and
    ``missed_rounds`` says what the rounds it missed count: ``events.late_teams``).

    Each player is given explicitly: an existing player (``captain_player``/``partner_player``,
    a :class:`Player` or its id), or a member number the event's league knows; otherwise a new
    player is created under the name given. Names are never matched (see ``players``).
    """

    check_open(event)
    check_room(event)  # at most HUCHE_MAX_TEAMS_PER_EVENT (issue 51, finding 1)
    name, captain, partner = name.strip(), captain.strip(), partner.strip()
    if event.singles:
        check_single(partner, partner_player, partner_member_number)
        name = name or captain  # a singles entry is named after its player
    if event.singles and not captain and captain_player in (None, ""):
        raise RuleError(_("A player needs a name."), field="captain", code="required")
    if not name and not event.singles:
        raise RuleError(_("A team needs a name."), field="name", code="required")
    check_names(name, captain, partner)
    if (
        captain
        and partner
        and same_name(captain, partner)
        and not (
            captain_member_number
            and partner_member_number
            and captain_member_number != partner_member_number
        )
    ):
        raise RuleError(
            _("“%(name)s” is given as both captain and partner: the partner is another person.")
            % {"name": partner},
            field="partner",
            code="same_player",
        )
    if not captain and captain_player in (None, ""):
        raise RuleError(_("A team needs a captain."), field="captain", code="required")
    has_partner = bool(partner) or partner_player not in (None, "")
    if event.game_type == Event.GameType.CRIBBAGE and not has_partner and not event.singles:
        raise RuleError(
            _("A cribbage team is two players: give the captain's partner."),
            field="partner",
            code="required",
        )
    if name:
        check_name_free(event, name)
    joined_round, missed_rounds = check_choice(event, missed_rounds)
    seats = [
        resolve(
            event,
            role="captain",
            name=captain,
            player=captain_player,
            member_number=captain_member_number,
        )
    ]
    if has_partner:
        seats.append(
            resolve(
                event,
                role="partner",
                name=partner,
                player=partner_player,
                member_number=partner_member_number,
            )
        )
    if not name:  # a singles entry picked from the league's players: named after them
        name = seats[0].name
        check_name_free(event, name)
    check_not_registered(event, seats)
    try:
        with transaction.atomic():
            team = Team.objects.create(
                event=event,
                name=name,
                captain=captain or seats[0].name,
                partner=(partner or seats[1].name) if has_partner else "",
                captain_user=captain_user,
                captain_player=seats[0],
                partner_player=seats[1] if has_partner else None,
                # Added at the desk once check-in is open: the team is there (a late team).
                checked_in_at=timezone.now() if event.check_in_opened_at else None,
                joined_round=joined_round,
                missed_rounds=missed_rounds,
            )
    except IntegrityError as exc:  # a concurrent registration of the same name
        raise RuleError(
            _("A team with this name was just registered."), field="name", code="duplicate"
        ) from exc
    issue_link(team)
    audit.record(event, actor, AuditAction.TEAM_ADD, str(team), after=audit.snapshot(team))
    bump_event(event)  # a new team in the cached standings and on the public pages
    return team


def check_single(partner: str = "", partner_player=None, partner_member_number: str = "") -> None:
    """A singles entry is one player: a partner given is refused, not dropped unseen."""
    if partner or partner_player not in (None, "") or partner_member_number:
        raise RuleError(
            _(
                "This is a singles event: each entry is one player. Leave the partner empty "
                "(“%(partner)s” can be entered as a player of their own)."
            )
            % {"partner": partner or partner_member_number or partner_player},
            field="partner",
            code="singles",
        )


def rounds_finished(event: Event) -> int:
    """Rounds the event had finished (every game settled): a team withdrawing during a round
    has not finished it, even resting on its bye, and gets nothing for it."""
    latest = event.rounds.order_by("-number").first()
    if latest is None:
        return 0
    unsettled = latest.games.exclude(status__in=(Game.Status.CONFIRMED, Game.Status.BYE))
    return latest.number - 1 if unsettled.exists() else latest.number


@transaction.atomic
def withdraw_team(team: Team, actor) -> Team:
    """The team leaves: its history stays, later rounds no longer seat it, its link stops."""
    check_open(team.event, _("The event is finished: reopen it to change its teams."))
    if team.withdrawn_at:
        raise RuleError(_("%(team)s has already withdrawn.") % {"team": team}, code="withdrawn")
    before = audit.snapshot(team)
    team.withdrawn_at = timezone.now()
    team.withdrawn_after_round = rounds_finished(team.event)
    team.save(update_fields=["withdrawn_at", "withdrawn_after_round"])
    revoke_links(team)
    audit.record(
        team.event,
        actor,
        AuditAction.TEAM_WITHDRAW,
        str(team),
        before=before,
        after=audit.snapshot(team),
    )
    bump_event(team.event)  # the standings mark it withdrawn and leave it out of playoffs
    return team
