"""The pro's card in the two-handed play: a search over its own cards that never peeks.

Rolling each card out with the heuristic for the rest of the play undervalues a card whose
worth is in what it makes possible later; searching the best order of its own cards against
each imagined holding on its own overvalues every card (it would play each holding's best
answer as if it could see that holding). The search here does neither: against every imagined
holding at once (each weighed as drawn, the opponent laying the standard heuristic's card), at
each of its own turns it takes the one card that is best *summed over the holdings it cannot
tell apart* (those under which the opponent has laid the same cards and said go the same way
so far). That is the best play against the modelled opponent, holdings and policy given.

The opponent's heuristic weighs the risk of each card by the cards *it* has not seen (its
own hand and every card laid are known to it; this player's hand is not). Given ``seen``, the
search rebuilds that view under each holding; with the searching player's unseen cards instead
it predicts a standard player's card 80 % of the time, with its own view 96 %
(docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from .pegging import MAX_COUNT, Leaf, PlayOut, pips

__all__ = ["card_values"]

# A state: the play, its leaf, and the opponent's unseen cards less this player's cards held
# (``None``: the opponent judges by this player's unseen cards).
State = tuple[PlayOut, Leaf, list[int] | None]
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
    seen: Sequence[int] | None = None,
) -> dict[int, float]:
    """Each rank this player (seat 0, to play now) may lay -> its mean leaf value over the
    ``holdings`` (seat 1's cards, each with its own ``leaf``), the rest searched as above.
    ``seen``: copies of each rank not yet seen by both (the deck less the starter and the
    cards laid), from which the opponent's own unseen cards are rebuilt under each holding."""
    values = {}
    views = [_less(seen, [*theirs, *mine]) for theirs in holdings]  # the same for every rank
    for rank in sorted({r for r in mine if count + pips(r) <= MAX_COUNT}):
        states: list[State] = []
        for theirs, leaf, view in zip(holdings, leaves, views, strict=True):
            play = PlayOut(
                [list(mine), list(theirs)], list(series), count, 0, last, set(passed), need
            )
            states.append((play, leaf, view))
        values[rank] = _after_laying(states, rank, unseen) / len(states)
    return values


def _after_laying(states: list[State], rank: int | None, unseen: Sequence[int]) -> float:
    """Seat 0 lays ``rank`` (``None``: go) in every state; the sum of the values that follow."""
    total, going = 0.0, []
    for play, leaf, theirs in states:
        if play.lay(rank) or play.advance():
            total += leaf(play.points, play.winner)
        else:
            going.append((play, leaf, theirs))
    return total + _search(going, unseen)


def _search(states: list[State], unseen: Sequence[int]) -> float:
    """The sum of the values of ``states`` (each ready for the seat to act)."""
    total = 0.0
    waiting: dict[Seen, list[State]] = {}
    for play, leaf, theirs in states:
        while True:
            if play.turn == 0:
                options = {r for r in play.hands[0] if play.count + pips(r) <= MAX_COUNT}
                if len(options) > 1:
                    waiting.setdefault(_seen(play), []).append((play, leaf, theirs))
                    break
                over = play.lay(options.pop() if options else None) or play.advance()
            else:
                # This player's cards laid since are seen by the opponent; those held are not.
                judged = unseen if theirs is None else _more(theirs, play.hands[0])
                over = play.act(judged) or play.advance()
            if over:
                total += leaf(play.points, play.winner)
                break
    for group in waiting.values():
        options = {r for r in group[0][0].hands[0] if group[0][0].count + pips(r) <= MAX_COUNT}
        total += max(
            _after_laying([(p.copy(), leaf, theirs) for p, leaf, theirs in group], rank, unseen)
            for rank in sorted(options)
        )
    return total


def _less(counts: Sequence[int] | None, ranks: Sequence[int]) -> list[int] | None:
    if counts is None:
        return None
    left = list(counts)
    for r in ranks:
        left[r] -= 1
    return left


def _more(counts: list[int], ranks: Sequence[int]) -> list[int]:
    out = counts[:]
    for r in ranks:
        out[r] += 1
    return out


def _seen(play: PlayOut) -> Seen:
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
