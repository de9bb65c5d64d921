"""Every page of a whole event, in French, on a 390 × 844 phone and on a 1920 × 1080 projector.

The scene is the demo (``load_demo``: a league and its season with two released events, the
demo event with three rounds confirmed, a fourth with a report waiting for the other captain
and a dispute, players with their pages), plus an official's hand-by-hand sheet, the demo
event's release and a season export.

Each page is opened as the person who uses it (anyone, the captain through their link and PIN,
the official or the organizer logged in) and must:

- not scroll sideways: ``document.documentElement.scrollWidth <= window.innerWidth``;
- not hide anything in a sideways-scrolling box either (a ``.scroll`` table wider than its box is
  a score column a captain cannot see);
- give a finger at least 44 px: buttons, links drawn as buttons, selects, the menu, and the
  label around every checkbox;
- on the projector pages: team names on one line and no column that is only "—";
- run no script the Content-Security-Policy refuses (no violation reported by the browser,
  neither as a ``securitypolicyviolation`` event nor on the console).

Screenshots: ``test-artifacts/pages/<page>-<width>x<height>.png``.

The page list comes from the URL conf: ``test_every_route_is_visited_or_excluded`` fails when
a named route of the site is neither visited here nor excluded with a reason, so a new page is
not forgotten.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver

from accounts.models import EventRole
from tests.builders.sheets import sheet
from tests.conftest import link_of
from tests.e2e.conftest import ARTIFACTS, yes_if_asked
from tournaments.events import invitations
from tournaments.leagues.season_export import request_season_export
from tournaments.models import Event, Game, Report, Round, Season
from tournaments.publishing.caching import bump_event
from tournaments.results import reporting
from tournaments.standings.service import release

ANYONE, CAPTAIN, OFFICIAL, ORGANIZER = "anyone", "captain", "official", "organizer"
VIEWPORTS = [{"width": 390, "height": 844}, {"width": 1920, "height": 1080}]
NAMESPACES = ("tournaments", "accounts", "games", "play")


@dataclass(frozen=True)
class Visit:
    key: str  # names the screenshot
    role: str
    url: Callable[[dict], str]
    then: Callable | None = None  # what the person does on the page before it is checked
    projector: bool = False


def discard_hand(page):
    page.fill("#id_cards", "5♥ 5♣ 5♠ V♦ 4♦ 6♦")  # symbols: read the same in every language
    page.check("input[name=role][value=dealer]")
    page.click("main form button[type=submit]")
    page.wait_for_selector("table.discard-choices")


def count_hand(page):
    page.fill("#id_cards", "5C 5T 5P VK 5K")  # French letters on the French page: C is cœur
    page.click("main form button[type=submit]")
    page.wait_for_selector("#result")


def sheet_mode(page):
    page.locator("a[href='?mode=sheet']").click()
    page.wait_for_selector("#sheet-form")


def score_without_network(page):
    """The captain sends a score while the hall's Wi-Fi drops every post: it waits, in words."""
    page.route("**/games/**", lambda r: r.abort() if r.request.method == "POST" else r.continue_())
    page.fill("#score_us", "118")
    page.fill("#score_them", "121")
    page.click("#final-form button[type=submit]")
    page.wait_for_selector("[data-send-status] .send-state-waiting")


def server_lost(page):
    """The server stops answering a self-refreshing page: it says since when, keeps its data."""
    page.route("**/*", lambda route: route.abort())
    page.evaluate("window.dispatchEvent(new Event('online'))")  # refresh now, not in 15 s
    page.wait_for_selector("[data-offline-since]:not([hidden])")


def start_game(page):
    """Start a practice game from its home page, with the form as it opens."""
    page.click("main form button[type=submit]")
    yes_if_asked(page)  # a game already started in this browser: "start a new one?"
    page.wait_for_url("**/play/**-*/**")


def start_four_handed_game(page, players: str = "4"):
    """Start a four-handed (FADOQ) game and go on to the first discard: the four seats."""
    page.check(f"input[name=players][value='{players}']")
    start_game(page)
    for _ in range(6):
        if page.get_attribute("[data-awaiting]", "data-awaiting") == "discard":
            return
        before = page.get_attribute("input[name=move]", "value")
        page.locator(".play-action button[type=submit]").first.click()
        page.wait_for_function(
            "m => document.querySelector('input[name=move]').value !== m", arg=before
        )
    raise AssertionError(f"the {players}-handed game never asked for the discard")


def three_handed_play(page):
    """Start a three-handed game, lay away a card and go on to the play: the three seats, the
    coaching naming whose crib it is, the cards laid by both opponents."""
    start_four_handed_game(page, "3")
    page.locator(".card-choice .pcard").first.click()
    for _ in range(8):
        awaiting = page.get_attribute("[data-awaiting]", "data-awaiting")
        if awaiting in ("play", "go"):
            return
        before = page.get_attribute("input[name=move]", "value")
        page.locator(".play-action button[type=submit]").first.click()
        page.wait_for_function(
            "m => document.querySelector('input[name=move]').value !== m", arg=before
        )
    raise AssertionError("the three-handed game never came to the play")


def crapette_computer_turn(page):
    """Start a Crapette game step by step and reach the computer's turn: the call button, the
    pace and the computer's log are on the page (the player turns a card and discards it)."""
    page.evaluate("window.localStorage.setItem('huche.crapette.pace', 'step')")
    start_game(page)
    for _attempt in range(12):
        if page.locator("[data-call-button]").count():
            return
        stock = page.locator("[data-turn-stock]")
        turned = page.locator("button[data-source=S]")
        page.evaluate("document.querySelector('#play-area form').dataset.old = '1'")
        if turned.count():  # a turned card that fits a foundation must go there, else discard
            target = "F" if _attempt % 2 == 0 else "D"
            turned.click()
            page.locator(f"button[data-target={target}]").first.click()
        elif stock.count():
            stock.click()  # (a foundation move left behind: the computer calls, its turn)
        page.wait_for_selector("#play-area form:not([data-old])")  # the answer swapped in
    page.wait_for_selector("[data-call-button]")


def cribbage_coaching(page):
    """Start a cribbage game and lay away two cards: the coaching of the discard is shown."""
    start_game(page)
    for _attempt in range(10):
        if page.locator("[data-coaching]").count():
            return
        page.evaluate("document.querySelector('[data-awaiting]').dataset.old = '1'")
        if page.get_attribute("[data-awaiting]", "data-awaiting") == "discard":
            for card in page.locator(".card-choice .pcard").all()[:2]:
                card.click()
            page.click("[data-discard]")
        else:
            page.locator(".play-action button[type=submit]").first.click()
        page.wait_for_selector("[data-awaiting]:not([data-old])")  # the answer swapped in
    page.wait_for_selector("[data-coaching]")


def open_menu(page):
    """On a phone the menu is folded: unfold it (on a wide screen it is already open)."""
    summary = page.locator("details.menu > summary")
    if summary.is_visible():
        summary.click()
    assert page.locator("header nav a[href='/tools/hand/']").is_visible()


# Every named route of the site: the visits that open it (several for a page with several
# states worth seeing), in the order of the URL conf.
PAGES: dict[str, list[Visit]] = {
    "tournaments:home": [
        Visit("home", ANYONE, lambda s: "/"),
        Visit("home-menu-open", ANYONE, lambda s: "/", then=open_menu),
    ],
    "tournaments:event": [
        Visit("event", ANYONE, lambda s: f"/e/{s['slug']}/"),
        Visit("event-finished", ANYONE, lambda s: f"/e/{s['past']}/"),
    ],
    "tournaments:seating": [
        Visit("seating", ANYONE, lambda s: f"/e/{s['slug']}/seating/"),
        Visit(
            "seating-projector",
            ANYONE,
            lambda s: f"/e/{s['slug']}/seating/?display=projector",
            projector=True,
        ),
    ],
    "tournaments:round": [
        Visit("round-1", ANYONE, lambda s: f"/e/{s['slug']}/rounds/1/"),
        Visit("round-4", ANYONE, lambda s: f"/e/{s['slug']}/rounds/4/"),
    ],
    "tournaments:standings": [
        Visit("standings", ANYONE, lambda s: f"/e/{s['slug']}/standings/"),
        Visit(
            "standings-projector",
            ANYONE,
            lambda s: f"/e/{s['slug']}/standings/?display=projector",
            projector=True,
        ),
        Visit(
            "standings-projector-offline",
            ANYONE,
            lambda s: f"/e/{s['slug']}/standings/?display=projector",
            then=server_lost,
            projector=True,
        ),
        Visit(
            "standings-finished-projector",
            ANYONE,
            lambda s: f"/e/{s['past']}/standings/?display=projector",
            projector=True,
        ),
    ],
    "tournaments:team": [Visit("team", ANYONE, lambda s: f"/e/{s['slug']}/teams/{s['team']}/")],
    "tournaments:podium": [
        Visit("podium", ANYONE, lambda s: f"/e/{s['past']}/podium/"),
        Visit(
            "podium-projector",
            ANYONE,
            lambda s: f"/e/{s['past']}/podium/?display=projector",
            projector=True,
        ),
    ],
    "tournaments:season": [Visit("season", ANYONE, lambda s: s["season_url"])],
    # The bracket (issue 50) of an event played without one: the page says so in words.
    "tournaments:bracket": [Visit("bracket", ANYONE, lambda s: f"/e/{s['past']}/bracket/")],
    "tournaments:bracket-organize": [
        Visit("bracket-organize", ORGANIZER, lambda s: f"/organize/{s['slug']}/bracket/")
    ],
    "tournaments:event-guests": [
        Visit("event-guests", ORGANIZER, lambda s: f"/organize/{s['slug']}/guests/")
    ],
    "tournaments:season-honours": [
        Visit("season-honours", ANYONE, lambda s: f"{s['season_url']}palmares/"),
        Visit(
            "season-honours-projector",
            ANYONE,
            lambda s: f"{s['season_url']}palmares/?display=projector",
            projector=True,
        ),
    ],
    "tournaments:league-honours": [
        Visit("league-honours", ANYONE, lambda s: f"/s/{s['league']}/palmares/")
    ],
    "tournaments:player": [Visit("player", ANYONE, lambda s: f"/p/{s['player']}/")],
    "tournaments:captain": [
        Visit("captain-pin", ANYONE, lambda s: f"/c/{s['token']}/"),
        Visit("captain-home", CAPTAIN, lambda s: f"/c/{s['token']}/"),
    ],
    "tournaments:captain-game": [
        Visit("captain-game", CAPTAIN, lambda s: f"/c/{s['token']}/games/{s['game']}/"),
        Visit(
            "captain-game-sheet",
            CAPTAIN,
            lambda s: f"/c/{s['token']}/games/{s['game']}/",
            then=sheet_mode,
        ),
        Visit(
            "captain-game-waiting-to-send",
            CAPTAIN,
            lambda s: f"/c/{s['token']}/games/{s['game']}/",
            then=score_without_network,
        ),
    ],
    "tournaments:organizer-home": [Visit("organizer-home", ORGANIZER, lambda s: "/organize/")],
    "tournaments:event-create": [Visit("event-create", ORGANIZER, lambda s: "/organize/new/")],
    "tournaments:archive-import": [
        Visit("archive-import", ORGANIZER, lambda s: "/organize/new/import/")
    ],
    "tournaments:season-export": [
        Visit("season-export", ORGANIZER, lambda s: f"/organize/seasons/{s['season']}/export/")
    ],
    "tournaments:leagues": [Visit("leagues", ORGANIZER, lambda s: "/organize/leagues/")],
    "tournaments:league": [
        Visit("league", ORGANIZER, lambda s: f"/organize/leagues/{s['league']}/")
    ],
    "tournaments:league-players": [
        Visit("league-players", ORGANIZER, lambda s: f"/organize/leagues/{s['league']}/players/")
    ],
    "tournaments:season-settings": [
        Visit(
            "season-settings",
            ORGANIZER,
            lambda s: f"/organize/leagues/{s['league']}/seasons/{s['season_slug']}/",
        )
    ],
    "tournaments:dashboard": [
        Visit("dashboard", ORGANIZER, lambda s: f"/organize/{s['slug']}/"),
        Visit("dashboard-finished", ORGANIZER, lambda s: f"/organize/{s['past']}/"),
        Visit(
            "dashboard-offline", ORGANIZER, lambda s: f"/organize/{s['slug']}/", then=server_lost
        ),
    ],
    "tournaments:officials": [
        Visit("officials", ORGANIZER, lambda s: f"/organize/{s['slug']}/officials/")
    ],
    "tournaments:settings": [
        Visit("settings", ORGANIZER, lambda s: f"/organize/{s['slug']}/settings/")
    ],
    "tournaments:teams": [Visit("teams", ORGANIZER, lambda s: f"/organize/{s['slug']}/teams/")],
    # Registration before the day and check-in at the door (issue 36).
    "tournaments:registrations": [
        Visit("registrations", ORGANIZER, lambda s: f"/organize/{s['slug']}/registrations/")
    ],
    "tournaments:check-in": [
        Visit("check-in", ORGANIZER, lambda s: f"/organize/{s['slug']}/check-in/")
    ],
    "tournaments:check-in-scan": [
        Visit("check-in-scan", ORGANIZER, lambda s: f"/organize/{s['slug']}/check-in/scan/")
    ],
    "tournaments:register": [Visit("register", ANYONE, lambda s: f"/e/{s['slug']}/register/")],
    "tournaments:registration": [
        Visit("registration", ANYONE, lambda s: f"/r/{s['registration']}/")
    ],
    "tournaments:ratings": [Visit("ratings", ANYONE, lambda s: f"/l/{s['league']}/ratings/")],
    "tournaments:team-edit": [
        Visit("team-edit", ORGANIZER, lambda s: f"/organize/{s['slug']}/teams/{s['team']}/edit/")
    ],
    "tournaments:print-round": [
        Visit("print-round", ORGANIZER, lambda s: f"/organize/{s['slug']}/rounds/4/print/")
    ],
    "tournaments:print-slips": [
        Visit("print-slips", ORGANIZER, lambda s: f"/organize/{s['slug']}/slips/print/"),
        Visit(
            "print-slip-one-team",
            ORGANIZER,
            lambda s: f"/organize/{s['slug']}/slips/print/?team={s['team']}",
        ),
    ],
    "tournaments:desk": [
        Visit("desk", ORGANIZER, lambda s: f"/organize/{s['slug']}/desk/"),
        Visit("desk-official", OFFICIAL, lambda s: f"/organize/{s['slug']}/desk/"),
        Visit("desk-offline", OFFICIAL, lambda s: f"/organize/{s['slug']}/desk/", then=server_lost),
    ],
    "tournaments:desk-game": [
        Visit(
            "desk-game-dispute",
            ORGANIZER,
            lambda s: f"/organize/{s['slug']}/desk/games/{s['dispute']}/",
        ),
        Visit(
            "desk-game-sheet",
            ORGANIZER,
            lambda s: f"/organize/{s['slug']}/desk/games/{s['sheet_game']}/",
        ),
    ],
    "tournaments:audit": [Visit("audit", ORGANIZER, lambda s: f"/organize/{s['slug']}/audit/")],
    "accounts:login": [Visit("login", ANYONE, lambda s: "/accounts/login/")],
    "accounts:signup": [Visit("signup", ANYONE, lambda s: "/accounts/signup/")],
    # An invitation's link: a newcomer creates their account there; an official invited as
    # co-organizer accepts with one button.
    "tournaments:invitation": [
        Visit("invitation-new-account", ANYONE, lambda s: s["invitation_new"]),
        Visit("invitation-accept", OFFICIAL, lambda s: s["invitation_accept"]),
    ],
    "games:index": [Visit("tools-index", ANYONE, lambda s: "/tools/")],
    "games:hand": [Visit("tools-hand", ANYONE, lambda s: "/tools/hand/", then=count_hand)],
    "games:discard": [
        Visit("tools-discard", ANYONE, lambda s: "/tools/discard/", then=discard_hand)
    ],
    "games:crapette": [Visit("tools-crapette", ANYONE, lambda s: "/tools/crapette/")],
    "play:home": [Visit("play-cribbage-home", ANYONE, lambda s: "/play/")],
    "play:game": [
        Visit("play-cribbage-game", ANYONE, lambda s: "/play/", then=start_game),
        Visit("play-cribbage-four", ANYONE, lambda s: "/play/", then=start_four_handed_game),
        Visit("play-cribbage-three", ANYONE, lambda s: "/play/", then=three_handed_play),
        Visit("play-cribbage-coaching", ANYONE, lambda s: "/play/", then=cribbage_coaching),
    ],
    "play:crapette-home": [Visit("play-crapette-home", ANYONE, lambda s: "/play/crapette/")],
    "play:crapette-game": [
        Visit("play-crapette-game", ANYONE, lambda s: "/play/crapette/", then=start_game),
        Visit(
            "play-crapette-computer-turn",
            ANYONE,
            lambda s: "/play/crapette/",
            then=crapette_computer_turn,
        ),
    ],
}

# Named routes that are not pages a person reads, each with the reason.
EXCLUDED: dict[str, str] = {
    "tournaments:season-csv": "a CSV download",
    "tournaments:season-honours-csv": "a CSV download",
    "tournaments:league-honours-csv": "a CSV download",
    "tournaments:season-export-download": "a CSV download",
    "tournaments:export": "a CSV download",
    "tournaments:archive": "a JSON download",
    "tournaments:results-json": "a JSON download (the open results format)",
    "tournaments:results-schema": "a JSON Schema for programs",
    "tournaments:results-schema-1": "a JSON Schema for programs (the format's first version)",
    "tournaments:bracket-seat": "POST only: redirects to the bracket's desk (visited)",
    "tournaments:bracket-absent": "POST only: redirects to the bracket's desk (visited)",
    "tournaments:consolation": "POST only: redirects to the bracket's desk (visited)",
    "tournaments:archive-key-forget": "POST only: redirects to the league page (visited)",
    "tournaments:check-in-drop": "POST only: redirects to the check-in desk (visited)",
    "tournaments:registration-change": "POST only: redirects to the registration (visited)",
    "tournaments:registration-check-in": "POST only: redirects to the registration (visited)",
    "tournaments:registration-withdraw": "POST only: redirects to the registration (visited)",
    "tournaments:captain-confirm": "POST only: redirects to the captain's page (visited)",
    "tournaments:captain-sw": "a script (the captains' service worker), not a page",
    "tournaments:captain-forget": "POST only: back to the PIN page (tapped in "
    "test_forget_this_code_on_a_phone)",
    "tournaments:season-events": "POST only: redirects to the season settings (visited)",
    "tournaments:teams-import": "POST only: redirects to the teams page (visited)",
    "tournaments:team-action": "POST only: redirects to the teams page (visited)",
    "tournaments:seat-round": "POST only: redirects to the dashboard (visited)",
    "tournaments:number-of-games": "POST only: redirects to the dashboard (visited)",
    "tournaments:release": "POST only: redirects to the dashboard (visited)",
    "tournaments:close": "POST only: redirects to the dashboard (visited)",
    "tournaments:reopen": "POST only: redirects to the dashboard (visited)",
    "tournaments:event-delete": "POST only: asks, then redirects to My events (its browser "
    "test: test_event_deletion_browser.py)",
    "tournaments:event-publish": "POST only: asks, then redirects to the dashboard (its browser "
    "test: test_draft_late_team_browser.py)",
    "tournaments:round-tables": "POST only: redirects to the desk (tests/tournaments/seating/"
    "test_by_hand.py)",
    "tournaments:official-action": "POST only: redirects to the officials page (visited)",
    "tournaments:invitation-action": "POST only: redirects to the officials page (visited)",
    "tournaments:playoffs": "POST only: redirects to the dashboard (visited)",
    "accounts:logout": "POST only: redirects to the home page (visited)",
    "play:record": "a JSON download (the record of a finished practice game)",
    "play:crapette-record": "a JSON download (the record of a finished practice game)",
}


def site_routes() -> set[str]:
    """Every named route of the site's own URL confs, as ``namespace:name``."""
    names = set()

    def walk(patterns, namespace):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, p.namespace or namespace)
            elif isinstance(p, URLPattern) and p.name and namespace in NAMESPACES:
                names.add(f"{namespace}:{p.name}")

    walk(get_resolver().url_patterns, None)
    return names


def test_every_route_is_visited_or_excluded():
    routes = site_routes()
    listed = set(PAGES) | set(EXCLUDED)
    assert not routes - listed, f"routes neither visited nor excluded: {sorted(routes - listed)}"
    assert not listed - routes, f"visits of routes that no longer exist: {sorted(listed - routes)}"
    assert not set(PAGES) & set(EXCLUDED)


def build_scene() -> dict:
    call_command("load_demo", quiet=True)
    event = Event.objects.get(slug="demo-fadoq")
    organizer = event.roles.get(role="organizer").user
    release(event, organizer)
    season = Season.objects.get(slug="2026-2027")
    request_season_export(season, organizer, "semicolon")  # Celery is eager: done at once
    past = event.season.events.exclude(pk=event.pk).order_by("-date").first()
    # A long name, as clubs have: still one line on the projector, never off the phone's edge.
    past.teams.filter(name="Le Pétrin de Dolbeau").update(
        name="Les Joyeux Retraités de Saint-Félix-d'Otis et des environs"
    )
    bump_event(past)  # a data fix behind the services' back: drop the cached standings
    fourth = Round.objects.get(event=event, number=4)
    games = list(fourth.games.filter(team_b__isnull=False).order_by("table"))
    # A hand-by-hand sheet (the official's correction of table 1): hand and crib averages on
    # the players' pages, deal by deal at the desk.
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    reporting.submit(
        games[0],
        desk,
        Report.Kind.SHEET,
        {"sheet": sheet()},
        note="Feuille main par main retrouvée",
    )
    waiting = games[1]  # captain A reported; captain B sees "confirm"
    disputed = Game.objects.get(round=fourth, status=Game.Status.DISPUTED)
    link = link_of(waiting.team_b)
    # A new official invited by e-mail (no account yet), and the demo's official invited as
    # co-organizer: the two faces of the invitation's page; the officials page lists them.
    newcomer = invitations.invite(
        event,
        organizer,
        "nouvelle.arbitre@huche.demo",
        EventRole.Role.OFFICIAL,
        name="Nicole Nouvelle",
    )
    promoted = invitations.invite(event, organizer, "arbitre@huche.demo", EventRole.Role.ORGANIZER)
    # A team's private registration link (issue 36): the page its captain keeps.
    registered = waiting.team_a
    registered.registration_token = "every-page-registration-token"
    registered.save(update_fields=["registration_token"])
    return {
        "registration": registered.registration_token,
        "slug": event.slug,
        "past": past.slug,
        "team": waiting.team_a.pk,
        "season_url": f"/s/{season.league.slug}/{season.slug}/",
        "season": season.pk,
        "season_slug": season.slug,
        "league": season.league.slug,
        "player": games[0].team_a.captain_player.uid,
        "sheet_game": games[0].pk,
        "token": link.token,
        "pin": link.pin,
        "game": waiting.pk,
        "dispute": disputed.pk,
        "organizer": organizer.email,
        "official": "arbitre@huche.demo",
        "invitation_new": newcomer.path,
        "invitation_accept": promoted.path,
    }


# Measured in the page: what a person would notice, as readable lines.
CHECKS = """(projector) => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth)
    problems.push(`page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}`);
  for (const box of document.querySelectorAll('.scroll'))
    if (box.scrollWidth > box.clientWidth + 1)
      problems.push(`a table is cut at the right edge: ${box.scrollWidth} > ${box.clientWidth}`);
  const visible = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  const targets = 'button, a.button, input[type=submit], select, summary';
  for (const el of document.querySelectorAll(targets)) {
    if (!visible(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.height < 43.5 || r.width < 43.5)
      problems.push(`small target ${Math.round(r.width)}×${Math.round(r.height)}: ` +
                    `${el.tagName} "${el.textContent.trim().slice(0, 40)}"`);
  }
  for (const box of document.querySelectorAll('input[type=checkbox], input[type=radio]')) {
    if (!visible(box)) continue;
    const label = box.closest('label');
    const r = (label || box).getBoundingClientRect();
    if (r.height < 43.5) problems.push(`small checkbox target ${Math.round(r.height)} px high`);
  }
  if (projector && window.innerWidth >= 1000) {
    for (const name of document.querySelectorAll(
        'table.standings td:nth-child(2) a, table.seating strong, ol.podium strong'))
      if (name.getClientRects().length > 1)
        problems.push(`team name on two lines: ${name.textContent}`);
    for (const table of document.querySelectorAll('table')) {
      const rows = [...table.tBodies].flatMap((b) => [...b.rows]);
      const width = rows.length ? rows[0].cells.length : 0;
      for (let i = 0; i < width; i++)
        if (rows.every((r) => r.cells[i] && r.cells[i].textContent.trim() === '—'))
          problems.push(`a column of "—" only (column ${i + 1})`);
    }
    if (getComputedStyle(document.querySelector('header.site')).display !== 'none')
      problems.push('the site header is shown on the projector');
  }
  return problems;
}"""


# Recorded in every page before its own scripts run (Playwright's init scripts are not subject
# to the page's CSP).
CSP_LISTENER = (
    "window.cspViolations = [];"
    "document.addEventListener('securitypolicyviolation', e => window.cspViolations.push("
    "e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' line ' + e.lineNumber));"
)


def sign_in(context, base: str, scene: dict, role: str):
    if role == ANYONE:
        return
    page = context.new_page()
    if role in (ORGANIZER, OFFICIAL):
        page.goto(f"{base}/accounts/login/")
        page.fill("#id_username", scene[role])
        page.fill("#id_password", "huche-demo")
        page.click("main button[type=submit]")
        page.wait_for_url(lambda url: "/accounts/login/" not in url)
    else:
        page.goto(f"{base}/c/{scene['token']}/")
        page.fill("#id_pin", scene["pin"])
        page.click("main button[type=submit]")
        page.wait_for_selector("main h2")
    page.close()


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_every_page_fits_a_phone_and_a_projector(live_server, browser):
    scene = build_scene()
    out = ARTIFACTS / "pages"
    out.mkdir(parents=True, exist_ok=True)
    problems = []
    opened = 0
    for viewport in VIEWPORTS:
        size = f"{viewport['width']}x{viewport['height']}"
        contexts = {}
        for role in (ANYONE, CAPTAIN, OFFICIAL, ORGANIZER):
            contexts[role] = browser.new_context(viewport=viewport, locale="fr-CA")
            contexts[role].add_init_script(CSP_LISTENER)
            sign_in(contexts[role], live_server.url, scene, role)
        try:
            for visits in PAGES.values():
                for visit in visits:
                    if (
                        visit.projector
                        and viewport["width"] < 1000
                        and visit.key != "standings-projector"
                    ):
                        continue  # a projector page is for the big screen (one phone check is enough)
                    page = contexts[visit.role].new_page()
                    page.set_default_timeout(15_000)
                    console: list[str] = []
                    page.on(
                        "console",
                        lambda message, seen=console: (
                            seen.append(message.text)
                            if "Content Security Policy" in message.text
                            else None
                        ),
                    )
                    response = page.goto(live_server.url + visit.url(scene))
                    assert response.ok, f"{visit.key}: HTTP {response.status}"
                    if visit.then:
                        visit.then(page)
                    assert page.locator("html[lang^=fr]").count() == 1, visit.key
                    for problem in dict.fromkeys(page.evaluate(CHECKS, visit.projector)):
                        problems.append(f"{visit.key} at {size}: {problem}")
                    for violation in page.evaluate("window.cspViolations || []") + console:
                        problems.append(f"{visit.key} at {size}: CSP refused {violation}")
                    page.screenshot(path=str(out / f"{visit.key}-{size}.png"), full_page=True)
                    page.close()
                    opened += 1
        finally:
            for context in contexts.values():
                context.close()
    assert opened > 2 * len(PAGES) - 10
    assert not problems, "\n".join(problems)


# The captains' service worker registered and given the page to keep, as report.js does over
# HTTPS (Chromium lets a test do it on localhost); true once the page is in its cache.
KEEP_OFFLINE = """async (url) => {
  const registration = await navigator.serviceWorker.register('/c/sw.js');
  await navigator.serviceWorker.ready;
  (registration.active || registration.waiting).postMessage({cache: [url]});
}"""
KEPT = "(url) => caches.match(url, {ignoreVary: true}).then(Boolean)"
GONE = "(url) => caches.match(url, {ignoreVary: true}).then((hit) => !hit)"


def until(page, predicate: str, arg) -> None:
    """Wait until the page's async ``predicate(arg)`` holds: the service worker works in the
    background (``wait_for_function`` would take the promise itself for a yes)."""
    for _ in range(150):
        if page.evaluate(predicate, arg):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {predicate} ({arg})")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_forget_this_code_on_a_phone(live_server, browser):
    """Issue 33: on a borrowed phone, "Ce n'est pas mon téléphone : oublier ce code" is on the
    captain's page; one tap returns to the PIN page, and neither Back nor the phone's offline
    copy shows the team's scores any more."""
    scene = build_scene()
    context = browser.new_context(
        viewport=VIEWPORTS[0], locale="fr-CA", is_mobile=True, has_touch=True
    )
    sign_in(context, live_server.url, scene, CAPTAIN)
    page = context.new_page()
    page.set_default_timeout(15_000)
    home = f"/c/{scene['token']}/"
    page.goto(live_server.url + home)
    score = page.locator(".score-line .score").first.inner_text()
    assert "–" in score
    page.evaluate(KEEP_OFFLINE, home)
    until(page, KEPT, home)

    button = page.locator("[data-leave-button]")
    assert button.inner_text().strip() == "Ce n'est pas mon téléphone : oublier ce code"
    assert button.is_visible()
    box = button.bounding_box()
    assert box and box["height"] >= 43.5 and box["y"] + box["height"] <= VIEWPORTS[0]["height"]
    page.screenshot(path=str(ARTIFACTS / "pages" / "captain-forget-button-390x844.png"))
    button.tap()
    page.wait_for_selector("#id_pin")
    assert page.url == live_server.url + home
    assert "Ce téléphone a oublié le NIP" in page.locator(".messages").inner_text()
    page.screenshot(path=str(ARTIFACTS / "pages" / "captain-forgotten-390x844.png"))

    until(page, GONE, home)  # the offline copy is dropped
    page.go_back()  # the page before the tap: asked of the server again, not from a cache
    page.wait_for_selector("#id_pin")
    assert score not in page.locator("main").inner_text()
    context.set_offline(True)
    try:
        page.goto(live_server.url + home)
    except Exception:  # noqa: BLE001 (no copy kept: the browser's own "no network" page)
        page.wait_for_load_state()
    assert score not in page.locator("body").inner_text()
    context.close()
