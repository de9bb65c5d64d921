"""The Crapette table on a 360 x 740 phone (issue 53): the whole table visible at once during
the player's turn and during the computer's turn after a call, measured in the browser: the
part of the table between the sticky status (when it sticks) and the sticky buttons."""

from __future__ import annotations

import pytest

from games.models import PracticeGame
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_crapette_browser import opening

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL = {"width": 360, "height": 740}

# The table's height and how much of it is on the screen, not hidden under the sticky status
# (top) nor under the sticky buttons (bottom).
VISIBLE = """() => {
  const f = document.querySelector('form[data-crapette]');
  const t = f.querySelector('.cr-table').getBoundingClientRect();
  const s = f.querySelector('.cr-status'), b = f.querySelector('[data-actions]');
  const stuck = el => getComputedStyle(el).position === 'sticky';
  let top = 0, bottom = window.innerHeight;
  const sr = s.getBoundingClientRect(), br = b.getBoundingClientRect();
  if (stuck(s) && sr.top <= 1) top = Math.max(top, sr.bottom);
  if (stuck(b) && br.bottom >= window.innerHeight - 1) bottom = Math.min(bottom, br.top);
  const seen = Math.max(0, Math.min(t.bottom, bottom) - Math.max(t.top, top));
  return {table: Math.round(t.height), visible: Math.round(seen)};
}"""


def test_the_whole_crapette_table_fits_a_small_phone_in_both_turns(browser, live_server):
    table, _bad, forget = opening()
    game = PracticeGame.objects.create(kind="crapette", level="standard",
                                       state=table.to_state(), options={})  # fmt: skip
    context = browser.new_context(viewport=SMALL, locale="fr-CA", has_touch=True)
    # Step by step: the computer's turn waits, so it can be measured.
    context.add_init_script("window.localStorage.setItem('huche.crapette.pace', 'step')")
    page = context.new_page()
    page.set_default_timeout(20_000)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        page.goto(f"{live_server.url}/play/crapette/{game.pk}/")
        assert page.locator("[data-turn=player]").is_visible()
        page.evaluate("window.dispatchEvent(new Event('resize'))")
        mine = page.evaluate(VISIBLE)
        page.screenshot(path=str(ARTIFACTS / "crapette-360-players-turn.png"))
        assert mine["visible"] >= mine["table"] - 1, mine

        # The player forgets a mandatory move: the computer calls « Crapette ! » and plays.
        page.locator(f"#play-area button[data-source='{forget[0]}']").tap()
        page.locator(f"#play-area button[data-target='{forget[1]}']").first.tap()
        page.locator("[data-call]").wait_for()
        page.locator("[data-turn=computer]").wait_for()
        theirs = page.evaluate(VISIBLE)
        page.screenshot(path=str(ARTIFACTS / "crapette-360-computers-turn-after-call.png"))
        assert theirs["visible"] >= theirs["table"] - 1, theirs
        # The call button stays at hand, on the screen.
        box = page.locator("[data-call-button]").bounding_box()
        assert box is not None and box["y"] + box["height"] <= SMALL["height"]
    finally:
        context.close()
