"""Season standings: the events of a season added up per team and per player.

Which events count: those of the season whose results are public (released, or shown live) and
that have at least one confirmed game. An unreleased event counts for nobody, whoever asks:
the season page, its CSV and the API all show the same table.

Per event, each team's final rank and points come from the event standings
(``standings_service.event_standings``: medals and playoffs decide the final rank; teams still
tied share it). A team that played no game (withdrawn before round 1) is left out of that event.
The season score of a team in an event is, by the season's ``aggregation``:

- ``points``: its points in the event (the primary metric of the event's scoring system);
- ``placement``: ``placement_points[rank - 1]``, 0 for ranks past the list (tied teams share
  the points of their shared rank);
- ``threshold`` and ``table`` (club nights): points for each night by its own points
  (``season_rules.night_score``: 12+ game points earn, or a table of steps).

``best_of = N`` counts only each team's (each player's) best N event scores; the others are
shown as dropped. Among equal scores the earlier event counts first.

**What a season "team" is.** Event teams are separate rows, one per event, and their names are
free text. Here a season team is its *set of players*: the same two players in two events are
the same team whatever its name that day (the latest name is displayed), and a pair that
changed partner is a new season team. A player's event score is their team's score in that
event, so a player who changed partner keeps adding up their own season. A singles entry
(issue 50) is one player: it counts in the players' table only, never as a "team" of one.

Ties: under ``points`` and ``placement`` the same total shares the rank; tied rows are listed
by number of events played (more first), then by name. Under the per-night rules
(``threshold``, ``table``: club nights) the club champion's order decides
(``season_rules.champion_key``): season points, nights that earned points, game points, net
spread; rows equal on all four share the rank.

Guests (``Team.captain_guest``/``partner_guest``, set at the desk: ``leagues.guests``): a
player's night as a guest scores 0 and is never counted (shown as a guest night); a player with
only guest nights is listed after the ranked rows, without a rank. Joining counts from the
first night played as a member, never retroactively. A team (pair) with a guest in it is a
guest team that night.

Cost: the tables are cached (``publishing.league_tables``) under the counted events' versions,
the season's rules and the players' stamp: a view reads the season's events (one query) and
the cache. On a miss, the event standings (cached per event version; 2–3 queries each on a
miss), plus a constant number of queries for the players.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.leagues.season_rules import champion_key, night_score
from tournaments.models import Event, Game, Player, Season, Team
from tournaments.publishing import league_tables
from tournaments.standings.engine.systems import get_system
from tournaments.standings.service import event_standings


@dataclass
class EventScore:
    """One entity's result in one event."""

    event: int
    team: int  # the event team (its id)
    rank: int
    tied: bool
    points: int
    score: int  # what the season counts, by the season's aggregation
    counted: bool = True
    spread: int = 0  # net spread in the event
    guest: bool = False  # played as a guest: scores 0, never counted


@dataclass
class SeasonRow:
    key: Hashable
    name: str
    players: list[Player]
    scores: dict[int, EventScore]  # by event id
    total: int = 0
    rank: int | None = 0  # None: a guest, not ranked
    tied: bool = False
    player: Player | None = None  # the player rows' player
    cells: list[EventScore | None] = field(default_factory=list)  # one per counted event

    @property
    def events_played(self) -> int:
        return len(self.scores)

    @property
    def events_counted(self) -> int:
        return sum(1 for s in self.scores.values() if s.counted)

    @property
    def ranked(self) -> bool:
        """False while every event of the row was played as a guest."""
        return any(not s.guest for s in self.scores.values())

    @property
    def nights_qualified(self) -> int:
        """Counted events that earned season points."""
        return sum(1 for s in self.scores.values() if s.counted and s.score > 0)

    @property
    def guest_nights(self) -> int:
        return sum(1 for s in self.scores.values() if s.guest)

    @property
    def game_points(self) -> int:
        """The events' own points (game points), member nights only."""
        return sum(s.points for s in self.scores.values() if not s.guest)

    @property
    def spread(self) -> int:
        return sum(s.spread for s in self.scores.values() if not s.guest)


@dataclass
class SeasonStandings:
    season: Season
    events: list[Event]  # the events that count, by date
    waiting: list[Event]  # the season's other events (not released, or nothing confirmed)
    teams: list[SeasonRow] = field(default_factory=list)
    players: list[SeasonRow] = field(default_factory=list)

    @property
    def singles_only(self) -> bool:
        """Every event that counts is singles: the pages speak of players only (issue 50)."""
        return bool(self.events) and all(event.singles for event in self.events)

    def cumulative(self, row: SeasonRow) -> list[int]:
        """A row's counted season score after each event, for the chart."""
        total, values = 0, []
        for event in self.events:
            score = row.scores.get(event.pk)
            total += score.score if score and score.counted else 0
            values.append(total)
        return values


def season_events(season: Season) -> tuple[list[Event], list[Event]]:
    """(counted, waiting): one query. A draft is in neither (issue 49, point 7: its link on the
    public season page answered 404): it is listed once published."""
    confirmed = Game.objects.filter(round__event=OuterRef("pk"), status=Game.Status.CONFIRMED)
    events = list(  # a draft is in no season's page or standings (selectors: the draft rule)
        Event.objects.published()
        .filter(season=season)
        .annotate(
            counted=Exists(confirmed)
            & Exists(Event.objects.results_public().filter(pk=OuterRef("pk")))
        )
        .order_by("date", "name", "pk")
    )
    counted: list[Event] = [e for e in events if e.counted]
    return counted, [e for e in events if e not in counted]


def season_score(season: Season, rank: int, points: int) -> int:
    return night_score(season, rank, points)


def _event_results(season: Season, event: Event) -> list[tuple[Team, EventScore]]:
    data = event_standings(event)
    primary = get_system(event.scoring_system).primary
    found = []
    for row in data.standings.rows:
        metrics = row.metrics
        if not (metrics.get("games_played") or metrics.get("byes")):
            continue  # registered but never played
        points = int(metrics.get(primary) or 0)
        found.append(
            (
                data.teams[row.team],
                EventScore(
                    event.pk,
                    row.team,
                    row.rank,
                    row.tied,
                    points,
                    season_score(season, row.rank, points),
                    spread=int(metrics.get("spread") or 0),
                ),
            )
        )
    return found


def _apply_best_of(rows: Iterable[SeasonRow], best_of: int | None, order: dict[int, int]) -> None:
    for row in rows:
        for score in row.scores.values():
            if score.guest:
                score.score, score.counted = 0, False
        member = [s for s in row.scores.values() if not s.guest]
        ranked = sorted(member, key=lambda s: (-s.score, order[s.event]))
        for index, score in enumerate(ranked):
            score.counted = best_of is None or index < best_of
        row.total = sum(s.score for s in ranked if s.counted)


def rank_rows(rows: list[SeasonRow], per_night: bool = False) -> list[SeasonRow]:
    """Ranked rows first (shared ranks on equal keys), then the guests, unranked, by name."""

    def key(row: SeasonRow) -> tuple:
        if per_night:
            return champion_key(row.total, row.nights_qualified, row.game_points, row.spread)
        return (-row.total,)

    ranked = [r for r in rows if r.ranked]
    guests = sorted(
        (r for r in rows if not r.ranked), key=lambda r: (r.name.casefold(), str(r.key))
    )
    ranked.sort(key=lambda r: (*key(r), -r.events_played, r.name.casefold(), str(r.key)))
    for index, row in enumerate(ranked):
        first = index == 0 or key(ranked[index - 1]) != key(row)
        row.rank = index + 1 if first else ranked[index - 1].rank
    for index, row in enumerate(ranked):
        row.tied = any(
            0 <= j < len(ranked) and key(ranked[j]) == key(row) for j in (index - 1, index + 1)
        )
    for row in guests:
        row.rank, row.tied, row.total = None, False, 0
    return ranked + guests


def table_parts(season: Season, counted: list[Event]) -> tuple:
    """What keys the season's tables: its rules and names, the counted events' versions (a
    result, a correction, a release, a hide, a team's edit or a merge bump them), names and
    dates; the players' stamp is added by ``league_tables``."""
    return league_tables.row_parts(season), league_tables.event_parts(counted, "name", "date")


def compute_season(
    season: Season, events: tuple[list[Event], list[Event]] | None = None
) -> SeasonStandings:
    """The season's tables, cached (``publishing.league_tables``) under :func:`table_parts`:
    one query (the events, unless given as ``season_events`` gave them) and two cache reads
    when nothing changed."""
    counted, waiting = events if events is not None else season_events(season)
    teams, players = league_tables.table(
        "season", season.pk, table_parts(season, counted), lambda: _tables(season, counted)
    )
    return SeasonStandings(season, counted, waiting, teams, players)


def _tables(season: Season, counted: list[Event]) -> tuple[list[SeasonRow], list[SeasonRow]]:
    result = SeasonStandings(season, counted, [])
    order = {event.pk: i for i, event in enumerate(counted)}
    teams: dict[Hashable, SeasonRow] = {}
    players: dict[int, SeasonRow] = {}
    latest_name: dict[Hashable, str] = {}
    latest_order: dict[Hashable, list[int]] = {}  # captain first, as in the latest event
    for event in counted:
        for team, score in _event_results(season, event):
            ids = [p for p in (team.captain_player_id, team.partner_player_id) if p]
            guests = team.guest_player_ids
            if not event.singles:  # a singles entry is its player: counted in players only
                key: Hashable = frozenset(ids) if ids else ("team", team.pk)
                row = teams.setdefault(key, SeasonRow(key, "", [], {}))
                row.scores[event.pk] = EventScore(**{**score.__dict__, "guest": bool(guests)})
                latest_name[key] = team.name  # events come by date: the last one wins
                latest_order[key] = ids
            for pk in ids:
                prow = players.setdefault(pk, SeasonRow(pk, "", [], {}))
                known = prow.scores.get(event.pk)
                # One person, one team per event (registration refuses more); if old data
                # says otherwise, the better score stands.
                if known is None or score.score > known.score:
                    prow.scores[event.pk] = EventScore(**{**score.__dict__, "guest": pk in guests})
    people = Player.objects.in_bulk(
        {pk for key in teams if isinstance(key, frozenset) for pk in key} | set(players)
    )
    for key, row in teams.items():
        row.name = latest_name[key]
        row.players = [people[pk] for pk in latest_order[key] if pk in people]
    for pk, row in players.items():
        row.player = people.get(pk)
        row.name = row.player.name if row.player else str(pk)
        row.players = [row.player] if row.player else []
    _apply_best_of(teams.values(), season.best_of, order)
    _apply_best_of(players.values(), season.best_of, order)
    result.teams = rank_rows(list(teams.values()), season.per_night)
    result.players = rank_rows(list(players.values()), season.per_night)
    for row in (*result.teams, *result.players):
        row.cells = [row.scores.get(event.pk) for event in counted]
    return result.teams, result.players


# --- CSV -----------------------------------------------------------------------------------------


def csv_rows(standings: SeasonStandings, which: str):
    """The team or player table: a column per event (a dropped score in parentheses, a guest
    night as "guest"); under the per-night rules, the champion's tiebreak columns too."""
    rows = standings.teams if which == "teams" else standings.players
    per_night = standings.season.per_night
    # The rank a number Excel sorts, the tie in a column of its own (issue 34: "2=" was text).
    first = [
        _("Rank"),
        pgettext("season CSV", "Tied"),
        _("Team") if which == "teams" else _("Player"),
    ]
    if which == "teams":
        first.append(_("Players"))
    last = [_("Events played"), _("Events counted")]
    if per_night:
        last += [_("Nights that earned points"), _("Game points"), _("Net spread")]
    yield [
        *first,
        *[f"{e.date:%Y-%m-%d} {e.name}" for e in standings.events],
        *last,
        _("Total"),
    ]
    guest = pgettext("season CSV", "guest")
    for row in rows:
        tied = pgettext("season CSV", "yes") if row.tied else ""
        cells = [row.rank if row.rank is not None else guest, tied, row.name]
        if which == "teams":
            cells.append(" & ".join(p.name for p in row.players))
        for event in standings.events:
            score = row.scores.get(event.pk)
            cells.append(
                ""
                if score is None
                else guest
                if score.guest
                else str(score.score)
                if score.counted
                else f"({score.score})"
            )
        figures = [row.events_played, row.events_counted]
        if per_night:
            figures += [row.nights_qualified, row.game_points, row.spread]
        yield [*cells, *figures, row.total]
