"""Issue 49, point 10: the standings never said which pétrins were doubles (only the honours
board did), and the French honours board showed the jack as « J♦ » (typed « VK »)."""

from __future__ import annotations

import html

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from tournaments.leagues.honours import pretty_cards
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def test_the_honours_cards_are_in_the_readers_letters():
    with translation.override("fr-ca"):
        assert pretty_cards("JD QS KH 5C") == "V♦ D♠ R♥ 5♣"
    with translation.override("en"):
        assert pretty_cards("JD QS KH 5C") == "J♦ Q♠ K♥ 5♣"


def test_the_standings_say_how_many_pétrins_were_doubles(event, organizer):
    cache.clear()
    desk = reporting.Actor(user=organizer)
    games = list(seating.seat_next_round(event, organizer).games.filter(team_b__isnull=False))
    scores = [(121, 55), (121, 80), (121, 100)]  # a double pétrin, a pétrin, a plain win
    for game, (a, b) in zip(games, scores, strict=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": a, "score_b": b})
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    page = html.unescape(client.get(f"/e/{event.slug}/standings/").content.decode())
    double_winner = games[0].team_a.name
    row = page[page.index(f">{double_winner}</a>") :]
    row = row[: row.index("</tr>")]
    assert "(dont 1 double)" in row
    single_winner = games[1].team_a.name
    row = page[page.index(f">{single_winner}</a>") :]
    assert "double" not in row[: row.index("</tr>")]
