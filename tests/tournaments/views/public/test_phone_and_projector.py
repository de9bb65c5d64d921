"""What the phone layout and the projector view rely on in the HTML (the browser side is in
tests/e2e/test_every_page_browser.py): one markup for the standings, no empty columns, the projector mode,
the folded menu, the favicon, the self-refreshing desk."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from tournaments.models import Event, Report
from tournaments.publishing.caching import bump_event
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db

BYE_AND_SCORES = [(121, 97), (121, 60), (110, 121)]  # 60: a skunk (under 91)


@pytest.fixture
def released(event, organizer):
    """Round 1 of the 6-team event, every game confirmed at the desk, results released."""
    round_ = seating.seat_next_round(event, organizer)
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    games = list(round_.games.filter(team_b__isnull=False).order_by("table"))
    for game, (a, b) in zip(games, BYE_AND_SCORES, strict=True):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": a, "score_b": b})
    release(event, organizer)
    event.refresh_from_db()
    return event


def english():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def standings_table(html: str) -> tuple[list[str], list[list[str]]]:
    """(header labels, rows of cell texts) of the standings table."""
    table = re.search(r'<table class="standings"[^>]*>(.*?)</table>', html, re.S).group(1)
    headers = [
        unescape(re.sub(r"<[^>]+>", "", h)).strip()
        for h in re.findall(r"<th[^>]*>(.*?)</th>", table, re.S)
    ]
    body = table.split("<tbody>", 1)[1]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        rows.append([unescape(re.sub(r"<[^>]+>", "", text)).strip() for text in cells])
    return headers, rows


def test_standings_have_one_markup_a_cell_per_heading_and_no_column_all_dashes(released):
    html = english().get(f"/e/{released.slug}/standings/").content.decode()
    headers, rows = standings_table(html)
    assert headers[:2] == ["Rank", "Team"]
    assert len(rows) == 6
    for row in rows:  # every figure under its heading (on a phone too: the same grid)
        assert len(row) == len(headers)
    for column in range(2, len(headers)):
        assert any(row[column] != "—" for row in rows), headers[column]
    # After one round nobody needed a head-to-head, a playoff or a drawn lot: no such column.
    assert "Head-to-head" not in headers and "Drawn lot" not in headers
    assert {"Points", "Wins", "Skunks inflicted"} <= set(headers)
    # No label repeated in every cell: at 1,000 teams that doubled the page.
    assert "data-label" not in html.split('class="standings"', 1)[1]


def test_round_results_name_every_cell_for_a_phone(released):
    html = english().get(f"/e/{released.slug}/rounds/1/").content.decode()
    assert 'class="stack"' in html
    assert html.count('data-label="Score"') == 3
    assert html.count('data-label="Opponent"') == 3
    assert "121–60" in html


@pytest.mark.parametrize("page", ["standings", "seating", "podium"])
def test_projector_mode_fills_the_screen_and_refreshes_itself(released, page):
    released.status = Event.Status.FINISHED  # nothing "running" any more...
    released.save(update_fields=["status"])
    url = f"/e/{released.slug}/{page}/"
    plain = english().get(url).content.decode()
    projector = english().get(url + "?display=projector").content.decode()
    assert re.search(r'<body class="projector">', projector)
    assert not re.search(r'<body class="projector">', plain)
    # ...yet the projector still refreshes (a release or a correction shows up by itself)
    assert 'data-refresh="20"' in projector and "huche/live.js" in projector
    assert "data-refresh" not in plain
    assert f'<span class="projector-event">{released.name}</span>' in projector


def test_the_public_event_page_links_the_three_projector_pages(released):
    html = english().get(f"/e/{released.slug}/").content.decode()
    for page in ("standings", "seating", "podium"):
        assert f'href="/e/{released.slug}/{page}/?display=projector"' in html


def test_the_menu_folds_but_the_language_switch_stays_in_the_header(released):
    html = english().get("/").content.decode()
    header = re.search(r'<header class="site">(.*?)</header>', html, re.S).group(1)
    menu = re.search(r'<details class="menu">(.*?)</details>', header, re.S).group(1)
    assert "<summary>Menu</summary>" in menu
    assert 'href="/tools/hand/"' in menu and 'href="/accounts/login/"' in menu
    after_menu = header.split("</details>", 1)[1]
    assert 'action="/i18n/setlang/"' in after_menu and 'value="fr-ca"' in after_menu
    assert "huche/menu.js" in html


def test_every_page_has_the_favicon_from_our_own_static_files():
    html = english().get("/").content.decode()
    link = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', html)
    assert link and link.group(1) == settings.STATIC_URL + "huche/favicon.svg"
    svg = Path(finders.find("huche/favicon.svg")).read_text()
    assert svg.lstrip().startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in svg
    assert "http" not in svg.replace("http://www.w3.org/2000/svg", "")  # nothing fetched elsewhere


def test_the_desk_refreshes_its_table_in_place(released, organizer):
    desk = Client()
    desk.force_login(organizer)
    html = desk.get(f"/organize/{released.slug}/desk/").content.decode()
    refresh = re.search(r'<div id="live" data-refresh="(\d+)">', html)
    assert refresh and 0 < int(refresh.group(1)) <= 30
    before, box = html.split('<div id="live"', 1)
    assert '<table id="desk"' in box  # the table is refreshed...
    assert 'name="round"' in before  # ...the round picker above it is left alone
    assert "huche/live.js" in html


def test_a_long_team_name_sets_the_projector_standings_in_smaller_type(released):
    url = f"/e/{released.slug}/standings/?display=projector"
    assert "data-names=" not in english().get(url).content.decode()  # "Équipe 1"…
    team = released.teams.order_by("pk").first()
    team.name = "Les Joyeux Retraités de Saint-Félix-d'Otis et des environs"  # 58 characters
    team.save(update_fields=["name"])
    bump_event(released)
    html = english().get(url).content.decode()
    assert '<table class="standings" data-names="very-long" data-rows="few">' in html


def test_a_club_of_a_dozen_teams_gets_the_larger_projector_type_a_region_does_not(
    released, organizer
):
    """Six teams leave half the projector empty at the size forty need: their table is marked
    for larger type (huche.css); past twelve teams it is not."""
    from tournaments.events.teams import add_team

    url = f"/e/{released.slug}/standings/?display=projector"
    assert 'data-rows="few"' in english().get(url).content.decode()
    for n in range(7):  # 13 teams
        add_team(
            released,
            organizer,
            name=f"Retard {n}",
            captain=f"Cap {n}",
            partner=f"Part {n}",
            missed_rounds="bye",
        )
    bump_event(released)
    assert released.teams.count() == 13
    assert 'data-rows="few"' not in english().get(url).content.decode()
