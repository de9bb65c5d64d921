"""The computer players: legal moves through whole games, hidden information, the rank-only
pegging they reason with (held against the engine), and the coaching figures."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cards import DECK, Card, parse_cards, shuffled_deck
from games.cribbage.actions import Deal, Discard, Go, Play
from games.cribbage.coaching import coach_discard, suboptimal
from games.cribbage.computer import (
    LEVELS,
    computer,
    computer_action,
    four,
    play_computer_game,
    view_of,
)
from games.cribbage.computer import levels as level_code
from games.cribbage.computer import pegging as fastpeg
from games.cribbage.computer.levels import score_before_cut
from games.cribbage.discard import analyze_discards
from games.cribbage.game import GameState, Phase
from games.cribbage.pegging import peg_points
from games.cribbage.rules import (
    FADOQ,
    FOUR_PLAYER_PARTNERS,
    STANDARD_2P_61,
    STANDARD_2P_121,
    THREE_PLAYER,
)

FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
levels = st.sampled_from(sorted(LEVELS))


@FEW
@given(
    seed=st.integers(0, 10**9),
    first=levels,
    second=levels,
    rules=st.sampled_from([STANDARD_2P_121, STANDARD_2P_61]),
)
def test_every_level_makes_only_legal_moves_through_whole_games(seed, first, second, rules):
    players = [computer(first), computer(second)]
    game = GameState(rules.replace(muggins=True), seed=seed)
    decisions = 0
    while not game.is_over:
        seat = game.to_act
        action = computer_action(game, seat, players[seat])
        assert action in game.legal_actions(), (action, game)
        decisions += isinstance(action, Play | Go | Discard)
        game.apply(action)
    assert max(game.scores) == rules.target and decisions > 10


def test_a_whole_game_between_levels_replays_the_same():
    a = play_computer_game(STANDARD_2P_121, ("pro", "standard"), seed=11)
    b = play_computer_game(STANDARD_2P_121, ("pro", "standard"), seed=11)
    assert a == b and a.is_over


# --- hidden information --------------------------------------------------------------------------


def _swap(deck, cards_out, pool):
    """The deck with each of ``cards_out`` exchanged with a card of ``pool`` (by position)."""
    deck = list(deck)
    for out, into in zip(cards_out, pool, strict=False):
        i, j = deck.index(out), deck.index(into)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _rerun(game: GameState, deck) -> GameState:
    other = GameState(game.rules, decks=[deck], first_dealer=game.first_dealer)
    for action in game.history:
        other.apply(action)
    return other


def _rooms_at_go(game: GameState, seat: int) -> list[int]:
    """31 minus the count each time ``seat`` was seen unable to lay in the current deal: its
    own go, or a series it ended by scoring the go after the other had said go."""
    again = GameState(game.rules, decks=game.decks, first_dealer=game.first_dealer)
    rooms: list[int] = []
    for action in game.history:
        if isinstance(action, Deal):
            rooms = []
        count = again.count + (action.card.pips if isinstance(action, Play) else 0)
        events = len(again.events)
        again.apply(action)
        stuck = isinstance(action, Go) and action.player == seat
        stuck |= any(e.kind == "go" and e.player == seat for e in again.events[events:])
        if stuck:
            rooms.append(31 - count)
    return rooms


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), level=levels, plays=st.integers(0, 5))
def test_a_choice_is_the_same_whatever_the_hidden_cards(seed, level, plays):
    """Seat 0 decides; the opponent's unplayed cards and the pack order are changed (the
    opponent's discards, cards laid and the starter stay): same view, same choice."""
    deck = shuffled_deck(f"hidden:{seed}")
    game = GameState(STANDARD_2P_121, decks=[deck], first_dealer=seed % 2)
    player, rng = computer(level), random.Random(seed)
    game.apply(game.legal_actions()[0])  # the deal
    if game.to_act == 1:
        game.apply(computer_action(game, 1, computer("standard")))
    # At the discard: swap the opponent's whole hand with pack cards.
    if plays == 0:
        hidden = list(game.held[1])
        pool = [c for c in game.pack]
        rng.shuffle(pool)
        other = _rerun(game, _swap(deck, hidden, pool))
        assert other.held[1] != game.held[1] and other.held[0] == game.held[0]
    else:
        while game.phase is not Phase.PLAY or game.to_act != 0 or len(game.laid) < plays:
            if game.is_over or game.phase is Phase.SHOW:
                return
            seat = game.to_act
            game.apply(computer_action(game, seat, computer("standard")))
        hidden = list(game.held[1])
        # After the opponent's go at count c, the cards it still holds did not fit: the
        # replacements must not fit either, or the recorded go would be illegal.
        room = max(_rooms_at_go(game, 1), default=0)
        pool = [c for c in game.pack if c != game.starter and c.pips > room]
        if len(pool) < len(hidden):
            return
        rng.shuffle(pool)
        other = _rerun(game, _swap(deck, hidden, pool))
        if hidden:
            assert other.held[1] != game.held[1]
        assert other.starter == game.starter
    assert view_of(other, 0) == view_of(game, 0)
    assert computer_action(other, 0, player) == computer_action(game, 0, player)


def test_the_view_holds_nothing_of_the_opponent_hand_or_the_pack():
    game = GameState(STANDARD_2P_121, seed=3, first_dealer=0)
    game.apply(game.legal_actions()[0])
    view = view_of(game, 0)
    hidden = set(game.held[1]) | set(game.pack)
    assert hidden.isdisjoint(set(view.hand) | set(view.kept) | set(view.discards))
    assert set(view.unseen()) == hidden  # what is unseen is exactly the hidden cards
    assert view.opponent_cards == 6


# --- the rank-only pegging -----------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.permutations(DECK).map(lambda d: list(d[:8])), st.integers(1, 8))
def test_rank_pegging_agrees_with_the_engine(cards, n):
    series, card = cards[: n - 1], cards[n - 1]
    count = sum(c.pips for c in series)
    if count + card.pips > 31 or count > 31:
        return
    ranks = [int(c.rank) for c in series]
    assert fastpeg.peg_points(ranks, int(card.rank), count) == peg_points(series, card)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), dealer=st.integers(0, 1))
def test_play_out_pegs_what_the_engine_scores(seed, dealer):
    """The same policy played in the engine and in :func:`play_out` pegs the same points
    (go, last card and 31 included)."""
    game = GameState(STANDARD_2P_121, seed=seed, first_dealer=dealer)
    game.apply(game.legal_actions()[0])
    for seat in (1 - dealer, dealer):
        game.apply(Discard(seat, game.held[seat][:2]))
    game.apply(game.legal_actions()[0])  # cut
    game.apply(game.legal_actions()[0])  # turn the starter
    if game.is_over or game.phase is not Phase.PLAY:
        return
    unseen = fastpeg.unseen_by_rank([])
    hands = [[int(c.rank) for c in game.held[s]] for s in (0, 1)]
    expected, _ = fastpeg.play_out([h[:] for h in hands], [], 0, game.to_act, None, set(), unseen)
    before = len(game.events)
    while game.phase is Phase.PLAY:
        seat = game.to_act
        ranks = [int(c.rank) for c in game.held[seat]]
        rank = fastpeg.choose_heuristic(
            ranks,
            [int(c.rank) for _, c in game.series],
            game.count,
            unseen,
            len(game.held[1 - seat]),
        )
        if rank is None:
            game.apply(Go(seat))
        else:
            game.apply(Play(seat, next(c for c in game.held[seat] if int(c.rank) == rank)))
    pegged = [0, 0]
    for event in game.events[before:]:
        if event.kind in ("play", "go", "last card"):
            pegged[event.player] += event.points
    assert pegged == expected


def test_easy_counts_four_cards_without_a_starter():
    assert score_before_cut(parse_cards("5H 5C 5S JD")) == 14  # 3 fifteens, pair royal
    assert score_before_cut(parse_cards("2H 3H 4H 6H")) == 9  # run of 3, flush of 4
    assert score_before_cut(parse_cards("AH 3C 9D QS")) == 0


def test_standard_discards_the_best_of_the_analysis():
    view_game = GameState(STANDARD_2P_121, decks=[shuffled_deck("std")], first_dealer=0)
    view_game.apply(view_game.legal_actions()[0])
    view = view_of(view_game, 1)
    best = analyze_discards(view.hand, dealer=False).best
    assert computer("standard").choose_discard(view) == best.discard


def test_an_unknown_level_is_refused_with_the_list():
    with pytest.raises(ValueError, match="the levels are easy, standard, pro"):
        computer("grandmaster")


# --- coaching ------------------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(
    cards=st.permutations(DECK).map(lambda d: d[:6]), pick=st.integers(0, 14), dealer=st.booleans()
)
def test_coaching_values_are_the_analysis_values(cards, pick, dealer):
    analysis = analyze_discards(cards, dealer=dealer)
    choice = analysis.choices[pick]
    advice = coach_discard(cards, keep=choice.keep, dealer=dealer)
    assert advice.expected == choice.net and advice.best == analysis.best.net
    assert advice.loss == analysis.best.net - choice.net >= 0
    assert advice.is_best == (choice.net == analysis.best.net)
    assert set(advice.best_keep) == set(analysis.best.keep)


def test_coaching_a_known_hand():
    # For the dealer, 5-5-4-6 with 5-J to the own crib beats keeping the 29-hand cards.
    advice = coach_discard("5H 5C 5S JD 4D 6D", keep="5H 5C 5S JD", dealer=True)
    assert not advice.is_best and advice.loss > 0
    assert set(advice.best_keep) == set(parse_cards("5H 5C 4D 6D"))
    assert isinstance(advice.expected, Fraction)
    assert suboptimal(
        [advice, coach_discard("5H 5C 5S JD 4D 6D", keep="5H 5C 4D 6D", dealer=True)]
    ) == [advice]


# --- the four-handed game ------------------------------------------------------------------------


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    team=levels,
    others=levels,
    rules=st.sampled_from([FADOQ, FOUR_PLAYER_PARTNERS.replace(muggins=True)]),
)
def test_every_level_makes_only_legal_moves_through_four_handed_games(seed, team, others, rules):
    players = [computer(team), computer(others)] * 2  # partners sit opposite
    game = GameState(rules, seed=seed)
    discards = 0
    while not game.is_over:
        seat = game.to_act
        action = computer_action(game, seat, players[seat])
        assert action in game.legal_actions(), (action, game)
        if isinstance(action, Discard):
            assert len(action.cards) == 1  # five cards dealt, one to the crib
            discards += 1
        game.apply(action)
    assert max(game.scores) == 121 and discards >= 8


def _hidden_four(game: GameState) -> list[Card]:
    """What seat 0 cannot see of the deal: the other three hands (the partner's included) and
    the pack (less the starter once turned)."""
    return [c for seat in (1, 2, 3) for c in game.held[seat]] + list(game.pack)


def _redeal_hidden(game: GameState, deck, rng: random.Random) -> list[Card] | None:
    """The deck with the other seats' unplayed cards and the pack dealt anew among
    themselves, each seat that was seen stuck at a go getting only cards that still do not fit
    (``None`` when that cannot be done)."""
    rooms = {seat: max(_rooms_at_go(game, seat), default=0) for seat in (1, 2, 3)}
    pool = _hidden_four(game)
    rng.shuffle(pool)
    new_hands: dict[int, list[Card]] = {}
    for seat in sorted((1, 2, 3), key=lambda s: -rooms[s]):  # the tightest seat first
        fits = [c for c in pool if c.pips > rooms[seat]][: len(game.held[seat])]
        if len(fits) < len(game.held[seat]):
            return None
        new_hands[seat] = fits
        pool = [c for c in pool if c not in fits]
    old = _hidden_four(game)
    new = [c for seat in (1, 2, 3) for c in new_hands[seat]] + pool
    deck = list(deck)
    positions = [deck.index(c) for c in old]
    for position, card in zip(positions, new, strict=True):
        deck[position] = card
    return deck


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), level=levels, plays=st.integers(0, 7))
def test_a_four_handed_choice_is_the_same_whatever_the_hidden_cards(seed, level, plays):
    """Seat 0 decides; the unplayed cards of the three other seats (the partner's included)
    and the pack are dealt anew among themselves (the cards laid, the discards and the
    starter stay): the view is the same and so is the choice."""
    deck = shuffled_deck(f"hidden4:{seed}")
    game = GameState(FADOQ, decks=[deck], first_dealer=seed % 4)
    player, rng = computer(level), random.Random(seed)
    game.apply(Deal())
    if plays:
        while game.phase is not Phase.PLAY or game.to_act != 0 or len(game.laid) < plays:
            if game.is_over or game.phase is Phase.SHOW:
                return
            seat = game.to_act
            game.apply(computer_action(game, seat, computer("standard")))
    starter_at = deck.index(game.starter) if game.starter else None
    other_deck = _redeal_hidden(game, deck, rng)
    if other_deck is None:
        return
    assert starter_at is None or other_deck[starter_at] == game.starter
    other = _rerun(game, other_deck)
    assert other.held[0] == game.held[0] and other.laid == game.laid
    assert [other.held[s] for s in (1, 2, 3)] != [game.held[s] for s in (1, 2, 3)]
    assert view_of(other, 0) == view_of(game, 0)
    assert computer_action(other, 0, player) == computer_action(game, 0, player)


def test_the_four_handed_view_holds_nothing_of_the_partner_or_the_opponents():
    game = GameState(FADOQ, seed=3, first_dealer=1)
    game.apply(Deal())
    view = view_of(game, 0)
    hidden = set(_hidden_four(game))
    assert hidden.isdisjoint(set(view.hand) | set(view.kept) | set(view.discards))
    assert set(view.unseen()) == hidden and len(view.hand) == 5
    assert view.held_counts == (5, 5, 5, 5) and view.opponent == 1 and view.is_partner(2)
    assert not view.is_partner(1) and not view.is_partner(3)


@pytest.mark.parametrize(("dealer", "ours"), [(0, True), (1, False), (2, True), (3, False)])
def test_four_handed_discards_count_the_crib_for_the_team_that_deals(dealer, ours):
    game = GameState(FADOQ, decks=[shuffled_deck("team")], first_dealer=dealer)
    game.apply(Deal())
    view = view_of(game, 0)
    assert view.crib_is_ours == ours
    choices = analyze_discards(view.hand, dealer=ours, players=4).choices
    assert computer("standard").choose_discard(view) == choices[0].discard
    # Pro weighs the play too, among the keeps close to the best net (test_pro_four.py).
    close = [c.discard for c in choices if choices[0].net - c.net <= four.PEG_MARGIN]
    assert computer("pro").choose_discard(view) in close


def test_a_count_that_helps_the_next_player_is_avoided_for_an_opponent_sought_for_the_partner():
    """At 16 with a 5 and a 4: the 5 makes 21, which a ten (16 of them) turns into 31. Against
    an opponent answering, the standard player lays the 4; when the partner answers (the
    opponent between has said go), it lays the 5 for the partner."""
    unseen = fastpeg.unseen_by_rank([])
    assert fastpeg.choose_heuristic([5, 4], [10, 6], 16, unseen, 3) == 4
    assert fastpeg.choose_heuristic([5, 4], [10, 6], 16, unseen, 3, partner_next=True) == 5


def test_the_116_rule_is_known_to_the_view():
    game = GameState(FADOQ, seed=4, first_dealer=0, scores=(116, 100))
    game.apply(Deal())
    assert not view_of(game, 0).go_counts and not view_of(game, 2).go_counts
    assert view_of(game, 1).go_counts  # the other team, at 100, still pegs its go
    plain = GameState(FOUR_PLAYER_PARTNERS, seed=4, first_dealer=0, scores=(116, 100))
    plain.apply(Deal())
    assert view_of(plain, 0).go_counts


# --- pro: what the opponent's plays say of its hand --------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 1))
def test_the_opponents_plays_are_rebuilt_with_their_series_and_count(seed, dealer):
    """Each of the opponent's plays, as pro rebuilds it from the cards laid, has the series and
    the count the engine had when the card was laid."""
    game = GameState(STANDARD_2P_121, seed=seed, first_dealer=dealer)
    player = computer("standard")
    game.apply(Deal())
    seen = []
    while not game.is_over and game.phase is not Phase.SHOW:
        seat = game.to_act
        action = computer_action(game, seat, player)
        if isinstance(action, Play) and seat == 1:
            seen.append(([int(c.rank) for _, c in game.series], game.count, int(action.card.rank)))
        game.apply(action)
        if game.phase is Phase.PLAY and game.to_act == 0:
            moves = level_code._opponent_moves(view_of(game, 0))
            assert [(m[0], m[1], m[2]) for m in moves] == seen


def test_a_holding_under_which_the_opponent_would_have_laid_another_card_weighs_less():
    lead_five = [([], 0, 5, [], 4)]  # the opponent led a 5, holding three more cards now
    # With only fives the 5 is forced; holding a 4, the standard player leads the 4 instead.
    assert level_code._likelihood(lead_five, [5, 5, 5]) == 1.0
    assert level_code._likelihood(lead_five, [4, 9, 10]) == level_code.UNLIKELY


# --- the three-handed game -----------------------------------------------------------------------


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    first=levels,
    second=levels,
    third=levels,
    muggins=st.booleans(),
)
def test_every_level_makes_only_legal_moves_through_three_handed_games(
    seed, first, second, third, muggins
):
    players = [computer(first), computer(second), computer(third)]
    game = GameState(THREE_PLAYER.replace(muggins=muggins), seed=seed)
    discards = 0
    while not game.is_over:
        seat = game.to_act
        action = computer_action(game, seat, players[seat])
        assert action in game.legal_actions(), (action, game)
        if isinstance(action, Discard):
            assert len(action.cards) == 1  # five cards dealt, one to the crib
            discards += 1
        game.apply(action)
    assert max(game.scores) == 121 and discards >= 6


def _hidden_of(game: GameState, seats) -> list[Card]:
    """What seat 0 cannot see: the other seats' unplayed cards, the card the pack gave the crib
    (three-handed) and the pack (less the starter once turned)."""
    from_pack = game.crib[: game.rules.crib_from_deck]
    return [c for seat in seats for c in game.held[seat]] + list(from_pack) + list(game.pack)


def _redeal_hidden_three(game: GameState, deck, rng: random.Random) -> list[Card] | None:
    """The deck with seats 1 and 2's unplayed cards, the crib's card from the pack and the pack
    dealt anew among themselves (a seat seen stuck at a go gets only cards that do not fit)."""
    seats = (1, 2)
    rooms = {seat: max(_rooms_at_go(game, seat), default=0) for seat in seats}
    pool = _hidden_of(game, seats)
    rng.shuffle(pool)
    new_hands: dict[int, list[Card]] = {}
    for seat in sorted(seats, key=lambda s: -rooms[s]):
        fits = [c for c in pool if c.pips > rooms[seat]][: len(game.held[seat])]
        if len(fits) < len(game.held[seat]):
            return None
        new_hands[seat] = fits
        pool = [c for c in pool if c not in fits]
    old = _hidden_of(game, seats)
    new = [c for seat in seats for c in new_hands[seat]] + pool
    deck = list(deck)
    positions = [deck.index(c) for c in old]
    for position, card in zip(positions, new, strict=True):
        deck[position] = card
    return deck


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), level=levels, plays=st.integers(0, 6))
def test_a_three_handed_choice_is_the_same_whatever_the_hidden_cards(seed, level, plays):
    """Seat 0 decides; the unplayed cards of both opponents, the crib's card from the pack and
    the pack are dealt anew among themselves (the cards laid, the discards and the starter
    stay): the view is the same and so is the choice."""
    deck = shuffled_deck(f"hidden3:{seed}")
    game = GameState(THREE_PLAYER, decks=[deck], first_dealer=seed % 3)
    player, rng = computer(level), random.Random(seed)
    game.apply(Deal())
    if plays:
        while game.phase is not Phase.PLAY or game.to_act != 0 or len(game.laid) < plays:
            if game.is_over or game.phase is Phase.SHOW:
                return
            seat = game.to_act
            game.apply(computer_action(game, seat, computer("standard")))
    starter_at = deck.index(game.starter) if game.starter else None
    other_deck = _redeal_hidden_three(game, deck, rng)
    if other_deck is None:
        return
    assert starter_at is None or other_deck[starter_at] == game.starter
    other = _rerun(game, other_deck)
    assert other.held[0] == game.held[0] and other.laid == game.laid
    assert [other.held[s] for s in (1, 2)] != [game.held[s] for s in (1, 2)]
    assert view_of(other, 0) == view_of(game, 0)
    assert computer_action(other, 0, player) == computer_action(game, 0, player)


def test_the_three_handed_view_holds_nothing_of_the_opponents_or_the_crib_card():
    game = GameState(THREE_PLAYER, seed=5, first_dealer=2)
    game.apply(Deal())
    view = view_of(game, 0)
    hidden = set(_hidden_of(game, (1, 2)))
    assert len(game.crib) == 1 and game.crib[0] in hidden  # the pack's card to the crib
    assert hidden.isdisjoint(set(view.hand) | set(view.kept) | set(view.discards))
    assert set(view.unseen()) == hidden and len(view.hand) == 5
    assert view.held_counts == (5, 5, 5) and view.opponent == 1
    assert not view.is_partner(1) and not view.is_partner(2)


@pytest.mark.parametrize(("dealer", "ours"), [(0, True), (1, False), (2, False)])
def test_three_handed_discards_count_the_crib_only_for_the_dealer(dealer, ours):
    game = GameState(THREE_PLAYER, decks=[shuffled_deck("three")], first_dealer=dealer)
    game.apply(Deal())
    view = view_of(game, 0)
    assert view.crib_is_ours == ours
    best = analyze_discards(view.hand, dealer=ours, players=3).best
    for level in ("standard", "pro"):
        assert computer(level).choose_discard(view) == best.discard
        assert len(best.discard) == 1


def test_three_handed_pegging_avoids_setting_up_the_next_player():
    """Seat 0 at 16 holds a 5 and a 4; seat 1 (an opponent, no partner at a three-handed
    table) answers: the 5 would make 21 (a ten makes 31), so the standard player lays the 4."""
    deck = shuffled_deck("setup3")
    game = GameState(THREE_PLAYER, decks=[deck], first_dealer=2)
    game.apply(Deal())
    view = view_of(game, 0)
    fives = [c for c in DECK if int(c.rank) == 5][:1] + [c for c in DECK if int(c.rank) == 4][:1]
    tens = parse_cards("TH 6C")
    staged = type(view)(
        **{
            **view.__dict__,
            "phase": Phase.PLAY,
            "hand": tuple(fives),
            "kept": tuple(fives),
            "laid": ((1, tens[0]), (2, tens[1])),
            "series": tuple(tens),
            "count": 16,
            "held_counts": (2, 3, 3),
            "passed": frozenset(),
        }
    )
    assert staged.next_to_play() == 1 and not staged.is_partner(1)
    assert computer("standard").choose_play(staged) == Play(0, fives[1])
