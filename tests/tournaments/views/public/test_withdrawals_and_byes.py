"""The public pages on a day with a bye and a withdrawal (issue 25): how many teams play and
how many withdrew; a team resting on a bye worth its average is not shown as beaten; a skunk
inflicted is not in the red of a loss."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from tournaments.events.teams import withdraw_team
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def play_round(round_, organizer):
    desk = reporting.Actor(user=organizer)
    for game in round_.games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 95})


def text(response) -> str:
    return html.unescape(" ".join(response.content.decode().split()))


def test_the_event_page_says_how_many_play_and_how_many_withdrew(make_event, organizer):
    event = make_event(7)
    public = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    assert "7 équipes en jeu" in text(public.get(f"/e/{event.slug}/"))
    play_round(seating.seat_next_round(event, organizer), organizer)
    for team in event.teams.order_by("pk")[:2]:
        withdraw_team(team, organizer)
    page = text(public.get(f"/e/{event.slug}/"))
    assert "5 équipes en jeu, 2 retirées" in page and "7 équipes" not in page


def row_of(page: str, name: str) -> str:
    return page.split(f">{name}</a>")[1].split("</tr>")[0]


def test_a_bye_worth_the_average_says_so_until_the_team_has_played(make_event, organizer):
    event = make_event(7, visibility="live")  # bye_points: the team's average (the default)
    first = seating.seat_next_round(event, organizer)
    resting = first.games.get(team_b__isnull=True).team_a
    play_round(first, organizer)
    public = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    page = text(public.get(f"/e/{event.slug}/standings/"))
    # under the name, a note of its own (issue 49, point 3)
    assert "Exemption : elle vaudra la moyenne de l'équipe dès sa première partie jouée" in (
        row_of(page, resting.name)
    )
    assert page.count("data-bye-pending") == 1  # only the team that rested

    play_round(seating.seat_next_round(event, organizer), organizer)
    page = text(public.get(f"/e/{event.slug}/standings/"))
    assert "data-bye-pending" not in page  # it has played: its bye is worth its average now


def test_a_fixed_bye_needs_no_note(make_event, organizer):
    event = make_event(7, visibility="live", bye_points=111)
    play_round(seating.seat_next_round(event, organizer), organizer)
    page = text(Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get(f"/e/{event.slug}/standings/"))
    assert "data-bye-pending" not in page and ">111<" in page


def test_a_skunk_inflicted_is_not_shown_in_red(make_event, organizer):
    event = make_event(6, visibility="live")
    desk = reporting.Actor(user=organizer)
    for game in seating.seat_next_round(event, organizer).games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 85})
    page = text(Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get(f"/e/{event.slug}/standings/"))
    assert page.count('class="skunk-inflicted">1<') == 3  # the three winners, in green
    assert 'class="skunk"' not in page
