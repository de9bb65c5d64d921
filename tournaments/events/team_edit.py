"""Correcting a registered team: its name, and its players' names and member numbers.

A typo in a player's name is fixed on the player (``leagues.players``: the same person across
the league's events), never by creating a new player; the team's names "as written on the
sheets" follow. Putting another person in a seat is not an edit: withdraw the team and register
the right one, or merge duplicate players on the league's page.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.events.names import MEMBER_NUMBER_MAX, check_name_free, check_names
from tournaments.events.teams import check_single
from tournaments.leagues.players import league_of, resolve
from tournaments.models import Event, Player, Team
from tournaments.publishing.caching import bump_event

SEATS = ("captain", "partner")


def team_values(team: Team) -> dict[str, str]:
    """What the edit form shows (and what the API returns for a team's people)."""
    values = {"name": team.name}
    for role in SEATS:
        player = getattr(team, f"{role}_player")
        values[role] = getattr(team, role)
        values[f"{role}_member_number"] = player.member_number if player else ""
    return values


def _describe(team: Team) -> dict:
    """The audit's before/after: what the form shows, so the log lists it field by field."""
    return team_values(team)


def _seat(event: Event, team: Team, role: str, name: str, number: str) -> Player | None:
    """The seat's player, corrected in place; ``None`` for an empty partner seat."""
    label = _("captain") if role == "captain" else _("partner")
    if len(number) > MEMBER_NUMBER_MAX:
        raise RuleError(
            _("The %(role)s's member number is limited to %(n)d characters.")
            % {"role": label, "n": MEMBER_NUMBER_MAX},
            field=f"{role}_member_number",
            code="too_long",
        )
    player = getattr(team, f"{role}_player")
    if not name:
        if (
            role == "partner"
            and not number
            and (event.game_type != Event.GameType.CRIBBAGE or event.singles)
        ):
            return None
        raise RuleError(
            _("Give the %(role)s's name.") % {"role": label}, field=role, code="required"
        )
    if player is None:  # a team registered before players existed, or a seat left empty
        return resolve(event, role=role, name=name, member_number=number)
    league = league_of(event)
    if number and number != player.member_number and league is not None:
        holder = (
            Player.objects.filter(league=league, member_number=number).exclude(pk=player.pk).first()
        )
        if holder is not None:
            raise RuleError(
                _(
                    "Member number %(number)s is already %(player)s's in %(league)s. If it is "
                    "the same person, merge the two players on the league's Players page."
                )
                % {"number": number, "player": holder, "league": league},
                field=f"{role}_member_number",
                code="number_taken",
            )
    if (player.name, player.member_number) != (name, number):
        player.name, player.member_number = name, number
        player.save(update_fields=["name", "member_number"])
    return player


@transaction.atomic
def edit_team(
    team: Team,
    actor,
    *,
    name: str,
    captain: str,
    partner: str = "",
    captain_member_number: str = "",
    partner_member_number: str = "",
) -> Team:
    """Correct ``team`` (all or nothing); saving it unchanged records nothing."""
    team = (
        Team.objects.select_for_update(of=("self",))
        .select_related("event", "captain_player", "partner_player")
        .get(pk=team.pk)
    )
    event = team.event
    if event.finished:
        raise RuleError(
            _("The event is finished: reopen it to correct its teams."), code="finished"
        )
    name, captain, partner = name.strip(), captain.strip(), partner.strip()
    numbers = {"captain": captain_member_number.strip(), "partner": partner_member_number.strip()}
    if event.singles:
        check_single(partner, None, numbers["partner"])
        name = name or captain  # a singles entry is named after its player
    if not name:
        raise RuleError(_("A team needs a name."), field="name", code="required")
    check_names(name, captain, partner)  # the limits registration applies
    check_name_free(event, name, team=team)
    if (
        captain
        and partner
        and captain.casefold() == partner.casefold()
        and numbers["captain"] == numbers["partner"]
    ):
        raise RuleError(
            _("%(player)s cannot be both captain and partner.") % {"player": captain},
            field="partner",
            code="same_player",
        )
    before = _describe(team)
    if team_values(team) == {
        "name": name,
        "captain": captain,
        "partner": partner,
        "captain_member_number": numbers["captain"],
        "partner_member_number": numbers["partner"],
    }:
        return team
    team.captain_player = _seat(event, team, "captain", captain, numbers["captain"])
    team.partner_player = _seat(event, team, "partner", partner, numbers["partner"])
    team.name, team.captain, team.partner = name, captain, partner
    team.save(update_fields=["name", "captain", "partner", "captain_player", "partner_player"])
    audit.record(
        event, actor, AuditAction.TEAM_EDIT, str(team), before=before, after=_describe(team)
    )
    bump_event(event)  # names on every public page and in the cached standings
    return team
