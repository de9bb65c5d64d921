"""The bracket after the series, on the Django side (issue 50): seated from the standings,
played game by game, idempotent, its settings refused once seated, an absent qualifier's
forfeits, the consolation event and the scorecards' cross-checking suggestion."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests.builders.finished_event import play_series, report_all
from tournaments.audit import AuditAction, describe
from tournaments.errors import RuleError
from tournaments.events.closing import closing_blockers
from tournaments.events.consolation import make_consolation
from tournaments.events.creation import set_number_of_games
from tournaments.events.settings import update_event
from tournaments.models import AuditEntry, Event, Game, Report, Round
from tournaments.results import bracket_absent, bracket_play, reporting, scorecard_check
from tournaments.standings.service import compute

pytestmark = pytest.mark.django_db


def _bracket_event(make_event, organizer, teams=10, **fields):
    fields = {
        "scoring_system": "game_points",
        "movement": "random_draw",
        "number_of_games": 3,
        "bracket": Event.Bracket.FIXED,
        "bracket_qualifiers": 5,
        "bracket_best_of": 3,
        **fields,
    }
    event = make_event(teams, **fields)
    play_series(event, organizer)
    return event


def _distinct_cut(event):
    """Settle any tie at the cut the way an organizer would (standings order)."""
    cut = bracket_play.the_cut(event)
    return list(cut.tied) or None


def test_five_qualifiers_get_three_byes_and_seeds_4_v_5_open(make_event, organizer):
    event = _bracket_event(make_event, organizer)
    settled = _distinct_cut(event)
    games = bracket_play.seat_bracket(event, organizer, settled=settled)
    seeds = list(bracket_play.bracket_group(event).teams)
    order = [r.team for r in compute(event).standings.rows]
    assert sorted(seeds) == sorted(order[:5]) and len(seeds) == 5
    # 5 qualifiers, a bracket of 8: 3 byes to seeds 1-3; round 1 is seed 4 against seed 5,
    # and seeds 2 and 3 (both byes) meet in round 2 at once.
    assert [(g.team_a_id, g.team_b_id) for g in games] == [
        (seeds[3], seeds[4]),
        (seeds[1], seeds[2]),
    ]
    assert [g.playoff_match for g in games] == ["R1-M2", "R2-M2"]
    assert games[0].round.kind == Round.Kind.BRACKET and games[0].playoff_match
    state = bracket_play.bracket_state(event)
    assert sum(m.is_bye for m in state.rounds[0]) == 3
    # Safe to click twice: the same game, nothing more seated.
    again = bracket_play.seat_bracket(event, organizer)
    assert [g.pk for g in again] == [g.pk for g in games]
    assert Game.objects.filter(round__kind=Round.Kind.BRACKET).count() == 2


def test_a_best_of_three_is_played_to_the_champion_game_by_game(make_event, organizer):
    event = _bracket_event(make_event, organizer, bracket_third_place=True)
    assert "The bracket is not played to the end yet (see “Bracket”)." in closing_blockers(
        Event.objects.get(pk=event.pk)
    )
    bracket_play.seat_bracket(event, organizer, settled=_distinct_cut(event))
    seeds = list(bracket_play.bracket_group(event).teams)
    for _ in range(40):  # the higher seed (listed first) wins every game 121-100
        waiting = bracket_play.open_bracket_games(event)
        if not waiting:
            break
        report_all(waiting, organizer)
    state = bracket_play.bracket_state(event)
    assert state.champion == seeds[0]
    blockers = closing_blockers(Event.objects.get(pk=event.pk))
    assert not any("bracket" in r or "medal" in r for r in blockers), blockers
    entries = AuditEntry.objects.filter(event=event, action=AuditAction.PLAYOFF_SEAT)
    assert any("seated bracket games" in describe(e).text for e in entries)
    final = state.rounds[-1][0]
    assert (final.state.wins_a, final.state.wins_b) == (2, 0)
    # Every match of a best of 3 won 2-0: two games each; third place between the semi losers.
    per_match = {m: len(g) for m, g in state.games.items()}
    assert set(per_match.values()) == {2}
    assert state.third is not None and state.third.winner == seeds[2]
    assert bracket_play.THIRD_PLACE in per_match
    # The bracket's games never count in the series standings.
    assert compute(event).rounds_played == 3
    with pytest.raises(RuleError, match="played to the end"):
        bracket_play.seat_bracket(event, organizer)


def test_the_bracket_waits_for_the_whole_series(make_event, organizer):
    event = make_event(10, number_of_games=3, bracket=Event.Bracket.ONE_IN_FOUR)
    with pytest.raises(RuleError, match="after the whole series"):
        bracket_play.seat_bracket(event, organizer)


def test_a_tie_at_the_cut_is_named_and_must_be_settled(make_event, organizer):
    # FADOQ points, every game won 121-100: many teams level after every tiebreak.
    event = make_event(
        8, number_of_games=2, bracket=Event.Bracket.FIXED, bracket_qualifiers=3, seed=7
    )
    play_series(event, organizer)
    cut = bracket_play.the_cut(event)
    if not cut.tied:
        pytest.skip("this draw left no tie at the cut")
    with pytest.raises(RuleError, match="tied for places") as refused:
        bracket_play.seat_bracket(event, organizer)
    assert event.teams.get(pk=cut.tied[0]).name in str(refused.value)
    assert not Round.objects.filter(event=event, kind=Round.Kind.BRACKET).exists()
    order = list(reversed(cut.tied))
    bracket_play.seat_bracket(event, organizer, settled=order)
    seeds = list(bracket_play.bracket_group(event).teams)
    first = cut.tied_places[0] - 1
    assert seeds[first:3] == order[: 3 - first]


def test_the_settings_are_checked_and_fixed_once_seated(make_event, organizer):
    with pytest.raises(RuleError, match="2 or more"):
        make_event(4, bracket=Event.Bracket.FIXED, bracket_qualifiers=1)
    event = _bracket_event(make_event, organizer)
    with pytest.raises(RuleError, match="more than the 10 entrants"):
        update_event(Event.objects.get(pk=event.pk), organizer, {"bracket_qualifiers": 11})
    bracket_play.seat_bracket(event, organizer, settled=_distinct_cut(event))
    with pytest.raises(RuleError, match="once the bracket is seated"):
        update_event(Event.objects.get(pk=event.pk), organizer, {"bracket_best_of": 5})
    assert Event.objects.get(pk=event.pk).bracket_best_of == 3
    with pytest.raises(RuleError, match="can no longer change length"):
        set_number_of_games(Event.objects.get(pk=event.pk), organizer, 4)


def test_an_absent_qualifier_loses_game_1_after_5_minutes_and_another_after_20(
    make_event, organizer
):
    event = _bracket_event(make_event, organizer)
    game = bracket_play.seat_bracket(event, organizer, settled=_distinct_cut(event))[0]
    absent = game.team_b
    start = game.round.created_at
    with pytest.raises(RuleError, match="no further game is lost yet"):
        bracket_absent.forfeit_absent(
            event, absent, organizer, now=start + datetime.timedelta(minutes=4)
        )
    first = bracket_absent.forfeit_absent(
        event, absent, organizer, now=start + datetime.timedelta(minutes=6)
    )
    assert len(first) == 1 and first[0].kind == Report.Kind.FORFEIT
    assert first[0].channel == Report.Channel.OFFICIAL
    # Clicked again at 10 minutes: nothing new is due.
    with pytest.raises(RuleError):
        bracket_absent.forfeit_absent(
            event, absent, organizer, now=start + datetime.timedelta(minutes=10)
        )
    second = bracket_absent.forfeit_absent(
        event, absent, organizer, now=start + datetime.timedelta(minutes=21)
    )
    assert len(second) == 1
    state = bracket_play.bracket_state(event)
    match = next(m for m in state.rounds[0] if m.id == game.playoff_match)
    assert match.winner == game.team_a_id and (match.state.wins_a, match.state.wins_b) == (2, 0)
    assert "5 minutes" in bracket_absent.rule_words()


def test_the_consolation_event_takes_the_non_qualifiers_in_one_step(make_event, organizer):
    event = _bracket_event(make_event, organizer)
    bracket_play.seat_bracket(event, organizer, settled=_distinct_cut(event))
    made = make_consolation(event, organizer)
    qualified = set(bracket_play.bracket_group(event).teams)
    expected = sorted(t.name for t in event.teams.all() if t.pk not in qualified)
    assert sorted(made.teams.values_list("name", flat=True)) == expected
    assert made.consolation_of_id == event.pk and made.bracket == ""
    assert made.scoring_system == "game_points" and made.number_of_games == 3
    with pytest.raises(RuleError, match="already made"):
        make_consolation(event, organizer)


def _two_reports(game, a_says, b_says):
    captain_a = reporting.Actor(team=game.team_a)
    captain_b = reporting.Actor(team=game.team_b)
    reporting.submit(
        game, captain_a, Report.Kind.FINAL, dict(zip(("score_a", "score_b"), a_says, strict=True))
    )
    reporting.submit(
        game, captain_b, Report.Kind.FINAL, dict(zip(("score_a", "score_b"), b_says, strict=True))
    )
    game.refresh_from_db()
    return list(game.reports.order_by("version"))


def test_cross_checking_suggests_and_never_applies(make_event, organizer):
    event = make_event(4, scoring_system="game_points", movement="random_draw", number_of_games=2)
    from tournaments.seating import rounds as seating

    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.exclude(team_b=None).first()
    reports = _two_reports(game, (121, 95), (121, 99))  # same winner, spreads differ
    assert game.status == Game.Status.DISPUTED
    suggestion = scorecard_check.suggest(game, reports)
    assert suggestion is not None
    qualifier = scorecard_check.apparent_qualifier(game)
    # The apparent qualifier takes the disadvantage.
    won_by_qualifier = qualifier == game.team_a_id
    assert suggestion.report.score_b == (99 if won_by_qualifier else 95)
    game.refresh_from_db()
    assert game.status == Game.Status.DISPUTED and game.confirmed_report_id is None
    # A spread on one card only is copied: the other card gives no loser's score.
    other = round_.games.exclude(team_b=None).exclude(pk=game.pk).first()
    reports = _two_reports(other, (121, 0), (121, 88))
    found = scorecard_check.suggest(other, reports)
    assert found is not None and found.report.score_b == 88 and "one card only" in found.why
    assert timezone.now()
