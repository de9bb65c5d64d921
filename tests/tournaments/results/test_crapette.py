"""Crapette events: results derived from the cards left, or from a validated game record."""

from __future__ import annotations

import pytest

from games.crapette import selfplay
from tournaments.errors import RuleError
from tournaments.models import Event, Game, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(make_event, organizer):
    event = make_event(0, name="Crapette", game_type=Event.GameType.CRAPETTE, scoring_system="wins")
    from tournaments.events.teams import add_team

    for name in ("Alice", "Bruno", "Chloé", "Denis"):
        add_team(event, organizer, name=name, captain=name)
    return seating.seat_next_round(event, organizer).games.first()


def test_score_is_derived_from_the_cards_left(game):
    # Hoyle: 30 + 2 × 4 crapette cards + 1 × 10 stock and discard cards = 48.
    report = reporting.submit(
        game,
        reporting.Actor(team=game.team_b),
        Report.Kind.CRAPETTE,
        {"winner": "b", "crapette_left": 4, "stock_left": 10},
    ).report
    assert (report.score_a, report.score_b) == (0, 48)


def test_a_final_cribbage_score_is_refused_for_crapette(game):
    with pytest.raises(RuleError, match="report it as “crapette”"):
        reporting.submit(
            game,
            reporting.Actor(team=game.team_a),
            Report.Kind.FINAL,
            {"score_a": 121, "score_b": 0},
        )


def test_a_game_record_is_replayed_and_an_illegal_one_refused(game, organizer):
    from games.crapette import check_record

    record = None
    for seed in range(1, 40):  # the first self-played game that ends with a winner
        candidate, _state = selfplay(seed=seed)
        data = candidate.as_dict()
        if check_record(data).as_dict()["winner"] in ("A", "B"):
            record = data
            break
    assert record is not None
    outcome = reporting.submit(
        game, reporting.Actor(user=organizer), Report.Kind.CRAPETTE_RECORD, {"record": record}
    )
    assert max(outcome.report.score_a, outcome.report.score_b) >= 30
    assert Game.objects.get(pk=game.pk).status == Game.Status.CONFIRMED
    broken = dict(record, moves=["T", "T", "T", "Z>Q"] + list(record["moves"]))
    with pytest.raises(RuleError):
        reporting.submit(
            game, reporting.Actor(user=organizer), Report.Kind.CRAPETTE_RECORD, {"record": broken}
        )
