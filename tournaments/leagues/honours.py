"""The honours board (palmarès) of a season, or of a league across its seasons.

Only events whose results are public count (the release rule of the season standings): an
unreleased event gives nothing, whoever asks. Games are the confirmed games between two teams;
a bye is no game, and a win by forfeit is no game played (it neither makes nor breaks a run,
and counts in no average). Every figure is defined in docs/honours.md; in short:

- **Hands of 24 or more**: every hand of 24 or more of a confirmed hand-by-hand sheet, and every
  hand declared with a confirmed final score (``tournaments.results.declared``). *Verified*: its
  cards were given and the engine checked the count against them.
- **Best cribs**: the :data:`BEST_CRIBS` highest cribs (at least :data:`CRIB_FLOOR`), the
  earlier first among equals.
- **Skunks given**: per season team, the games it won by a skunk (a double counts once, and is
  also counted as a double).
- **Longest winning run**: per season team, the most games won in a row, in the order they were
  played (event date, then round), across the events of the period.
- **Best average**: per player, the mean of their team's score per game, over at least
  ``min_games`` games.
- **Most improved**: per player, the mean per game of the later period minus that of the
  earlier one, each over at least ``min_period_games`` games. A season's periods are its first
  and second halves (by events, by date; the middle event of an odd number is in neither); a
  league's are its latest season with results and the season before.

Who held a hand: in a two-handed game, the side's player. In the four-handed game a sheet gives
the hands in show order (dealer's left, dealer's partner, dealer's right, dealer) and the
dealer's side; when a deal also says which player of that side dealt (``"dealt_by":
"captain"`` or ``"partner"``), the deal passing to the left tells who held every hand of the
game (see docs/honours.md). Otherwise the hand is the team's, player not known.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.cards import parse_card
from tournaments.events.options import rule_set_for
from tournaments.models import Event, Game, League, Player, Report, Round, Season, Team
from tournaments.publishing import league_tables
from tournaments.results.declared import PLAYERS, REMARKABLE
from tournaments.results.sheets import show_sides
from tournaments.words import EntryWords

BEST_CRIBS = 5
CRIB_FLOOR = 12
TOP = 10  # rows of the skunks, runs, averages and improvement tables
MIN_GAMES = 8  # a series: the best average needs at least this many games
MIN_PERIOD_GAMES = 4  # most improved: games needed in each period


@dataclass
class HonourHand:
    count: int
    crib: bool
    cards: str  # the engine's notation, "" when not given
    starter: str
    verified: bool  # cards given and checked by the engine
    declared: bool  # declared with a final score (else: from a hand-by-hand sheet)
    event: Event
    round: Round
    table: int | None
    team: Team
    player: Player | None
    deal: int | None = None

    @property
    def pretty(self) -> str:
        return pretty_cards(self.cards)

    @property
    def pretty_starter(self) -> str:
        return pretty_cards(self.starter)


@dataclass
class TeamFigure:
    name: str
    players: list[Player]
    value: int | float
    detail: str = ""


@dataclass
class PlayerFigure:
    player: Player
    value: float
    games: int
    before: float | None = None
    after: float | None = None


@dataclass
class HonoursBoard:
    title: str
    events: list[Event]
    hands: list[HonourHand] = field(default_factory=list)
    cribs: list[HonourHand] = field(default_factory=list)
    skunks: list[TeamFigure] = field(default_factory=list)
    runs: list[TeamFigure] = field(default_factory=list)
    averages: list[PlayerFigure] = field(default_factory=list)
    improved: list[PlayerFigure] = field(default_factory=list)
    min_games: int = MIN_GAMES
    min_period_games: int = MIN_PERIOD_GAMES
    periods: tuple[str, str] | None = None  # the names of the two periods compared

    @property
    def words(self) -> EntryWords:
        """A board of singles events only speaks of players; one with pairs of teams."""
        return EntryWords(singles=bool(self.events) and all(e.singles for e in self.events))

    @property
    def mixed(self) -> bool:
        """Singles and pairs on one board (a season of both): its entries are teams or players."""
        return len({e.singles for e in self.events}) > 1

    @property
    def entry_heading(self) -> str:
        """The entries' column: "Team or player" on a mixed board, else the events' own noun."""
        return _("Team or player") if self.mixed else self.words.Entry


def name_key(name: str) -> str:
    """Names in alphabetical order as a person expects: Élise between Denis and Francis."""
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()


def pretty_cards(text: str) -> str:
    """``5H JD`` → ``5♥ J♦`` (stored cards are in the engine's notation), the face cards in
    the reader's letters: ``V♦`` on a French page (valet, dame, roi; issue 49, point 10)."""
    letters = {
        "J": pgettext("card rank: jack", "J"),
        "Q": pgettext("card rank: queen", "Q"),
        "K": pgettext("card rank: king", "K"),
    }
    cards = (parse_card(t) for t in (text or "").split())
    return " ".join(letters.get(c.rank.label, c.rank.label) + c.suit.symbol for c in cards)


def public_events(events) -> list[Event]:
    """The released (or live) events among ``events``, by date."""
    return list(events.filter(pk__in=Event.objects.results_public()).order_by("date", "name", "pk"))


def season_board(season: Season, **limits) -> HonoursBoard:
    events = public_events(Event.objects.filter(season=season))
    n = len(events)
    halves = (events[: n // 2], events[(n + 1) // 2 :]) if n >= 2 else None
    names = (_("first half"), _("second half")) if halves else None
    return _cached_board("season", season.pk, season.name, events, halves, names, limits)


def league_board(league: League, **limits) -> HonoursBoard:
    events = public_events(Event.objects.filter(season__league=league).select_related("season"))
    by_season: dict[int, list[Event]] = defaultdict(list)
    for event in events:
        if event.season_id is not None:
            by_season[event.season_id].append(event)
    order = sorted(by_season, key=lambda pk: by_season[pk][0].date)
    periods, names = None, None
    if len(order) >= 2:
        periods = (by_season[order[-2]], by_season[order[-1]])
        before, last = by_season[order[-2]][0].season, by_season[order[-1]][0].season
        assert before is not None and last is not None  # grouped by their season_id
        names = (before.name, last.name)
    return _cached_board("league", league.pk, league.name, events, periods, names, limits)


def _cached_board(kind, owner, title, events, periods, names, limits) -> HonoursBoard:
    """The board, cached (``publishing.league_tables``) under its events' versions, the
    periods compared and the players' stamp: it reads every game of the period, once per
    change instead of once per view. The title and the periods' names are the caller's."""
    parts = (
        league_tables.event_parts(events),
        [[e.pk for e in period] for period in periods] if periods else None,
        sorted(limits.items()),
    )
    board = league_tables.table(
        f"honours-{kind}", owner, parts, lambda: _board("", events, periods, None, **limits)
    )
    board.title, board.events, board.periods = title, events, names
    return board


def _games(events: list[Event]) -> list[Game]:
    return list(
        Game.objects.filter(
            round__event__in=events, status=Game.Status.CONFIRMED, team_b__isnull=False
        )
        .select_related(
            "confirmed_report",
            "round__event",
            "team_a__captain_player",
            "team_a__partner_player",
            "team_b__captain_player",
            "team_b__partner_player",
        )
        .order_by("round__event__date", "round__event_id", "round__number", "table", "pk")
    )


def _board(
    title: str,
    events: list[Event],
    periods: tuple[list[Event], list[Event]] | None,
    names: tuple[str, str] | None,
    *,
    min_games: int = MIN_GAMES,
    min_period_games: int = MIN_PERIOD_GAMES,
) -> HonoursBoard:
    board = HonoursBoard(title, events, min_games=min_games, min_period_games=min_period_games)
    board.periods = names
    games = _games(events)
    cribs: list[HonourHand] = []
    for game in games:
        for hand in hands_of(game):
            if hand.crib:
                cribs.append(hand)
            elif hand.count >= REMARKABLE:
                board.hands.append(hand)
    board.hands.sort(key=lambda h: -h.count)  # stable: played order among equals
    cribs = [c for c in cribs if c.count >= CRIB_FLOOR]
    cribs.sort(key=lambda h: -h.count)
    board.cribs = cribs[:BEST_CRIBS]
    played = [g for g in games if not _forfeit(g)]
    board.skunks, board.runs = _team_figures(played)
    board.averages = _averages(played, min_games)
    if periods is not None:
        board.improved = _improved(played, periods, min_period_games)
    return board


def _forfeit(game: Game) -> bool:
    report = game.confirmed_report
    return report is not None and bool((report.detail or {}).get("forfeit"))


# --- hands ---------------------------------------------------------------------------------------


def _team(game: Game, side: str) -> Team:
    team = game.team_a if side == "a" else game.team_b
    assert team is not None, "a game between two teams"
    return team


def _player(team: Team, role: str | None) -> Player | None:
    if role == "captain":
        return team.captain_player
    if role == "partner":
        return team.partner_player
    return None


def hands_of(game: Game) -> Iterable[HonourHand]:
    """Every hand and crib of the game's confirmed report that has a count: a sheet's, or the
    hands declared with a final score."""
    report = game.confirmed_report
    assert report is not None, "a confirmed game has its confirmed report"
    detail = report.detail or {}
    event, round_, table = game.round.event, game.round, game.table
    if report.kind == Report.Kind.FINAL:
        for hand in detail.get("declared") or []:
            team = _team(game, hand["side"])
            yield HonourHand(
                count=hand["count"],
                crib=bool(hand.get("crib")),
                cards=hand["cards"],
                starter=hand["starter"],
                verified=True,
                declared=True,
                team=team,
                player=_player(team, hand.get("player")),
                event=event,
                round=round_,
                table=table,
            )
        return
    if report.kind != Report.Kind.SHEET:
        return
    players = rule_set_for(event).players
    deals = (detail.get("sheet") or {}).get("deals") or []
    holders = seat_roles(deals) if players == 4 else None
    for number, deal in enumerate(deals, start=1):
        dealer = deal["dealer"]
        starter = deal.get("starter") or ""
        entries = [
            (side, entry, False, holders[number - 1][i] if holders else "captain")
            for i, (side, entry) in enumerate(
                zip(show_sides(dealer, players), deal.get("hands") or [], strict=False)
            )
        ]
        if deal.get("crib") not in (None, ""):
            # the crib is the dealer's: a person in the two-handed game, a team's in four
            entries.append((dealer, deal["crib"], True, "captain" if players == 2 else None))
        for side, entry, crib, role in entries:
            count, cards = _count_and_cards(entry)
            team = _team(game, side)
            yield HonourHand(
                count=count,
                crib=crib,
                cards=cards,
                starter=starter if cards else "",
                verified=bool(cards),
                declared=False,
                team=team,
                player=_player(team, role),
                deal=number,
                event=event,
                round=round_,
                table=table,
            )


def _count_and_cards(entry) -> tuple[int, str]:
    if isinstance(entry, dict):
        cards = entry.get("cards") or ""
        if isinstance(cards, list):
            cards = " ".join(cards)
        return int(str(entry.get("count")).strip()), cards
    return int(str(entry).strip()), ""


def _other_role(role: str | None) -> str | None:
    if role is None:
        return None
    return "partner" if role == "captain" else "captain"


def seat_roles(deals: list[dict]) -> list[list[str | None]]:
    """For each deal of a four-handed sheet, the role (``captain``/``partner`` of its side) of
    the holder of each hand in show order, where the sheet says who dealt; else ``None``.

    The deal passes to the left, so the dealers go round the table: the sides alternate, and a
    side's two players deal every other time it deals. One ``dealt_by`` of a side therefore
    tells who dealt each of that side's deals; in a deal, the dealer holds hand 4 and the
    partner hand 2, and of the other side the next dealer (on the dealer's left) holds hand 1,
    the other hand 3. A sheet whose dealers do not alternate, or that contradicts itself, names
    nobody."""
    unknown: list[list[str | None]] = [[None] * 4 for _ in deals]
    sides = [d.get("dealer") for d in deals]
    if any(sides[i] == sides[i + 1] for i in range(len(sides) - 1)):
        return unknown
    dealer_role: list[str | None] = [None] * len(deals)
    for side in ("a", "b"):
        mine = [i for i, s in enumerate(sides) if s == side]
        said: list[tuple[int, str]] = [
            (p, deals[i]["dealt_by"])
            for p, i in enumerate(mine)
            if deals[i].get("dealt_by") in PLAYERS
        ]
        if not said:
            continue
        p0, r0 = said[0]
        roles = [r0 if (p - p0) % 2 == 0 else _other_role(r0) for p in range(len(mine))]
        if any(roles[p] != r for p, r in said):
            return unknown  # the sheet contradicts itself: name nobody
        for p, i in enumerate(mine):
            dealer_role[i] = roles[p]
    result = []
    for i, role in enumerate(dealer_role):
        left = dealer_role[i + 1] if i + 1 < len(deals) else None
        if left is None and i > 0:
            left = _other_role(dealer_role[i - 1])  # the previous dealer sits on the right
        result.append([left, _other_role(role), _other_role(left), role])
    return result


# --- teams and players ---------------------------------------------------------------------------


def team_key(team: Team) -> Hashable:
    """A season team is its pair of players, as in the season standings."""
    ids = [p for p in (team.captain_player_id, team.partner_player_id) if p]
    return frozenset(ids) if ids else ("team", team.pk)


def _scores(game: Game) -> Iterable[tuple[Team, int, int, int]]:
    """(team, its score, the other's score, skunk level) for both sides."""
    report = game.confirmed_report
    assert report is not None and game.team_b is not None
    yield game.team_a, report.score_a, report.score_b, report.skunk
    yield game.team_b, report.score_b, report.score_a, report.skunk


def _team_figures(games: list[Game]) -> tuple[list[TeamFigure], list[TeamFigure]]:
    names: dict[Hashable, Team] = {}
    skunks: dict[Hashable, list[int]] = defaultdict(lambda: [0, 0])
    run: dict[Hashable, int] = defaultdict(int)
    best: dict[Hashable, tuple[int, str]] = {}
    for game in games:
        for team, mine, theirs, level in _scores(game):
            key = team_key(team)
            names[key] = team  # games come in order: the latest name wins
            if mine > theirs:
                if level:
                    skunks[key][0] += 1
                    skunks[key][1] += level >= 2
                run[key] += 1
                if run[key] > best.get(key, (0, ""))[0]:
                    best[key] = (run[key], game.round.event.name)
            else:
                run[key] = 0

    def figure(key, value, detail="") -> TeamFigure:
        team = names[key]
        people = [p for p in (team.captain_player, team.partner_player) if p]
        return TeamFigure(team.name, people, value, detail)

    skunk_rows = [
        figure(k, v[0], _("doubles: %(n)d") % {"n": v[1]} if v[1] else "")
        for k, v in skunks.items()
    ]
    run_rows = [figure(k, n, _("last win: %(event)s") % {"event": e}) for k, (n, e) in best.items()]
    return _top(skunk_rows), _top(run_rows)


def _top(rows: list[TeamFigure]) -> list[TeamFigure]:
    rows.sort(key=lambda r: (-r.value, name_key(r.name)))
    return rows[:TOP]


def _per_player(games: Iterable[Game]) -> dict[int, list[int]]:
    """Each player's team's score in each game."""
    points: dict[int, list[int]] = defaultdict(list)
    for game in games:
        for team, mine, _theirs, _level in _scores(game):
            for pk in (team.captain_player_id, team.partner_player_id):
                if pk:
                    points[pk].append(mine)
    return points


def _mean(values: list[int]) -> float:
    return round(sum(values) / len(values), 1)


def _averages(games: list[Game], min_games: int) -> list[PlayerFigure]:
    points = _per_player(games)
    people = Player.objects.in_bulk(list(points))
    rows = [
        PlayerFigure(people[pk], _mean(v), len(v))
        for pk, v in points.items()
        if len(v) >= min_games and pk in people
    ]
    rows.sort(key=lambda r: (-r.value, name_key(r.player.name)))
    return rows[:TOP]


def _improved(
    games: list[Game], periods: tuple[list[Event], list[Event]], min_games: int
) -> list[PlayerFigure]:
    ids = [{e.pk for e in period} for period in periods]
    before = _per_player(g for g in games if g.round.event_id in ids[0])
    after = _per_player(g for g in games if g.round.event_id in ids[1])
    both = [
        pk for pk in before if len(before[pk]) >= min_games and len(after.get(pk, [])) >= min_games
    ]
    people = Player.objects.in_bulk(both)
    rows = []
    for pk in both:
        old, new = _mean(before[pk]), _mean(after[pk])
        if new > old and pk in people:
            rows.append(
                PlayerFigure(
                    people[pk], round(new - old, 1), len(before[pk]) + len(after[pk]), old, new
                )
            )
    rows.sort(key=lambda r: (-r.value, name_key(r.player.name)))
    return rows[:TOP]


# --- CSV -----------------------------------------------------------------------------------------


def csv_rows(board: HonoursBoard):
    """One table: a row per honour, its category first (words in the active language). A
    board of singles only has no team column: the entry is its player, in the player column."""
    for row in _csv_rows(board):
        yield [*row[:2], row[3] or row[2], *row[4:]] if board.words.singles else row


def _csv_rows(board: HonoursBoard):
    yield [
        _("Category"),
        _("Value"),
        board.entry_heading if board.mixed else _("Team"),
        _("Player"),
        _("Event"),
        _("Date"),
        _("Round"),
        _("Table"),
        _("Cards"),
        _("Starter"),
        _("Verified"),
        _("Detail"),
    ]
    for kind, hands in ((_("Hand"), board.hands), (_("Crib"), board.cribs)):
        for h in hands:
            yield [
                kind,
                h.count,
                h.team.name,
                h.player.name if h.player else "",
                h.event.name,
                f"{h.event.date:%Y-%m-%d}",
                h.round.label,
                h.table or "",
                h.pretty,
                h.pretty_starter,
                _("yes") if h.verified else _("no"),
                _("declared with the final score") if h.declared else _("score sheet"),
            ]
    for kind, rows in ((_("Skunks given"), board.skunks), (_("Longest winning run"), board.runs)):
        for r in rows:
            yield [
                kind,
                r.value,
                r.name,
                " & ".join(p.name for p in r.players),
                *[""] * 7,
                r.detail,
            ]
    for kind, prows in ((_("Best average"), board.averages), (_("Most improved"), board.improved)):
        for p in prows:
            detail = (
                _("games: %(games)d") % {"games": p.games}
                if p.before is None
                else f"{p.before} → {p.after}"
            )
            yield [kind, p.value, "", p.player.name, *[""] * 7, detail]
