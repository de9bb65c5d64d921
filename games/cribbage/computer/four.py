"""The pro level in the four-handed partnership game (FADOQ): keeps and the play, for the win.

Keeps: among the keeps within :data:`PEG_MARGIN` of the exact analysis's best net, the best net
plus the play's margin the keep is worth (simulated against the other seats keeping four of
five as players keep them: four high cards peg poorly, a low card is kept for the go and 31);
near the end (either team within ``endgame`` points) the keep with the best chance of winning
by :mod:`.winprob4`.

The play, far from the end: the card worth most once the seat that answers it has answered,
every fifteen, 31, pair and run it may score counted as likely as the unseen cards make it
(:func:`.pegging.choose_by_answer`: an opponent's expected best answer is subtracted, the
partner's is half in our favour). Near the end (either team within :data:`LOOK_AHEAD`
points) the other three seats' cards (the partner's too: its hand is hidden) are sampled from
the unseen cards, consistent with every go (a seat skipped in its turn held nothing that
fitted) and weighted by how likely each seat was to keep those four cards
(:func:`.keeps.keep_likelihood`) and to lay what it laid with them (as the standard player
would have: :data:`UNLIKELY` per other card). Against each weighted holding, each card pro may
lay is followed by the rest of the play, all four seats laying the standard heuristic's card
(:func:`.pegging.play_out_sides`, with the FADOQ 116 rule), and valued by the team's chance of
winning: pegging out wins, else the show of the sampled hands (their exact counts with the
starter; the crib's three unseen cards drawn) in its order, then :func:`.winprob4.win_chance`
for the next deal. A card that pegs the team out is laid at once.

Kept apart from :mod:`.levels` (whose ``Pro`` delegates here); it does not import it.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Card
from games.cribbage import fast
from games.cribbage.actions import Go, Play
from games.cribbage.discard import DiscardChoice, analyze_discards

from . import keeps, pegging, winprob4
from .view import PlayerView, seeded_rng

__all__ = ["discard", "play"]

PLAY_SAMPLES = 40  # holdings the look-ahead plays against
PLAY_SAMPLES_END = 200  # the same near the end, where a card wins or loses the game outright
ENDGAME = 30  # near the end: either team within this many points of the target
# The look-ahead is used once either team is within this many points of the target; before
# that the answering seat's expected best answer (:data:`ANSWER_MODEL`; on points early in the
# game the look-ahead did not beat even the standard heuristic: docs/performance.md). 121:
# always, a knob for benchmarks.
LOOK_AHEAD = ENDGAME
CANDIDATES = 4  # holdings drawn and weighed for each one played against
UNLIKELY = 0.25  # the weight of each card a seat laid that the standard player would not have
PEG_MARGIN = 1.0  # far from the end: keeps within this of the best net are compared on the play
PEG_SAMPLES = 200  # the other seats' holdings each keep's play is simulated against
NO_RULE = 999  # lone points score for ever (no 116 rule)
# The play-outs judge each seat by the cards that seat has not seen (as the inference does), not
# every seat by pro's unseen cards: pro's cards are unseen to the others, theirs are not to them.
OWN_VIEW = True
# Far from the end pro lays the card worth most against the answering seat's expected best
# answer (every fifteen, 31, pair and run, as likely as the unseen cards make it), not the
# standard heuristic's rough risks (docs/performance.md, issue 35's ninth round). False: the
# standard heuristic, a knob for benchmarks.
ANSWER_MODEL = True
# In the look-ahead, pro's side (itself later, its partner) lays by the answer model, as pro
# does far from the end, not the standard heuristic: screened with the look-ahead from the
# first deal, no gain (docs/performance.md, issue 53's fifth round), so off; a knob for
# benchmarks.
CONTINUE_BY_ANSWER = False

Show = tuple[tuple[int, float], ...]  # (points, chance) of a count in the show


def _ranks(cards: Sequence[Card]) -> list[int]:
    return [int(c.rank) for c in cards]


def _lay(view: PlayerView, rank: int) -> Play:
    # Suits never count in the play: lay the first held card of the chosen rank.
    return Play(view.seat, next(c for c in view.hand if int(c.rank) == rank))


# --- the play ----------------------------------------------------------------------------------


def play(view: PlayerView, samples: int | None = None) -> Play | Go:
    """Pro's card in the four-handed play (module text); ``samples`` holdings (by default
    :data:`PLAY_SAMPLES`, :data:`PLAY_SAMPLES_END` near the end)."""
    playable = view.playable()
    if not playable:
        return Go(view.seat)
    series, need = _ranks(view.series), view.target - view.my_score
    ranks = sorted(set(_ranks(playable)), reverse=True)
    for rank in ranks:
        if pegging.peg_points(series, rank, view.count) >= need:
            return _lay(view, rank)  # pegs the team out: the game is won now
    if len(ranks) == 1:
        return _lay(view, ranks[0])
    near = view.target - max(view.scores)
    if view.rules.sides != 2 or view.starter is None or near > LOOK_AHEAD:
        return _lay(view, _far_rank(view))
    if samples is None:
        samples = PLAY_SAMPLES_END if near <= ENDGAME else PLAY_SAMPLES
    rng = seeded_rng(view, "play4")
    deals = sample_deals(view, rng, samples)
    unseen = view.unseen_by_all() if OWN_VIEW else _unseen_ranks(view)
    known = _known(view, view.discards)
    best_rank, best_value = ranks[0], -1.0
    total = sum(deal.weight for deal in deals)
    for rank in ranks:
        value = (
            sum(deal.weight * _after_card(view, deal, rank, unseen, known) for deal in deals)
            / total
        )
        if value > best_value + 1e-9:
            best_rank, best_value = rank, value
    return _lay(view, best_rank)


def _far_rank(view: PlayerView) -> int:
    """Far from the end: the card worth most against the answering seat's expected best
    answer (:func:`.pegging.choose_by_answer`), or with :data:`ANSWER_MODEL` off the standard
    player's card (``levels.Standard.choose_play``); both judged by pro's unseen cards."""
    choose = pegging.choose_by_answer if ANSWER_MODEL else pegging.choose_heuristic
    nxt = view.next_to_play()
    rank = choose(
        _ranks(view.hand),
        _ranks(view.series),
        view.count,
        _unseen_ranks(view),
        view.held_counts[nxt] if nxt is not None else 0,
        partner_next=nxt is not None and view.is_partner(nxt),
        go_counts=view.go_counts,
    )
    assert rank is not None, "a seat with a playable card lays one"
    return rank


def _known(view: PlayerView, discards: Sequence[Card]) -> list[list[int]]:
    """What only pro's seat has seen in a play-out: its own discard."""
    known: list[list[int]] = [[] for _ in range(view.players)]
    known[view.seat] = _ranks(discards)
    return known


def _unseen_ranks(view: PlayerView) -> list[int]:
    left = [0] * 14
    for c in view.unseen():
        left[int(c.rank)] += 1
    return left


@dataclass(frozen=True, slots=True)
class Deal:
    """One sampled holding: the cards each seat still holds (this seat's own included) and the
    show's counts in order from the dealer's left (the dealer's with the crib), exact."""

    hands: tuple[tuple[Card, ...], ...]
    shows: tuple[int, int, int, int]
    weight: float  # how likely the other seats were to keep and lay as they did with these


@dataclass(frozen=True, slots=True)
class _Move:
    """A card another seat laid this deal, with what that seat saw then."""

    seat: int
    index: int  # its place in ``view.laid``
    series: tuple[int, ...]
    count: int
    rank: int
    answer: int | None  # the seat that would answer it (holding cards, not said go)
    answer_cards: int  # the cards that seat held then


@dataclass(frozen=True, slots=True)
class _Reading:
    moves: tuple[_Move, ...]
    room: tuple[int, ...]  # by seat: every card it still holds has more pips than this


def read_plays(view: PlayerView) -> _Reading:
    """The other seats' plays of this deal rebuilt from the cards laid in order, and what every
    go says. The count restarted exactly when the next card did not fit (or after 31): nobody
    could lay, so every seat then held only cards over the room left; a seat passed over in its
    turn (between two cards of one series) held nothing that fitted either."""
    n = view.players
    laid = [(seat, int(c.rank)) for seat, c in view.laid]
    later = [0] * n  # cards each seat lays after the point reached (counted backwards below)
    for seat, _ in laid:
        later[seat] += 1
    room = [-1] * n
    moves: list[_Move] = []
    series: list[int] = []
    count, prev = 0, None
    passed: set[int] = set()

    def stuck(seats: Sequence[int], left: int) -> None:
        for s in seats:
            room[s] = max(room[s], left)
            passed.add(s)

    for i, (seat, rank) in enumerate(laid):
        if count + pegging.pips(rank) > pegging.MAX_COUNT:
            stuck(range(n), pegging.MAX_COUNT - count)
            series, count, prev, passed = [], 0, None, set()
        elif prev is not None:
            stuck(_between(prev, seat, n), pegging.MAX_COUNT - count)
        later[seat] -= 1
        if seat != view.seat:
            held = [view.held_counts[s] + later[s] for s in range(n)]  # held by each seat then
            answer = next(
                (s for s in ((seat + k) % n for k in range(1, n)) if held[s] and s not in passed),
                None,
            )
            cards = held[answer] if answer is not None else 0
            moves.append(_Move(seat, i, tuple(series), count, rank, answer, cards))
        series.append(rank)
        count += pegging.pips(rank)
        prev = seat
        if count == pegging.MAX_COUNT:
            series, count, prev, passed = [], 0, None, set()
    if series and not view.series:  # the count has restarted since: nobody could lay
        stuck(range(n), pegging.MAX_COUNT - count)
    elif prev is not None:  # the seats between the last to lay and this seat said go
        stuck(_between(prev, view.seat, n), pegging.MAX_COUNT - count)
    return _Reading(tuple(moves), tuple(room))


def _between(first: int, then: int, n: int) -> list[int]:
    """The seats clockwise strictly after ``first`` and before ``then`` (all the others when
    ``first`` laid twice in a row)."""
    out = []
    for k in range(1, n):
        s = (first + k) % n
        if s == then:
            break
        out.append(s)
    return out


def sample_deals(view: PlayerView, rng: random.Random, samples: int) -> list[Deal]:
    """Holdings of the other seats drawn from the unseen cards, consistent with every go, then
    drawn again in proportion to :func:`likelihood` (the other seats' keeps and plays read as
    the standard player's); each with its exact show (the crib's unseen cards drawn)."""
    reading = read_plays(view)
    unseen = view.unseen()
    drawn = [_draw_holding(view, reading, unseen, rng) for _ in range(samples * CANDIDATES)]
    weights = [likelihood(view, reading, hands) for hands in drawn]
    # The keeps' weights vary a lot (few holdings carry most of the weight): the play-outs go
    # to holdings drawn again by weight, each then counting alike.
    chosen = rng.choices(drawn, weights=weights, k=samples)
    return [_with_show(view, hands, unseen, 1.0, rng) for hands in chosen]


def _draw_holding(
    view: PlayerView, reading: _Reading, unseen: Sequence[Card], rng: random.Random
) -> list[tuple[Card, ...]]:
    hands: list[tuple[Card, ...]] = [()] * view.players
    hands[view.seat] = view.hand
    others = [s for s in range(view.players) if s != view.seat]
    if all(reading.room[s] < 0 for s in others):  # no go seen: one draw for all
        cards = rng.sample(unseen, sum(view.held_counts[s] for s in others))
        for s in others:
            k = view.held_counts[s]
            hands[s], cards = tuple(cards[:k]), cards[k:]
        return hands
    pool = set(unseen)
    # The seat with the tightest go first: it draws among the cards it may hold.
    for s in sorted(others, key=lambda s: -reading.room[s]):
        k = view.held_counts[s]
        room = reading.room[s]
        allowed = [c for c in unseen if c in pool and c.pips > room]
        if len(allowed) < k:  # cannot happen in a real game; never crash a decision
            allowed = [c for c in unseen if c in pool]
        hand = tuple(rng.sample(allowed, k))
        hands[s] = hand
        pool.difference_update(hand)
    return hands


def likelihood(view: PlayerView, reading: _Reading, hands: Sequence[Sequence[Card]]) -> float:
    """How likely the other seats were to keep and lay what they did holding ``hands`` now:
    each card the standard player would not have laid (from what that seat held then) weighs
    :data:`UNLIKELY`; each seat's four kept cards weigh their keep likelihood."""
    laid = [(seat, int(c.rank)) for seat, c in view.laid]
    assert view.starter is not None, "the play comes after the starter"
    starter = int(view.starter.rank)
    weight = 1.0
    cutoff = view.rules.one_point_cutoff
    for move in reading.moves:
        held = [*_ranks(hands[move.seat]), *(r for s, r in laid[move.index :] if s == move.seat)]
        unseen = pegging.unseen_by_rank([*held, *(r for _, r in laid[: move.index]), starter])
        answer = move.answer
        side_score = view.scores[view.rules.side_of(move.seat)]
        choice = pegging.choose_heuristic(
            held,
            move.series,
            move.count,
            unseen,
            move.answer_cards,
            partner_next=answer is not None
            and view.rules.side_of(answer) == view.rules.side_of(move.seat),
            go_counts=cutoff is None or side_score < cutoff,
        )
        if choice != move.rank:
            weight *= UNLIKELY
    # The keeps: four cards a seat kept (those held and those laid) as players keep them.
    for seat in range(view.players):
        if seat != view.seat:
            kept = [*_ranks(hands[seat]), *(r for s, r in laid if s == seat)]
            weight *= keeps.keep_likelihood(
                kept,
                crib_is_theirs=view.rules.side_of(seat) == view.rules.side_of(view.dealer),
                players=view.players,
            )
    return weight


def _with_show(
    view: PlayerView,
    hands: Sequence[Sequence[Card]],
    unseen: Sequence[Card],
    weight: float,
    rng: random.Random,
) -> Deal:
    assert view.starter is not None, "the play comes after the starter"
    starter = view.starter.index
    n = view.players
    full = [list(hands[s]) for s in range(n)]
    for s, c in view.laid:
        full[s].append(c)
    held = {c for h in hands for c in h}
    pool = [c for c in unseen if c not in held]
    crib = [*view.discards, *rng.sample(pool, 4 - len(view.discards))]
    shows = []
    for k in range(1, n + 1):
        s = (view.dealer + k) % n
        points = fast.score_total([c.index for c in full[s]], starter)
        if s == view.dealer:
            points += fast.score_total([c.index for c in crib], starter, crib=True)
        shows.append(points)
    return Deal(tuple(tuple(h) for h in hands), (shows[0], shows[1], shows[2], shows[3]), weight)


def _board(view: PlayerView) -> tuple[list[int], list[int], list[int]]:
    """What :func:`.pegging.play_out_sides` needs of the board: each seat's side, the points
    each side needs to win, and how many more points a side may peg before its lone go
    points stop scoring (the 116 rule)."""
    side_of = [view.rules.side_of(s) for s in range(view.players)]
    need = [view.target - view.scores[side] for side in range(2)]
    cutoff = view.rules.one_point_cutoff
    lone_until = [NO_RULE if cutoff is None else cutoff - s for s in view.scores]
    return side_of, need, lone_until


def _after_card(
    view: PlayerView,
    deal: Deal,
    rank: int,
    unseen: Sequence[int],
    known: Sequence[Sequence[int]],
) -> float:
    """Lay ``rank`` against ``deal``, play the rest out, then the show: our chance."""
    n = view.players
    side_of, need, lone_until = _board(view)
    pegged, winner = pegging.play_out_sides(
        [_ranks(h) for h in deal.hands],
        _ranks(view.series),
        view.count,
        view.seat,
        None,
        set(view.passed),
        unseen,
        side_of,
        need,
        lone_until,
        first=rank,
        own_view=OWN_VIEW,
        known=known,
        by_answer=view.side if CONTINUE_BY_ANSWER else None,
    )
    us = view.side
    if winner is not None:
        return 1.0 if winner == us else 0.0
    scores = [view.scores[side] + pegged[side] for side in range(2)]
    for k, points in enumerate(deal.shows, start=1):
        side = side_of[(view.dealer + k) % n]
        scores[side] += points
        if scores[side] >= view.target:
            return 1.0 if side == us else 0.0
    # The next deal is dealt by the other team.
    return winprob4.win_chance(
        scores[us], scores[1 - us], we_deal=not view.crib_is_ours, target=view.target
    )


# --- the keeps ---------------------------------------------------------------------------------

# One simulated deal as uniform draws (the play, then the four counts of the show).
_Draw = tuple[float, float, float, float, float]


def discard(view: PlayerView, *, endgame: int, margin: float, samples: int) -> tuple[Card, ...]:
    """The exact analysis's best net; near the end (either team within ``endgame`` points) the
    keep, among those within ``margin`` of the best net, with the best chance of winning
    (:mod:`.winprob4`): its hand and the crib as their exact distributions, the other hands and
    the play from four-handed self-play (the play's lone points lost from the 116 rule on)."""
    analysis = analyze_discards(view.hand, dealer=view.crib_is_ours, players=view.players)
    best = analysis.best
    need = min(view.target - view.my_score, view.target - view.their_score)
    if view.rules.sides != 2:
        return best.discard
    if need > endgame:
        return _discard_for_points(view, analysis.choices)
    candidates = [c for c in analysis.choices if best.net - c.net <= margin]
    if len(candidates) == 1:
        return best.discard
    draws = _team_draws(seeded_rng(view, "discard4"), samples)
    return max(candidates, key=lambda c: team_chance(view, c, draws)).discard


def _discard_for_points(view: PlayerView, choices: Sequence[DiscardChoice]) -> tuple[Card, ...]:
    """Far from the end: the keep with the best net plus the play's margin it is worth (our
    team's pegging less theirs), over the same simulated holdings of the other seats for
    every keep (each drew five cards and kept four as players keep them)."""
    best = choices[0].net
    candidates = [c for c in choices if best - c.net <= PEG_MARGIN]
    if len(candidates) == 1:
        return candidates[0].discard
    rng = seeded_rng(view, "discard4peg")
    unseen_cards = _ranks(view.unseen())
    unseen = view.unseen_by_all() if OWN_VIEW else _unseen_ranks(view)
    n = view.players
    side_of, need, lone_until = _board(view)
    crib_side = side_of[view.dealer]
    holdings = []
    for _ in range(PEG_SAMPLES):
        dealt = rng.sample(unseen_cards, 5 * (n - 1))
        hands: list[list[int]] = []
        for k, s in enumerate(s for s in range(n) if s != view.seat):
            five = dealt[5 * k : 5 * k + 5]
            hands.append(
                list(keeps.sample_keep(five, crib_is_theirs=side_of[s] == crib_side, rng=rng))
            )
        holdings.append(hands)
    us, leader = view.side, (view.dealer + 1) % n

    def margin(choice: DiscardChoice) -> float:
        total = 0
        known = _known(view, choice.discard)
        for others in holdings:
            hands = [h[:] for h in others]
            hands.insert(view.seat, _ranks(choice.keep))
            pegged, _ = pegging.play_out_sides(
                hands,
                [],
                0,
                leader,
                None,
                set(),
                unseen,
                side_of,
                need,
                lone_until,
                own_view=OWN_VIEW,
                known=known,
            )
            total += pegged[us] - pegged[1 - us]
        return total / len(holdings)

    return max(candidates, key=lambda c: c.net + margin(c)).discard


def _team_draws(rng: random.Random, samples: int) -> list[_Draw]:
    return [
        (rng.random(), rng.random(), rng.random(), rng.random(), rng.random())
        for _ in range(samples)
    ]


def show_of(counts: dict[int, int]) -> Show:
    """A count's distribution (points, chance) from its numbers of cases."""
    total = sum(counts.values())
    return tuple((points, n / total) for points, n in sorted(counts.items()))


def add_shows(a: Sequence[tuple[int, float]], b: Sequence[tuple[int, float]]) -> Show:
    """The distribution of the sum of two independent counts (a hand and a crib)."""
    sums: dict[int, float] = {}
    for x, p in a:
        for y, q in b:
            sums[x + y] = sums.get(x + y, 0.0) + p * q
    return tuple(sorted(sums.items()))


def _quantiles(show: Sequence[tuple[int, float]]) -> tuple[list[float], list[int]]:
    """Cumulative chances and points of a distribution, for drawing by inverse transform."""
    edges, points, total = [], [], 0.0
    for x, p in show:
        total += p
        edges.append(total)
        points.append(x)
    edges[-1] = 2.0  # rounding: every draw below 1 finds a point
    return edges, points


def _draw(quantiles: tuple[list[float], list[int]], u: float) -> int:
    edges, points = quantiles
    return points[bisect.bisect_right(edges, u)]


def team_chance(view: PlayerView, choice: DiscardChoice, draws: list[_Draw]) -> float:
    """Our team's chance of winning with ``choice``, over simulated deals drawn alike for every
    keep (the same draws: the keeps are compared on the same deals)."""
    step = (view.seat - view.dealer - 1) % 4  # this seat's count in the show (0 to 3)
    counts: list[Sequence[tuple[int, float]]] = list(winprob4.counts())
    other = counts[0]  # a hand not seen (the first count: a hand without a crib)
    hand, crib = show_of(choice.hand.counts), show_of(choice.crib.counts)
    counts[3] = add_shows(hand if step == 3 else other, crib)
    if step != 3:
        counts[step] = hand
    shows = [_quantiles(c) for c in counts]
    plays = winprob4.plays_lone()
    play = _quantiles(tuple((i, p) for i, (*_, p) in enumerate(plays)))
    we_deal = view.crib_is_ours
    target = view.target
    cutoff = view.rules.one_point_cutoff
    total = 0.0
    for u_play, *u_show in draws:
        a, b = (view.their_score, view.my_score) if we_deal else (view.my_score, view.their_score)
        pn, pd, ln, ld, _ = plays[_draw(play, u_play)]
        pn, pd = winprob4.play_points(pn, pd, ln, ld, a, b, cutoff)
        a, b = a + pn, b + pd
        if a >= target or b >= target:
            nd_wins = 1.0 if b < target else (0.5 if a >= target else 0.0)
        else:
            nd_wins = _show_out(
                a, b, [_draw(q, u) for q, u in zip(shows, u_show, strict=True)], target
            )
        total += 1.0 - nd_wins if we_deal else nd_wins
    return total / len(draws)


def _show_out(a: int, b: int, points: list[int], target: int) -> float:
    """The non-dealing team's chance after the play at ``a`` to ``b``: the four counts in order
    (the first team to reach the target wins), then the next deal."""
    for step, x in enumerate(points):
        if step in winprob4.NON_DEALING_STEPS:
            a += x
            if a >= target:
                return 1.0
        else:
            b += x
            if b >= target:
                return 0.0
    return winprob4.win_chance(a, b, we_deal=True, target=target)
