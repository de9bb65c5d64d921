"""The consolation event (issue 50): the entrants who missed the bracket's cut play a second,
shorter event of their own. Made in one step from the organizer's page once the qualifiers are
known: a new draft event, ``consolation_of`` the first, the same settings but no bracket, the
non-qualifiers as its entries. It is made in the qualifier's season (a companion of an event
the league already counts, so no second placement by a league organizer is asked), and each
entry is linked to the same players (``captain_player``/``partner_player``): one person, one
season record. A singles event's consolation is singles too (``entry`` is copied); guests stay
guests. Outside any season the players cannot be linked (``leagues.players``): the entries get
new players under the same names."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.roles import Person, is_organizer
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.leagues.players import may_manage_league
from tournaments.models import Event, Team
from tournaments.results.bracket_play import bracket_group, series_done, the_cut, tie_words

COPIED = (
    "venue",
    "game_type",
    "rule_set",
    "number_of_games",
    "scoring_system",
    "tiebreaks",
    "bye_points",
    "bye_counts_as_win",
    "movement",
    "seed_by_rating",
    "playoff_format",
    "playoff_best_of",
    "entry",
    "confirmation",
    "visibility",
)


@transaction.atomic
def make_consolation(event: Event, actor: Person) -> Event:
    if not is_organizer(actor, event):
        raise PermissionRuleError(_("Only the organizer can make the consolation event."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not event.bracket:
        raise RuleError(_("This event has no bracket: nobody misses a cut."), code="no_bracket")
    if event.consolations.exists():
        raise RuleError(
            _("The consolation event is already made: %(name)s.")
            % {"name": event.consolations.first()},
            code="exists",
        )
    qualified = _qualified(event)
    others = [
        t
        for t in Team.objects.filter(event=event, withdrawn_at__isnull=True)
        .entered()
        .order_by("id")
        if t.pk not in qualified
    ]
    if len(others) < 2:
        raise RuleError(
            _("A consolation event needs at least 2 entries; %(n)s missed the cut.")
            % {"n": len(others)},
            code="too_few",
        )
    # In the qualifier's season only for someone who may put events there (a co-organizer of
    # the event who is no organizer of the league gets it outside, as ``place_event`` would).
    season = event.season
    if season is not None and not may_manage_league(actor, season.league):
        season = None
    made = create_event(
        actor,
        name=(_("%(name)s — consolation") % {"name": event.name})[:120],
        date=event.date,
        draft=True,
        consolation_of=event,
        season=season,
        **{name: getattr(event, name) for name in COPIED},
    )
    linked = season is not None
    for team in others:
        entry = add_team(
            made,
            actor,
            name=team.name,
            captain=team.captain,
            partner=team.partner,
            captain_player=team.captain_player if linked else None,
            partner_player=team.partner_player if linked else None,
        )
        if team.captain_guest or team.partner_guest:
            Team.objects.filter(pk=entry.pk).update(
                captain_guest=team.captain_guest, partner_guest=team.partner_guest
            )
    return made


def _qualified(event: Event) -> set[int]:
    """The qualifiers: the bracket's seeds once seated, else the standings' cut."""
    group = bracket_group(event)
    if group is not None:
        return set(group.teams)
    if not series_done(event):
        raise RuleError(
            _("The qualifiers are known once the whole series is played and confirmed."),
            code="series_open",
        )
    cut = the_cut(event)
    if cut.tied:
        raise RuleError(tie_words(event, cut), code="tie_at_cut")
    return set(cut.qualifiers)
