"""Practice games are not free storage (issue 22, finding 7).

The attack: an account's API token created games without limit (DRF's anonymous throttle skips
logged-in callers), the HTML form too (100 of 100 from an address the API had just throttled),
and nothing ever deleted them. Now starting a game is limited per client address and per
account, on the pages and the API; a visitor keeps at most a few unfinished games (starting
another drops their oldest unfinished one); abandoned games are purged by a periodic task and a
command.
"""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import PracticeGame

pytestmark = pytest.mark.django_db
ME, OTHER = "203.0.113.7", "198.51.100.9"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
FEW = {"failures": 3, "window": 3600}
CRIBBAGE = ("/play/", {"level": "standard", "target": "61"})
CRAPETTE = ("/play/crapette/", {"level": "easy", "vigilance": "never", "loading": "same-suit"})
API = {
    "cribbage": ("/api/v1/play/cribbage/", {"level": "standard", "target": 61}),
    "crapette": ("/api/v1/play/crapette/", {"level": "easy", "vigilance": "never"}),
}


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def token_client(user, addr=ME) -> APIClient:
    client = APIClient(REMOTE_ADDR=addr, **EN)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


@override_settings(THROTTLE_PRACTICE_ACCOUNT=FEW)
@pytest.mark.parametrize("kind", sorted(API))
def test_an_account_cannot_start_games_without_limit_through_the_api(organizer, kind):
    url, body = API[kind]
    api = token_client(organizer)
    for _ in range(3):
        assert api.post(url, body, format="json").status_code == 201
    refused = token_client(organizer, addr=OTHER).post(url, body, format="json")  # any address
    assert refused.status_code == 429
    assert "Too many practice games started" in refused.json()["detail"]
    assert int(refused["Retry-After"]) > 0
    assert PracticeGame.objects.count() == 3


@override_settings(THROTTLE_PRACTICE_CLIENT=FEW)
@pytest.mark.parametrize(("url", "body"), [CRIBBAGE, CRAPETTE])
def test_one_address_cannot_start_games_without_limit_through_the_pages(url, body):
    for _ in range(3):
        assert Client(REMOTE_ADDR=ME).post(url, body, **EN).status_code == 302
    refused = Client(REMOTE_ADDR=ME).post(url, body, **EN)
    assert refused.status_code == 429
    assert "Too many practice games started from this connection" in refused.content.decode()
    assert PracticeGame.objects.count() == 3
    assert Client(REMOTE_ADDR=OTHER).post(url, body, **EN).status_code == 302


@override_settings(THROTTLE_PRACTICE_CLIENT=FEW)
def test_the_pages_and_the_api_share_the_count_of_an_address():
    url, body = API["cribbage"]
    for _ in range(3):
        assert APIClient(REMOTE_ADDR=ME).post(url, body, format="json").status_code == 201
    assert Client(REMOTE_ADDR=ME).post(*CRIBBAGE, **EN).status_code == 429


@override_settings(PRACTICE_UNFINISHED_MAX=3)
def test_a_visitor_keeps_a_few_unfinished_games_the_oldest_is_dropped():
    browser = Client(REMOTE_ADDR=ME)
    started = []
    for _ in range(5):
        started.append(browser.post(*CRIBBAGE, **EN).url)
    kept = PracticeGame.objects.order_by("created_at")
    assert kept.count() == 3
    # The three most recent are kept, the current one among them, still playable.
    assert [f"/play/{g.pk}/" for g in kept] == started[2:]
    assert browser.get(started[-1], **EN).status_code == 200
    assert browser.get(started[0], **EN).status_code == 404
    # Another visitor's games are not touched; finished games do not count.
    Client(REMOTE_ADDR=ME).post(*CRAPETTE, **EN)
    PracticeGame.objects.filter(kind="cribbage").update(finished_at=timezone.now())
    browser.post(*CRIBBAGE, **EN)
    assert PracticeGame.objects.count() == 5


@override_settings(PRACTICE_UNFINISHED_MAX=2)
def test_an_account_keeps_a_few_unfinished_games_through_the_api(organizer):
    api = token_client(organizer)
    ids = [api.post(*API["crapette"], format="json").json()["id"] for _ in range(3)]
    assert sorted(str(pk) for pk in PracticeGame.objects.values_list("pk", flat=True)) == sorted(
        ids[1:]
    )


def test_abandoned_games_are_purged_by_the_command_and_the_periodic_task(
    settings, tasks_in_process
):
    browser = Client()
    for _ in range(3):
        browser.post(*CRIBBAGE, **EN)
    old, finished_old, recent = PracticeGame.objects.order_by("created_at")
    long_ago = timezone.now() - datetime.timedelta(days=10)
    PracticeGame.objects.filter(pk__in=[old.pk, finished_old.pk]).update(updated_at=long_ago)
    PracticeGame.objects.filter(pk=finished_old.pk).update(finished_at=long_ago)
    out = io.StringIO()
    call_command("purge_practice_games", "--days", "7", stdout=out)
    assert "1 abandoned practice game deleted" in out.getvalue()
    assert set(PracticeGame.objects.values_list("pk", flat=True)) == {finished_old.pk, recent.pk}
    # The periodic task (Celery beat) does the same with PRACTICE_ABANDONED_DAYS.
    assert any(
        entry["task"] == "games.tasks.purge_practice_games_task"
        for entry in settings.CELERY_BEAT_SCHEDULE.values()
    )
    from games.tasks import purge_practice_games_task

    PracticeGame.objects.filter(pk=recent.pk).update(updated_at=long_ago)
    assert purge_practice_games_task.delay().get() == 1
    assert set(PracticeGame.objects.values_list("pk", flat=True)) == {finished_old.pk}


def test_the_purge_command_refuses_a_bad_number_of_days():
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="--days"):
        call_command("purge_practice_games", "--days", "0")


def test_the_defaults_are_generous_enough_for_a_hall(settings):
    """A hall's Wi-Fi is one address for everyone: the per-address default leaves room."""
    assert settings.THROTTLE_PRACTICE_CLIENT["failures"] >= 60
    assert settings.PRACTICE_UNFINISHED_MAX >= 3
