"""Issue 49, point 7: a draft event was listed on the public season page (its link answered
404) though the draft banner says it is in no list. A draft is listed once published."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from tests.builders.season import build_season
from tournaments.events import creation, drafts

pytestmark = pytest.mark.django_db


def test_a_draft_is_not_on_the_public_season_page_until_published(organizer):
    from django.core.cache import cache

    cache.clear()
    season, _people, _events, _hidden = build_season(organizer)
    draft = creation.create_event(
        organizer,
        name="Omnium en préparation",
        date=datetime.date(2027, 6, 1),
        season=season,
        draft=True,
    )
    url = f"/s/{season.league.slug}/{season.slug}/"
    page = Client().get(url).content.decode()
    assert "Omnium en préparation" not in page and f"/e/{draft.slug}/" not in page
    drafts.publish_event(draft, organizer)
    cache.clear()
    assert f"/e/{draft.slug}/" in Client().get(url).content.decode()
