"""Issue 25, words and looks, as only a browser sees them (390 × 844 phone, 1920 × 1080
projector, in French): the event settings' choices show their whole text (a drop-down clipped
the rule set's), the tiebreak order is numbered drop-downs in French, and the hall's address on
a captain's slip wraps between its parts, never inside a word."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = [(390, 844), (1920, 1080)]
HALL = "http://tournoi-de-lavent-jonquiere.local:8000"

# Every select whose chosen text is wider than its box, every label or legend whose text is
# cut (scrollWidth beyond clientWidth), every text box showing less than its value.
CLIPPED = """() => {
  const canvas = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const s of document.querySelectorAll('main select')) {
    const cs = getComputedStyle(s);
    canvas.font = cs.font;
    const text = s.options[s.selectedIndex] ? s.options[s.selectedIndex].text : '';
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    if (canvas.measureText(text).width > room) cut.push('select ' + s.name + ': ' + text);
  }
  for (const el of document.querySelectorAll('main label, main legend, main textarea')) {
    if (el.classList.contains('visually-hidden')) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 && el.tagName === 'TEXTAREA')
      cut.push(el.tagName + ' ' + (el.innerText || el.value).slice(0, 60));
  }
  if (document.documentElement.scrollWidth > window.innerWidth) cut.push('page wider than the screen');
  return cut;
}"""


def log_in(page, base):
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "org@example.org")
    page.fill("input[name=password]", "pw-organizer-1")
    page.press("input[name=password]", "Enter")
    page.wait_for_load_state()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_event_settings_show_every_choice_whole(live_server, browser, make_event, width, height):
    event = make_event(6)
    event.venue = "Centre communautaire de l'Avent, 2300 boulevard du Royaume, Jonquière"
    event.save(update_fields=["venue"])
    context = browser.new_context(viewport={"width": width, "height": height}, locale="fr-CA")
    page = context.new_page()
    log_in(page, live_server.url)
    ARTIFACTS.mkdir(exist_ok=True)
    for name, url in (
        ("settings", f"/organize/{event.slug}/settings/"),
        ("new-event", "/organize/new/"),
    ):
        page.goto(live_server.url + url)
        page.screenshot(path=str(ARTIFACTS / f"words-{name}-{width}.png"), full_page=True)
        assert page.evaluate(CLIPPED) == [], (name, width)
        rule_set = page.locator("fieldset#id_rule_set-set")
        assert "4 joueurs en deux équipes de deux, 121 points" in rule_set.inner_text()
        order = page.locator("ol.tiebreak-order")
        assert order.locator("select").count() == 5
        assert "Face-à-face" in order.inner_text() and "head_to_head" not in order.inner_text()
    page.goto(live_server.url + f"/organize/{event.slug}/settings/")
    assert "2300 boulevard du Royaume, Jonquière" in page.input_value("textarea[name=venue]")
    context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_halls_address_on_a_slip_wraps_between_words(
    live_server, browser, make_event, settings, width, height
):
    settings.HUCHE_BASE_URL = HALL
    event = make_event(4)
    context = browser.new_context(viewport={"width": width, "height": height}, locale="fr-CA")
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/organize/{event.slug}/slips/print/")
    slip = page.locator("article.slip").first
    slip.screenshot(path=str(ARTIFACTS / f"words-slip-{width}.png"))
    # Each word of the hall's name on one line: a Range over its letters has one box.
    lines_of = """(word) => {
      const p = document.querySelector('.slip-url');
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let node; while ((node = walker.nextNode())) {
        const at = node.data.indexOf(word);
        if (at >= 0) { const r = document.createRange(); r.setStart(node, at);
          r.setEnd(node, at + word.length);
          return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }
      }
      return -1;
    }"""
    for word in ("tournoi-", "lavent-", "jonquiere.", "local:8000/"):
        assert page.evaluate(lines_of, word) == 1, (word, width)
    assert "tournoi-de-lavent-jonquiere.local:8000/c/" in slip.inner_text().replace("\n", "")
    context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_season_chart_legend_shows_whole_names(live_server, browser, organizer, width, height):
    from django.core.cache import cache

    from tests.builders.season import build_season
    from tournaments.models import Team

    season, _people, _events, _hidden = build_season(organizer)
    Team.objects.filter(name="Les Valets").update(name="Les Valets de Jonquière")
    Team.objects.filter(name="Les Nouveaux Rois").update(name="Les Nouveaux Rois de Chicoutimi")
    # Renamed behind the services' back (no event version bumped): the tables that the worker
    # warmed after the releases (eager on the embedded default) are dropped.
    cache.clear()
    context = browser.new_context(viewport={"width": width, "height": height}, locale="fr-CA")
    page = context.new_page()
    page.goto(f"{live_server.url}/s/{season.league.slug}/{season.slug}/")
    chart = page.locator("svg.chart")
    chart.screenshot(path=str(ARTIFACTS / f"words-season-chart-{width}.png"))
    legend = page.evaluate(
        """() => {
          const svg = document.querySelector('svg.chart');
          const room = svg.viewBox.baseVal;
          return [...svg.querySelectorAll('text.legend')].map(t => {
            const box = t.getBBox();
            const shown = [...t.querySelectorAll('tspan')].map(s => s.textContent).join(' ');
            return [shown, box.x + box.width <= room.width,
                    box.y + box.height <= room.height];
          });
        }"""
    )
    words = " ".join(text for text, _w, _h in legend)
    assert "Jonquière" in words and "Chicoutimi" in words, words
    assert all(inside_w and inside_h for _t, inside_w, inside_h in legend), legend
    context.close()
