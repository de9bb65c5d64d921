"""Guests of a club night: who plays as a guest, and the desk's warning past the season's limit.

A guest is marked per seat of an entry (``Team.captain_guest``/``partner_guest``), night by
night: the guest plays and is listed in the night's standings (marked "guest"), but earns no
season points and is not ranked in the season (``leagues.season_standings``). Joining is simply
playing the next night as a member (the mark left off): from that night on, never retroactively
(the ACC's guests "may play up to four weeks" before joining; their guest nights stay guest
nights). Past ``Season.guest_nights`` guest nights the desk sees a warning; play is not refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.roles import is_official
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import Event, Player, Team
from tournaments.publishing.caching import bump_event

SEATS = ("captain", "partner")


@dataclass(frozen=True)
class Seat:
    team: Team
    role: str  # "captain" or "partner"

    @property
    def key(self) -> str:
        return f"{self.team.pk}-{self.role}"

    @property
    def name(self) -> str:
        return getattr(self.team, self.role)

    @property
    def player_id(self) -> int | None:
        return getattr(self.team, f"{self.role}_player_id")

    @property
    def guest(self) -> bool:
        return getattr(self.team, f"{self.role}_guest")


def seats(event: Event) -> list[Seat]:
    """Every filled seat of the event's entries (a single entry has its captain only)."""
    found = []
    for team in Team.objects.filter(event=event).entered().order_by("name", "pk"):
        for role in SEATS:
            if getattr(team, role):
                found.append(Seat(team, role))
    return found


def guest_nights(event: Event, player_ids) -> dict[int, int]:
    """Per player, the nights of ``event``'s season (this one included) played as a guest."""
    ids = [pk for pk in player_ids if pk]
    if event.season_id is None or not ids:
        return {}
    counts: dict[int, int] = {}
    teams = Team.objects.filter(event__season_id=event.season_id).filter(
        Q(captain_guest=True, captain_player__in=ids)
        | Q(partner_guest=True, partner_player__in=ids)
    )
    for team in teams.entered().only(
        "captain_player", "partner_player", "captain_guest", "partner_guest", "event"
    ):
        for pk in team.guest_player_ids & set(ids):
            counts[pk] = counts.get(pk, 0) + 1
    return counts


def warnings(event: Event) -> list[str]:
    """The desk's warnings: each guest of this night past the season's guest nights."""
    if event.season_id is None:
        return []
    assert event.season is not None  # season_id is set
    limit = event.season.guest_nights
    guests = [s for s in seats(event) if s.guest and s.player_id]
    counts = guest_nights(event, [s.player_id for s in guests])
    names = Player.objects.in_bulk([s.player_id for s in guests])
    found = []
    for seat in guests:
        assert seat.player_id is not None  # guests have a player (filtered above)
        n = counts.get(seat.player_id, 0)
        if n > limit:
            player = names.get(seat.player_id)
            found.append(
                ngettext(
                    "%(name)s has played %(n)d nights as a guest this season; the season allows "
                    "%(limit)d night before joining.",
                    "%(name)s has played %(n)d nights as a guest this season; the season allows "
                    "%(limit)d nights before joining.",
                    limit,
                )
                % {"name": player.name if player else seat.name, "n": n, "limit": limit}
            )
    return found


@transaction.atomic
def set_guests(event: Event, user, keys) -> list[str]:
    """Mark exactly the seats ``keys`` ("<team id>-captain" / "-partner") as guests; returns
    the desk's warnings (:func:`warnings`). Officials and organizers of the event only."""
    if not is_official(user, event):
        raise PermissionRuleError(_("Only the event's officials and organizers may mark guests."))
    by_key = {seat.key: seat for seat in seats(event)}
    wanted = set(keys)
    unknown = sorted(wanted - set(by_key))
    if unknown:
        raise RuleError(
            _("No player “%(seat)s” in this event: choose guests among its entries.")
            % {"seat": unknown[0]},
            field="guests",
            code="unknown",
        )
    changed: dict[int, Team] = {}
    for key, seat in by_key.items():
        if seat.guest != (key in wanted):
            team = changed.setdefault(
                seat.team.pk, Team.objects.select_for_update().get(pk=seat.team.pk)
            )
            before = {"guests": team.guest_names}
            setattr(team, f"{seat.role}_guest", key in wanted)
            team.save(update_fields=[f"{seat.role}_guest"])
            audit.record(
                event,
                user,
                AuditAction.TEAM_EDIT,
                str(team),
                before=before,
                after={"guests": team.guest_names},
            )
    if changed:
        bump_event(event)  # the night's standings mark guests; the season follows
    return warnings(event)
