"""A site upgraded from a release before ratings (issue 52, point 5): its released events had
no rating until someone ran ``manage.py rebuild_ratings``, which UPGRADING.md never said. The
first start after the upgrade migrates, and that rates them: no command to remember."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tests.builders.season import build_season
from tests.tournaments.ratings.test_service import expected_ratings
from tournaments.models import RatingPoint
from tournaments.ratings import service

pytestmark = pytest.mark.django_db


def test_the_first_start_after_the_upgrade_rates_the_events_released_before(
    organizer, django_capture_on_commit_callbacks, tasks_in_process
):
    with django_capture_on_commit_callbacks(execute=True):
        _season, people, _events, _hidden = build_season(organizer)
    RatingPoint.objects.all().delete()  # the old release stored none
    assert service.player_rating(people["Alice"]).now is None

    call_command("migrate", "--noinput", verbosity=0)  # what every start runs first

    mu, sigma, games = expected_ratings()["Alice"]
    now = service.player_rating(people["Alice"]).now
    assert now is not None and now.games == games == 6
    assert (now.mu, now.sigma) == pytest.approx((mu, sigma), abs=1e-9)


def test_a_site_with_its_ratings_or_without_games_is_left_alone(
    organizer, django_capture_on_commit_callbacks, tasks_in_process, monkeypatch
):
    rebuilt = []
    monkeypatch.setattr("tournaments.ratings.upgrade.rebuild", lambda: rebuilt.append(1))
    call_command("migrate", "--noinput", verbosity=0)  # nothing released yet
    with django_capture_on_commit_callbacks(execute=True):
        build_season(organizer)
    assert RatingPoint.objects.exists()
    call_command("migrate", "--noinput", verbosity=0)  # ratings already there
    assert rebuilt == []
