"""A player's record: events played, games, wins, skunks, and hand figures from the sheets.

Only events whose results are public count for the figures (the release rule): an unreleased
event is listed with the player's team, but without a rank, and none of its games are counted.
A draft event is not even listed, but to its organizers and officials (``selectors``).

Games are every confirmed game against an opponent, playoffs included (byes are not games).
A skunk is a game won (for) or lost (against) by a skunk of any level, as in the standings.

Hand figures come from hand-by-hand sheets (``Report.kind == "sheet"``, the confirmed version).
A sheet records each hand by its seat in the show, not by the name of who held it, so a
player's figures are those of their side of the table: their hands and their partner's; the
crib is their side's when their side dealt. Hands after the end of the game are not on the
sheet, so every hand counted was really shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q

from tournaments.events.options import rule_set_for
from tournaments.models import Event, Game, Player, Report, Team
from tournaments.publishing import league_tables
from tournaments.results.sheets import show_sides
from tournaments.selectors import visible_events
from tournaments.standings.service import event_standings


@dataclass
class EventLine:
    event: Event
    team: Team
    public: bool
    rank: int | None = None
    tied: bool = False
    medal: str | None = None


@dataclass
class HandFigures:
    sheets: int = 0
    hands: list[int] = field(default_factory=list)
    cribs: list[int] = field(default_factory=list)

    @property
    def average_hand(self) -> float | None:
        return round(sum(self.hands) / len(self.hands), 2) if self.hands else None

    @property
    def average_crib(self) -> float | None:
        return round(sum(self.cribs) / len(self.cribs), 2) if self.cribs else None

    @property
    def best_hand(self) -> int | None:
        return max(self.hands, default=None)


@dataclass
class PlayerRecord:
    player: Player
    events: list[EventLine]
    games: int = 0
    wins: int = 0
    losses: int = 0
    skunks_for: int = 0
    skunks_against: int = 0
    figures: HandFigures = field(default_factory=HandFigures)


def player_teams(player: Player, viewer=None):
    """The player's teams in the events ``viewer`` may see (a draft: its managers only)."""
    return (
        Team.objects.filter(Q(captain_player=player) | Q(partner_player=player))
        .filter(event__in=visible_events(viewer))
        .select_related("event__season__league")
        .order_by("-event__date", "-event_id")
    )


def record_of(player: Player, viewer=None) -> PlayerRecord:
    """The player's record as ``viewer`` may see it (anonymous by default).

    Two queries (the player's teams, the cache's stamp aside) when nothing changed: the ranks
    and the figures read every game of the player, so they are cached
    (``publishing.league_tables``) under the player's teams and their events' versions (a
    result, a correction, a release, a hide or a merge bumps the event)."""
    teams = list(player_teams(player, viewer))
    parts = (
        [t.pk for t in teams],
        league_tables.event_parts([t.event for t in teams], "results_public"),
    )
    ranks, record = league_tables.table("player", player.pk, parts, lambda: _figures(teams))
    record.player = player
    record.events = [
        EventLine(t.event, t, t.event.results_public, *ranks.get(t.pk, (None, False, None)))
        for t in teams
    ]
    return record


def _figures(teams: list[Team]) -> tuple[dict[int, tuple], PlayerRecord]:
    """(team id -> (rank, tied, medal), the record's figures without its player and lines)."""
    public = [t for t in teams if t.event.results_public]
    played = set(
        Event.objects.filter(pk__in={t.event_id for t in public}, rounds__isnull=False)
        .values_list("pk", flat=True)
        .distinct()
    )
    ranks: dict[int, tuple] = {}
    for team in public:
        if team.event_id in played:
            standings = event_standings(team.event).standings
            row = next((r for r in standings.rows if r.team == team.pk), None)
            if row is not None:
                ranks[team.pk] = (row.rank, row.tied, row.medal)
    record = PlayerRecord(None, [])  # type: ignore[arg-type]  # the caller's player and lines
    public_teams = {t.pk for t in public}
    games = (
        Game.objects.filter(
            Q(team_a__in=public_teams) | Q(team_b__in=public_teams),
            status=Game.Status.CONFIRMED,
            team_b__isnull=False,
        )
        .select_related("confirmed_report", "round__event")
        .order_by("round__event__date", "round__number", "pk")
    )
    for game in games:
        report = game.confirmed_report
        assert report is not None, "a confirmed game has its confirmed report"
        side = "a" if game.team_a_id in public_teams else "b"
        _count_game(record, report, side)
        if report.kind == Report.Kind.SHEET:
            _count_sheet(
                record.figures,
                report.detail.get("sheet") or {},
                side,
                _players_at_table(game.round.event),
            )
    return ranks, record


def _count_game(record: PlayerRecord, report: Report, side: str) -> None:
    mine, theirs = (
        (report.score_a, report.score_b) if side == "a" else (report.score_b, report.score_a)
    )
    record.games += 1
    if mine > theirs:
        record.wins += 1
        record.skunks_for += report.skunk > 0
    elif theirs > mine:
        record.losses += 1
        record.skunks_against += report.skunk > 0


def _players_at_table(event: Event) -> int:
    return rule_set_for(event).players


def _count(entry) -> int:
    value = entry.get("count") if isinstance(entry, dict) else entry
    return int(str(value).strip())


def _count_sheet(figures: HandFigures, sheet: dict, side: str, players: int) -> None:
    """Add the side's hands and cribs of one confirmed (hence valid) sheet."""
    figures.sheets += 1
    for deal in sheet.get("deals") or []:
        dealer = deal.get("dealer")
        sides = show_sides(dealer, players)
        for seat, entry in zip(sides, deal.get("hands") or [], strict=False):
            if seat == side:
                figures.hands.append(_count(entry))
        if dealer == side and deal.get("crib") not in (None, ""):
            figures.cribs.append(_count(deal["crib"]))
