"""The pro's card in the two-handed play: a search over its own cards that never peeks.

Rolling each card out with the heuristic for the rest of the play undervalues a card whose
worth is in what it makes possible later; searching the best order of its own cards against
each imagined holding on its own overvalues every card (it would play each holding's best
answer as if it could see that holding). The search here does neither: against every imagined
holding at once (each weighed as drawn, the opponent laying the standard heuristic's card), at
each of its own turns it takes the one card that is best *summed over the holdings it cannot
tell apart* (those under which the opponent has laid the same cards and said go the same way
so far). That is the best play against the modelled opponent, holdings and policy given.
"""

from __future__ import annotations

from collections.abc import Sequence

from .pegging import MAX_COUNT, Leaf, _PlayOut, pips

__all__ = ["card_values"]

State = tuple[_PlayOut, Leaf]
# What seat 0 has seen of a state: its cards, the opponent's count of cards, the series, the
# count, the goes, the points and who laid last.
Seen = tuple[
    tuple[int, ...], int, tuple[int, ...], int, frozenset[int], tuple[int, ...], int | None
]


def card_values(
    mine: Sequence[int],
    holdings: Sequence[Sequence[int]],
    leaves: Sequence[Leaf],
    *,
    series: Sequence[int],
    count: int,
    last: int | None,
    passed: set[int],
    unseen: Sequence[int],
    need: tuple[int, int],
) -> dict[int, float]:
    """Each rank this player (seat 0, to play now) may lay -> its mean leaf value over the
    ``holdings`` (seat 1's cards, each with its own ``leaf``), the rest searched as above."""
    values = {}
    for rank in sorted({r for r in mine if count + pips(r) <= MAX_COUNT}):
        states = []
        for theirs, leaf in zip(holdings, leaves, strict=True):
            play = _PlayOut(
                [list(mine), list(theirs)], list(series), count, 0, last, set(passed), need
            )
            states.append((play, leaf))
        values[rank] = _after_laying(states, rank, unseen) / len(states)
    return values


def _after_laying(states: list[State], rank: int | None, unseen: Sequence[int]) -> float:
    """Seat 0 lays ``rank`` (``None``: go) in every state; the sum of the values that follow."""
    total, going = 0.0, []
    for play, leaf in states:
        if play.lay(rank) or play.advance():
            total += leaf(play.points, play.winner)
        else:
            going.append((play, leaf))
    return total + _search(going, unseen)


def _search(states: list[State], unseen: Sequence[int]) -> float:
    """The sum of the values of ``states`` (each ready for the seat to act)."""
    total = 0.0
    waiting: dict[Seen, list[State]] = {}
    for play, leaf in states:
        while True:
            if play.turn == 0:
                options = {r for r in play.hands[0] if play.count + pips(r) <= MAX_COUNT}
                if len(options) > 1:
                    waiting.setdefault(_seen(play), []).append((play, leaf))
                    break
                over = play.lay(options.pop() if options else None) or play.advance()
            else:
                over = play.act(unseen) or play.advance()
            if over:
                total += leaf(play.points, play.winner)
                break
    for group in waiting.values():
        options = {r for r in group[0][0].hands[0] if group[0][0].count + pips(r) <= MAX_COUNT}
        total += max(
            _after_laying([(p.copy(), leaf) for p, leaf in group], rank, unseen)
            for rank in sorted(options)
        )
    return total


def _seen(play: _PlayOut) -> Seen:
    """What seat 0 knows of a state: the holdings that give the same key are told apart by
    nothing it has seen (its own cards, the series and count, the goes, the points, how many
    cards the opponent still holds)."""
    return (
        tuple(sorted(play.hands[0])),
        len(play.hands[1]),
        tuple(play.series),
        play.count,
        frozenset(play.passed),
        tuple(play.points),
        play.last,
    )
