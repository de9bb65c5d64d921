"""The computer players: ``easy``, ``standard`` and ``pro``, and the registry of levels.

They play the two-handed game, the three-handed game and the four-handed partnership game
(five cards, one to the crib; in the play the partner is the seat opposite, the opponent the
seat that answers; three-handed, each seat plays alone and the seat that answers is always an
opponent).

Every level answers two questions from a :class:`PlayerView` (never from the game state):
which two cards to lay away (:meth:`Computer.choose_discard`) and what to do in the play
(:meth:`Computer.choose_play`: a :class:`Play` or a :class:`Go`). Cards are dealt at random at
every level; the levels differ only in these choices. A new level is a subclass registered with
:func:`register`.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from games.cards import Card
from games.cribbage.actions import Go, Play
from games.cribbage.discard import (
    DiscardAnalysis,
    DiscardChoice,
    analyze_discards,
    rank_multisets,
)
from games.cribbage.fast import RANK_WEIGHT, RANKS, rank_code, rank_table
from games.cribbage.rules import HAND_SIZE
from games.cribbage.scoring import score_hand

from . import four, keeps, pegging, play_search, whole_deal, winprob
from .view import PlayerView, seeded_rng

__all__ = ["LEVELS", "Computer", "Easy", "Pro", "Standard", "computer", "register"]

LEVELS: dict[str, Callable[[], Computer]] = {}


def register(cls: type[Computer]) -> type[Computer]:
    """Class decorator: make a level available by its ``name`` (pages, API, benchmark)."""
    LEVELS[cls.name] = cls
    return cls


def computer(level: str) -> Computer:
    """A player of ``level``; unknown levels are refused with the list of known ones."""
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(
            f"no computer level {level!r}: the levels are {', '.join(LEVELS)}"
        ) from None


class Computer:
    """One computer level: a discard and a play chosen from a seat's view only."""

    name = "base"

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        raise NotImplementedError

    def choose_play(self, view: PlayerView) -> Play | Go:
        raise NotImplementedError

    def _play(self, view: PlayerView, rank: int | None) -> Play | Go:
        if rank is None:
            return Go(view.seat)
        # Suits never count in the play: lay the first held card of the chosen rank.
        return Play(view.seat, next(c for c in view.hand if int(c.rank) == rank))


def _ranks(cards: Iterable[Card]) -> list[int]:
    return [int(c.rank) for c in cards]


# --- easy ------------------------------------------------------------------------------------


def score_before_cut(cards: tuple[Card, ...]) -> int:
    """Points of four cards on their own (no starter): fifteens, pairs, runs, a four-card flush."""
    ranks = sorted(_ranks(cards))
    points = 0
    for size in range(2, 5):
        for combo in itertools.combinations(ranks, size):
            if sum(pegging.pips(r) for r in combo) == 15:
                points += 2
    points += 2 * sum(1 for a, b in itertools.combinations(ranks, 2) if a == b)
    for size in (4, 3):
        runs = sum(
            1
            for combo in itertools.combinations(ranks, size)
            if len(set(combo)) == size and combo[-1] - combo[0] == size - 1
        )
        if runs:
            points += runs * size
            break
    if len({c.suit for c in cards}) == 1:
        points += 4
    return points


@register
class Easy(Computer):
    """Plausible but weak: keeps the four cards that score most before the cut (never thinks
    about the crib), lays the first card that scores, else the first card it may lay."""

    name = "easy"

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        keep = max(itertools.combinations(view.hand, HAND_SIZE), key=score_before_cut)
        return tuple(c for c in view.hand if c not in keep)

    def choose_play(self, view: PlayerView) -> Play | Go:
        playable = view.playable()
        if not playable:
            return Go(view.seat)
        series = _ranks(view.series)
        scoring = [c for c in playable if pegging.peg_points(series, int(c.rank), view.count)]
        return Play(view.seat, (scoring or playable)[0])


# --- standard --------------------------------------------------------------------------------


@register
class Standard(Computer):
    """Discards by the exact discard analysis (expected hand plus or minus crib); pegs for the
    immediate points while avoiding the obvious gifts (5 or 21, a pair into a pair royal)."""

    name = "standard"

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        return _analysis(view).best.discard

    def choose_play(self, view: PlayerView) -> Play | Go:
        if not view.playable():
            return Go(view.seat)
        answer = _answer(view)
        rank = pegging.choose_heuristic(
            _ranks(view.hand),
            _ranks(view.series),
            view.count,
            _unseen_ranks(view),
            answer.cards,
            partner_next=answer.partner,
            go_counts=view.go_counts,
        )
        return self._play(view, rank)


def _analysis(view: PlayerView) -> DiscardAnalysis:
    """The exact discard analysis for the seat (the crib counts for it when its side deals)."""
    return analyze_discards(view.hand, dealer=view.crib_is_ours, players=view.players)


@dataclass(frozen=True, slots=True)
class _Answer:
    cards: int  # cards held by the seat that answers the card laid now (0: nobody answers)
    partner: bool  # that seat is the partner (a count it can score is a gift to our side)


def _answer(view: PlayerView) -> _Answer:
    """Who answers a card laid now. Two-handed: always the opponent (as the standard player
    always judged it). Three- and four-handed: the next seat that can still play, partner or
    opponent (three-handed, always an opponent)."""
    if view.players == 2:
        return _Answer(view.opponent_cards, False)
    seat = view.next_to_play()
    if seat is None:
        return _Answer(0, False)
    return _Answer(view.held_counts[seat], view.is_partner(seat))


def _seen_by_both(view: PlayerView) -> list[int]:
    """Copies of each rank neither seat has seen laid (the pack less the starter and the
    cards laid): the opponent's unseen cards, once its own hand is taken out."""
    assert view.starter is not None, "the play comes after the starter"
    return view.unseen_by_all()


def _unseen_ranks(view: PlayerView) -> list[int]:
    left = [0] * 14
    for c in view.unseen():
        left[int(c.rank)] += 1
    return left


# --- pro -------------------------------------------------------------------------------------

WIN = 40.0  # a game won (or lost) in the play, in points of pegging, for the look-ahead


@register
class Pro(Computer):
    """Plays for the win, from the opponent's cards as far as they can be inferred.

    Two-handed (issue 35): among the keeps close to the best net of the exact analysis, the
    one with the best chance of winning over whole imagined deals (:mod:`.whole_deal`: the
    opponent's six cards kept as players keep them, so the crib gets real throws; the play
    played out, every starter, the show in its order, the win table after it). In the play,
    the opponent's holdings come from the exact posterior (every rank multiset it may hold,
    weighed by the keep model and the cards it laid), its show is counted from each holding,
    and the card is chosen by a search over its own cards against all holdings at once
    (:mod:`.play_search`), valued by the chance of winning (:mod:`.winprob`). Both read the
    opponent's plays as the opponent made them: from its own seat, by the cards *it* had not
    seen (``opponent_view``), not by this player's unseen cards.

    The earlier settings stay as switches for the benchmarks (``whole_deal``,
    ``exact_inference``, ``holding_show``, ``search_play`` off: the issue-26 pro, which valued
    keeps by their net plus simulated plays and each card by heuristic roll-outs).
    Four-handed (:mod:`.four`) it weighs each close keep's play for the team, and near the
    end (``endgame4``) keeps the hand with the best chance of winning by :mod:`.winprob4`."""

    name = "pro"
    discard_samples = 40
    play_samples = 48
    discard_margin = 2.0  # keeps within this of the best net are worth simulating
    endgame = 121  # two-handed: from the first deal (the issue; 30 before: performance.md)
    endgame4 = 30  # four-handed: win probability within this of the target
    deep_play = False  # search its own order of cards in the play's look-ahead
    discard_margin4 = 3.0  # four-handed, near the end: keeps within this of the best net
    discard_samples4 = 600  # simulated deals per keep (the same for every keep)
    whole_deal = True  # two-handed keeps valued by whole imagined deals (:mod:`.whole_deal`)
    deal_samples = 120  # imagined opponent deals per keep (the same for every keep)
    deal_keeps = 6  # at most this many keeps (the best nets within ``discard_margin``)
    exact_inference = True  # weigh every possible opponent holding, not a random few
    holding_show = True  # in the play, the opponent's show counted from each imagined holding
    unlikely = 0.25  # :data:`UNLIKELY`: the weight of a play the standard player would not make
    search_play = True  # search its own cards over every holding at once (:mod:`.play_search`)
    opponent_view = True  # the opponent's plays judged by the cards it has not seen, not ours
    # Whole-deal keep: every keep tried when a side needs this or less (0: off, no gain
    # measured: docs/performance.md), each over ``keep_screen[0]`` deals first, then the
    # ``keep_screen[1]`` best over all of them.
    every_keep_within = 0
    keep_screen = (30, 5)

    def choose_discard(self, view: PlayerView) -> tuple[Card, ...]:
        if view.players == 4:
            return self._four_handed_discard(view)
        if view.players != 2:  # the look-ahead is two-handed: the exact analysis alone
            return Standard().choose_discard(view)
        analysis = _analysis(view)
        rng = seeded_rng(view, "discard")
        if self.whole_deal:
            return self._whole_deal_discard(view, analysis, rng)
        best = analysis.best.net
        candidates = [c for c in analysis.choices if best - c.net <= self.discard_margin][:6]
        if len(candidates) == 1:
            return candidates[0].discard
        unseen = _ranks(view.unseen())
        seen_unseen = _unseen_ranks(view)
        # The opponent's four cards: kept from six as players keep them (:mod:`.keeps`).
        theirs_crib = not view.is_dealer
        opponents = [
            list(keeps.sample_keep(rng.sample(unseen, 6), crib_is_theirs=theirs_crib, rng=rng))
            for _ in range(self.discard_samples)
        ]
        # Seats of the simulation: 0 = this seat, 1 = the opponent; the non-dealer leads.
        leader = 1 if view.is_dealer else 0
        need = (view.target - view.my_score, view.target - view.their_score)
        near_end = min(need) <= self.endgame

        def value(choice: DiscardChoice) -> float:
            mine = _ranks(choice.keep)
            plays = [
                pegging.play_out(
                    [mine[:], theirs[:]], [], 0, leader, None, set(), seen_unseen, need
                )
                for theirs in opponents
            ]
            if near_end:
                return _chance_after_plays(view, plays, *_discard_shows(view, choice))
            return float(choice.net) + sum(_outcome(p, w) for p, w in plays) / len(plays)

        return max(candidates, key=value).discard

    def choose_play(self, view: PlayerView) -> Play | Go:
        playable = view.playable()
        if not playable:
            return Go(view.seat)
        if view.players != 2:
            return self._four_handed_play(view)
        ranks = sorted(set(_ranks(playable)))
        if len(ranks) == 1 and len(view.hand) == 1:
            return self._play(view, ranks[0])
        rng = seeded_rng(view, "play")
        unseen_cards = _ranks(view.unseen())
        unseen = _unseen_ranks(view)
        holdings = self._play_holdings(view, unseen, unseen_cards, rng)
        series = _ranks(view.series)
        passed = {1} if view.opponent_said_go else set()
        need = (view.target - view.my_score, view.target - view.their_score)
        mine = _ranks(view.hand)
        leaf = _chance_leaf(view, *_play_shows(view)) if min(need) <= self.endgame else _outcome
        leaves = [leaf] * len(holdings)
        if self.holding_show and min(need) <= self.endgame:
            leaves = _holding_leaves(view, holdings)
        if self.search_play:
            last = None
            if view.series:
                last = 0 if view.laid[-1][0] == view.seat else 1
            values = play_search.card_values(
                mine,
                holdings,
                leaves,
                series=series,
                count=view.count,
                last=last,
                passed=passed,
                unseen=unseen,
                need=need,
                seen=_seen_by_both(view) if self.opponent_view else None,
            )
            return self._play(view, max(values, key=lambda r: (values[r], -r)))
        best_rank, best_value = ranks[0], -1e9
        for rank in ranks:
            first = pegging.peg_points(series, rank, view.count)
            if first >= need[0]:
                return self._play(view, rank)  # pegs out: the game is won now
            hand = mine[:]
            hand.remove(rank)
            value = sum(
                _after_card(
                    hand[:],
                    theirs[:],
                    series,
                    rank,
                    view.count,
                    passed,
                    unseen,
                    need,
                    first,
                    holding_leaf,
                    self.deep_play,
                )
                for theirs, holding_leaf in zip(holdings, leaves, strict=True)
            ) / len(holdings)
            if value > best_value + 1e-9:
                best_rank, best_value = rank, value
        return self._play(view, best_rank)

    def _play_holdings(
        self, view: PlayerView, unseen: list[int], unseen_cards: list[int], rng: random.Random
    ) -> list[list[int]]:
        """The opponent's holdings the play is searched against."""
        if not self.exact_inference:
            return _possible_holdings(view, unseen_cards, rng, self.play_samples)
        return _posterior_holdings(
            view, unseen, rng, self.play_samples, self.unlikely, self.opponent_view
        )

    def _whole_deal_discard(
        self, view: PlayerView, analysis: DiscardAnalysis, rng: random.Random
    ) -> tuple[Card, ...]:
        best = analysis.best.net
        candidates = [c for c in analysis.choices if best - c.net <= self.discard_margin][
            : self.deal_keeps
        ]
        need = min(view.target - view.my_score, view.target - view.their_score)
        screen = None
        if need <= self.every_keep_within:
            candidates, screen = list(analysis.choices), self.keep_screen
        if len(candidates) == 1:
            return candidates[0].discard
        deals = whole_deal.sample_deals(
            [c.index for c in view.unseen()],
            crib_is_theirs=not view.is_dealer,
            samples=self.deal_samples,
            rng=rng,
        )
        keep = whole_deal.best_keep(
            view.hand,
            [c.keep for c in candidates],
            i_deal=view.is_dealer,
            scores=(view.my_score, view.their_score),
            target=view.target,
            unseen_ranks=_unseen_ranks(view),
            deals=deals,
            screen=screen,
        )
        return tuple(c for c in view.hand if c not in keep)

    def _four_handed_discard(self, view: PlayerView) -> tuple[Card, ...]:
        return four.discard(
            view, endgame=self.endgame4, margin=self.discard_margin4, samples=self.discard_samples4
        )

    def _four_handed_play(self, view: PlayerView) -> Play | Go:
        return four.play(view)


Show = tuple[tuple[int, float], ...]  # (points, chance) of a side's count in the show
CRIB_GUESS = 5  # a crib not yet seen, in the play (its mean is about 4.7 in self-play)


def _discard_shows(view: PlayerView, choice: DiscardChoice) -> tuple[Show, Show]:
    """(mine, theirs) in the show for a keep: the crib goes to the dealer's count."""
    hand, crib = four.show_of(choice.hand.counts), four.show_of(choice.crib.counts)
    other = winprob.hand_distribution()
    return (
        (four.add_shows(hand, crib), other)
        if view.is_dealer
        else (hand, four.add_shows(other, crib))
    )


def _play_shows(view: PlayerView) -> tuple[Show, Show]:
    """(mine, theirs) in the show during the play: this hand's exact count (the starter is
    known), the opponent's from self-play, the crib (still hidden) by :func:`_crib_show`."""
    assert view.starter is not None, "the play comes after the starter"
    exact = score_hand(view.kept, view.starter).total
    other = winprob.hand_distribution()
    crib = _crib_show(view)
    if view.is_dealer:
        return four.add_shows(((exact, 1.0),), crib), other
    return ((exact, 1.0),), four.add_shows(other, crib)


def _crib_show(view: PlayerView) -> Show:
    """The crib's count in the play: this seat's two cards and the starter are known, the
    other two are any two of the unseen (fifteens, pairs and runs; flushes and nobs are rare
    in a crib and left out). Without its own discards (a hand-built view): :data:`CRIB_GUESS`."""
    if len(view.discards) != 2 or view.starter is None:
        return ((CRIB_GUESS, 1.0),)
    table = rank_table()
    known = rank_code([*_ranks(view.discards), int(view.starter.rank)])
    counts: dict[int, int] = {}
    for code, ways in rank_multisets(_unseen_ranks(view), 2):
        points = table[known + code]
        counts[points] = counts.get(points, 0) + ways
    total = sum(counts.values())
    return tuple((points, n / total) for points, n in sorted(counts.items()))


def _holding_leaves(view: PlayerView, holdings: list[list[int]]) -> list[pegging.Leaf]:
    """One leaf per imagined holding: the opponent's hand counted from its four cards (those
    laid this deal and the holding; fifteens, pairs and runs with the starter), not drawn."""
    assert view.starter is not None, "the play comes after the starter"
    mine, _ = _play_shows(view)
    crib = _crib_show(view)
    laid = [int(c.rank) for seat, c in view.laid if seat != view.seat]
    starter = int(view.starter.rank)
    table = rank_table()
    by_count: dict[int, pegging.Leaf] = {}
    leaves = []
    for hand in holdings:
        count = table[rank_code([*laid, *hand, starter])]
        if count not in by_count:
            theirs: Show = ((count, 1.0),)
            if not view.is_dealer:
                theirs = four.add_shows(theirs, crib)
            by_count[count] = _chance_leaf(view, mine, theirs)
        leaves.append(by_count[count])
    return leaves


def _chance_after_plays(
    view: PlayerView, plays: list[tuple[list[int], int | None]], mine: Show, theirs: Show
) -> float:
    """The mean chance of winning over simulated plays (points pegged, or who pegged out)."""
    leaf = _chance_leaf(view, mine, theirs)
    return sum(leaf(points, winner) for points, winner in plays) / len(plays)


def _chance_leaf(view: PlayerView, mine: Show, theirs: Show) -> pegging.Leaf:
    """The chance of winning after a simulated play (points pegged, or who pegged out)."""
    chances: dict[tuple[int, int], float] = {}

    def leaf(points: list[int], winner: int | None) -> float:
        if winner is not None:
            return 1.0 if winner == 0 else 0.0
        key = (points[0], points[1])
        if key not in chances:
            chances[key] = winprob.after_play(
                view.my_score + key[0],
                view.their_score + key[1],
                i_deal=view.is_dealer,
                my_show=mine,
                their_show=theirs,
                target=view.target,
            )
        return chances[key]

    return leaf


def _outcome(points: list[int], winner: int | None) -> float:
    if winner == 0:
        return WIN
    if winner == 1:
        return -WIN
    return points[0] - points[1]


def _after_card(
    mine: list[int],
    theirs: list[int],
    series: list[int],
    rank: int,
    count: int,
    passed: set[int],
    unseen: list[int],
    need: tuple[int, int],
    first: int,
    leaf: pegging.Leaf,
    deep: bool = False,
) -> float:
    """Lay ``rank`` (seat 0), then play the rest out: the ``leaf`` value of the points (the
    card's included) and of who pegged out. ``deep``: seat 0 then searches its best order of
    cards (against these hidden cards) instead of playing the heuristic."""
    series = [*series, rank]
    count += pegging.pips(rank)
    hands = [mine, theirs]
    passed = set(passed)
    points = [first, 0]
    if count == pegging.MAX_COUNT:
        series, count, passed = [], 0, set()
        turn, last = (1 if theirs else 0), None
    else:
        turn, last = 0, 0
        if 1 not in passed and theirs:
            turn = 1
        elif not pegging.can_play(mine, count):
            points[0] += 1  # the go (the opponent has said go or is out of cards)
            if points[0] >= need[0]:
                return leaf(points, 0)
            series, count, passed = [], 0, set()
            turn, last = (1 if theirs else 0), None
            if not mine and not theirs:
                return leaf(points, None)
    if not mine and not theirs:
        if count and count != pegging.MAX_COUNT:
            points[0] += 1  # last card
        return leaf(points, (0 if points[0] >= need[0] else None))
    rest = (need[0] - points[0], need[1])
    if deep:

        def shifted(more: list[int], winner: int | None) -> float:
            return leaf([points[0] + more[0], more[1]], winner)

        return pegging.search_out(hands, series, count, turn, last, passed, unseen, rest, shifted)
    more, winner = pegging.play_out(hands, series, count, turn, last, passed, unseen, rest)
    return leaf([points[0] + more[0], more[1]], winner)


def _possible_holdings(
    view: PlayerView, unseen: list[int], rng: random.Random, samples: int
) -> list[list[int]]:
    """Random opponent hands consistent with what was seen: the cards still held come from the
    unseen cards, and after a go none of them fits under 31."""
    k = view.opponent_cards
    if k == 0:
        return [[]]
    room = 31 - view.count
    fits = view.opponent_said_go
    hands = []
    wanted = samples * CANDIDATES
    for _ in range(wanted * 20):
        hand = rng.sample(unseen, k)
        if fits and any(pegging.pips(r) <= room for r in hand):
            continue
        hands.append(hand)
        if len(hands) == wanted:
            break
    if not hands:  # the go rules out every card? cannot happen, but never crash a decision
        hands = [rng.sample(unseen, k) for _ in range(samples)]
    return _inferred(view, hands, rng, samples)


UNLIKELY = 0.25  # the weight of a holding under which the opponent would have played otherwise


def _posterior_holdings(
    view: PlayerView,
    unseen: list[int],
    rng: random.Random,
    samples: int,
    unlikely: float = UNLIKELY,
    own_view: bool = False,
) -> list[list[int]]:
    """``samples`` opponent holdings drawn from the exact posterior (:func:`_posterior`)."""
    if view.opponent_cards == 0:
        return [[]]
    hands, weights = _posterior(view, unseen, unlikely, own_view)
    if not hands:  # the go rules out every holding? cannot happen, but never crash a decision
        return [rng.sample([r for r in RANKS for _ in range(unseen[r])], view.opponent_cards)]
    return [h[:] for h in rng.choices(hands, weights=weights, k=samples)]


def _posterior(
    view: PlayerView, unseen: list[int], unlikely: float = UNLIKELY, own_view: bool = False
) -> tuple[list[list[int]], list[float]]:
    """Every multiset of ranks the opponent may still hold (after a go, none that fits) and
    its weight: the number of card sets with those ranks, the keep model and the plays it
    made (as :func:`_inferred`; ``own_view``: each play judged from the opponent's view)."""
    k = view.opponent_cards
    if k == 0:
        return [[]], [1.0]
    room = 31 - view.count
    fits = view.opponent_said_go
    moves = _opponent_moves(view)
    seen = _seen_at_moves(view) if own_view else None
    laid = [int(c.rank) for seat, c in view.laid if seat != view.seat]
    theirs_crib = not view.crib_is_ours
    hands: list[list[int]] = []
    weights: list[float] = []
    for code, ways in rank_multisets(unseen, k):
        hand = [r for r in RANKS for _ in range((code // RANK_WEIGHT[r]) % 5)]
        if fits and any(pegging.pips(r) <= room for r in hand):
            continue
        keep = keeps.keep_likelihood([*laid, *hand], crib_is_theirs=theirs_crib, players=2)
        hands.append(hand)
        likely = _likelihood(moves, hand, unlikely, seen)
        weights.append(ways * max(KEEP_FLOOR, keep) * likely)
    return hands, weights


CANDIDATES = 3  # holdings drawn per holding kept: the inference keeps the likelier ones
KEEP_FLOOR = 0.002  # no keep is impossible to a player who may not play as the model does


def _inferred(
    view: PlayerView, hands: list[list[int]], rng: random.Random, samples: int
) -> list[list[int]]:
    """``samples`` of the holdings drawn again in proportion to how likely the opponent was to
    keep them with the cards it laid this deal (:mod:`.keeps`: players keep 5s, pairs and
    fifteens) and to lay what it laid with them (as the standard player would have: a holding
    under which each of its cards was the standard choice keeps weight 1, each other card
    multiplies it by :data:`UNLIKELY`). Opponent hands are inferred, not drawn blind."""
    moves = _opponent_moves(view)
    laid = [int(c.rank) for seat, c in view.laid if seat != view.seat]
    theirs_crib = not view.crib_is_ours
    weights = [
        max(
            KEEP_FLOOR,
            keeps.keep_likelihood([*laid, *hand], crib_is_theirs=theirs_crib, players=2),
        )
        * _likelihood(moves, hand)
        for hand in hands
    ]
    return rng.choices(hands, weights=weights, k=samples)


# One play of the opponent: the series before it, the count, the rank laid, the cards it laid
# after it this deal, and how many cards this seat held then.
_Move = tuple[list[int], int, int, list[int], int]


def _opponent_moves(view: PlayerView) -> list[_Move]:
    """The opponent's plays of this deal, each with its series and count, rebuilt from the
    cards laid in order (two-handed, the count restarted exactly when the next card would
    not fit, or after 31: after a go neither player held a card that fitted)."""
    laid = [(seat, int(c.rank)) for seat, c in view.laid]
    moves: list[_Move] = []
    series: list[int] = []
    count = 0
    mine_left = len(view.kept) or len(view.hand)
    for i, (seat, rank) in enumerate(laid):
        if count + pegging.pips(rank) > pegging.MAX_COUNT:
            series, count = [], 0
        if seat != view.seat:
            later = [r for s, r in laid[i + 1 :] if s == seat]
            moves.append((series[:], count, rank, later, mine_left))
        else:
            mine_left -= 1
        series.append(rank)
        count += pegging.pips(rank)
        if count == pegging.MAX_COUNT:
            series, count = [], 0
    return moves


def _seen_at_moves(view: PlayerView) -> list[list[int]]:
    """For each of the opponent's plays (as :func:`_opponent_moves`), the ranks it had seen
    then apart from its own cards: the starter and every card laid before."""
    assert view.starter is not None, "the play comes after the starter"
    seen = [int(view.starter.rank)]
    out = []
    for seat, card in view.laid:
        if seat != view.seat:
            out.append(seen[:])
        seen.append(int(card.rank))
    return out


def _likelihood(
    moves: list[_Move],
    hand: list[int],
    unlikely: float = UNLIKELY,
    seen: list[list[int]] | None = None,
) -> float:
    """How likely the opponent was to lay what it laid holding ``hand`` now: each card the
    standard player would not have laid weighs ``unlikely``. ``seen`` (:func:`_seen_at_moves`):
    the heuristic judges each card by the cards the opponent had not seen then; without it,
    by the whole pack."""
    weight = 1.0
    for i, (series, count, rank, later, my_cards) in enumerate(moves):
        held = [*hand, *later, rank]
        unseen = pegging.unseen_by_rank([*held, *seen[i]] if seen is not None else [])
        choice = pegging.choose_heuristic(held, series, count, unseen, my_cards)
        if choice != rank:
            weight *= unlikely
    return weight
