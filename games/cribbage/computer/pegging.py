"""The play ("pegging") on ranks only, fast, for the computer players' decisions.

Pegging points depend only on ranks (fifteen, 31, pairs, runs; suits never count), so the
computer reasons on rank numbers 1-13 (pips: ``min(rank, 10)``). :func:`peg_points` agrees with
:func:`games.cribbage.pegging.peg_points` (tests hold the two together), and :func:`play_out`
plays the rest of a hand's play between two known hands, scoring go and last card as the
engine does in the two-handed game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb

MAX_COUNT = 31


def pips(rank: int) -> int:
    return rank if rank < 10 else 10


def peg_points(series: Sequence[int], rank: int, count: int) -> int:
    """Points for laying ``rank`` on ``series`` (ranks since the count restarted) at ``count``."""
    new = count + pips(rank)
    points = 2 if new in (15, MAX_COUNT) else 0
    # Pairs: cards of the same rank laid in a row at the end.
    same = 1
    for r in reversed(series):
        if r != rank:
            break
        same += 1
    points += (0, 0, 2, 6, 12)[same]
    # Runs: the longest tail of k >= 3 cards that are k consecutive ranks.
    n = len(series) + 1
    if n >= 3:
        tail = [rank]
        best = 0
        for r in reversed(series):
            tail.append(r)
            k = len(tail)
            if k >= 3 and len(set(tail)) == k and max(tail) - min(tail) == k - 1:
                best = k
        points += best
    return points


def unseen_by_rank(seen: Sequence[int]) -> list[int]:
    """Copies of each rank (index 1-13) not among ``seen`` ranks."""
    left = [0] + [4] * 13
    for r in seen:
        left[r] -= 1
    return left


def heuristic_value(
    series: Sequence[int],
    rank: int,
    count: int,
    unseen: Sequence[int],
    opponent_cards: int,
    *,
    partner_next: bool = False,
    go_counts: bool = True,
) -> float:
    """Immediate points less the obvious gifts to the opponent's reply (the standard player).

    A gift is a count the opponent can turn into points with one card: 5 or 21 (any ten-card
    makes 15 or 31), any count from which one card makes 15 or 31, or a pair that invites a
    pair royal. The chance is roughly cards held x copies unseen / cards unseen.

    Four-handed, ``opponent_cards`` are those of the seat that answers; when that seat is the
    partner (``partner_next``: the opponent between has said go or is out) the same chances
    are worth half in our favour (the partner may score, and the next opponent may answer).
    ``go_counts=False`` (the FADOQ 116 rule: lone go points no longer score) drops the habit of
    keeping low cards for the go.
    """
    points = peg_points(series, rank, count)
    new = count + pips(rank)
    if new == MAX_COUNT or not opponent_cards:
        return points
    total = sum(unseen) or 1
    risk = 0.0
    for aim in (15, MAX_COUNT):
        need = aim - new
        if 1 <= need <= 10:
            copies = sum(unseen[10:14]) if need == 10 else unseen[need]
            risk += 2 * min(1.0, opponent_cards * copies / total)
    if series and series[-1] == rank and new + pips(rank) <= MAX_COUNT:
        risk += 6 * min(1.0, opponent_cards * unseen[rank] / total)  # a pair royal
    elif new + pips(rank) <= MAX_COUNT:
        risk += 2 * min(1.0, opponent_cards * unseen[rank] / total)  # they pair it
    value = points + 0.5 * risk if partner_next else points - risk
    if not series and not partner_next:  # a lead: under 5 cannot be made 15; 5 is a gift
        value += 0.5 if rank < 5 else (-1.0 if rank == 5 else 0.0)
    # Ties: lay the higher card, keep low ones for the go (while a go still scores).
    return value + (pips(rank) * 0.01 if go_counts else 0.0)


def choose_heuristic(
    hand: Sequence[int],
    series: Sequence[int],
    count: int,
    unseen: Sequence[int],
    opponent_cards: int,
    *,
    partner_next: bool = False,
    go_counts: bool = True,
) -> int | None:
    """The standard player's card (a rank) or ``None`` for go."""
    best, best_value = None, -1e9
    for rank in set(hand):
        if count + pips(rank) > MAX_COUNT:
            continue
        value = heuristic_value(
            series,
            rank,
            count,
            unseen,
            opponent_cards,
            partner_next=partner_next,
            go_counts=go_counts,
        )
        if value > best_value:
            best, best_value = rank, value
    return best


PARTNER_SHARE = 0.5  # a count the partner can score, in our favour: the next opponent may answer


def none_held(unseen_total: int, copies: int, cards: int) -> float:
    """The chance that a seat holding ``cards`` drawn from ``unseen_total`` cards holds none of
    ``copies`` particular ones (hypergeometric)."""
    if cards <= 0:
        return 1.0
    if copies >= unseen_total:
        return 0.0
    return comb(unseen_total - copies, cards) / comb(unseen_total, cards)


def expected_best_answer(
    series: Sequence[int], count: int, unseen: Sequence[int], cards: int
) -> float:
    """The mean of the most points a seat can score with one card on ``series`` at ``count``,
    its ``cards`` drawn at random from the ``unseen`` ranks (index 1-13): each scoring rank,
    best first, counts with the chance that the seat holds it and none better."""
    if cards <= 0:
        return 0.0
    answers = sorted(
        (
            (points, rank)
            for rank in range(1, 14)
            if unseen[rank] and count + pips(rank) <= MAX_COUNT
            for points in (peg_points(series, rank, count),)
            if points
        ),
        reverse=True,
    )
    total = sum(unseen)
    mean, copies, before = 0.0, 0, 1.0
    for points, rank in answers:
        copies += unseen[rank]
        after = none_held(total, copies, cards)
        mean += points * (before - after)
        before = after
    return mean


def choose_by_answer(
    hand: Sequence[int],
    series: Sequence[int],
    count: int,
    unseen: Sequence[int],
    answer_cards: int,
    *,
    partner_next: bool = False,
    go_counts: bool = True,
) -> int | None:
    """Pro's card far from the end of a four-handed game (``None``: go): the immediate points
    less the answering opponent's expected best answer (:func:`expected_best_answer`: every
    fifteen, 31, pair and run it may score, as likely as the unseen cards make it), or plus
    :data:`PARTNER_SHARE` of it when the partner answers. The standard heuristic's rough
    risks (fifteens and pairs only, a chance capped per count) miss the runs and overrate
    the rest. Ties as the standard player: the higher card while a go still scores."""
    best, best_value = None, -1e9
    for rank in set(hand):
        new = count + pips(rank)
        if new > MAX_COUNT:
            continue
        value = float(peg_points(series, rank, count))
        if new != MAX_COUNT and answer_cards:
            answer = expected_best_answer([*series, rank], new, unseen, answer_cards)
            value += PARTNER_SHARE * answer if partner_next else -answer
        value += pips(rank) * 0.01 if go_counts else 0.0
        if value > best_value:
            best, best_value = rank, value
    return best


def play_out(
    hands: list[list[int]],
    series: list[int],
    count: int,
    turn: int,
    last: int | None,
    passed: set[int],
    unseen: Sequence[int],
    need: Sequence[int] = (999, 999),
) -> tuple[list[int], int | None]:
    """Play the rest of the play with the heuristic for both seats, as the engine rules it.

    ``turn`` is the seat to act, ``last`` the seat that laid the last card of the series (it
    scores the go), ``passed`` the seats that said go in this series. Returns the points each
    seat pegs and the seat that reached ``need[seat]`` points first (it wins the game there),
    or ``None``. ``hands``, ``series`` and ``passed`` are modified.
    """
    play = PlayOut(hands, series, count, turn, last, passed, need)
    while hands[0] or hands[1]:
        if play.act(unseen) or play.advance():
            break
    return play.points, play.winner


Leaf = Callable[[list[int], "int | None"], float]


def search_out(
    hands: list[list[int]],
    series: list[int],
    count: int,
    turn: int,
    last: int | None,
    passed: set[int],
    unseen: Sequence[int],
    need: Sequence[int],
    leaf: Leaf,
) -> float:
    """Like :func:`play_out`, but seat 0 picks its best card at each of its turns (searching
    every order of its cards) against seat 1 playing the heuristic: the best ``leaf(points,
    winner)`` seat 0 can reach with these two hands. ``hands``, ``series``, ``passed`` are
    modified."""
    play = PlayOut(hands, series, count, turn, last, passed, need)
    return _search(play, unseen, leaf)


def _search(play: PlayOut, unseen: Sequence[int], leaf: Leaf) -> float:
    while play.hands[0] or play.hands[1]:
        hand = play.hands[0]
        if play.turn == 0 and hand:
            options = {r for r in hand if play.count + pips(r) <= MAX_COUNT}
            if len(options) > 1:
                return max(_branch(play, rank, unseen, leaf) for rank in options)
        if play.act(unseen) or play.advance():
            break
    return leaf(play.points, play.winner)


def _branch(play: PlayOut, rank: int, unseen: Sequence[int], leaf: Leaf) -> float:
    child = play.copy()
    if child.lay(rank) or child.advance():
        return leaf(child.points, child.winner)
    return _search(child, unseen, leaf)


@dataclass(slots=True)
class PlayOut:
    """The state of :func:`play_out`; ``winner`` is set when a seat reaches its need."""

    hands: list[list[int]]
    series: list[int]
    count: int
    turn: int
    last: int | None
    passed: set[int]
    need: Sequence[int]
    points: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None

    def copy(self) -> PlayOut:
        """An independent copy, to try another card from the same state."""
        return PlayOut(
            [self.hands[0][:], self.hands[1][:]],
            self.series[:],
            self.count,
            self.turn,
            self.last,
            set(self.passed),
            self.need,
            self.points[:],
            self.winner,
        )

    def act(self, unseen: Sequence[int]) -> bool:
        """The seat to act lays the heuristic's card or says go; True when that wins."""
        p, hand = self.turn, self.hands[self.turn]
        rank = None
        if can_play(hand, self.count):
            rank = choose_heuristic(hand, self.series, self.count, unseen, len(self.hands[1 - p]))
        return self.lay(rank)

    def lay(self, rank: int | None) -> bool:
        """The seat to act lays ``rank`` (``None``: says go); True when that wins."""
        p, hand = self.turn, self.hands[self.turn]
        if rank is None:
            self.passed.add(p)
            return False
        if self._peg(p, peg_points(self.series, rank, self.count)):
            return True
        hand.remove(rank)
        self.series.append(rank)
        self.count += pips(rank)
        self.last = p
        return False

    def advance(self) -> bool:
        """Find who acts next (``GameState._advance_play`` for two players), scoring go and last
        card; True when the play is over (both hands empty, or a seat has won)."""
        hands = self.hands
        while True:
            out = not hands[0] and not hands[1]
            if self.count == MAX_COUNT:
                if out:
                    return True
                self._restart()
                continue
            if out:
                if self.last is not None:
                    self._peg(self.last, 1)  # the last card
                return True
            nxt = next(
                (s for s in (1 - self.turn, self.turn) if hands[s] and s not in self.passed), None
            )
            if nxt is not None and (can_play(hands[nxt], self.count) or nxt != self.last):
                self.turn = nxt
                return False
            if self._peg(self._last_layer(), 1):  # the go
                return True
            self._restart()

    def _last_layer(self) -> int:
        # At a count of 0 any held card can be laid, so a go always follows a laid card.
        assert self.last is not None, "a go is scored only after a card was laid"
        return self.last

    def _peg(self, seat: int, points: int) -> bool:
        self.points[seat] += points
        if self.points[seat] >= self.need[seat]:
            self.winner = seat
            return True
        return False

    def _restart(self) -> None:
        """The count restarts; the player after the last to lay leads."""
        self.series.clear()
        self.passed.clear()
        self.count, self.turn, self.last = 0, self._last_layer(), None


def can_play(hand: Sequence[int], count: int) -> bool:
    """Whether the hand holds a card that keeps the count at 31 or under."""
    return any(count + pips(r) <= MAX_COUNT for r in hand)


# --- any number of seats, in sides (the four-handed partnership game) ------------------------


def play_out_sides(
    hands: list[list[int]],
    series: list[int],
    count: int,
    turn: int,
    last: int | None,
    passed: set[int],
    unseen: Sequence[int],
    side_of: Sequence[int],
    need: Sequence[int],
    lone_until: Sequence[int],
    first: int | None = None,
    *,
    own_view: bool = False,
    known: Sequence[Sequence[int]] = (),
    by_answer: int | None = None,
) -> tuple[list[int], int | None]:
    """Play the rest of a play of ``len(hands)`` seats in sides (``side_of[seat]``), every seat
    laying the standard heuristic's card judged against the seat that answers it (partner or
    opponent), as ``GameState._advance_play`` rules it: clockwise, seats out of cards or that
    said go skipped, go and last card to the last to lay, the count restarting after it.

    ``turn`` is the seat to act now. Points go to sides (one entry of ``need`` a side);
    ``need[side]`` points win the game
    there (the winner side is returned, else ``None``). ``lone_until[side]``: a lone go or
    last-card point (not joined to points of the card just laid) scores only while the side
    has pegged fewer points than that here (the FADOQ 116 rule: the cutoff less the side's
    score; a large number when there is no such rule). ``first``: the rank the seat to act
    lays now (then the heuristic for every seat). ``hands``, ``series``, ``passed`` are
    modified.

    ``own_view``: each seat judges the risks by the cards *it* has not seen, as a player at
    the table does, not by one view for all: ``unseen`` is then the ranks no seat has seen
    laid (the hands included, the starter not), less the seat's own hand, less each card as
    it is laid, less what ``known[seat]`` names (its discard, where the caller knows it).

    ``by_answer``: a side whose seats lay by :func:`choose_by_answer` (pro's rule), not the
    standard heuristic."""
    pool = list(unseen) if own_view else None
    play = _SidesPlay(
        hands, series, count, turn, last, passed, side_of, need, lone_until, pool, known, by_answer
    )
    play.points = [0] * len(need)  # one a side: three-handed, three
    if first is None or not play.lay(first):
        play.run(unseen)
    return play.points, play.winner


@dataclass(slots=True)
class _SidesPlay:
    hands: list[list[int]]
    series: list[int]
    count: int
    turn: int
    last: int | None
    passed: set[int]
    side_of: Sequence[int]
    need: Sequence[int]
    lone_until: Sequence[int]
    pool: list[int] | None  # ``own_view``: the ranks no seat has seen laid
    known: Sequence[Sequence[int]]  # ``own_view``: more ranks each seat has seen
    by_answer: int | None = None  # the side laying by :func:`choose_by_answer`
    points: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None

    def run(self, unseen: Sequence[int]) -> None:
        while any(self.hands):
            hand = self.hands[self.turn]
            if not can_play(hand, self.count):
                self.passed.add(self.turn)
                if self.advance(None):
                    return
                continue
            side = self.side_of[self.turn]
            answer = self.answering()
            if self.pool is not None:
                unseen = self.pool[:]
                for r in (*hand, *(self.known[self.turn] if self.known else ())):
                    unseen[r] -= 1
            choose = choose_by_answer if side == self.by_answer else choose_heuristic
            rank = choose(
                hand,
                self.series,
                self.count,
                unseen,
                len(self.hands[answer]) if answer is not None else 0,
                partner_next=answer is not None and self.side_of[answer] == side,
                go_counts=self.points[side] < self.lone_until[side],
            )
            assert rank is not None, "a seat that can lay lays"
            if self.lay(rank):
                return

    def answering(self) -> int | None:
        """The next seat clockwise that holds cards and has not said go."""
        n = len(self.hands)
        for k in range(1, n):
            s = (self.turn + k) % n
            if self.hands[s] and s not in self.passed:
                return s
        return None

    def lay(self, rank: int) -> bool:
        """The seat to act lays ``rank``; True when the play is over (or a side has won)."""
        p = self.turn
        scored = peg_points(self.series, rank, self.count)
        self.hands[p].remove(rank)
        if self.pool is not None:
            self.pool[rank] -= 1
        self.series.append(rank)
        self.count += pips(rank)
        self.last = p
        if scored and self._peg(self.side_of[p], scored):
            return True
        return self.advance(scored)

    def advance(self, card_points: int | None) -> bool:
        """``GameState._advance_play``: who acts next; True when the play is over."""
        n = len(self.hands)
        while True:
            out = not any(self.hands)
            if self.count == MAX_COUNT:
                if out:
                    return True
                self._restart()
                card_points = None
                continue
            if out:
                if self.last is not None:
                    self._go(card_points)  # the last card
                return True
            nxt = next(
                (
                    s
                    for s in ((self.turn + k) % n for k in range(1, n + 1))
                    if self.hands[s] and s not in self.passed
                ),
                None,
            )
            if nxt is not None and (can_play(self.hands[nxt], self.count) or nxt != self.last):
                self.turn = nxt
                return False
            if self._go(card_points):
                return True
            self._restart()
            card_points = None

    def _go(self, card_points: int | None) -> bool:
        assert self.last is not None, "a go is scored only after a card was laid"
        side = self.side_of[self.last]
        if not card_points and self.points[side] >= self.lone_until[side]:
            return False  # a lone point from the cutoff on: not scored
        return self._peg(side, 1)

    def _peg(self, side: int, points: int) -> bool:
        self.points[side] += points
        if self.points[side] >= self.need[side]:
            self.winner = side
            return True
        return False

    def _restart(self) -> None:
        assert self.last is not None, "the count restarts after a card was laid"
        self.series.clear()
        self.passed.clear()
        self.count, self.turn, self.last = 0, self.last, None
