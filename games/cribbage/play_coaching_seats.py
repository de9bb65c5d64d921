"""Coaching on the play at a table of three or four: was the card the player laid the best?

The two-handed coaching (:mod:`.play_coaching`) weighs each card against the one opponent's
possible holdings; here every other seat's cards are hidden (the partner's too, four-handed),
so each card is weighed over every way the cards the player has not seen may be shared among
the other seats, given what the player has seen: how many cards each seat still holds, and
every go (a seat that said go, or was passed over, holds nothing that fitted then: ``room``).

A card's value is its points over the rest of the play (go and last card included, every seat
then laying the standard heuristic's card, :func:`.computer.pegging.play_out_sides`, with the
FADOQ 116 rule where it applies): four-handed, the player's team's points less the other
team's (the partner's points count for the player); three-handed, where each plays alone, the
player's points less the mean of the two opponents' (two points to either opponent cost one).

- Where the enumeration is small (every way of sharing ranks among the other seats, each
  weighed by the number of card deals it stands for, times the cards to weigh: at most
  :data:`EXACT_LIMIT` plays) the values are exact fractions.
- Otherwise deals of the hidden cards are drawn, :data:`SAMPLES` at a time (uniformly among
  those every go allows; fixed by the position, so the same position always gets the same
  advice), each card weighed on the *same* deals, until every card's cost against the best is
  known within :data:`TARGET_ERROR` points or is more than twice its error, or
  :data:`ROLLOUTS` play-outs are spent; the advice states the standard error of the cost.

>>> advice = coach_play_seats(
...     "TH 4D", series="5D JC 6S", count=21, seen="4S 4C 2D 9C", card="4D", held=(2, 1, 1)
... )
>>> str(advice.best_card), advice.is_best, float(advice.loss) > 1
('TH', False, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from games.cards import Card, CardError, format_cards, parse_cards

from .computer.four import read_plays
from .computer.pegging import pips, play_out_sides, unseen_by_rank
from .computer.view import PlayerView
from .play_coaching import PlayAdvice, card_to_coach, coach_play

__all__ = [
    "EXACT_LIMIT",
    "ROLLOUTS",
    "SAMPLES",
    "TARGET_ERROR",
    "coach_play_seats",
    "coach_view",
    "seat_values",
]

EXACT_LIMIT = 240  # plays (deals of ranks x cards to weigh) the exact expectation may play out
SAMPLES = (
    48  # deals of the hidden cards drawn at a time when there are more (each card on the same)
)
ROLLOUTS = 576  # play-outs at most (deals x cards): about 100 ms of CPU four-handed at worst
TARGET_ERROR = 0.25  # points: more deals are drawn while a cost is this uncertain and close
MAX_COUNT = 31
NO_LIMIT = 999  # no side wins in the middle of a play-out: the coaching counts points
NO_ROOM = -1  # no go seen: any card may be held


def _cards(value: str | Iterable[str | Card]) -> tuple[Card, ...]:
    return tuple(parse_cards(value)) if value else ()


def coach_play_seats(
    hand: str | Iterable[str | Card],
    *,
    series: str | Iterable[str | Card],
    count: int,
    seen: str | Iterable[str | Card],
    held: Sequence[int],
    card: str | Card | None = None,
    seat: int = 0,
    passed: Iterable[int] = (),
    room: Sequence[int] | None = None,
    side_of: Sequence[int] | None = None,
    lone_until: Sequence[int] | None = None,
) -> PlayAdvice:
    """How good laying ``card`` (default: the best) from ``hand`` is, at ``seat``'s turn.

    ``held``: the cards each seat holds now (``seat``'s own included, before laying).
    ``seen``: every card the player has seen this deal (their own, the starter, the cards
    laid). ``passed``: the seats that said go since the count last restarted. ``room``: by
    seat, every card that seat still holds has more pips than this (a go seen; -1: none).
    ``side_of``: each seat's side (default: each plays alone). ``lone_until``: by side, how
    many more points that side may peg before a lone go or last-card point stops scoring
    (the FADOQ 116 rule; default: no such rule)."""
    mine = _cards(hand)
    laid = _cards(series)
    n = len(held)
    if n < 2 or not 0 <= seat < n:
        raise CardError(f"seat {seat} is not at a table of {n} seats")
    if held[seat] != len(mine):
        raise CardError(f"the player holds {len(mine)} cards, but held[{seat}] says {held[seat]}")
    chosen, playable = card_to_coach(mine, count, card)
    seen_cards = set(_cards(seen)) | set(mine) | set(laid)
    unseen = unseen_by_rank([int(c.rank) for c in seen_cards])
    sides = list(range(n)) if side_of is None else list(side_of)
    values, exact, error_of, holdings = seat_values(
        [int(c.rank) for c in mine],
        [int(c.rank) for c in laid],
        count,
        unseen,
        held,
        seat=seat,
        passed=set(passed),
        room=[NO_ROOM] * n if room is None else list(room),
        side_of=sides,
        lone_until=[NO_LIMIT] * (max(sides) + 1) if lone_until is None else list(lone_until),
        seed=f"{seat}|{held}|{format_cards(mine)}|{format_cards(laid)}|{count}|"
        f"{format_cards(sorted(seen_cards))}|{sorted(passed)}|{room}",
    )
    best_rank = max(values, key=lambda r: (values[r], pips(r), r))
    rank = int(chosen.rank)
    if card is None:
        rank = best_rank
        chosen = next(c for c in playable if int(c.rank) == rank)
    best_card = (
        chosen
        if values[rank] == values[best_rank]
        else next(c for c in playable if int(c.rank) == best_rank)
    )
    return PlayAdvice(
        hand=mine,
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


Deal = tuple[tuple[int, ...], ...]  # the ranks each seat holds (the player's seat empty)


def seat_values(
    hand: Sequence[int],
    series: Sequence[int],
    count: int,
    unseen: Sequence[int],
    held: Sequence[int],
    *,
    seat: int,
    passed: set[int],
    room: Sequence[int],
    side_of: Sequence[int],
    lone_until: Sequence[int],
    seed: str = "",
) -> tuple[dict[int, Fraction], bool, Callable[[int, int], float], int]:
    """The value of each playable rank of ``hand`` (rank numbers 1-13) at ``seat``'s turn:
    (values, exact, error_of(best, chosen), deals weighed)."""
    ranks = sorted({r for r in hand if count + pips(r) <= MAX_COUNT})
    others = [s for s in range(len(held)) if s != seat]
    rooms = {s: room[s] for s in others}
    limit = EXACT_LIMIT // len(ranks)
    deals = _rank_deals(unseen, others, held, rooms, limit, len(held))
    if deals is None:  # no deal of the hidden cards fits every go: weigh them all
        rooms = dict.fromkeys(others, NO_ROOM)
        deals = _rank_deals(unseen, others, held, rooms, limit, len(held))

    def net(rank: int, deal: Deal) -> Fraction:
        return _net(hand, rank, deal, series, count, seat, passed, unseen, side_of, lone_until)

    if deals is not None and deals:
        total = sum(w for _, w in deals)
        values = {r: sum((w * net(r, d) for d, w in deals), Fraction(0)) / total for r in ranks}
        return values, True, lambda _b, _c: 0.0, len(deals)
    rng = random.Random(seed)
    draws: list[Deal] = []
    nets: dict[int, list[Fraction]] = {r: [] for r in ranks}
    known: dict[tuple[int, Deal], Fraction] = {}  # the same ranks drawn again

    def error_of(best: int, chosen: int) -> float:
        diffs = [float(b - c) for b, c in zip(nets[best], nets[chosen], strict=True)]
        k = len(diffs)
        mean = sum(diffs) / k
        variance = sum((d - mean) ** 2 for d in diffs) / (k - 1)
        return math.sqrt(variance / k)

    while True:
        batch = _draw(unseen, others, held, rooms, rng, SAMPLES, len(held))
        draws += batch
        for r in ranks:
            for d in batch:
                key = (r, d)
                if key not in known:
                    known[key] = net(r, d)
                nets[r].append(known[key])
        if (len(draws) + SAMPLES) * len(ranks) > ROLLOUTS or _settled(ranks, nets, error_of):
            break
    values = {r: sum(v, Fraction(0)) / len(v) for r, v in nets.items()}

    return values, False, error_of, len(draws)


def _settled(
    ranks: Sequence[int],
    nets: dict[int, list[Fraction]],
    error_of: Callable[[int, int], float],
) -> bool:
    """Whether the samples drawn tell the cards apart: every card's cost against the best
    one is either known within :data:`TARGET_ERROR` or more than twice its error."""
    if len(ranks) == 1:
        return True
    best = max(ranks, key=lambda r: sum(nets[r]))
    for r in ranks:
        if r == best:
            continue
        error = error_of(best, r)
        cost = float(sum(nets[best]) - sum(nets[r])) / len(nets[r])
        if error > TARGET_ERROR and cost < 2 * error:
            return False
    return True


def _net(
    hand: Sequence[int],
    rank: int,
    deal: Deal,
    series: Sequence[int],
    count: int,
    seat: int,
    passed: set[int],
    unseen: Sequence[int],
    side_of: Sequence[int],
    lone_until: Sequence[int],
) -> Fraction:
    """The player's side's points less the other sides' (their mean) from laying ``rank`` to
    the end of the play, the other seats holding ``deal``."""
    hands = [list(h) for h in deal]
    hands[seat] = list(hand)
    sides = len(lone_until)
    points, _ = play_out_sides(
        hands,
        list(series),
        count,
        seat,
        None,
        set(passed),
        unseen,
        side_of,
        [NO_LIMIT] * sides,
        lone_until,
        first=rank,
    )
    us = side_of[seat]
    theirs = sum(p for side, p in enumerate(points) if side != us)
    return points[us] - Fraction(theirs, sides - 1)


def _fits(rank: int, room: int) -> bool:
    """Whether a seat whose every card has more pips than ``room`` may hold ``rank``."""
    return pips(rank) > room


def _rank_deals(
    unseen: Sequence[int],
    others: Sequence[int],
    held: Sequence[int],
    rooms: dict[int, int],
    limit: int,
    n: int,
) -> list[tuple[Deal, int]] | None:
    """Every way of giving each other seat its ``held`` cards' ranks from ``unseen`` (copies by
    rank) that every go allows, with the number of card deals it stands for. ``[]``: more than
    ``limit`` (the caller samples); ``None``: no deal fits every go."""
    out: list[tuple[Deal, int]] = []
    left = list(unseen)
    hands: list[tuple[int, ...]] = [()] * n

    def seat_walk(i: int, weight: int) -> bool:
        if i == len(others):
            out.append((tuple(hands), weight))
            return len(out) <= limit
        s = others[i]
        return ranks_walk(i, s, 1, held[s], [], weight)

    def ranks_walk(i: int, s: int, rank: int, k: int, chosen: list[int], weight: int) -> bool:
        if k == 0:
            hands[s] = tuple(chosen)
            return seat_walk(i + 1, weight)
        if rank > 13:
            return True
        top = min(k, left[rank]) if _fits(rank, rooms[s]) else 0
        for m in range(top, -1, -1):
            chosen.extend([rank] * m)
            copies = math.comb(left[rank], m)
            left[rank] -= m
            ok = ranks_walk(i, s, rank + 1, k - m, chosen, weight * copies)
            left[rank] += m
            del chosen[len(chosen) - m :]
            if not ok:
                return False
        return True

    if not seat_walk(0, 1):
        return []
    return out or None


def _draw(
    unseen: Sequence[int],
    others: Sequence[int],
    held: Sequence[int],
    rooms: dict[int, int],
    rng: random.Random,
    samples: int,
    n: int,
) -> list[Deal]:
    """``samples`` deals of the hidden cards to the other seats, each uniform among those every
    go allows (a whole deal drawn, redrawn while a seat holds a card its go rules out; after
    many tries the seats with a go choose first among the cards they may hold), with
    randomness fixed by the position."""
    cards = [r for r in range(1, 14) for _ in range(unseen[r])]
    need = sum(held[s] for s in others)
    out: list[Deal] = []
    for _ in range(samples):
        for _try in range(200):
            drawn = rng.sample(cards, need)
            hands: list[tuple[int, ...]] = [()] * n
            for s in others:
                hands[s], drawn = tuple(sorted(drawn[: held[s]])), drawn[held[s] :]
            if all(_fits(r, rooms[s]) for s in others for r in hands[s]):
                break
        else:
            hands = _draw_in_order(cards, others, held, rooms, rng, n)
        out.append(tuple(hands))
    return out


def _draw_in_order(
    cards: Sequence[int],
    others: Sequence[int],
    held: Sequence[int],
    rooms: dict[int, int],
    rng: random.Random,
    n: int,
) -> list[tuple[int, ...]]:
    pool = list(cards)
    hands: list[tuple[int, ...]] = [()] * n
    for s in sorted(others, key=lambda s: -rooms[s]):
        allowed = [i for i, r in enumerate(pool) if _fits(r, rooms[s])]
        if len(allowed) < held[s]:  # cannot happen in a real game; never fail a decision
            allowed = list(range(len(pool)))
        picked = rng.sample(allowed, held[s])
        hands[s] = tuple(sorted(pool[i] for i in picked))
        for i in sorted(picked, reverse=True):
            del pool[i]
    return hands


def coach_view(view: PlayerView, card: Card | None) -> PlayAdvice:
    """The coaching of ``card`` laid from what the seat of ``view`` sees (any table: the
    two-handed game goes to :func:`.play_coaching.coach_play`); ``None``: of the best card."""
    seen = {*view.hand, *view.kept, *view.discards, *(c for _, c in view.laid)}
    if view.starter is not None:
        seen.add(view.starter)
    if view.players == 2:
        return coach_play(
            view.hand,
            series=view.series,
            count=view.count,
            seen=seen,
            card=card,
            opponent_cards=view.opponent_cards,
            opponent_said_go=view.opponent_said_go,
            last_was_mine=bool(view.series) and view.laid[-1][0] == view.seat,
        )
    cutoff = view.rules.one_point_cutoff
    return coach_play_seats(
        view.hand,
        series=view.series,
        count=view.count,
        seen=seen,
        held=view.held_counts,
        card=card,
        seat=view.seat,
        passed=view.passed,
        room=read_plays(view).room,
        side_of=[view.rules.side_of(s) for s in range(view.players)],
        lone_until=None if cutoff is None else [cutoff - s for s in view.scores],
    )
