"""Playoffs for ties on a medal place: best-of-three matches ("un deux de trois").

A match is won by the first team to win 2 games, so it lasts 2 or 3 games; a game recorded
after the match is decided is refused.

The format for a group of tied teams is a **stepladder**. The teams are first seeded by the
event's tiebreak chain (without the playoff), best first: ``s1, s2, ..., sn``.

* 2 teams: one match ``A``, s1 v s2.
* n teams: ``n - 1`` matches played one after the other. Match ``A`` is s(n-1) v sn; match
  ``B`` is s(n-2) v the winner of ``A``; and so on up the ladder; the last match is s1 v the
  winner of the one before, and decides 1st place.
* The loser of ``A`` takes the group's last place, the loser of ``B`` the one above, ..., the
  loser of the last match 2nd, its winner 1st: the order of elimination orders the whole group.

Match ids are letters ``A``, ``B``, ... (then ``AA``, ``AB``, ... past 26), stable for a given
group size. In every match ``team_a`` is the higher seed.

>>> plan = playoff_plan({7, 4, 9}, seeding=(7, 4, 9), games_so_far=())
>>> [(m.match, m.team_a, m.team_b, m.status) for m in plan]
[('A', 4, 9, 'to_play'), ('B', 7, None, 'waiting')]
>>> done = [PlayoffGame("A", 4, 9, 9), PlayoffGame("A", 4, 9, 9),
...         PlayoffGame("B", 7, 9, 7), PlayoffGame("B", 7, 9, 7)]
>>> playoff_order(playoff_plan({7, 4, 9}, (7, 4, 9), done))
(7, 9, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .records import PlayoffGame, StandingsError

WINS_NEEDED = 2  # best of three
MAX_GAMES = 2 * WINS_NEEDED - 1


@dataclass(frozen=True)
class MatchState:
    """A best-of-three match between ``team_a`` and ``team_b`` and the games played so far."""

    match: str
    team_a: int
    team_b: int
    games: tuple[PlayoffGame, ...] = ()

    @property
    def wins_a(self) -> int:
        return sum(1 for g in self.games if g.winner == self.team_a)

    @property
    def wins_b(self) -> int:
        return sum(1 for g in self.games if g.winner == self.team_b)

    @property
    def winner(self) -> int | None:
        if self.wins_a >= WINS_NEEDED:
            return self.team_a
        if self.wins_b >= WINS_NEEDED:
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
        """True while neither team has won 2 games."""
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
                f"{len(self.games) + 1} is not allowed (best of {MAX_GAMES}: first to "
                f"{WINS_NEEDED} wins)"
            )
        return MatchState(self.match, self.team_a, self.team_b, (*self.games, game))


def match_state(
    match: str, team_a: int, team_b: int, games: Iterable[PlayoffGame] = ()
) -> MatchState:
    """Replay ``games`` into the match between ``team_a`` and ``team_b`` (checked one by one)."""
    state = MatchState(match, team_a, team_b)
    for game in games:
        state = state.with_game(game)
    return state


@dataclass(frozen=True)
class PlannedMatch:
    """One match of a playoff plan; ``team_b`` is None until ``team_b_from`` is decided."""

    match: str
    team_a: int  # the higher seed, waiting on its step of the ladder
    team_b: int | None
    team_b_from: str | None  # the match whose winner comes up to play (None for match A)
    state: MatchState | None  # None while team_b is unknown

    @property
    def status(self) -> str:
        """``decided``, ``to_play`` (both teams known, not yet won) or ``waiting``."""
        if self.state is None:
            return "waiting"
        return "to_play" if self.state.needs_game else "decided"

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


def playoff_plan(
    group: Iterable[int], seeding: Sequence[int], games_so_far: Iterable[PlayoffGame]
) -> list[PlannedMatch]:
    """The stepladder for the tied ``group`` seeded best first, with the games played so far.

    Refuses a seeding that is not exactly the group, a game with an unknown match id, a game
    for a match whose teams are not known yet, and a game between the wrong teams.
    """
    teams, seeds = set(group), tuple(seeding)
    if len(seeds) != len(set(seeds)) or set(seeds) != teams:
        raise StandingsError(
            f"playoff seeding {list(seeds)} must list each team of the tied group "
            f"{sorted(teams)} exactly once"
        )
    if len(seeds) < 2:
        raise StandingsError(f"a playoff needs at least 2 tied teams, got {list(seeds)}")
    ids = match_ids(len(seeds) - 1)
    by_match: dict[str, list[PlayoffGame]] = {m: [] for m in ids}
    for game in games_so_far:
        if game.match not in by_match:
            raise StandingsError(
                f"playoff game {game.team_a} v {game.team_b} names match {game.match!r}; "
                f"the matches of this group are {', '.join(ids)}"
            )
        by_match[game.match].append(game)

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
            state = match_state(match, higher_seed, challenger, by_match[match])
        plan.append(PlannedMatch(match, higher_seed, challenger, previous, state))
        challenger = None if state is None else state.winner
        previous = match
    return plan


def next_match(plan: Sequence[PlannedMatch]) -> PlannedMatch | None:
    """The match to play now, or None when the playoff is complete."""
    return next((m for m in plan if m.status == "to_play"), None)


def playoff_order(plan: Sequence[PlannedMatch]) -> tuple[int, ...] | None:
    """The group's order (1st first) once every match is decided, else None."""
    if not plan or any(m.status != "decided" for m in plan):
        return None
    states = [m.state for m in plan if m.state is not None]  # all of them: every match is decided
    order = [states[-1].winner, *(s.loser for s in reversed(states))]
    teams = tuple(team for team in order if team is not None)
    assert len(teams) == len(order), "a decided match has a winner and a loser"
    return teams
