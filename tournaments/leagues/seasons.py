"""Leagues and seasons: create them, set how a season adds its events up, attach events.

The league's organizers (and staff) edit its seasons and players. An event joins a season only
if the user also organizes the event. Every change is in the audit log (``event=None``).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import EventRole
from accounts.roles import events_of, is_organizer
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.events.creation import unique_slug
from tournaments.events.lookalikes import look_alike_key
from tournaments.events.names import check_characters, normal_form
from tournaments.leagues.players import may_manage_league
from tournaments.leagues.season_rules import check_rule, clean_night_settings
from tournaments.models import Event, League, Player, Season, Team

MAX_PLACES = 200
SEASON_FIELDS = [
    "name",
    "aggregation",
    "placement_points",
    "best_of",
    "night_threshold",
    "night_award",
    "night_fixed_points",
    "night_table",
    "guest_nights",
]


def _require_manager(user, league: League) -> None:
    if not may_manage_league(user, league):
        raise PermissionRuleError(_("Only an organizer of the league (or staff) may do this."))


def _required_name(name: str, what: str = "season") -> str:
    name = (name or "").strip()
    if not name:
        raise RuleError(_("Give a name."), field="name", code="required")
    if len(name) > 120:
        raise RuleError(_("A name is limited to 120 characters."), field="name", code="too_long")
    check_characters(name, what)
    return name


@transaction.atomic
def create_league(user, *, name: str) -> League:
    """A new league; its creator becomes one of its organizers."""
    if not getattr(user, "is_authenticated", False):
        raise PermissionRuleError(_("Log in to create a league."))
    name = _required_name(name, "league")
    _check_name_free(name)
    league = League.objects.create(name=name, slug=unique_slug(name, League), created_by=user)
    league.organizers.add(user)
    audit.record(
        None,
        user,
        AuditAction.LEAGUE_CREATE,
        str(league),
        after={"id": league.pk, "name": name, "slug": league.slug},
    )
    return league


def _check_name_free(name: str) -> None:
    """No second league under a name people would read as an existing one's (anyone may open
    an account: « FADOQ Saguenay » twice, the second a stranger's, would look official)."""
    key, normal = look_alike_key(name), normal_form(name)
    for other in League.objects.values_list("name", flat=True):
        if look_alike_key(other) == key or normal_form(other) == normal:
            raise RuleError(
                _(
                    "A league named “%(name)s” already exists. To help run it, ask one of its "
                    "organizers to add you."
                )
                % {"name": other},
                field="name",
                code="duplicate",
            )


@transaction.atomic
def create_season(league: League, user, *, name: str, **settings) -> Season:
    _require_manager(user, league)
    name = _required_name(name)
    values = clean_settings({"name": name, **settings})
    season = Season(league=league, slug=unique_slug(name, Season, league=league), **values)
    _check_placement(season)
    season.save()
    audit.record(None, user, AuditAction.SEASON_CREATE, str(season), after=_snapshot(season))
    return season


def parse_placement_points(value) -> list[int]:
    """``"25, 18, 15"`` or ``[25, 18, 15]`` → ``[25, 18, 15]``, each a whole number ≥ 0."""
    if value in (None, ""):
        return []
    items = (
        value
        if isinstance(value, list)
        else [v for v in str(value).replace(";", ",").replace("\n", ",").split(",") if v.strip()]
    )
    if len(items) > MAX_PLACES:
        raise RuleError(
            _("At most %(n)d places get points.") % {"n": MAX_PLACES},
            field="placement_points",
            code="too_long",
        )
    points = []
    for place, item in enumerate(items, start=1):
        text = str(item).strip()
        if isinstance(item, bool) or not (text.isascii() and text.isdigit()):
            raise RuleError(
                _(
                    "Placement points, place %(place)d: “%(value)s” is not a whole number of 0 or "
                    "more. Write the points for 1st, 2nd, 3rd… separated by commas, e.g. "
                    "“25, 18, 15”."
                )
                % {"place": place, "value": text},
                field="placement_points",
                code="not_a_number",
            )
        points.append(int(text))
    return points


def clean_settings(data: dict) -> dict:
    values = {k: v for k, v in data.items() if k in SEASON_FIELDS}
    unknown = set(data) - set(SEASON_FIELDS)
    if unknown:
        raise RuleError(
            _("Unknown season setting “%(name)s”.") % {"name": sorted(unknown)[0]},
            field=sorted(unknown)[0],
            code="unknown",
        )
    if "name" in values:
        values["name"] = _required_name(values["name"])
    if "aggregation" in values and values["aggregation"] not in Season.Aggregation.values:
        raise RuleError(
            _(
                "Season standings add up “points”, “placement” points, or points per night "
                "by a “threshold” or a “table”."
            ),
            field="aggregation",
            code="invalid",
        )
    if "placement_points" in values:
        values["placement_points"] = parse_placement_points(values["placement_points"])
    best = values.get("best_of")
    if "best_of" in values and best in ("", None):
        values["best_of"] = None
    elif "best_of" in values:
        text = str(best).strip()
        if isinstance(best, bool) or not (text.isascii() and text.isdigit()) or int(text) < 1:
            raise RuleError(
                _("“Best events counted” is a whole number of 1 or more, or empty for all events."),
                field="best_of",
                code="invalid",
            )
        values["best_of"] = int(text)
    return clean_night_settings(values)


def _snapshot(season: Season) -> dict:
    return {
        "name": season.name,
        "aggregation": season.aggregation,
        "placement_points": season.placement_points,
        "best_of": season.best_of,
        "night_threshold": season.night_threshold,
        "night_award": season.night_award,
        "night_fixed_points": season.night_fixed_points,
        "night_table": season.night_table,
        "guest_nights": season.guest_nights,
        "events": sorted(season.events.values_list("pk", flat=True)),
    }


def _check_placement(season: Season) -> None:
    if season.aggregation == Season.Aggregation.PLACEMENT and not season.placement_points:
        raise RuleError(
            _("Placement points need the table of points: for 1st, 2nd, 3rd… separated by commas."),
            field="placement_points",
            code="required",
        )
    check_rule(season)


@transaction.atomic
def update_season(season: Season, user, **settings) -> Season:
    _require_manager(user, season.league)
    before = _snapshot(season)
    for key, value in clean_settings(settings).items():
        setattr(season, key, value)
    _check_placement(season)
    season.save()
    audit.record(
        None, user, AuditAction.SEASON_SETTINGS, str(season), before=before, after=_snapshot(season)
    )
    return season


def attachable_events(season: Season, user):
    """Events the user organizes that are in no season, or in this one."""

    mine = events_of(user)
    if not user.is_staff:
        mine = mine.filter(roles__role=EventRole.Role.ORGANIZER, roles__user=user)
    return mine.filter(Q(season__isnull=True) | Q(season=season)).order_by("-date", "name")


@transaction.atomic
def set_season_events(season: Season, user, event_ids: list[int]) -> Season:
    """Attach the listed events (the user's, not in another season); detach the user's others."""
    _require_manager(user, season.league)
    wanted = set(event_ids)
    events = {
        e.pk: e
        for e in Event.objects.select_for_update().filter(
            pk__in=wanted | set(season.events.values_list("pk", flat=True))
        )
    }
    for pk in wanted:
        event = events.get(pk)
        if event is None:
            raise RuleError(_("No event #%(id)d.") % {"id": pk}, field="events", code="unknown")
        if event.season_id not in (None, season.pk):
            raise RuleError(
                _("%(event)s already belongs to %(season)s: detach it there first.")
                % {"event": event, "season": event.season},
                field="events",
                code="other_season",
            )
    before = _snapshot(season)
    changed = [e for e in events.values() if (e.pk in wanted) != (e.season_id == season.pk)]
    for event in changed:
        if not is_organizer(user, event):
            raise RuleError(
                _("Only the organizer of %(event)s may move it in or out of a season.")
                % {"event": event},
                field="events",
                code="not_yours",
            )
    for event in changed:
        attach = event.pk in wanted
        if attach:
            _adopt_players(event, season.league)
        event.season = season if attach else None
        event.save(update_fields=["season"])
    audit.record(
        None, user, AuditAction.SEASON_EVENTS, str(season), before=before, after=_snapshot(season)
    )
    return season


def _adopt_players(event: Event, league: League) -> None:
    """Players created while the event was in no league join the season's league."""
    ids: set[int] = set()
    for captain, partner in Team.objects.filter(event=event).values_list(
        "captain_player", "partner_player"
    ):
        ids.update(p for p in (captain, partner) if p)
    strays = list(Player.objects.filter(pk__in=ids, league__isnull=True))
    numbers = [p.member_number for p in strays if p.member_number]
    clash = Player.objects.filter(league=league, member_number__in=numbers).first()
    if clash is not None:
        raise RuleError(
            _(
                "%(event)s has a player with member number %(number)s, which %(league)s already "
                "gives to %(player)s: fix the number on one of them first."
            )
            % {"event": event, "number": clash.member_number, "league": league, "player": clash},
            field="events",
            code="member_number_taken",
        )
    Player.objects.filter(pk__in=[p.pk for p in strays]).update(league=league)


@transaction.atomic
def place_event(event: Event, user, season: Season | None) -> Event:
    """Put ``event`` in ``season`` (``None``: in no season), with the rules of the season's
    events page (:func:`set_season_events`): the user organizes the event and the leagues it
    leaves and joins. A refusal names the ``season`` field."""
    if event.season_id == (season.pk if season is not None else None):
        return event
    for league in {s.league for s in (event.season, season) if s is not None}:
        if not may_manage_league(user, league):
            raise RuleError(
                _(
                    "Only an organizer of the league “%(league)s” (or staff) may put events in "
                    "its seasons or take them out."
                )
                % {"league": league},
                field="season",
                code="not_your_league",
            )
    try:
        if event.season is not None:
            others = event.season.events.exclude(pk=event.pk).values_list("pk", flat=True)
            set_season_events(event.season, user, list(others))
        if season is not None:
            mine = list(season.events.values_list("pk", flat=True))
            set_season_events(season, user, [*mine, event.pk])
    except RuleError as exc:
        raise RuleError(exc.message, field="season", code=exc.code, status=exc.status) from None
    event.refresh_from_db()
    return event
