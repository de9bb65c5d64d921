"""Playoffs for ties on a medal place ("un deux de trois sera joué pour déterminer les médaillés").

A match is a best of three (won by the first team to win 2 games, so 2 or 3 games) or a single
game, as the event's :class:`PlayoffFormat` says; a game recorded after the match is decided is
refused. Two tied teams play one match. Three or more play one of two formats, each seeded by
the event's tiebreak chain (without the playoff), best first: ``s1, s2, ..., sn``.

**Stepladder** (``stepladder``): ``n - 1`` matches played one after the other. Match ``A`` is
s(n-1) v sn; match ``B`` is s(n-2) v the winner of ``A``; and so on up the ladder; the last match
is s1 v the winner of the one before, and decides 1st place. The loser of ``A`` takes the
group's last place, the loser of ``B`` the one above, ..., the loser of the last match 2nd, its
winner 1st. The top seed plays only the last match and never finishes below 2nd; the lowest seeds
can be out after one match without meeting the top seed.

**Round robin** (``round_robin``): every tied team plays every other once (``n (n - 1) / 2``
matches), in the rounds of the circle method with s1 fixed, so that s1 v s2 comes last; a match
is played as soon as neither of its teams has an earlier match still undecided (4 teams: two
matches at a time). Once every match is decided the group is ordered by, in turn:

1. matches won;
2. matches won between the teams still level (head to head);
3. games won in the playoff;
4. points spread in the playoff (points scored minus points conceded, over its games);
5. the seeding (the event's tiebreaks).

Each time a key splits a group, each part still level starts again from key 2, so two teams
left level after a three-way cycle (A beat B, B beat C, C beat A) are split by their own match
before anything else. The seeding always splits, so the order is always complete.

Match ids are letters ``A``, ``B``, ... (then ``AA``, ``AB``, ... past 26), stable for a given
group size and format. In every match ``team_a`` is the higher seed.

>>> plan = playoff_plan({7, 4, 9}, seeding=(7, 4, 9), games_so_far=())
>>> [(m.match, m.team_a, m.team_b, m.status) for m in plan]
[('A', 4, 9, 'to_play'), ('B', 7, None, 'waiting')]
>>> done = [PlayoffGame("A", 4, 9, 9), PlayoffGame("A", 4, 9, 9),
...         PlayoffGame("B", 7, 9, 7), PlayoffGame("B", 7, 9, 7)]
>>> playoff_order(playoff_plan({7, 4, 9}, (7, 4, 9), done))
(7, 9, 4)
>>> robin = PlayoffFormat(ROUND_ROBIN, best_of=1)
>>> [(m.match, m.team_a, m.team_b, m.status) for m in playoff_plan({7, 4, 9}, (7, 4, 9), (), robin)]
[('A', 4, 9, 'to_play'), ('B', 7, 9, 'waiting'), ('C', 7, 4, 'waiting')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .records import PlayoffGame, StandingsError

WINS_NEEDED = 2  # best of three (the FADOQ "deux de trois")
MAX_GAMES = 2 * WINS_NEEDED - 1

STEPLADDER = "stepladder"
ROUND_ROBIN = "round_robin"
FORMATS = (ROUND_ROBIN, STEPLADDER)
BEST_OF = (3, 1)


@dataclass(frozen=True)
class PlayoffFormat:
    """How a medal tie is played: ``kind`` for 3+ teams, each match a best of ``best_of``."""

    kind: str = STEPLADDER
    best_of: int = MAX_GAMES

    def __post_init__(self) -> None:
        if self.kind not in FORMATS:
            raise StandingsError(
                f"playoff format {self.kind!r} is not allowed; allowed: {', '.join(FORMATS)}"
            )
        if isinstance(self.best_of, bool) or self.best_of not in BEST_OF:
            raise StandingsError(
                f"a playoff match is a best of {self.best_of!r}: allowed 3 or 1 game(s)"
            )

    @property
    def wins_needed(self) -> int:
        return self.best_of // 2 + 1


@dataclass(frozen=True)
class MatchState:
    """A match between ``team_a`` and ``team_b`` and the games played so far."""

    match: str
    team_a: int
    team_b: int
    games: tuple[PlayoffGame, ...] = ()
    wins_needed: int = WINS_NEEDED

    @property
    def wins_a(self) -> int:
        return sum(1 for g in self.games if g.winner == self.team_a)

    @property
    def wins_b(self) -> int:
        return sum(1 for g in self.games if g.winner == self.team_b)

    @property
    def winner(self) -> int | None:
        if self.wins_a >= self.wins_needed:
            return self.team_a
        if self.wins_b >= self.wins_needed:
            return self.team_b
        return None

    @property
    def loser(self) -> int | None:
        winner = self.winner
        if winner is None:
            return None
        return self.team_b if winner == self.team_a else self.team_a

    @property
    def needs_game(self) -> bool:
        """True while neither team has won the games needed."""
        return self.winner is None

    def with_game(self, game: PlayoffGame) -> MatchState:
        """The match after ``game``; refuses a game of other teams or after the match is won."""
        where = f"playoff match {self.match} ({self.team_a} v {self.team_b})"
        if game.teams != frozenset((self.team_a, self.team_b)):
            raise StandingsError(
                f"{where}: a game between {game.team_a} and {game.team_b} does not belong to it"
            )
        if not self.needs_game:
            raise StandingsError(
                f"{where} is already decided: team {self.winner} won "
                f"{max(self.wins_a, self.wins_b)}-{min(self.wins_a, self.wins_b)}; game "
                f"{len(self.games) + 1} is not allowed (best of {2 * self.wins_needed - 1}: "
                f"first to {self.wins_needed} wins)"
            )
        return MatchState(
            self.match, self.team_a, self.team_b, (*self.games, game), self.wins_needed
        )


def match_state(
    match: str,
    team_a: int,
    team_b: int,
    games: Iterable[PlayoffGame] = (),
    wins_needed: int = WINS_NEEDED,
) -> MatchState:
    """Replay ``games`` into the match between ``team_a`` and ``team_b`` (checked one by one)."""
    state = MatchState(match, team_a, team_b, wins_needed=wins_needed)
    for game in games:
        state = state.with_game(game)
    return state


@dataclass(frozen=True)
class PlannedMatch:
    """One match of a playoff plan; ``team_b`` is None until ``team_b_from`` is decided.

    ``waits_for``: in a round robin, an earlier match of one of its teams still undecided.
    """

    match: str
    team_a: int  # the higher seed
    team_b: int | None
    team_b_from: str | None  # the match whose winner comes up to play (stepladder)
    state: MatchState | None  # None while team_b is unknown
    waits_for: str | None = None

    @property
    def status(self) -> str:
        """``decided``, ``to_play`` (both teams known and free, not yet won) or ``waiting``."""
        if self.state is None:
            return "waiting"
        if not self.state.needs_game:
            return "decided"
        return "waiting" if self.waits_for is not None else "to_play"

    @property
    def winner(self) -> int | None:
        return None if self.state is None else self.state.winner


def match_ids(count: int) -> tuple[str, ...]:
    """``A``, ``B``, ..., ``Z``, ``AA``, ``AB``, ... (spreadsheet-column style)."""
    ids = []
    for number in range(1, count + 1):
        label = ""
        while number:
            number, rest = divmod(number - 1, 26)
            label = chr(ord("A") + rest) + label
        ids.append(label)
    return tuple(ids)


def round_robin_pairs(seeds: Sequence[int]) -> list[list[tuple[int, int]]]:
    """The rounds of a round robin among ``seeds`` (best first), each a list of pairs, higher
    seed first: the circle method with the top seed fixed, so the top two seeds meet last."""
    ring: list[int | None] = [*seeds, *([None] if len(seeds) % 2 else [])]
    rank = {team: i for i, team in enumerate(seeds)}
    rounds = []
    for _ in range(len(ring) - 1):
        pairs = []
        for i in range(len(ring) // 2):
            one, two = ring[i], ring[len(ring) - 1 - i]
            if one is not None and two is not None:
                pairs.append((one, two) if rank[one] < rank[two] else (two, one))
        rounds.append(sorted(pairs, key=lambda p: (rank[p[0]], rank[p[1]]), reverse=True))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def playoff_plan(
    group: Iterable[int],
    seeding: Sequence[int],
    games_so_far: Iterable[PlayoffGame],
    fmt: PlayoffFormat | None = None,
) -> list[PlannedMatch]:
    """The playoff of the tied ``group`` seeded best first, with the games played so far.

    Refuses a seeding that is not exactly the group, a game with an unknown match id, a game
    for a match whose teams are not known yet (or, in a round robin, that waits for an earlier
    match), and a game between the wrong teams.
    """
    fmt = fmt or PlayoffFormat()
    teams, seeds = set(group), tuple(seeding)
    if len(seeds) != len(set(seeds)) or set(seeds) != teams:
        raise StandingsError(
            f"playoff seeding {list(seeds)} must list each team of the tied group "
            f"{sorted(teams)} exactly once"
        )
    if len(seeds) < 2:
        raise StandingsError(f"a playoff needs at least 2 tied teams, got {list(seeds)}")
    robin = fmt.kind == ROUND_ROBIN and len(seeds) > 2
    ids = match_ids(len(seeds) * (len(seeds) - 1) // 2 if robin else len(seeds) - 1)
    by_match: dict[str, list[PlayoffGame]] = {m: [] for m in ids}
    for game in games_so_far:
        if game.match not in by_match:
            raise StandingsError(
                f"playoff game {game.team_a} v {game.team_b} names match {game.match!r}; "
                f"the matches of this group are {', '.join(ids)}"
            )
        by_match[game.match].append(game)
    if robin:
        return _round_robin(seeds, ids, by_match, fmt.wins_needed)
    return _stepladder(seeds, ids, by_match, fmt.wins_needed)


def _stepladder(
    seeds: Sequence[int], ids: Sequence[str], by_match: dict[str, list[PlayoffGame]], wins: int
) -> list[PlannedMatch]:
    plan: list[PlannedMatch] = []
    challenger: int | None = seeds[-1]  # the lowest seed starts at the foot of the ladder
    previous: str | None = None
    for match, higher_seed in zip(ids, reversed(seeds[:-1]), strict=True):
        if challenger is None:
            if by_match[match]:
                raise StandingsError(
                    f"playoff match {match} has games recorded but its second team is the "
                    f"winner of match {previous}, which is not decided yet"
                )
            state = None
        else:
            state = match_state(match, higher_seed, challenger, by_match[match], wins)
        plan.append(PlannedMatch(match, higher_seed, challenger, previous, state))
        challenger = None if state is None else state.winner
        previous = match
    return plan


def _round_robin(
    seeds: Sequence[int], ids: Sequence[str], by_match: dict[str, list[PlayoffGame]], wins: int
) -> list[PlannedMatch]:
    plan: list[PlannedMatch] = []
    busy: dict[int, str] = {}  # team -> its earliest match still undecided
    pairs = [pair for round_ in round_robin_pairs(seeds) for pair in round_]
    for match, (a, b) in zip(ids, pairs, strict=True):
        state = match_state(match, a, b, by_match[match], wins)
        waits_for = busy.get(a) or busy.get(b)
        if waits_for is not None and state.games:
            raise StandingsError(
                f"playoff match {match} ({a} v {b}) has games recorded but must wait for "
                f"match {waits_for}, which is not decided yet"
            )
        if state.needs_game:
            busy.setdefault(a, match)
            busy.setdefault(b, match)
        plan.append(PlannedMatch(match, a, b, None, state, waits_for))
    return plan


def next_match(plan: Sequence[PlannedMatch]) -> PlannedMatch | None:
    """The match to play now (the first one), or None when none can be played."""
    return next((m for m in plan if m.status == "to_play"), None)


def playable_matches(plan: Sequence[PlannedMatch]) -> tuple[PlannedMatch, ...]:
    """Every match that can be played now (a round robin of 4+ teams plays two at a time)."""
    return tuple(m for m in plan if m.status == "to_play")


@dataclass(frozen=True)
class RobinLine:
    """A team's record in a round robin playoff so far."""

    team: int
    seed: int  # 1 for the top seed
    matches_won: int
    games_won: int
    spread: int


def robin_lines(plan: Sequence[PlannedMatch], seeding: Sequence[int]) -> dict[int, RobinLine]:
    """Each team's matches won, games won and points spread in the playoff so far."""
    won = dict.fromkeys(seeding, 0)
    games = dict.fromkeys(seeding, 0)
    spread = dict.fromkeys(seeding, 0)
    for planned in plan:
        if planned.state is None:
            continue
        if planned.state.winner is not None:
            won[planned.state.winner] += 1
        for game in planned.state.games:
            games[game.winner] += 1
            spread[game.team_a] += game.score_a - game.score_b
            spread[game.team_b] += game.score_b - game.score_a
    return {
        team: RobinLine(team, i, won[team], games[team], spread[team])
        for i, team in enumerate(seeding, start=1)
    }


def _head_to_head(plan: Sequence[PlannedMatch]) -> Callable[[int, frozenset[int]], int]:
    def value(team: int, level: frozenset[int]) -> int:
        return sum(1 for m in plan if m.winner == team and m.team_a in level and m.team_b in level)

    return value


def _robin_order(
    group: Sequence[int], keys: Sequence[Callable[[int, frozenset[int]], int]], start: int = 0
) -> list[int]:
    """``group`` best first by the first key from ``start`` that splits it; each part still
    level starts again from the head-to-head key (``keys[1]``); the last key (the seed) always
    splits."""
    if len(group) < 2:
        return list(group)
    level = frozenset(group)
    for key in keys[start:]:
        values = {team: key(team, level) for team in group}
        if len(set(values.values())) > 1:
            ordered: list[int] = []
            for value in sorted(set(values.values()), reverse=True):
                ordered += _robin_order([t for t in group if values[t] == value], keys, 1)
            return ordered
    raise StandingsError(f"the seeding must split the teams {sorted(group)}")


def playoff_order(
    plan: Sequence[PlannedMatch], seeding: Sequence[int] = ()
) -> tuple[int, ...] | None:
    """The group's order (1st first) once every match is decided, else None.

    A round robin (every match has both teams known from the start and more than one match)
    needs ``seeding``, its last tiebreak."""
    if not plan or any(m.status != "decided" for m in plan):
        return None
    if len(plan) > 1 and all(m.team_b_from is None for m in plan):
        if set(seeding) != {t for m in plan for t in (m.team_a, m.team_b)}:
            raise StandingsError(
                f"a round robin playoff is ordered by its seeding at the end: {list(seeding)} "
                f"must list each of its teams"
            )
        lines = robin_lines(plan, seeding)
        keys: list[Callable[[int, frozenset[int]], int]] = [
            lambda t, _level: lines[t].matches_won,
            _head_to_head(plan),
            lambda t, _level: lines[t].games_won,
            lambda t, _level: lines[t].spread,
            lambda t, _level: -lines[t].seed,
        ]
        return tuple(_robin_order(list(seeding), keys))
    states = [m.state for m in plan if m.state is not None]  # all of them: every match is decided
    order = [states[-1].winner, *(s.loser for s in reversed(states))]
    teams = tuple(team for team in order if team is not None)
    assert len(teams) == len(order), "a decided match has a winner and a loser"
    return teams


def _continuations(wins_a: int, wins_b: int, needed: int) -> list[tuple[bool, ...]]:
    """Every way a match at ``wins_a``-``wins_b`` can end (True: team A wins that game)."""
    if wins_a >= needed or wins_b >= needed:
        return [()]
    return [
        (won_by_a, *rest)
        for won_by_a in (True, False)
        for rest in _continuations(wins_a + won_by_a, wins_b + (not won_by_a), needed)
    ]


def last_match_outcomes(
    plan: Sequence[PlannedMatch], seeding: Sequence[int]
) -> dict[int, tuple[int, ...] | None] | None:
    """What the last undecided match of a round robin means for the group's order.

    None unless exactly one match is left (the others decided). Else, for each team of that
    match, the group's order if it wins the match, or None when the order then depends on the
    games' scores (games won, points spread): every way the match can end is tried, with each
    game won by 1 point and by 121 points.
    """
    left = [m for m in plan if m.status != "decided"]
    if len(left) != 1 or left[0].state is None or left[0].team_b_from is not None:
        return None
    state = left[0].state
    found: dict[int, set[tuple[int, ...]]] = {state.team_a: set(), state.team_b: set()}
    for sequence in _continuations(state.wins_a, state.wins_b, state.wins_needed):
        for margins in _margins(len(sequence)):
            games = list(state.games)
            for won_by_a, margin in zip(sequence, margins, strict=True):
                winner = state.team_a if won_by_a else state.team_b
                scores = (121, 121 - margin) if won_by_a else (121 - margin, 121)
                games.append(PlayoffGame(state.match, state.team_a, state.team_b, winner, *scores))
            ended = match_state(state.match, state.team_a, state.team_b, games, state.wins_needed)
            replaced = [
                PlannedMatch(m.match, m.team_a, m.team_b, None, ended) if m is left[0] else m
                for m in plan
            ]
            order = playoff_order(replaced, seeding)
            assert order is not None and ended.winner is not None, "every match is decided"
            found[ended.winner].add(order)
    return {
        team: next(iter(orders)) if len(orders) == 1 else None for team, orders in found.items()
    }


def _margins(count: int) -> list[tuple[int, ...]]:
    """Each game won by 1 or by 121 points, every combination."""
    if count == 0:
        return [()]
    return [(margin, *rest) for margin in (1, 121) for rest in _margins(count - 1)]
