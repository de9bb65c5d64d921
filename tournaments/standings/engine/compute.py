"""The ordering: ranks, ties, medals, from plain records and a :class:`StandingsConfig`.

How a field is ordered:

1. Teams are sorted by the system's primary metric and grouped by equal value.
2. Each group of tied teams is split by the next key of the tiebreak chain; each sub-group
   still tied goes on to the key after, and so on. A relative metric (``head_to_head``) is
   computed within the current tied sub-group. A key that has no value for some team of the
   group (an unrecorded lot) cannot split it: the group passes to the next key.
3. The chain ends with the draw of lots. Teams still tied after it (no lot recorded) are listed
   by team id as a last resort, share a rank, are flagged ``tied`` and reported in
   ``Standings.needs_draw``.
4. FADOQ: once the series is complete (``series_complete``), a group tied on points that
   touches a medal place (its first team would be 1st, 2nd or 3rd) is ordered by its
   playoff (``playoffs``: the config's ``playoff`` format), seeded by the tiebreak chain. Until the playoff is
   complete the group is listed in seeding order, shares a rank, wins no medal, and is reported
   in ``Standings.medal_ties`` with its plan. Only teams still in play off: withdrawn teams of
   such a group are ordered by the chain below the others.
5. Before the series is complete the standings are ``provisional`` (any system): ties are
   ordered by the chain, there is no playoff and no medal (a tie after round 2 of 8 means
   nothing yet).

Ranks are competition ranks (1, 2, 2, 4): tied rows share the rank of the first. Medals go to
untied rows ranked 1, 2, 3. ``decided_by`` names the metric that placed a row below the row just
above it (None for the first row and for a row still tied with the one above).

Only sorting within groups: near-linear in the number of teams and games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import groupby

from .metrics import METRICS, MetricContext, Value, bye_worth
from .playoffs import (
    PlannedMatch,
    PlayoffFormat,
    next_match,
    playable_matches,
    playoff_order,
    playoff_plan,
)
from .records import GameResult, PlayoffGame, StandingsError, index_results
from .systems import MEDALS, PLAYOFF_KEY, StandingsConfig


@dataclass(frozen=True)
class StandingRow:
    """One team's line: its rank, every metric of the system, and why it sits where it does."""

    rank: int
    team: int
    metrics: Mapping[str, Value]
    tied: bool
    decided_by: str | None
    medal: str | None


@dataclass(frozen=True)
class MedalTie:
    """Teams tied on the primary metric for a medal place, waiting for their playoff."""

    teams: tuple[int, ...]  # seeded best first by the tiebreak chain
    places: tuple[int, int]  # the first and last places the group covers
    matches: tuple[PlannedMatch, ...]
    format: PlayoffFormat = field(default_factory=PlayoffFormat)

    @property
    def next_match(self) -> PlannedMatch | None:
        return next_match(self.matches)

    @property
    def playable(self) -> tuple[PlannedMatch, ...]:
        """The matches that can be played now (a game of each can be seated)."""
        return playable_matches(self.matches)


@dataclass(frozen=True)
class Standings:
    system: str
    columns: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    medal_ties: tuple[MedalTie, ...] = ()
    #: medal ties their playoff has settled (kept to say how: who won which match, the order)
    settled_ties: tuple[MedalTie, ...] = ()
    needs_draw: tuple[tuple[int, ...], ...] = ()  # groups only a draw can separate, no lot yet
    provisional: bool = False  # the series is not complete: no playoff, no medal yet

    @property
    def order(self) -> tuple[int, ...]:
        return tuple(row.team for row in self.rows)

    def row(self, team: int) -> StandingRow:
        for row in self.rows:
            if row.team == team:
                return row
        raise StandingsError(f"team {team} is not in these standings")


@dataclass(frozen=True)
class _Block:
    """Consecutive teams of the final order; more than one only if still tied."""

    teams: tuple[int, ...]
    separated_by: str | None = None  # the key that put this block below the previous one
    needs_draw: bool = False


@dataclass
class _Ranker:
    """Orders groups of teams by a chain of metrics, remembering every value it computed."""

    ctx: MetricContext
    values: dict[str, dict[int, Value]] = field(default_factory=dict)

    def column(self, key: str, teams: Iterable[int]) -> None:
        metric = METRICS[key]
        self.values[key] = {} if metric.relative else {t: metric.value(t, self.ctx) for t in teams}

    def values_in(self, key: str, group: Sequence[int]) -> dict[int, Value]:
        metric = METRICS[key]
        if not metric.relative:
            known = self.values.setdefault(key, {})
            for team in group:
                if team not in known:
                    known[team] = metric.value(team, self.ctx)
            return {t: known[t] for t in group}
        members = frozenset(group)
        found = {t: metric.value(t, self.ctx, members) for t in group}
        self.values.setdefault(key, {}).update(found)  # shown in the row's column
        return found

    def order(self, group: Sequence[int], chain: Sequence[str]) -> list[_Block]:
        """``group`` ordered by ``chain``; the first block's ``separated_by`` is left None."""
        if len(group) == 1:
            return [_Block(tuple(group))]
        if not chain:
            return [_Block(tuple(sorted(group)), needs_draw=True)]
        key, rest = chain[0], chain[1:]
        found = _all_known(self.values_in(key, group))
        if found is None:  # a value not known yet cannot separate teams
            return self.order(group, rest)
        ranked = sorted(group, key=found.__getitem__, reverse=METRICS[key].higher_is_better)
        blocks: list[_Block] = []
        for index, (_, tied) in enumerate(groupby(ranked, key=found.__getitem__)):
            sub = self.order(list(tied), rest)
            if index:
                sub[0] = replace(sub[0], separated_by=key)
            blocks.extend(sub)
        return blocks


def compute_standings(
    team_ids: Iterable[int],
    results: Iterable[GameResult],
    config: StandingsConfig,
    playoff_games: Iterable[PlayoffGame] = (),
    *,
    series_complete: bool = True,
    withdrawn: Iterable[int] = (),
) -> Standings:
    """The ordered standings of ``team_ids`` from confirmed ``results`` (see the module doc).

    ``series_complete``: every round of the series is seated, played and confirmed (the only
    time a medal tie is played off). ``withdrawn``: teams no longer in the event.
    """
    teams = sorted(team_ids)
    ctx = MetricContext(
        games=index_results(teams, results, config.target),
        target=config.target,
        bye_points=config.bye_points,
        double_skunk_bonus=config.double_skunk_bonus,
        bye_counts_as_win=config.bye_counts_as_win,
        drawn_lots=config.drawn_lots,
    )
    scoring, chain = config.scoring, config.chain
    ranker = _Ranker(ctx)
    for key in config.columns:
        if key != PLAYOFF_KEY:
            ranker.column(key, teams)
    primary = _all_known(ranker.values_in(scoring.primary, teams))
    if primary is None:
        raise StandingsError(
            f"the primary metric {scoring.primary!r} of the {config.system} system has no value "
            f"for some team: a primary metric must always have one"
        )
    best_first = METRICS[scoring.primary].higher_is_better
    ranked = sorted(teams, key=primary.__getitem__, reverse=best_first)
    groups = [list(g) for _, g in groupby(ranked, key=primary.__getitem__)]
    playoffs_apply = scoring.medal_playoff and series_complete
    # Medal ties first: their playoff results are the `playoff` metric of the whole field.
    medal_groups, below_tie = (
        _medal_ties(groups, ranker, chain, set(withdrawn)) if playoffs_apply else ({}, set())
    )
    # Playoff games only count once the series is complete (a series lengthened after its
    # playoff makes the standings provisional again rather than wrong).
    plans = _playoff_plans(
        groups, medal_groups, playoff_games if playoffs_apply else (), config.playoff
    )
    positions = {}
    for index, plan in plans.items():
        order = playoff_order(plan, [t for b in medal_groups[index] for t in b.teams])
        positions.update({team: i for i, team in enumerate(order or (), start=1)})
    ranker.ctx = replace(ctx, playoff_positions=positions)
    if PLAYOFF_KEY in config.columns:
        ranker.column(PLAYOFF_KEY, teams)

    blocks: list[_Block] = []
    medal_ties: list[MedalTie] = []
    settled_ties: list[MedalTie] = []
    needs_draw: list[tuple[int, ...]] = []
    for index, group in enumerate(groups):
        if index in medal_groups:
            seeding = medal_groups[index]
            seeded = tuple(t for block in seeding for t in block.teams)
            first = sum(len(b.teams) for b in blocks) + 1
            tie = MedalTie(
                seeded, (first, first + len(group) - 1), tuple(plans[index]), config.playoff
            )
            if positions.get(group[0]) is not None:
                found = ranker.order(group, (PLAYOFF_KEY,))
                settled_ties.append(tie)
            else:
                found = [_Block(seeded)]  # shares a rank until the playoff is done
                medal_ties.append(tie)
                # The playoff cannot be seeded until the draw separates these.
                needs_draw.extend(b.teams for b in seeding if b.needs_draw)
        else:
            found = ranker.order(group, chain)
        if index and index not in below_tie:
            found[0] = replace(found[0], separated_by=scoring.primary)
        needs_draw.extend(b.teams for b in found if b.needs_draw)
        blocks.extend(found)

    columns = config.columns
    provisional = not series_complete
    rows = _rows(blocks, columns, ranker.values, medals=not provisional)
    return Standings(
        config.system,
        columns,
        rows,
        tuple(medal_ties),
        tuple(settled_ties),
        tuple(needs_draw),
        provisional=provisional,
    )


def _all_known(values: dict[int, Value]) -> dict[int, int] | None:
    """``values`` when every team has one, else None."""
    known = {team: value for team, value in values.items() if value is not None}
    return known if len(known) == len(values) else None


def _medal_ties(
    groups: list[list[int]], ranker: _Ranker, chain: Sequence[str], out: set[int]
) -> tuple[dict[int, list[_Block]], set[int]]:
    """The medal ties among ``groups`` (index -> seeding blocks by ``chain``), and the indexes of
    the groups of withdrawn teams split off a medal tie (they rank below it; ``groups`` is
    modified to hold them)."""
    medal_groups: dict[int, list[_Block]] = {}
    below_tie: set[int] = set()
    place, index = 1, 0
    while index < len(groups):
        group = groups[index]
        if len(group) > 1 and place <= len(MEDALS):
            still_in = [t for t in group if t not in out]
            if 0 < len(still_in) < len(group):
                groups[index : index + 1] = [still_in, [t for t in group if t in out]]
                below_tie.add(index + 1)
                group = still_in
            if len(still_in) > 1:
                medal_groups[index] = ranker.order(group, chain)
        place += len(group)
        index += 1
    return medal_groups, below_tie


def _playoff_plans(
    groups: Sequence[Sequence[int]],
    medal_groups: Mapping[int, Sequence[_Block]],
    playoff_games: Iterable[PlayoffGame],
    fmt: PlayoffFormat,
) -> dict[int, list[PlannedMatch]]:
    """Route each playoff game to its medal tie and build each tie's plan (``fmt``)."""
    group_of = {team: index for index in medal_groups for team in groups[index]}
    games: dict[int, list[PlayoffGame]] = {index: [] for index in medal_groups}
    for game in playoff_games:
        index = group_of.get(game.team_a)
        if index is None or group_of.get(game.team_b) != index:
            ties = "; ".join(str(sorted(groups[i])) for i in medal_groups) or "none"
            raise StandingsError(
                f"playoff game of match {game.match} ({game.team_a} v {game.team_b}): these "
                f"teams are not tied together for a medal place (medal ties: {ties})"
            )
        games[index].append(game)
    return {
        index: playoff_plan(groups[index], [t for b in seeding for t in b.teams], games[index], fmt)
        for index, seeding in medal_groups.items()
    }


def _rows(
    blocks: Sequence[_Block],
    columns: Sequence[str],
    values: Mapping[str, Mapping[int, Value]],
    *,
    medals: bool = True,
) -> tuple[StandingRow, ...]:
    rows: list[StandingRow] = []
    for block in blocks:
        rank = len(rows) + 1
        tied = len(block.teams) > 1
        for offset, team in enumerate(block.teams):
            medal = MEDALS[rank - 1] if medals and not tied and rank <= len(MEDALS) else None
            rows.append(
                StandingRow(
                    rank=rank,
                    team=team,
                    metrics={key: values.get(key, {}).get(team) for key in columns},
                    tied=tied,
                    decided_by=None if offset else block.separated_by,
                    medal=medal,
                )
            )
    return tuple(rows)


def points_by_round(
    team_ids: Iterable[int], results: Iterable[GameResult], config: StandingsConfig
) -> dict[int, list[int | None]]:
    """Accumulated ``points`` of each team after rounds 1, 2, ..., the last round played.

    Each value is what the standings showed after that round: an ``"average"`` bye is worth the
    team's average over the games it had played by then. A bye before any game has no worth
    yet (the team's average is unknown): ``None`` until the team plays, rather than a 0 that
    reads as a lost round. A round with no confirmed game for a team leaves its line flat.
    """
    games = index_results(team_ids, results, config.target)
    last = max((g.round for played in games.values() for g in played), default=0)
    series: dict[int, list[int | None]] = {}
    for team, played in games.items():
        by_round = {g.round: g for g in played}
        scored = count = byes = 0
        line: list[int | None] = []
        for number in range(1, last + 1):
            game = by_round.get(number)
            if game is not None and game.is_bye:
                byes += 1
            elif game is not None:
                scored += min(game.score, config.target)
                count += 1
            if byes and not count and config.bye_points == "average":
                line.append(None)  # rested before playing: its bye's worth is not known yet
                continue
            line.append(scored + byes * bye_worth(config.bye_points, scored, count))
        series[team] = line
    return series
