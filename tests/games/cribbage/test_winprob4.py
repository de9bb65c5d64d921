"""The four-handed win-probability table (games.cribbage.computer.winprob4) against independent
facts: the two teams' chances add up to 1, a chance rises with one's own score and falls with
the other team's, the show's order decides a race worked out by hand, and whole four-handed
games played out by the standard level from a few positions agree with it within the
Monte-Carlo error."""

from __future__ import annotations

import math

import pytest

from games.cards import parse_cards
from games.cribbage.actions import Deal
from games.cribbage.computer import computer, computer_action, winprob4
from games.cribbage.computer.winprob4 import CUTOFF, TARGET, after_play, solve, win_chance
from games.cribbage.discard import analyze_discards
from games.cribbage.game import GameState, Phase
from games.cribbage.rules import FOUR_PLAYER_PARTNERS

from .positions import discard_view

TOP = TARGET - 1
ROUNDING = 1e-4  # the table is stored in ten-thousandths


def test_the_two_teams_chances_from_one_position_add_up_to_one():
    for a in range(0, TARGET, 7):
        for b in range(0, TARGET, 5):
            ours = win_chance(a, b, we_deal=True)
            theirs = win_chance(b, a, we_deal=False)
            assert 0.0 <= ours <= 1.0 and ours + theirs == pytest.approx(1.0, abs=ROUNDING)


@pytest.mark.parametrize("we_deal", [True, False])
def test_a_chance_rises_with_ones_score_and_falls_with_the_other_teams(we_deal):
    """Except the step onto the FADOQ cutoff (116): from there a team's lone go and
    last-card points no longer count, which can cost more than the point gained."""
    for a in range(TOP):
        for b in range(TOP):
            here = win_chance(a, b, we_deal=we_deal)
            if a + 1 != CUTOFF:
                assert win_chance(a + 1, b, we_deal=we_deal) >= here - ROUNDING, (a, b)
            if b + 1 != CUTOFF:
                assert win_chance(a, b + 1, we_deal=we_deal) <= here + ROUNDING, (a, b)


def test_reaching_116_costs_the_lone_points():
    """The shipped table is solved with the 116 rule: a dealing team at 115 (a lone go still
    counts) is better off than at 116; without the rule one more point is never worse."""
    assert win_chance(116, 115, we_deal=True) < win_chance(115, 115, we_deal=True) - 0.02
    deals = [(1, 2, 3, 4, 5, 9, 1, 1), (2, 1, 8, 2, 4, 12, 1, 0), (3, 3, 6, 6, 2, 7, 0, 2)]
    plain = solve(deals, cutoff=None)
    assert all(plain[a][b] <= plain[a + 1][b] + 1e-12 for a in range(TOP) for b in range(TOP))


def test_the_end_of_the_board():
    # One point short against a team far behind: the play (it always scores) brings it.
    assert win_chance(TOP, 0, we_deal=False) > 0.99 and win_chance(TOP, 0, we_deal=True) > 0.99
    assert win_chance(0, TOP, we_deal=False) < 0.01
    # At 0-0 the dealing team has the crib: a little over half.
    assert 0.5 < win_chance(0, 0, we_deal=True) < 0.62
    # A 61-point game reads as the last 61 points of a game of 121.
    assert win_chance(30, 40, we_deal=True, target=61) == win_chance(90, 100, we_deal=True)


def test_the_dynamic_programme_follows_the_order_of_the_show():
    """Every deal the same, worked out by hand, in a game to 21: the non-dealing team pegs 1;
    the dealer's partner counts 10 (second), the dealer's right-hand opponent 10 (third)."""
    v = solve([(1, 0, 0, 10, 10, 0)], target=21)
    # Non-dealing 10, dealing 10: play 11-10, the dealer's partner reaches 20, then the
    # opponent on the right reaches 21 first: the non-dealing team wins.
    assert v[10][10] == 1.0
    # Non-dealing 10, dealing 11: the dealer's partner reaches 21 before the third count.
    assert v[10][11] == 0.0
    # From 0-0: A (non-dealing) ends the deal at 11, B at 10; next deal B (non-dealing) pegs
    # 11, then A's second count (the dealer's partner now) reaches 21: A wins.
    assert v[0][0] == 1.0
    # Both teams reach 21 in the same play: half each.
    assert solve([(1, 1, 0, 0, 0, 0)], target=21)[20][20] == 0.5


def test_a_play_without_a_point_is_refused():
    with pytest.raises(ValueError, match="the last card always scores"):
        solve([(0, 0, 4, 4, 4, 8)], target=21)


def test_after_the_play_the_show_counts_in_order():
    # We deal at 118 to their 119: the dealer's left-hand opponent counts first; a hand of at
    # least 2 points wins for them before our counts come.
    sure = [((2, 1.0),), ((10, 1.0),), ((0, 1.0),), ((10, 1.0),)]
    assert after_play(118, 119, we_deal=True, shows=sure) == 0.0
    # A zero hand for them: our partner's 10 then wins for us.
    blank = [((0, 1.0),), ((10, 1.0),), ((0, 1.0),), ((10, 1.0),)]
    assert after_play(118, 119, we_deal=True, shows=blank) == 1.0
    # Half the time 2 points, half the time none.
    half = [((0, 0.5), (2, 0.5)), ((10, 1.0),), ((0, 1.0),), ((10, 1.0),)]
    assert after_play(118, 119, we_deal=True, shows=half) == pytest.approx(0.5)
    assert after_play(119, 118, we_deal=False, shows=half) == pytest.approx(0.5)


def test_the_builder_sorts_each_deals_points_by_team_and_order():
    """Each sampled deal (the builder's self-play) against the game's own scores: the play's
    points and the counts add up to each team's score after the deal, whoever dealt."""
    from games.cribbage.computer.winprob_build import sample_deals4

    outcomes = sample_deals4(4, seed="check")
    for i, (pn, pd, h1, h2, h3, h4, ln, ld) in enumerate(outcomes):
        dealer = i % 4
        game = GameState(FOUR_PLAYER_PARTNERS, seed=f"check:{i}", first_dealer=dealer)
        player = computer("standard")
        game.apply(Deal())
        while game.phase is not Phase.DEAL:
            game.apply(computer_action(game, game.to_act, player))
        dealing = FOUR_PLAYER_PARTNERS.side_of(dealer)
        assert pn + pd >= 1
        assert game.scores[dealing] == pd + h2 + h4
        assert game.scores[1 - dealing] == pn + h1 + h3
        # The lone go and last-card points (the 116 rule's) are among the play's points, and
        # every play has one (the last card) unless it ends on 31 or on a scoring last card.
        lone = sum(e.points for e in game.events if e.kind in ("go", "last card"))
        assert 0 <= ln <= pn and 0 <= ld <= pd and ln + ld <= lone


def test_the_shipped_distributions_are_distributions():
    for count in winprob4.counts():
        assert sum(p for _, p in count) == pytest.approx(1.0)
    assert sum(p for _, _, p in winprob4.plays()) == pytest.approx(1.0)
    # The dealer's count holds the crib too: it averages more than a hand alone.
    mean = [sum(x * p for x, p in count) for count in winprob4.counts()]
    assert mean[3] > max(mean[:3]) + 3


POSITIONS = [(100, 110, True), (112, 104, False), (95, 90, False)]


@pytest.mark.slow
@pytest.mark.parametrize(("ours", "theirs", "we_deal"), POSITIONS)
def test_whole_four_handed_games_from_a_position_agree_with_the_table(ours, theirs, we_deal):
    games, wins = 200, 0
    player = computer("standard")
    for i in range(games):
        game = GameState(
            FOUR_PLAYER_PARTNERS,
            seed=f"mc4:{ours}:{theirs}:{i}",
            first_dealer=(0 if we_deal else 1) + 2 * (i % 2),  # seats 0 and 2 are side 0
            scores=(ours, theirs),
        )
        while not game.is_over:
            seat = game.to_act
            game.apply(computer_action(game, seat, player))
        wins += game.winner == 0
    observed, expected = wins / games, win_chance(ours, theirs, we_deal=we_deal)
    error = math.sqrt(expected * (1 - expected) / games)
    # Three standard errors of the estimate, plus the model's own approximations (2 points).
    assert abs(observed - expected) <= 3 * error + 0.02, (observed, expected)


def at_least(choice, points: int) -> float:
    return sum(n for s, n in choice.hand.counts.items() if s >= points) / choice.hand.cases


def test_near_the_end_pro_keeps_the_hand_that_surely_counts_out():
    """At 112 (9 to go), counting first (the dealer is on our right): 5-6-7-8 counts at least
    8 with every starter; 4-5-6-7 is worth more on average but misses 8 one time in eleven.
    Pro keeps the sure count; far from the end it keeps the best average, like standard."""
    hand = "7H 8C 6H 5C 4S"
    analysis = analyze_discards(parse_cards(hand), dealer=False, players=4)
    sure = next(c for c in analysis.choices if c.discard == tuple(parse_cards("4S")))
    best = analysis.best
    assert best.discard == tuple(parse_cards("8C")) and best.net > sure.net
    assert at_least(sure, 8) == 1.0 and at_least(best, 8) < 0.95
    pro, standard = computer("pro"), computer("standard")
    late = discard_view(hand, (112, 100), dealer=3)
    assert pro.choose_discard(late) == sure.discard
    assert standard.choose_discard(late) == best.discard
    assert pro.choose_discard(discard_view(hand, (40, 30), dealer=3)) == best.discard


def test_the_examples_in_the_module_text():
    import doctest

    assert doctest.testmod(winprob4).failed == 0
