"""Issue 16's "Done when": a whole FADOQ day from an empty database, in a real browser, as the
people do it. The organizer opens an account and creates the event on a laptop, imports the
teams from French Excel's file (Windows-1252, ``;``), invites an official who creates their
account from the invitation's link, prints the captains' slips; each of the six captains reads
their own slip (link and NIP) and reports every game from a phone (390 x 844): final scores, a
hand-by-hand sheet with a "19" refused then fixed, a skunk, a dispute the official settles at
the desk. The last round's scores are chosen so that the series ends with a tie for a medal:
its best-of-three is seated and played; the results are released, the event closed, the podium
public, and the CSV files downloaded and read back.

Screenshots of every step: ``test-artifacts/day-*.png``. Nothing waits a fixed time: every step
waits for the element or the page that proves it happened.
"""

from __future__ import annotations

import csv
import io
import itertools
import re

import pytest
from django.core.cache import cache

from tests.builders.sheets import DEALS
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_captain_browser import fill_sheet
from tournaments.models import Event, Game, Round, Team
from tournaments.results.receipts import receipt_number

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
EMAIL, PASSWORD = "lucie.gagnon@example.org", "Cribbage-Laurentides-26"
OFFICIAL_EMAIL, OFFICIAL_PASSWORD = "gilles.officiel@example.org", "Plateau-de-jeu-2026"
TEAMS = [  # team; captain; partner (accents, apostrophes, a hyphen: what halls really write)
    ("Les Rois du Crib", "Gisèle Tremblay", "Réjean Côté"),
    ("Les Pétroles", "André Bélanger", "Françoise Lévesque"),
    ("Les As de Saint-Jérôme", "Hélène Gagné", "Benoît Pelletier"),
    ("Les Quinze-Deux", "Noël Bérubé", "Thérèse Ouellet"),
    ("L'Équipe à Léo", "Léo Fortin", "Cécile Morin"),
    ("Les Capots de Mont-Laurier", "Jérôme Caron", "Ginette Bouchard"),
]
TYPO = "Gisele Trembley"
LOCAL_TIME = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$")


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), page.url


def success(page) -> str:
    message = page.locator(".messages .success")
    message.first.wait_for()
    return message.first.inner_text()


class Day:
    """The people of the day, each in their own browser, and the screenshots of each step."""

    def __init__(self, browser, base: str, shot):
        self.browser, self.base, self.shot = browser, base, shot
        self.step = 0
        self.organizer = self.person(LAPTOP)
        self.captains: dict[str, object] = {}  # team name -> the captain's phone
        self.slug = ""

    def person(self, viewport, **extra):
        context = self.browser.new_context(viewport=viewport, locale="fr-CA", **extra)
        page = context.new_page()
        page.set_default_timeout(20_000)
        return page

    def phone(self):
        return self.person(PHONE, is_mobile=True, has_touch=True)

    def snap(self, page, what: str) -> None:
        self.step += 1
        self.shot(page, f"day-{self.step:02d}-{what}")
        if page.viewport_size["width"] == PHONE["width"]:
            no_sideways_scroll(page)

    def go(self, page, path: str) -> None:
        page.goto(self.base + path)

    def dashboard(self):
        self.go(self.organizer, f"/organize/{self.slug}/")
        return self.organizer

    # --- captains -------------------------------------------------------------------------
    def captain_home(self, team: str):
        page = self.captains[team]
        self.go(page, page.slip_path)
        return page

    def open_game(self, team: str, game: Game):
        page = self.captain_home(team)
        page.locator(f".captain-game[data-game='{game.pk}'] a.button").first.click()
        page.wait_for_selector("#final-form")
        return page

    def report(
        self, team: str, game: Game, us: int, them: int, *, snap: str = "", wifi_drops=False
    ):
        page = self.open_game(team, game)
        page.fill("#score_us", str(us))
        page.fill("#score_them", str(them))
        if snap:
            self.snap(page, snap)
        if wifi_drops:
            page.context.set_offline(True)  # the hall's Wi-Fi drops as "Envoyer" is pressed
        page.click("#final-form button[type=submit]")
        if wifi_drops:
            page.wait_for_selector("[data-send-status] .send-state-waiting")
            self.snap(page, "captain-waiting-to-send")
            assert not game.reports.exists()
            page.context.set_offline(False)  # back: it goes by itself
        self.receipt(page, game, snap="captain-receipt" if wifi_drops else "")
        return page

    def receipt(self, page, game: Game, *, snap: str = "") -> None:
        """The receipt in place (one report stored, its number shown), then back to the games."""
        receipt = page.locator("[data-send-status] [data-receipt]")
        receipt.wait_for()
        number = receipt.locator("[data-receipt-number]").inner_text()
        assert number == receipt_number(game.reports.order_by("-version").first())
        if snap:
            self.snap(page, snap)
        page.locator("[data-send-status] a.button").click()
        page.wait_for_selector(f".captain-game[data-game='{game.pk}']")

    def confirm(self, team: str, game: Game, *, snap: str = ""):
        page = self.captain_home(team)
        button = page.locator(f".captain-game[data-game='{game.pk}'] button.confirm-result")
        if snap:
            self.snap(page, snap)
        button.click()
        success(page)
        return page


def name_of(team_id: int) -> str:
    return Team.objects.get(pk=team_id).name


def points_so_far(event: Event) -> dict[int, int]:
    """FADOQ points (RULES.md section 5: the scores, the winner's as 121) of confirmed games."""
    points = {t.pk: 0 for t in event.teams.all()}
    for game in Game.objects.filter(
        round__event=event, round__kind=Round.Kind.SERIES, status=Game.Status.CONFIRMED
    ).select_related("confirmed_report"):
        points[game.team_a_id] += game.confirmed_report.score_a
        points[game.team_b_id] += game.confirmed_report.score_b
    return points


def last_round_for_a_medal_tie(points: dict[int, int], games: list[Game]):
    """Winners and losers' scores of the last round so that exactly two teams end level on
    points, at a place that touches the podium (a best-of-three), every other total distinct.

    Returns ``[(game, score_a, score_b)]``. Worked out here from the rules, not by Huche."""
    fillers = {104, 97, 110, 93, 115, 101}
    for winners in itertools.product((0, 1), repeat=len(games)):
        final, losers = dict(points), []
        for game, side in zip(games, winners, strict=True):
            pair = (game.team_a_id, game.team_b_id)
            final[pair[side]] += 121
            losers.append(pair[1 - side])
        # A loser's score may also be the one that brings it level with a winner.
        candidates = sorted(
            fillers
            | {
                final[w] - final[x]
                for x in losers
                for w in final
                if w not in losers and 80 <= final[w] - final[x] <= 120
            }
        )
        for fill in itertools.product(candidates, repeat=len(losers)):
            scores = dict(zip(losers, fill, strict=True))
            totals = {t: final[t] + scores.get(t, 0) for t in final}
            values = sorted(totals.values(), reverse=True)
            level = [v for v in set(values) if values.count(v) > 1]
            if len(level) != 1 or values.count(level[0]) != 2 or values.index(level[0]) > 2:
                continue  # exactly one tie, of two teams, touching 1st, 2nd or 3rd place
            plan = []
            for game, side in zip(games, winners, strict=True):
                loser = (game.team_a_id, game.team_b_id)[1 - side]
                plan.append((game, 121, scores[loser]) if side == 0 else (game, scores[loser], 121))
            return plan, sorted(t for t in totals if totals[t] == level[0])
    raise AssertionError(f"no last round gives a medal tie from {points}")


def cp1252_csv(tmp_path):
    """The file French Excel saves ("CSV (séparateur : point-virgule)"): Windows-1252, ``;``,
    with the typo of a hurried evening (corrected on the Teams page afterwards)."""
    path = tmp_path / "équipes.csv"
    rows = [
        (TYPO if captain == TEAMS[0][1] else captain, team, partner)
        for team, captain, partner in TEAMS
    ]
    lines = ["Équipe;Capitaine;Partenaire"] + [f"{t};{c};{p}" for c, t, p in rows]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp1252"))
    return path


def test_a_whole_tournament_day(live_server, browser, shot, tmp_path):
    cache.clear()  # cached standings are keyed by event id and version, reused across tests
    for old in ARTIFACTS.glob("day-*.png"):  # a step renumbered must not leave a stale picture
        old.unlink()
    day = Day(browser, live_server.url, shot)
    event = open_an_account_and_create_the_event(day)  # steps 1 and 2
    import_and_correct_the_teams(day, tmp_path)  # 3 and 3b
    desk = appoint_an_official(day)  # 4
    open_the_captains_links(day)  # 5
    tied = play_the_series(day, desk, event)  # 6
    playoff_winner, played = play_the_best_of_three(day, event, tied)  # 7
    release_and_close(day)  # 8
    the_public_podium(day, playoff_winner)  # 9
    read_the_csv_files(day, playoff_winner, played)  # 10


def open_an_account_and_create_the_event(day: Day) -> Event:
    org = day.organizer
    # 1. A blank install: the organizer opens an account from the login page.
    day.go(org, "/accounts/login/")
    org.click("#signup-link")
    org.fill("#id_email", EMAIL)
    org.fill("#id_display_name", "Lucie Gagnon")
    org.fill("#id_password1", PASSWORD)
    org.fill("#id_password2", PASSWORD)
    day.snap(org, "signup")
    org.click("#signup button[type=submit]")
    org.wait_for_url("**/organize/new/")
    assert "compte" in success(org)

    # 2. A new FADOQ event: 8 games, accumulated points, playoff for medals (the defaults).
    org.fill("#id_name", "Omnium FADOQ des Laurentides")
    org.fill("#id_date", "2026-11-28")
    org.fill("#id_venue", "Salle des Chevaliers de Colomb, Saint-Jérôme")
    # four-handed, not the first in the list (radio buttons since issue 25: words not clipped)
    assert org.is_checked("input[name=rule_set][value=FADOQ]")
    assert org.is_checked("input[name=scoring_system][value=fadoq]")
    assert org.input_value("#id_number_of_games") == "8"
    day.snap(org, "new-event")
    org.click("main form.card button[type=submit]")
    org.wait_for_url("**/teams/")
    day.slug = org.url.rstrip("/").split("/")[-2]
    return Event.objects.get(slug=day.slug)


def import_and_correct_the_teams(day: Day, tmp_path) -> None:
    org = day.organizer
    # 3. The teams, from French Excel's file, uploaded through the page.
    org.set_input_files("#id_import-file", str(cp1252_csv(tmp_path)))
    org.click(f"form[action='/organize/{day.slug}/teams/import/'] button[type=submit]")
    assert "6" in success(org)
    for team, captain, partner in TEAMS:
        row = org.locator("tbody tr", has_text=team)
        assert (TYPO if captain == TEAMS[0][1] else captain) in row.inner_text()
        assert partner in row.inner_text()
    day.snap(org, "teams-imported")

    # 3b. The typo in a captain's name, corrected on the Teams page (fixed on the player).
    org.locator("tbody tr", has_text=TEAMS[0][0]).locator("a.team-edit").click()
    assert org.input_value("#id_captain") == TYPO
    org.fill("#id_captain", TEAMS[0][1])
    day.snap(org, "team-correction")
    org.click("#team-edit button[type=submit]")
    assert TEAMS[0][0] in success(org)
    assert TEAMS[0][1] in org.locator("tbody tr", has_text=TEAMS[0][0]).inner_text()


def appoint_an_official(day: Day):
    """4. An official, invited through the Officials page, creates their account from the
    invitation's link; returns the desk's laptop."""
    org = day.organizer
    org.click(f"a[href='/organize/{day.slug}/officials/']")
    org.fill("#id_email", OFFICIAL_EMAIL)
    org.fill("#id_name", "Gilles Bouffard")
    org.click("main form.card button[type=submit]")
    link = org.input_value("#invitation-link")
    day.snap(org, "official-appointed")
    desk = day.person(LAPTOP)
    desk.goto(link)
    assert desk.input_value("#invited-email") == OFFICIAL_EMAIL
    desk.fill("#id_password1", OFFICIAL_PASSWORD)
    desk.fill("#id_password2", OFFICIAL_PASSWORD)
    desk.click("main form.card button[type=submit]")
    success(desk)
    assert "Omnium FADOQ des Laurentides" in desk.inner_text("main")
    return desk


def open_the_captains_links(day: Day) -> None:
    """5. The captains' slips: each captain reads their own link and NIP and opens it on a
    phone."""
    org = day.organizer
    day.go(org, f"/organize/{day.slug}/slips/print/")
    day.snap(org, "slips")
    slips = org.locator("article.slip")
    assert slips.count() == 6
    for slip in slips.all():
        team, url = slip.locator("h2").inner_text(), slip.locator(".slip-url").inner_text()
        nip = slip.locator(".slip-pin").inner_text()
        if team == TEAMS[0][0]:
            assert TEAMS[0][1] in slip.inner_text()  # the corrected name, on the slip too
        assert url.startswith(day.base + "/c/") and re.fullmatch(r"\d{3} \d{3}", nip)
        phone = day.phone()
        phone.goto(url)
        phone.fill("#id_pin", nip)  # typed as printed, in two groups
        phone.click("main form.card button[type=submit]")
        phone.wait_for_selector("h1")
        assert phone.locator("#id_pin").count() == 0, team
        phone.slip_path = url.removeprefix(day.base)
        day.captains[team] = phone
    day.snap(day.captains[TEAMS[0][0]], "captain-home-phone")


def play_the_series(day: Day, desk, event: Event) -> list[int]:
    """6. Eight rounds: seated from the dashboard, reported and confirmed by the captains; the
    last one ends in a tie for a medal (returns the tied teams)."""
    for number in range(1, 9):
        games = seat_round(day, event, number)
        if number < 8:
            plan = [(g, 121, 90 + (7 * g.table + 3 * number) % 31) for g in games]
        else:
            plan, tied = last_round_for_a_medal_tie(points_so_far(event), games)
        for game, score_a, score_b in plan:
            play_game(day, desk, number, game, score_a, score_b)
        if number == 2:
            skunked = Game.objects.get(round__event=event, round__number=2, table=1)
            assert skunked.confirmed_report.skunk == 1
    page = day.dashboard()
    ties = page.locator(f".card:has(form[action='/organize/{day.slug}/playoffs/'])")
    ties.wait_for()
    assert "Égalités pour une médaille" in ties.inner_text()
    for team in tied:
        assert name_of(team) in ties.inner_text()
    day.snap(page, "medal-tie")
    return tied


def seat_round(day: Day, event: Event, number: int) -> list[Game]:
    page = day.dashboard()
    if number == 1:  # the organizer seeds round 1 in the order of the list
        page.locator("details:has(#seeded_order) summary").click()
        page.fill("#seeded_order", "\n".join(team for team, _c, _p in TEAMS))
    page.click(f"form[action='/organize/{day.slug}/rounds/next/'] button[type=submit]")
    success(page)
    if number == 1:
        day.snap(page, "round-1-seated")
    games = list(
        Game.objects.filter(round__event=event, round__number=number)
        .select_related("team_a", "team_b")
        .order_by("table")
    )
    assert len(games) == 3 and all(g.team_b_id for g in games)
    return games


def play_game(day: Day, desk, number: int, game: Game, score_a: int, score_b: int) -> None:
    """One game of the series, as its captains (or the desk) settle it: confirmed at the end."""
    a, b = game.team_a.name, game.team_b.name
    if number == 1 and game.table == 1:
        hand_by_hand_sheet_with_a_19(day, a, game)  # A wins 121-85 (a skunk)
        day.confirm(b, game, snap="captain-confirms-sheet")
    elif number == 2 and game.table == 1:
        day.report(a, game, 121, 82, snap="captain-reports-skunk")
        day.confirm(b, game)
    elif number == 2 and game.table == 2:
        day.report(a, game, score_a, score_b, wifi_drops=True)
        assert game.reports.count() == 1  # sent by itself, once
        day.confirm(b, game)
    elif number == 3 and game.table == 2:
        dispute_settled_at_the_desk(day, desk, game, a, b)
    else:
        day.report(a, game, score_a, score_b)
        day.confirm(b, game)
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED, (number, game.table, game.status)


def play_the_best_of_three(day: Day, event: Event, tied: list[int]) -> tuple[int, int]:
    """7. The best of three: the first team listed wins both games. Returns the winner and
    the number of the playoff game that found no more to seat."""
    playoff_winner = None
    for played in itertools.count(1):
        page = day.dashboard()
        button = page.locator(f"form[action='/organize/{day.slug}/playoffs/'] button")
        if button.count() == 0:
            break
        words = page.locator("[data-playoff-words]").inner_text()
        assert "deux de trois" in words and "La gagnante prend la" in words  # said in words
        score = page.locator("[data-playoff-score]").inner_text()
        assert ("Pas commencé" if played == 1 else "mènent 1–0") in score, score
        if played == 1:
            day.snap(page, "playoff-explained")
        assert played <= 3, "a best-of-three never needs a fourth game"
        button.click()
        success(page)
        game = (
            Game.objects.filter(round__event=event, round__kind=Round.Kind.PLAYOFF)
            .select_related("team_a", "team_b")
            .order_by("-pk")
            .first()
        )
        assert sorted([game.team_a_id, game.team_b_id]) == tied
        playoff_winner = playoff_winner or game.team_a_id
        won_by_a = game.team_a_id == playoff_winner
        a, b = game.team_a.name, game.team_b.name
        day.report(
            a,
            game,
            121 if won_by_a else 103,
            103 if won_by_a else 121,
            snap=f"playoff-{played}-report",
        )
        day.confirm(b, game)
    assert played == 3  # two games won: the series is decided
    day.snap(day.dashboard(), "playoff-decided")
    return playoff_winner, played


def release_and_close(day: Day) -> None:
    """8. Release, then close: the event is finished."""
    page = day.dashboard()
    page.click(f"form[action='/organize/{day.slug}/release/'] button")
    answer(day, page, "Publier les résultats ?", "Oui, publier les résultats", snap="release-asked")
    success(page)
    page.click(f"form[action='/organize/{day.slug}/close/'] button")
    answer(day, page, "Clore l'événement ?", "Oui, clore l'événement", snap="close-asked")
    success(page)
    assert "Terminé" in page.locator("#finish").inner_text()
    day.snap(page, "event-finished")


def answer(day: Day, page, question: str, yes: str, *, snap: str) -> None:
    """An irreversible button asks first, in the page, saying what will happen: answered."""
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for()
    assert question in dialog.inner_text()
    assert page.locator("[data-confirm-yes]").inner_text() == yes
    day.snap(page, snap)
    page.click("[data-confirm-yes]")


def the_public_podium(day: Day, playoff_winner: int) -> None:
    """9. The public podium, on a spectator's phone."""
    spectator = day.phone()
    spectator.goto(f"{day.base}/e/{day.slug}/")
    podium = spectator.locator("#finished li")
    assert podium.count() == 3
    assert "Or" in podium.first.inner_text()
    day.snap(spectator, "public-podium")
    spectator.goto(f"{day.base}/e/{day.slug}/podium/")
    assert name_of(playoff_winner) in spectator.inner_text("main")
    day.snap(spectator, "podium-page")


def read_the_csv_files(day: Day, playoff_winner: int, played: int) -> None:
    """10. The CSV files, as French Excel opens them: accents, ";", local times."""
    standings = download(day, "standings")
    assert [row[1] for row in standings[1:]] and {row[1] for row in standings[1:]} == {
        team for team, _c, _p in TEAMS
    }
    assert [row[0] for row in standings[1:4]] == ["1", "2", "3"]
    assert all(row[-1] for row in standings[1:4]) and not any(r[-1] for r in standings[4:])
    assert standings[1][1] == name_of(playoff_winner) or standings[2][1] == name_of(playoff_winner)
    games = download(day, "games")
    header, rows = games[0], games[1:]
    assert len(rows) == 8 * 3 + played - 1
    assert {"Les Pétroles", "L'Équipe à Léo"} <= {row[3] for row in rows} | {row[4] for row in rows}
    reported, confirmed = header.index("Déclaré le"), header.index("Confirmé le")
    for row in rows:
        assert LOCAL_TIME.match(row[reported]) and LOCAL_TIME.match(row[confirmed]), row


def hand_by_hand_sheet_with_a_19(day: Day, team: str, game: Game) -> None:
    """The captain types the sheet with "19" for a hand (a zero hand, in the joke): refused in
    place, the field marked; corrected, the sheet gives 121-85."""
    page = day.open_game(team, game)
    page.locator("a[href='?mode=sheet']").click()
    page.wait_for_selector("#sheet-form")
    deals = [dict(d, hands=list(d["hands"])) for d in DEALS]
    deals[2]["hands"][1] = 19
    fill_sheet(page, deals, us="a")
    page.click("#sheet-form button[type=submit]")
    error = page.locator("#form-error")
    error.wait_for()
    assert "19" in error.inner_text()
    assert page.locator("#d3-h2[aria-invalid=true]").count() == 1
    day.snap(page, "sheet-19-refused")
    page.fill("#d3-h2", "12")
    page.click("#sheet-form button[type=submit]")
    day.receipt(page, game, snap="sheet-receipt")
    assert (
        "121 – 85" in page.locator(f".captain-game[data-game='{game.pk}'] .score-line").inner_text()
    )


def dispute_settled_at_the_desk(day: Day, desk, game: Game, a: str, b: str) -> None:
    """Captain A says 121-100; captain B says their team had 104: a dispute. The official
    opens it from the desk and keeps A's version (the table's paper sheet says so)."""
    day.report(a, game, 121, 100)
    page = day.captain_home(b)
    page.locator(f".captain-game[data-game='{game.pk}'] a.button.secondary").click()
    page.wait_for_selector("#final-form")
    page.fill("#score_us", "104")
    page.fill("#score_them", "121")
    page.click("#final-form button[type=submit]")
    day.receipt(page, game)
    page.wait_for_selector(f".captain-game[data-game='{game.pk}'] .status-disputed")
    day.snap(page, "captain-dispute")
    desk.goto(f"{day.base}/organize/{day.slug}/desk/?round={game.round.number}")
    desk.locator(f"#desk tr[data-table='{game.table}'] a").click()
    desk.wait_for_selector("input[name=action][value=confirm]", state="attached")
    day.snap(desk, "desk-dispute")
    row = desk.locator("tbody tr", has_text=f"capitaine de {a}")
    row.locator("button", has_text="Confirmer cette version").click()
    success(desk)


def download(day: Day, what: str) -> list[list[str]]:
    """Click the dashboard's "French Excel (;)" link of an export and read the file."""
    page = day.dashboard()
    with page.expect_download() as info:
        page.click(f"a[href='/organize/{day.slug}/export/{what}.csv?delimiter=semicolon']")
    raw = open(info.value.path(), "rb").read()  # noqa: PTH123,SIM115
    assert raw.startswith(b"\xef\xbb\xbf"), "a BOM, so that Excel reads the accents"
    text = raw.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert all(len(row) == len(rows[0]) for row in rows), "every line splits on ';'"
    return rows
