"""Issue 25: the standings chart of a team that rested on round 1 does not start at 0 (a bye
worth the team's average has no worth before its first game): its line starts when it has
played, and the page says why."""

from __future__ import annotations

import html
import re

import pytest
from django.core.cache import cache
from django.test import Client

from tests.tournaments.views.public.test_withdrawals_and_byes import play_round
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


def test_a_round_one_bye_does_not_start_the_chart_at_zero(make_event, organizer):
    cache.clear()
    event = make_event(7, visibility="live")  # bye_points: the team's average (the default)
    first = seating.seat_next_round(event, organizer)
    play_round(first, organizer)
    play_round(seating.seat_next_round(event, organizer), organizer)
    page = Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get(f"/e/{event.slug}/standings/")
    body = html.unescape(page.content.decode())
    lines = re.findall(r'<polyline[^>]*points="([^"]*)"', body)
    assert len(lines) == 7
    counts = sorted(len(points.split()) for points in lines)
    assert counts == [1, 2, 2, 2, 2, 2, 2]  # the team that rested: round 2 only
    bottom = max(float(p.split(",")[1]) for points in lines for p in points.split())
    rested = next(points for points in lines if len(points.split()) == 1)
    assert float(rested.split(",")[1]) < bottom  # not drawn at 0
    assert "n'a pas de point sur le graphique avant d'avoir joué" in body
