"""Issue 34, points 9 and 10: the standings of a 40-team event, played off (so the "Barrage"
column is there), with long team names.

- On the projector (``?display=projector``) at 1920 × 1080 and at 1366 × 768, every column's
  right edge is inside the window (the "Barrage" column, which explains silver against bronze,
  was cut at 1920: a 1880 px table in an 1840 px box).
- On a 390 px phone each figure of a team's card is named beside it ("Points 242"), not under
  a heading printed once at the top of the page.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS
from tournaments.events.creation import set_number_of_games
from tournaments.events.teams import add_team
from tournaments.models import Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import event_standings, release, seat_playoff_games

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LONG_NAMES = [
    "Les Rois du Crib de Saint-Jean-sur-Richelieu",
    "Le Pétrin de Notre-Dame-des-Prairies",
    "Les Valets de cœur de Sainte-Anne-des-Monts",
]


def play(game, official) -> None:
    """The team registered first wins (an order with no cycle: the playoffs end), 121–90;
    the last teams lose 121–60 (a double pétrin)."""
    first = game.team_a_id < game.team_b_id
    # Numbered 1–40 in the event whatever the database's ids (PostgreSQL's go on from test to
    # test): the same teams lose by a double pétrin on every database.
    offset = game.round.event.teams.order_by("id").values_list("id", flat=True)[0] - 1
    loser = 60 if (max(game.team_a_id, game.team_b_id) - offset) % 40 > 36 else 90
    score = {"score_a": 121, "score_b": loser} if first else {"score_a": loser, "score_b": 121}
    reporting.submit(game, reporting.Actor(user=official), Report.Kind.FINAL, score)


@pytest.fixture
def forty_teams(make_event, organizer):
    event = make_event(0)
    for i in range(40):
        name = LONG_NAMES[i] if i < len(LONG_NAMES) else f"Équipe {i + 1} de la Mauricie"
        add_team(event, organizer, name=name, captain=f"Capitaine {i}", partner=f"Partenaire {i}")
    set_number_of_games(event, organizer, 4)
    for _number in range(4):
        for game in seating.seat_next_round(event, organizer).games.exclude(team_b=None):
            play(game, organizer)
    for _step in range(80):  # the playoffs, to the end
        event.refresh_from_db()
        if not event_standings(event).standings.medal_ties:
            break
        for game in seat_playoff_games(event, organizer):
            play(game, organizer)
    release(event, organizer)
    event.refresh_from_db()
    return event


def column_edges(page) -> dict:
    return page.evaluate(
        """() => {
          const table = document.querySelector('table.standings');
          const heads = [...table.querySelectorAll('thead th')];
          return {
            width: window.innerWidth,
            scroll: document.documentElement.scrollWidth,
            heads: heads.map(th => [th.textContent.trim(), th.getBoundingClientRect().right]),
          };
        }"""
    )


def projector_columns_fit(browser, shot, url: str, width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="fr-CA")
    page = context.new_page()
    page.goto(url + "?display=projector")
    edges = column_edges(page)
    names = [name for name, _right in edges["heads"]]
    assert "Barrage" in names, names
    cut = [(name, round(right)) for name, right in edges["heads"] if right > width]
    assert not cut, f"columns past the right edge of {width} px: {cut}"
    assert edges["scroll"] <= width
    shot(page, f"projector-standings-40-teams-{width}x{height}")
    page.screenshot(path=str(ARTIFACTS / f"projector-standings-screen-{width}x{height}.png"))
    context.close()


def phone_card_names_each_figure(browser, shot, url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-CA")
    page = context.new_page()
    page.goto(url)
    card = page.locator("table.standings tbody tr").first
    figures = card.evaluate(
        """row => [...row.cells].slice(2).map(td => ({
             label: getComputedStyle(td, '::before').content.replace(/^"|"$/g, ''),
             text: td.innerText.trim(),
             box: td.getBoundingClientRect().toJSON(),
             labelShown: getComputedStyle(td, '::before').display !== 'none',
           }))"""
    )
    labels = [f["label"] for f in figures]
    assert {"Points", "Écart de points", "Victoires", "Barrage"} <= set(labels), labels
    for figure in figures:  # the name is drawn in the card, beside its number, on screen
        assert figure["labelShown"] and figure["label"] not in ("none", "normal", ""), figure
        assert figure["box"]["left"] >= 0 and figure["box"]["right"] <= 390, figure
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # « 4 (dont 2 doubles) »: the name on one line beside its number, the doubles under it
    # (« Pétri/ns/inflig/és » squeezed beside them before: four lines).
    doubled = page.locator("table.standings td.skunk-inflicted:has([data-double-skunks])")
    assert doubled.count() >= 1
    number_top, doubles_top, height, size = doubled.first.evaluate(
        """td => { const r = document.createRange(); r.selectNodeContents(td.firstChild);
             return [r.getBoundingClientRect().top - td.getBoundingClientRect().top,
                     td.querySelector('[data-double-skunks]').getBoundingClientRect().top
                       - td.getBoundingClientRect().top,
                     td.getBoundingClientRect().height, parseFloat(getComputedStyle(td).fontSize)];
           }"""
    )
    assert number_top < 0.8 * size < doubles_top, (number_top, doubles_top)
    assert height < 4 * size, (height, size)  # two lines (61 px), not four (92)
    shot(page, "phone-standings-named-figures-390x844")
    card.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "phone-standings-first-cards-390x844.png"))
    context.close()


def test_40_teams_every_column_on_the_projector_and_named_figures_on_a_phone(
    live_server, browser, shot, forty_teams
):
    url = f"{live_server.url}/e/{forty_teams.slug}/standings/"
    for width, height in ((1920, 1080), (1366, 768)):
        projector_columns_fit(browser, shot, url, width, height)
    phone_card_names_each_figure(browser, shot, url)
