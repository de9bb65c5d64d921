"""Coaching on the play (pegging): was the card a player laid the best one in that position?

Each card the player may lay is weighed by the points it is worth *over the rest of the play*:
the player's pegging points less the opponent's, from this card to the end of the play (go and
last card included), both seats then laying the standard heuristic's card
(:func:`games.cribbage.computer.pegging.play_out`). The expectation is taken over the
opponent's possible holdings given what the player has seen: the cards still held come from
the cards the player has not seen (their own six, the starter and every card laid are seen),
and after the opponent's go none of them fits under 31.

- Where the enumeration is small (every multiset of ranks the opponent may hold, each weighed
  by the number of card sets with those ranks, times the cards to weigh: at most
  :data:`EXACT_LIMIT` plays) the values are exact fractions.
- Otherwise up to :data:`SAMPLES` holdings are drawn (:data:`ROLLOUTS` plays in all; at random,
  but fixed by the position, so the same position always gets the same advice) and each card
  is weighed on the *same* holdings;
  the advice then states the standard error of the cost (``error``).

The cost (``loss``) is the best card's value less the chosen card's, computed from the values
themselves (never from rounded figures): a card that is not the best always costs more than 0.

Two-handed (the engine's view of "the opponent" is then the one other seat); the three- and
four-handed tables are coached by :mod:`.play_coaching_seats`.

>>> advice = coach_play("TH 4D", series="JC TD", count=21, seen="4S 4C 2D 9C", card="4D")
>>> str(advice.best_card), advice.is_best, advice.exact, float(advice.loss) > 4
('TH', False, True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.cards import Card, CardError, format_cards, parse_cards

from .computer.pegging import PlayOut, pips, unseen_by_rank

__all__ = [
    "EXACT_LIMIT",
    "ROLLOUTS",
    "SAMPLES",
    "PlayAdvice",
    "card_values",
    "coach_play",
    "worst_plays",
]

EXACT_LIMIT = 200  # plays (rank multisets x cards to weigh) the exact expectation may play out
SAMPLES = 256  # holdings drawn at most when there are more
# Plays played out at most when sampling: 512 keeps the worst decision near 50 ms of CPU and
# halves the stated error of 128 (0.46 points on average, issue 53's measure).
ROLLOUTS = 512
MAX_COUNT = 31


@dataclass(frozen=True)
class PlayAdvice:
    """The card the player laid beside the best one; values are net points over the rest of the
    play (the player's less the opponent's)."""

    hand: tuple[Card, ...]  # held before laying
    series: tuple[Card, ...]  # laid since the count last restarted
    count: int
    card: Card
    expected: Fraction  # the chosen card's value
    best_card: Card
    best: Fraction  # the best card's value
    exact: bool  # False: sampled, ``error`` is the standard error of the loss
    error: float
    holdings: int  # rank multisets (exact) or holdings drawn (sampled)
    choices: int  # distinct ranks the player could lay (1: the card was forced)

    @property
    def loss(self) -> Fraction:
        return self.best - self.expected

    @property
    def is_best(self) -> bool:
        return self.loss <= 0

    @property
    def forced(self) -> bool:
        return self.choices == 1

    def as_dict(self) -> dict[str, Any]:
        return {
            "hand": [str(c) for c in self.hand],
            "series": [str(c) for c in self.series],
            "count": self.count,
            "card": str(self.card),
            "expected": float(self.expected),
            "best_card": str(self.best_card),
            "best": float(self.best),
            "loss": float(self.loss),
            "is_best": self.is_best,
            "forced": self.forced,
            "exact": self.exact,
            "error": self.error,
            "holdings": self.holdings,
        }


def _cards(value: str | Iterable[str | Card]) -> tuple[Card, ...]:
    return tuple(parse_cards(value)) if value else ()


def card_to_coach(
    held: Sequence[Card], count: int, card: Card | str | None
) -> tuple[Card, list[Card]]:
    """The card to weigh (default: the first that fits) and the cards that fit, refused in
    words when the count is impossible, no card fits (say go) or ``card`` does not fit."""
    if count < 0 or count > MAX_COUNT:
        raise CardError(f"the count is from 0 to 31, not {count}")
    playable = [c for c in held if count + c.pips <= MAX_COUNT]
    if not playable:
        raise CardError(
            f"no card of {format_cards(held)} can be laid at a count of {count}: say go"
        )
    chosen = playable[0] if card is None else _cards([card])[0]
    if chosen not in playable:
        raise CardError(
            f"{chosen} cannot be laid: the cards that fit at a count of {count} are "
            f"{format_cards(playable)}"
        )
    return chosen, playable


def coach_play(
    hand: str | Iterable[str | Card],
    *,
    series: str | Iterable[str | Card],
    count: int,
    seen: str | Iterable[str | Card],
    card: str | Card | None = None,
    opponent_cards: int | None = None,
    opponent_said_go: bool = False,
    last_was_mine: bool | None = None,
) -> PlayAdvice:
    """How good laying ``card`` (default: the best) from ``hand`` is on ``series`` at ``count``.

    ``seen``: every card the player has seen this deal (their six, the starter, the cards laid),
    ``hand`` and ``series`` included or not. ``opponent_cards``: how many the opponent still
    holds (default: as many as the player). ``last_was_mine``: whether the player laid the last
    card of the series (default: the series' last card is the opponent's when there is one)."""
    held = _cards(hand)
    laid = _cards(series)
    chosen, playable = card_to_coach(held, count, card)
    seen_cards = set(_cards(seen)) | set(held) | set(laid)
    unseen = unseen_by_rank([int(c.rank) for c in seen_cards])
    theirs = len(held) if opponent_cards is None else opponent_cards
    last = (0 if last_was_mine else 1) if laid else None
    values, exact, error_of, holdings = card_values(
        [int(c.rank) for c in held],
        [int(c.rank) for c in laid],
        count,
        unseen,
        theirs,
        opponent_said_go=opponent_said_go,
        last=last,
        seed=f"{format_cards(held)}|{format_cards(laid)}|{count}|{format_cards(sorted(seen_cards))}",
    )
    best_rank = max(values, key=lambda r: (values[r], pips(r), r))
    rank = int(chosen.rank)
    if card is None:
        rank = best_rank
        chosen = next(c for c in playable if int(c.rank) == rank)
    best_card = (
        chosen
        if values[rank] == values[best_rank]
        else (next(c for c in playable if int(c.rank) == best_rank))
    )
    return PlayAdvice(
        hand=held,
        series=laid,
        count=count,
        card=chosen,
        expected=values[rank],
        best_card=best_card,
        best=values[best_rank],
        exact=exact,
        error=0.0 if exact or best_card == chosen else error_of(int(best_card.rank), rank),
        holdings=holdings,
        choices=len(values),
    )


def card_values(
    hand: Sequence[int],
    series: Sequence[int],
    count: int,
    unseen: Sequence[int],
    opponent_cards: int,
    *,
    opponent_said_go: bool = False,
    last: int | None = None,
    seed: str = "",
) -> tuple[dict[int, Fraction], bool, Any, int]:
    """The value of each playable rank of ``hand`` (rank numbers 1-13), the player at seat 0
    and the opponent at seat 1: (values, exact, error_of(best, chosen), holdings weighed)."""
    ranks = sorted({r for r in hand if count + pips(r) <= MAX_COUNT})
    room = MAX_COUNT - count
    holdings = _multisets(unseen, opponent_cards, room if opponent_said_go else None)
    if len(holdings) * len(ranks) <= EXACT_LIMIT:
        total = sum(w for _, w in holdings)
        values = {
            r: Fraction(
                sum(
                    w * _net(hand, r, theirs, series, count, last, opponent_said_go, unseen)
                    for theirs, w in holdings
                ),
                total,
            )
            for r in ranks
        }
        return values, True, lambda _b, _c: 0.0, len(holdings)
    samples = min(SAMPLES, max(32, ROLLOUTS // len(ranks)))
    draws = _draw(unseen, opponent_cards, room if opponent_said_go else None, seed, samples)
    known: dict[tuple[int, tuple[int, ...]], int] = {}  # the same ranks drawn again

    def net(r: int, theirs: list[int]) -> int:
        key = (r, tuple(sorted(theirs)))
        if key not in known:
            known[key] = _net(hand, r, theirs, series, count, last, opponent_said_go, unseen)
        return known[key]

    nets = {r: [net(r, theirs) for theirs in draws] for r in ranks}
    values = {r: Fraction(sum(v), len(v)) for r, v in nets.items()}

    def error_of(best: int, chosen: int) -> float:
        diffs = [b - c for b, c in zip(nets[best], nets[chosen], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return math.sqrt(variance / n)

    return values, False, error_of, len(draws)


def _net(
    hand: Sequence[int],
    rank: int,
    theirs: list[int],
    series: Sequence[int],
    count: int,
    last: int | None,
    opponent_said_go: bool,
    unseen: Sequence[int],
) -> int:
    """The player's points less the opponent's from laying ``rank`` to the end of the play."""
    mine = list(hand)
    play = PlayOut(
        [mine, theirs[:]],
        list(series),
        count,
        0,
        last,
        {1} if opponent_said_go else set(),
        (999, 999),
    )
    play.lay(rank)
    play.advance()
    while play.hands[0] or play.hands[1]:
        if play.act(unseen) or play.advance():
            break
    return play.points[0] - play.points[1]


def _multisets(unseen: Sequence[int], k: int, room: int | None) -> list[tuple[list[int], int]]:
    """Every multiset of ``k`` ranks drawn from ``unseen`` (copies by rank) with its weight (the
    card sets it stands for); after a go (``room``) none that fits under 31. Stops counting
    past :data:`EXACT_LIMIT` (the caller then samples)."""
    out: list[tuple[list[int], int]] = []

    def walk(rank: int, left: int, chosen: list[int], weight: int) -> bool:
        if left == 0:
            out.append((chosen[:], weight))
            return len(out) <= EXACT_LIMIT
        if rank > 13:
            return True
        for m in range(min(left, unseen[rank]), -1, -1):
            if m and room is not None and pips(rank) <= room:
                continue
            chosen.extend([rank] * m)
            ok = walk(rank + 1, left - m, chosen, weight * math.comb(unseen[rank], m))
            del chosen[len(chosen) - m :]
            if not ok:
                return False
        return True

    walk(1, k, [], 1)
    if not out and room is not None:  # a go no holding explains: weigh them all rather than none
        return _multisets(unseen, k, None)
    return out


def _draw(
    unseen: Sequence[int], k: int, room: int | None, seed: str, samples: int
) -> list[list[int]]:
    """``samples`` holdings of ``k`` cards from the unseen ones (after a go, none that fits),
    drawn with randomness fixed by the position."""
    rng = random.Random(seed)
    cards = [r for r in range(1, 14) for _ in range(unseen[r]) if room is None or pips(r) > room]
    if len(cards) < k:  # a go no holding explains: weigh them all rather than none
        cards = [r for r in range(1, 14) for _ in range(unseen[r])]
    return [rng.sample(cards, k) for _ in range(samples)]


def worst_plays(advices: Sequence[dict[str, Any]], n: int = 3) -> list[dict[str, Any]]:
    """The ``n`` costliest plays that were not the best (as stored, ``as_dict``), costliest first,
    the earlier first among equal costs."""
    poor = [a for a in advices if not a["is_best"]]
    return sorted(poor, key=lambda a: -a["loss"])[:n]
