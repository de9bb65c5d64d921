"""Issue 33, part 1: a shared phone confirmed a result as the other team.

A PIN unlocked its link in the browser's session for 14 days and a second team's PIN added to
the first: X typed X's PIN on Y's phone, later Y reported 121-60 and confirmed it "as X" from
the same phone without X's PIN. Now a phone acts for one team at a time, a captain can make it
forget their code, and an unlock lasts the day it was typed (until the event is closed)."""

from __future__ import annotations

from datetime import datetime, timedelta
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone

from accounts.unlock import day_end
from tests.conftest import link_of
from tournaments.models import Event, Game
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db
MONTREAL = ZoneInfo("America/Montreal")


@pytest.fixture
def game(event, organizer):
    return (
        seating.seat_next_round(event, organizer)
        .games.filter(team_b__isnull=False)
        .order_by("table")
        .first()
    )


def type_pin(phone: Client, team):
    link = link_of(team)
    response = phone.post(f"/c/{link.token}/", {"pin": link.pin})
    assert response.status_code == 302
    return response


def home(phone: Client, team):
    return phone.get(f"/c/{link_of(team).token}/", HTTP_ACCEPT_LANGUAGE="en")


def acts_for(phone: Client, team) -> bool:
    """The phone shows the team's games (not the PIN form)."""
    page = home(phone, team).content.decode()
    return 'name="pin"' not in page and "captain-game" in page


def report(phone: Client, game: Game, team, ours: int, theirs: int):
    return phone.post(
        f"/c/{link_of(team).token}/games/{game.pk}/",
        {"mode": "final", "score_us": ours, "score_them": theirs, "idempotency_key": "k-1"},
    )


def confirm(phone: Client, game: Game, team):
    report_id = game.reports.order_by("-version").first().pk
    return phone.post(
        f"/c/{link_of(team).token}/games/{game.pk}/confirm/",
        {"report": report_id},
        HTTP_ACCEPT_LANGUAGE="en",
        follow=True,
    )


def test_the_finding_replayed_y_cannot_confirm_as_x_on_y_phone(game):
    x, y = game.team_a, game.team_b
    y_phone = Client()
    type_pin(y_phone, x)  # X borrows Y's phone to look at X's games
    type_pin(y_phone, y)  # then Y types Y's PIN on it and reports
    assert report(y_phone, game, y, 121, 60).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.REPORTED

    answer = confirm(y_phone, game, x)  # "as X", from the same phone, without X's PIN
    game.refresh_from_db()
    assert game.status == Game.Status.REPORTED  # not confirmed
    assert game.reports.count() == 1
    page = answer.content.decode()
    assert 'name="pin"' in page  # the PIN page of X's link
    assert f"To confirm for {x.name}, type the PIN of {x.name} on this phone." in page


def test_with_x_pin_typed_on_that_phone_after_the_report_x_confirms(game):
    x, y = game.team_a, game.team_b
    phone = Client()
    type_pin(phone, y)
    report(phone, game, y, 121, 60)
    type_pin(phone, x)  # X takes the phone and types X's own PIN: that confirms for X
    confirm(phone, game, x)
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED


def test_a_second_team_pin_replaces_the_first(game):
    x, y = game.team_a, game.team_b
    phone = Client()
    type_pin(phone, x)
    assert acts_for(phone, x)
    type_pin(phone, y)
    assert acts_for(phone, y)
    assert not acts_for(phone, x)  # X's PIN is needed again
    game_page = phone.get(f"/c/{link_of(x).token}/games/{game.pk}/")
    assert game_page.status_code == 302  # to the PIN page


def test_forget_this_code_ends_the_unlock_and_says_so(game):
    x = game.team_a
    phone = Client(enforce_csrf_checks=True)
    home_page = home(phone, x)  # the PIN page: its form carries the CSRF token
    csrf = home_page.cookies["csrftoken"].value
    link = link_of(x)
    assert phone.post(f"/c/{link.token}/", {"pin": link.pin, "csrfmiddlewaretoken": csrf})
    page = home(phone, x).content.decode()
    assert "Not my phone: forget this code" in page
    assert f'action="/c/{link.token}/forget/"' in page
    csrf = phone.cookies["csrftoken"].value

    assert phone.get(f"/c/{link.token}/forget/").status_code == 405  # a POST only
    assert phone.post(f"/c/{link.token}/forget/").status_code == 403  # no CSRF token
    assert acts_for(phone, x)

    left = phone.post(
        f"/c/{link.token}/forget/", {"csrfmiddlewaretoken": csrf}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert left.status_code == 302 and left["Location"] == f"/c/{link.token}/"
    assert left["Clear-Site-Data"] == '"cache"'
    page = home(phone, x).content.decode()
    assert 'name="pin"' in page
    assert f"This phone has forgotten the PIN of {x.name}" in page
    assert not acts_for(phone, x)


def test_forgetting_another_team_leaves_this_phone_team_alone(game):
    x, y = game.team_a, game.team_b
    phone = Client()
    type_pin(phone, y)
    phone.post(f"/c/{link_of(x).token}/forget/")
    assert acts_for(phone, y)


def test_the_private_pages_say_whose_they_are_and_stay_out_of_the_http_cache(game):
    x = game.team_a
    phone = Client()
    pin_page = home(phone, x)
    assert "X-Huche-Unlock" not in pin_page
    type_pin(phone, x)
    for url in (f"/c/{link_of(x).token}/", f"/c/{link_of(x).token}/games/{game.pk}/"):
        page = phone.get(url)
        unlock_id, until = page["X-Huche-Unlock"].split()
        assert len(unlock_id) >= 16 and int(until) > timezone.now().timestamp()
        assert "no-store" in page["Cache-Control"] and "private" in page["Cache-Control"]
    first = home(phone, x)["X-Huche-Unlock"]
    phone.post(f"/c/{link_of(x).token}/forget/")
    type_pin(phone, x)  # typed again: a new unlock, a new id
    assert home(phone, x)["X-Huche-Unlock"] != first


@pytest.mark.parametrize(
    ("typed", "ends"),
    [
        (datetime(2026, 5, 9, 13, 0), datetime(2026, 5, 10, 4, 0)),  # an afternoon event
        (datetime(2026, 5, 9, 23, 30), datetime(2026, 5, 10, 4, 0)),  # the evening's last game
        (datetime(2026, 5, 10, 0, 45), datetime(2026, 5, 10, 4, 0)),  # past midnight: same evening
        (datetime(2026, 5, 10, 9, 0), datetime(2026, 5, 11, 4, 0)),  # the next day: a new day
    ],
)
def test_an_unlock_lasts_the_day_it_was_typed_in_the_event_time_zone(typed, ends):
    moment = typed.replace(tzinfo=MONTREAL)
    assert timezone.localtime(day_end(moment), MONTREAL) == ends.replace(tzinfo=MONTREAL)


def test_the_next_morning_the_phone_needs_the_pin_again_not_in_14_days(game):
    x = game.team_a
    phone = Client()
    type_pin(phone, x)
    end = day_end(timezone.now())
    with mock.patch("django.utils.timezone.now", return_value=end - timedelta(minutes=1)):
        assert acts_for(phone, x)
    with mock.patch("django.utils.timezone.now", return_value=end + timedelta(minutes=1)):
        assert not acts_for(phone, x)


def test_closing_the_event_ends_the_unlocks_typed_before(game):
    x = game.team_a
    phone = Client()
    type_pin(phone, x)
    Event.objects.filter(pk=x.event_id).update(
        status=Event.Status.FINISHED, finished_at=timezone.now()
    )
    assert not acts_for(phone, x)
    later = timezone.now() + timedelta(seconds=2)
    with mock.patch("django.utils.timezone.now", return_value=later):
        type_pin(phone, x)  # typed after the close: the final results, for the day
        assert acts_for(phone, x)
