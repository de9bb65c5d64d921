"""A whole FADOQ-style event driven through the service layer (issue: events and seating)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from tournaments.errors import RuleError
from tournaments.events.creation import set_number_of_games
from tournaments.events.csv_import import import_teams
from tournaments.events.teams import add_team, withdraw_team
from tournaments.models import AuditEntry, Game, Report, Round
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def play_round(round_, actor, rng):
    """Report and confirm a random result at every table; return {table: (winner, loser)}."""
    outcome = {}
    for game in round_.games.filter(team_b__isnull=False):
        a_wins = rng.random() < 0.5
        loser_score = rng.randint(70, 120)
        scores = (121, loser_score) if a_wins else (loser_score, 121)
        reporting.submit(
            game, actor, Report.Kind.FINAL, {"score_a": scores[0], "score_b": scores[1]}
        )
        winner, loser = (
            (game.team_a_id, game.team_b_id) if a_wins else (game.team_b_id, game.team_a_id)
        )
        outcome[game.table] = (winner, loser)
    return outcome


def fewest_repeats_possible(winners_at, movers, met, byes, all_teams):
    """Independent brute force: seat ``movers`` into the free seats (and the bye) in every way
    that keeps winners at their tables and respects the bye rule; the fewest rematches."""
    tables = sorted(winners_at)
    odd = len(all_teams) % 2 == 1
    fewest_byes = min(byes[t] for t in all_teams)
    best = None
    for order in itertools.permutations(movers):
        seats, rest = list(order[: len(tables)]), list(order[len(tables) :])
        if odd:
            bye = rest[0]
            if byes[bye] != fewest_byes:
                continue
        repeats = sum(
            1 for table, mover in zip(tables, seats, strict=True) if mover in met[winners_at[table]]
        )
        best = repeats if best is None else min(best, repeats)
    return best


def test_eight_rounds_seven_teams_winners_stay(make_event, organizer):
    event = make_event(7)
    rng = random.Random(42)
    actor = reporting.Actor(user=organizer)
    teams = set(event.teams.values_list("pk", flat=True))
    byes, met = Counter(), {t: set() for t in teams}
    previous = None
    for number in range(1, 9):
        round_ = seating.seat_next_round(event, organizer)
        assert round_.number == number
        games = list(round_.games.all())
        seated = [t for g in games for t in (g.team_a_id, g.team_b_id) if t is not None]
        assert sorted(seated) == sorted(teams), "every team seated once or given the bye"
        bye_games = [g for g in games if g.team_b_id is None]
        assert len(bye_games) == 1
        bye = bye_games[0].team_a_id
        # No second bye before every team has had one.
        assert byes[bye] == min(byes[t] for t in teams)
        if previous is not None:
            tables = {g.table: g for g in games if g.table}
            stayed = 0
            for table, (winner, _loser) in previous.items():
                if winner != bye:
                    assert winner in (tables[table].team_a_id, tables[table].team_b_id), (
                        f"round {number}: the winner of table {table} must keep its table"
                    )
                    stayed += 1
            winners_at = {table: w for table, (w, _l) in previous.items() if w != bye}
            if len(winners_at) == len(tables):
                movers = sorted(teams - set(winners_at.values()))
                actual = sum(1 for g in games if g.team_b_id and g.team_b_id in met[g.team_a_id])
                assert actual == fewest_repeats_possible(winners_at, movers, met, byes, teams)
        byes[bye] += 1
        for g in games:
            if g.team_b_id:
                met[g.team_a_id].add(g.team_b_id)
                met[g.team_b_id].add(g.team_a_id)
        previous = play_round(round_, actor, rng)
    assert sorted(byes.values()) == [1, 1, 1, 1, 1, 1, 2]
    with pytest.raises(RuleError, match="The series has 8 games and all are seated"):
        seating.seat_next_round(event, organizer)


def test_round_one_is_reproducible_from_the_recorded_seed(make_event, organizer):
    one = make_event(8, name="A", seed=99)
    two = make_event(8, name="B", seed=99)
    names = []
    for event in (one, two):
        round_ = seating.seat_next_round(event, organizer)
        names.append([(g.table, g.team_a.name, g.team_b.name) for g in round_.games.all()])
    assert names[0] == names[1]


def test_an_event_needs_three_teams(make_event, organizer):
    event = make_event(2)
    with pytest.raises(RuleError) as error:
        seating.seat_next_round(event, organizer)
    assert error.value.message == "An event needs at least 3 teams to take place: 2 registered."
    assert not Round.objects.filter(event=event).exists()


def test_next_round_waits_for_every_result_unless_forced(event, organizer):
    first = seating.seat_next_round(event, organizer)
    with pytest.raises(RuleError, match="Round 1 still has 3 game"):
        seating.seat_next_round(event, organizer)
    forced = seating.seat_next_round(event, organizer, force=True)
    assert forced.forced is True
    assert AuditEntry.objects.filter(event=event, action="round.force").count() == 1
    assert first.games.count() == 3 and forced.games.count() == 3


def test_withdrawn_team_keeps_its_history_and_is_not_seated_again(event, organizer):
    round_ = seating.seat_next_round(event, organizer)
    play_round(round_, reporting.Actor(user=organizer), random.Random(1))
    leaving = event.teams.first()
    withdraw_team(leaving, organizer)
    nxt = seating.seat_next_round(event, organizer)
    seated = {t for g in nxt.games.all() for t in (g.team_a_id, g.team_b_id) if t}
    assert leaving.pk not in seated and len(seated) == 5
    assert (
        Game.objects.filter(round=round_).filter(team_a=leaving).exists()
        or Game.objects.filter(round=round_, team_b=leaving).exists()
    )
    assert not leaving.links.filter(revoked_at__isnull=True).exists()


def test_late_entry_is_seated_from_the_next_round(event, organizer):
    round_ = seating.seat_next_round(event, organizer)
    play_round(round_, reporting.Actor(user=organizer), random.Random(2))
    late = add_team(
        event, organizer, name="Retardataires", captain="Léo", partner="Léa", missed_rounds="bye"
    )
    nxt = seating.seat_next_round(event, organizer)
    assert late.pk in {t for g in nxt.games.all() for t in (g.team_a_id, g.team_b_id)}


def test_number_of_games_never_below_rounds_played(event, organizer):
    seating.seat_next_round(event, organizer)
    seating.seat_next_round(event, organizer, force=True)
    with pytest.raises(RuleError, match="2 rounds are already seated"):
        set_number_of_games(event, organizer, 1)
    set_number_of_games(event, organizer, 5)
    event.refresh_from_db()
    assert event.number_of_games == 5
    entry = AuditEntry.objects.get(event=event, action="event.number_of_games")
    assert entry.before == {"number_of_games": 8} and entry.after == {"number_of_games": 5}


def test_csv_import_is_all_or_nothing(make_event, organizer):
    event = make_event(0)
    with pytest.raises(RuleError) as error:
        import_teams(
            event, organizer, "équipe;capitaine;partenaire\nLes As;Marie;Paul\nLes Rois;Jean\n"
        )
    assert error.value.message == "Line 3: expected 3 columns “team, captain, partner”, found 2."
    assert event.teams.count() == 0
    latin1 = "Les Éclairs;Hélène;Gérard\r\nLes Pics;Noël;Zoé\r\n".encode("cp1252")
    created = import_teams(event, organizer, latin1)
    assert [t.name for t in created] == ["Les Éclairs", "Les Pics"]
    assert created[0].captain == "Hélène"


def test_every_change_is_audited(event, organizer):
    round_ = seating.seat_next_round(event, organizer)
    game = round_.games.filter(team_b__isnull=False).first()
    reporting.submit(
        game, reporting.Actor(user=organizer), Report.Kind.FINAL, {"score_a": 121, "score_b": 90}
    )
    actions = list(AuditEntry.objects.filter(event=event).values_list("action", flat=True))
    assert {"event.create", "team.add", "round.seat", "result.report", "result.confirm"} <= set(
        actions
    )
    confirm = AuditEntry.objects.get(event=event, action="result.confirm")
    assert confirm.actor == organizer
    assert confirm.after["score_a"] == 121 and confirm.before is None
