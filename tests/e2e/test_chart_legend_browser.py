"""Issue 50: the standings chart's legend was cut at 1366 px: its lines were cut by a count of
characters, and a line of wide letters ran past the chart's edge. Measured in Chromium on an
event's standings page with names of wide letters, long words and hyphens, at a laptop's
1366 px, a full-HD screen and a phone: every legend line inside the chart, every word shown."""

from __future__ import annotations

import datetime

import pytest

from tests.e2e.conftest import ARTIFACTS
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = [
    "Mmmm Wwww Mmmm Wwww Mmmm",
    "Royal Canadian Legion Branch 138",
    "Les Rois du Crib de Saint-Jean-sur-Richelieu",
    "WWW MMM Wombats Maximum Mighty",
    "Kapuskasing Cribbage Club Wednesday",
    "Quinze-Deux-Quatre-Six-Huit-Dix",
    "Les Valets de Jonquière",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "Branch 25 Sharks",
    "Les As",
]

MEASURE = """() => {
  const svg = document.querySelector('svg.chart');
  const room = svg.viewBox.baseVal;
  const edge = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text.legend')].map(t => {
    const box = t.getBBox();
    const seen = t.getBoundingClientRect();
    return {
      name: t.querySelector('title').textContent,
      shown: [...t.querySelectorAll('tspan')].map(s => s.textContent),
      inside: box.x >= 0 && box.x + box.width <= room.width && box.y + box.height <= room.height,
      onScreen: seen.right <= edge.right + 0.5 && seen.bottom <= edge.bottom + 0.5,
      right: Math.round(box.x + box.width), room: room.width,
    };
  });
}"""


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1920, 1080), (390, 844)])
def test_every_legend_line_is_inside_the_chart(live_server, browser, organizer, width, height):
    event = create_event(
        organizer, name="Legion", date=datetime.date(2027, 1, 9), number_of_games=2
    )
    event.visibility = "live"
    event.save(update_fields=["visibility"])
    for i, name in enumerate(NAMES):
        add_team(event, organizer, name=name, captain=f"Capitaine {i}", partner=f"Partenaire {i}")
    for _round in range(2):
        for game in seating.seat_next_round(event, organizer).games.exclude(team_b=None):
            reporting.submit(
                game,
                reporting.Actor(user=organizer),
                Report.Kind.FINAL,
                {"score_a": 121, "score_b": 100},
            )
    context = browser.new_context(viewport={"width": width, "height": height}, locale="fr-CA")
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{event.slug}/standings/")
    chart = page.locator("svg.chart")
    chart.screenshot(path=str(ARTIFACTS / f"chart-legend-{width}.png"))
    legend = page.evaluate(MEASURE)
    assert sorted(item["name"] for item in legend) == sorted(NAMES)
    for item in legend:
        assert item["inside"] and item["onScreen"], item
        joined = "".join(
            line if line.endswith("-") or i == len(item["shown"]) - 1 else line + " "
            for i, line in enumerate(item["shown"])
        )
        if " " in item["name"] or "-" in item["name"]:
            assert joined == item["name"], item  # every word, cut between words
        else:
            assert "".join(item["shown"]) == item["name"], item  # one word: cut inside
    context.close()
