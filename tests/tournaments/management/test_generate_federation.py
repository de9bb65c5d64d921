"""``manage.py generate_federation`` (issue 54): a federation's seasons, reproducible by seed,
whose games the ratings count as they would count the desk's."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction

from tournaments.management.commands.generate_federation import generate
from tournaments.models import Event, Game, League, RatingPoint
from tournaments.ratings import incremental, service
from tournaments.standings.service import event_standings

pytestmark = pytest.mark.django_db


def built() -> list[tuple]:
    return list(
        Game.objects.order_by("round__event__slug", "round__number", "table").values_list(
            "round__event__slug",
            "round__number",
            "table",
            "team_a__captain_player__name",
            "team_b__captain_player__name",
            "confirmed_report__score_a",
            "confirmed_report__score_b",
        )
    )


def test_a_small_federation_is_built_whole_and_the_same_for_the_same_seed():
    out = StringIO()
    with transaction.atomic():
        call_command(
            "generate_federation", clubs=3, seasons=2, nights=2, days=1, seed=7, stdout=out
        )
        first = built()
        transaction.set_rollback(True)
    assert "3 clubs, 14 events, 336 games" in out.getvalue()
    call_command("generate_federation", clubs=3, seasons=2, nights=2, days=1, seed=7, stdout=out)
    assert built() == first
    # 3 clubs × 2 seasons × 2 nights of 18 games, and 2 regional days of 60 games.
    assert len(first) == 3 * 2 * 2 * 18 + 2 * 60
    assert League.objects.count() == 4
    assert not Game.objects.exclude(status=Game.Status.CONFIRMED).exists()
    night = Event.objects.filter(slug__startswith="club-0-").order_by("date").first()
    rows = event_standings(night).standings.rows
    assert len(rows) == 12  # the standings of a night: every player's team ranked
    with pytest.raises(CommandError, match="exists already"):
        generate(clubs=1, seasons=1, seed=7)


def test_the_generated_games_are_rated_and_a_regional_day_updates_alone():
    generate(clubs=2, seasons=1, nights=3, days=2, seed=9, say=lambda _m: None)
    full = service.rebuild()
    assert full["games"] == 2 * 3 * 18 + 2 * 60
    day = Event.objects.filter(slug__startswith="federation-").order_by("date", "pk").last()
    done = incremental.update(day.pk)
    assert done["games"] == 60  # the last regional day: its own games only
    assert RatingPoint.objects.filter(event=day, partner__isnull=False).count() == 2 * 60
