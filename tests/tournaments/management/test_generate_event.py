"""The event generator behind the web benchmarks: reproducible, complete, and writing the same
rows as the reporting service."""

from __future__ import annotations

import random

import pytest
from django.core.management import call_command

from tournaments.events.names import TEAM_NAME_MAX
from tournaments.management.commands.generate_event import (
    FIRST_NAMES,
    LAST_NAMES,
    generate,
    team_rows,
)
from tournaments.models import AuditEntry, Confirmation, Event, Game, Report
from tournaments.standings.service import compute

pytestmark = pytest.mark.django_db


def picture(event: Event) -> dict:
    """What a seed decides, by names (database ids differ between runs)."""
    games = (
        Game.objects.filter(round__event=event)
        .select_related("round", "team_a", "team_b", "confirmed_report")
        .order_by("round__number", "table")
    )
    return {
        "teams": list(event.teams.order_by("id").values_list("name", "captain", "partner")),
        "games": [
            (
                g.round.number,
                g.table,
                g.team_a.name,
                g.team_b.name if g.team_b else None,
                g.status,
                g.confirmed_report.score_a if g.confirmed_report else None,
                g.confirmed_report.score_b if g.confirmed_report else None,
            )
            for g in games
        ],
    }


def test_same_seed_same_event_and_another_seed_another():
    one = generate(teams=10, rounds=3, seed=7, slug="one")
    two = generate(teams=10, rounds=3, seed=7, slug="two")
    other = generate(teams=10, rounds=3, seed=8, slug="other")
    assert picture(one) == picture(two)
    assert picture(one)["teams"] != picture(other)["teams"]
    assert [g[5:] for g in picture(one)["games"]] != [g[5:] for g in picture(other)["games"]]


def test_every_game_is_confirmed_and_the_standings_are_computable():
    event = generate(teams=11, rounds=4, seed=3, slug="odd")
    games = Game.objects.filter(round__event=event)
    assert games.count() == 4 * 6  # 5 tables and a bye each round
    assert set(games.values_list("status", flat=True)) == {"confirmed", "bye"}
    assert not games.filter(status="confirmed", confirmed_report__isnull=True).exists()
    scores = list(
        Report.objects.filter(game__round__event=event).values_list("score_a", "score_b", "skunk")
    )
    assert all(max(a, b) == 121 and min(a, b) < 121 for a, b, _ in scores)
    standings = compute(event).standings
    assert len(standings.rows) == 11
    assert event.released_at is not None


def rows_written(event: Event) -> dict:
    """Every row a result leaves behind, without ids and times."""
    reports = (
        Report.objects.filter(game__round__event=event)
        .order_by("game__round__number", "game__table")
        .values_list(
            "version",
            "kind",
            "score_a",
            "score_b",
            "skunk",
            "detail",
            "by_team",
            "by_user",
            "channel",
            "client",
            "fingerprint",
            "idempotency_key",
            "note",
        )
    )
    confirmations = (
        Confirmation.objects.filter(report__game__round__event=event)
        .order_by("report__game__round__number", "report__game__table")
        .values_list("by_team", "by_user")
    )
    audit = (
        AuditEntry.objects.filter(event=event, action__startswith="result.")
        .order_by("id")
        .values_list("actor", "actor_label", "action", "target", "before", "after")
    )
    games = (
        Game.objects.filter(round__event=event)
        .order_by("round__number", "table")
        .values_list("status", "confirmed_report__version")
    )
    return {
        "reports": list(reports),
        "confirmations": list(confirmations),
        "audit": sorted(audit, key=lambda e: (e[3], e[2])),
        "games": list(games),
    }


def test_the_bulk_path_writes_the_rows_the_reporting_service_writes():
    bulk = generate(teams=7, rounds=3, seed=11, slug="bulk", release=False)
    slow = generate(teams=7, rounds=3, seed=11, slug="slow", release=False, through_services=True)
    assert picture(bulk) == picture(slow)
    assert rows_written(bulk) == rows_written(slow)
    assert bulk.version == slow.version  # one step per confirmed result either way


def test_the_command_builds_a_small_event(capsys):
    call_command("generate_event", "--teams", "10", "--rounds", "2", "--seed", "5")
    event = Event.objects.get(slug="gen-10-s5")
    assert Game.objects.filter(round__event=event, status="confirmed").count() == 10
    assert "gen-10-s5" in capsys.readouterr().out


def test_a_thousand_teams_register_each_with_two_different_people():
    """The web benchmarks' event: registration refuses one person as captain and partner, so a
    generator pairing random names stopped partway (« Fernand Boivin » twice)."""
    event = generate(teams=1000, rounds=1, seed=42, slug="big")
    teams = list(event.teams.values_list("captain", "partner", "captain_player", "partner_player"))
    assert len(teams) == 1000
    assert all(c != p and cp != pp for c, p, cp, pp in teams)
    people = [name for c, p, _, _ in teams for name in (c, p)]
    assert len(set(people)) == 2000  # no homonyms within the name pool's 2,150 people
    assert Game.objects.filter(round__event=event, status="confirmed").count() == 500


def test_beyond_the_name_pool_teams_still_pair_two_people():
    rows = team_rows(1500, random.Random(42))
    assert all(captain != partner for _, captain, partner in rows)
    assert len({name for name, _, _ in rows}) == 1500
    assert all(len(name) <= TEAM_NAME_MAX for name, _, _ in rows)
    assert not any(" de Alma" in name for name, _, _ in rows)
    assert any(" d’Alma" in name for name, _, _ in rows)
    assert len(set(FIRST_NAMES)) == len(FIRST_NAMES) and len(set(LAST_NAMES)) == len(LAST_NAMES)
