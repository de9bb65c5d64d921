"""A single-elimination bracket seeded by qualifying position (the ACC's playoff).

The American Cribbage Congress qualifies one entrant in four, fractions rounded up (121 to 124
entrants: 31 qualifiers), and plays a single-elimination bracket seeded by qualifying position,
each match the best of 3 (or 5) games. The top seeds get first-round byes so that round 2 is a
full bracket: byes = the next power of two − the qualifiers (108 entrants → 27 qualifiers → 5
byes; 40 → 10 → 6 byes, round 1 = seeds 7–10). A qualifier absent when the playoff starts loses
game 1 after 5 minutes and another game every 15 minutes (docs/acc.md).

Seeds are placed in the standard order (:func:`seed_positions`): 1 and 2 can meet only in the
final, 1 to 4 only from the semi-finals, and in every round the favourites, if they win, meet
seeds that add up to the bracket's size + 1 (1 v 16, 8 v 9… then 1 v 8, 4 v 5…).

Plain Python: the Django side gives the qualifiers best first and the games played so far, as
:class:`~.records.PlayoffGame` records whose ``match`` is the bracket's match id ("R1-M2": round
1, second match from the top).

>>> qualifiers(40), byes(qualifiers(40))
(10, 6)
>>> [(m.seed_a, m.seed_b) for m in bracket(list(range(101, 111)))[0] if m.seed_b]
[(8, 9), (7, 10)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .playoffs import MatchState, match_state
from .records import PlayoffGame, StandingsError

ONE_IN_FOUR = 4
FIRST_FORFEIT_MINUTES = 5  # an absent qualifier loses game 1 after 5 minutes
NEXT_FORFEIT_MINUTES = 15  # and another game every 15 minutes after that


def qualifiers(entrants: int, *, one_in: int = ONE_IN_FOUR, fixed: int | None = None) -> int:
    """How many entrants qualify: ``fixed`` if given, else one in ``one_in``, rounded up.

    >>> qualifiers(121), qualifiers(124), qualifiers(125), qualifiers(40, fixed=8)
    (31, 31, 32, 8)
    """
    if entrants < 2:
        raise StandingsError(f"a bracket needs at least 2 entrants: got {entrants}")
    if fixed is not None:
        if not 2 <= fixed <= entrants:
            raise StandingsError(
                f"{fixed} qualifiers is not possible with {entrants} entrants: allowed 2 to "
                f"{entrants}"
            )
        return fixed
    if one_in < 1:
        raise StandingsError(f"one qualifier in {one_in} entrants is not a rule: allowed 1 or more")
    return max(2, math.ceil(entrants / one_in))


def bracket_size(qualifier_count: int) -> int:
    """The full bracket's size: the power of two at or above the qualifiers."""
    if qualifier_count < 2:
        raise StandingsError(f"a bracket needs at least 2 qualifiers: got {qualifier_count}")
    return 1 << (qualifier_count - 1).bit_length()


def byes(qualifier_count: int) -> int:
    """First-round byes, given to the top seeds, so that round 2 is a full bracket."""
    return bracket_size(qualifier_count) - qualifier_count


def seed_positions(size: int) -> list[int]:
    """Seeds 1..size from the top of the bracket down, in the standard order.

    >>> seed_positions(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < size:
        doubled = 2 * len(order)
        order = [seed for top in order for seed in (top, doubled + 1 - top)]
    return order


@dataclass(frozen=True)
class BracketMatch:
    """One match: ``round`` (1 = first), ``slot`` (1 = top). Seeds and teams are None until the
    earlier match that sends them is decided; in round 1 ``seed_b`` None is a bye for ``seed_a``.
    """

    id: str
    round: int
    slot: int
    seed_a: int | None
    seed_b: int | None
    team_a: int | None
    team_b: int | None
    state: MatchState | None

    @property
    def is_bye(self) -> bool:
        return self.round == 1 and self.seed_a is not None and self.seed_b is None

    @property
    def winner(self) -> int | None:
        if self.is_bye:
            return self.team_a
        return self.state.winner if self.state is not None else None

    @property
    def loser(self) -> int | None:
        if self.winner is None or self.is_bye:
            return None
        return self.team_b if self.winner == self.team_a else self.team_a


def match_id(round_number: int, slot: int) -> str:
    return f"R{round_number}-M{slot}"


def bracket(
    seeded: Sequence[int],
    games: Iterable[PlayoffGame] = (),
    *,
    wins_needed: int = 2,
) -> list[list[BracketMatch]]:
    """Every round of the bracket of ``seeded`` (the qualifiers, best first), with the games
    played so far placed in their matches; refuses a game that belongs to no playable match."""
    if len(set(seeded)) != len(seeded):
        raise StandingsError("a team is seeded twice: each qualifier takes one seed")
    size = bracket_size(len(seeded))
    by_match: dict[str, list[PlayoffGame]] = {}
    for game in games:
        by_match.setdefault(game.match, []).append(game)
    team_of = dict(enumerate(seeded, start=1))
    positions = seed_positions(size)
    entrants: list[tuple[int | None, int | None]] = [
        (seed, team_of.get(seed)) for seed in positions
    ]
    rounds: list[list[BracketMatch]] = []
    number = 1
    while len(entrants) > 1:
        matches = [
            _match(number, k // 2 + 1, entrants[k], entrants[k + 1], by_match, wins_needed)
            for k in range(0, len(entrants), 2)
        ]
        rounds.append(matches)
        entrants = [
            (_seed_of(m, m.winner), m.winner) if m.winner is not None else (None, None)
            for m in matches
        ]
        number += 1
    unknown = set(by_match) - {m.id for r in rounds for m in r if m.state is not None}
    if unknown:
        raise StandingsError(
            f"games of {', '.join(sorted(unknown))} belong to no match ready to be played"
        )
    return rounds


def _seed_of(match: BracketMatch, team: int) -> int | None:
    return match.seed_a if team == match.team_a else match.seed_b


def _match(
    number: int,
    slot: int,
    a: tuple[int | None, int | None],
    b: tuple[int | None, int | None],
    by_match: dict[str, list[PlayoffGame]],
    wins_needed: int,
) -> BracketMatch:
    (seed_a, team_a), (seed_b, team_b) = sorted(
        (a, b), key=lambda entry: entry[0] if entry[0] is not None else math.inf
    )
    ident = match_id(number, slot)
    if number == 1 and team_b is None:  # a seed beyond the qualifiers: a bye for team_a
        return BracketMatch(ident, number, slot, seed_a, None, team_a, None, None)
    state = None
    if team_a is not None and team_b is not None:
        state = match_state(ident, team_a, team_b, by_match.get(ident, ()), wins_needed)
    return BracketMatch(ident, number, slot, seed_a, seed_b, team_a, team_b, state)


def playable(rounds: list[list[BracketMatch]]) -> list[BracketMatch]:
    """The matches that can be played now: both teams known, not yet decided."""
    return [m for r in rounds for m in r if m.state is not None and m.state.winner is None]


def champion(rounds: list[list[BracketMatch]]) -> int | None:
    return rounds[-1][0].winner if rounds else None


def third_place_match(rounds: list[list[BracketMatch]]) -> tuple[int, int] | None:
    """The semi-finals' losers (for an optional third-place match), once both are known."""
    if len(rounds) < 2:
        return None
    losers = [m.loser for m in rounds[-2]]
    if any(loser is None for loser in losers):
        return None
    return (losers[0], losers[1])  # type: ignore[return-value]  # both checked above


def forfeited_games(minutes_late: float, *, wins_needed: int = 2) -> int:
    """Games an absent qualifier has lost ``minutes_late`` minutes after the playoff started:
    game 1 after 5 minutes, another every 15 minutes, until the match is lost.

    >>> [forfeited_games(m) for m in (4, 5, 19, 20, 60)]
    [0, 1, 1, 2, 2]
    """
    if minutes_late < FIRST_FORFEIT_MINUTES:
        return 0
    lost = 1 + int((minutes_late - FIRST_FORFEIT_MINUTES) // NEXT_FORFEIT_MINUTES)
    return min(lost, wins_needed)


def podium(
    seeded: Sequence[int],
    games: Iterable[PlayoffGame] = (),
    *,
    wins_needed: int = 2,
    third_place: bool = False,
    third_match: str = "3RD",
) -> list[tuple[int, tuple[int, ...]]] | None:
    """The bracket's final places once it is played out, else None: (1, champion), (2, the
    finalist), then third place: the third-place match's winner when the event plays one, else
    both semi-final losers share third (the ACC awards no third-place match by default). A
    bracket of two has no third place.

    >>> games = [PlayoffGame("R1-M1", 1, 4, 1, 121, 90), PlayoffGame("R1-M2", 2, 3, 3, 80, 121),
    ...          PlayoffGame("R2-M1", 1, 3, 3, 100, 121)]
    >>> podium([1, 2, 3, 4], games, wins_needed=1)
    [(1, (3,)), (2, (1,)), (3, (2, 4))]
    """
    played = list(games)
    rounds = bracket(seeded, [g for g in played if g.match != third_match], wins_needed=wins_needed)
    final = rounds[-1][0] if rounds else None
    if final is None or final.winner is None:
        return None
    places: list[tuple[int, tuple[int, ...]]] = [(1, (final.winner,))]
    if final.loser is not None:
        places.append((2, (final.loser,)))
    pair = third_place_match(rounds)
    if pair is None:
        return places
    if not third_place:
        return [*places, (3, tuple(sorted(pair, key=list(seeded).index)))]
    first, second = sorted(pair, key=list(seeded).index)
    state = match_state(
        third_match, first, second, [g for g in played if g.match == third_match], wins_needed
    )
    if state.winner is None:
        return None  # the third-place match is still to be played
    return [*places, (3, (state.winner,))]
