"""Issue 36, done when: teams register on their phones, the organizer closes the registration,
the desk checks teams in at the door (a tap, the camera reading a slip's QR code, a captain
from their phone), drops the team that did not come, seats round 1 with the teams present, and
a late team joins round 2; the standings and the team's page say what happened. In French, at
390 px and 1366 px; screenshots in test-artifacts/registration-*.png.

The camera is Chromium's fake one, fed a Y4M video of the slip's QR code written here with
segno (the slip's own QR library) and a few lines of Y4M.
"""

from __future__ import annotations

import datetime
import re

import pytest
import segno
from django.core import mail
from django.utils import timezone

from accounts.models import User
from tests.conftest import link_of
from tests.e2e.conftest import CHROMIUM, FLAGS
from tournaments.events.creation import create_event
from tournaments.leagues.seasons import create_league, create_season
from tournaments.models import Event, Game, Team
from tournaments.seating.rounds import seat_next_round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 900}
EMAIL, PASSWORD = "lucie@fadoq-laurentides.org", "Cribbage-Laurentides-26"
CAPACITY = 11


def qr_video(text: str, path) -> None:
    """A short Y4M video (4:2:0, grey chroma) of ``text``'s QR code, black on white."""
    rows = [[bool(v) for v in row] for row in segno.make(text, error="m").matrix]
    scale, border = 8, 4
    side = (len(rows) + 2 * border) * scale
    side += side % 2
    luma = bytearray(b"\xff" * side * side)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                for dy in range((y + border) * scale, (y + border + 1) * scale):
                    start = dy * side + (x + border) * scale
                    luma[start : start + scale] = b"\x00" * scale
    chroma = b"\x80" * ((side // 2) * (side // 2) * 2)
    with open(path, "wb") as video:
        video.write(f"YUV4MPEG2 W{side} H{side} F5:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(5):
            video.write(b"FRAME\n" + bytes(luma) + chroma)


def entry(n: int) -> dict:
    return {
        "#id_name": f"Les Pics {n}",
        "#id_captain": f"Capitaine {n}",
        "#id_captain_member_number": f"F-{n:02d}1",
        "#id_partner": f"Partenaire {n}",
        "#id_partner_member_number": f"F-{n:02d}2",
        "#id_club": "FADOQ Saint-Jérôme",
        "#id_contact_email": f"pics{n}@example.org",
    }


@pytest.fixture
def event(db, settings):
    settings.HUCHE_EMAIL_ENABLED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    # Twelve phones, one browser here: the limit per event and address (5) would count them
    # as one club's desk (tests/security/test_registration_doors.py tests it).
    settings.THROTTLE_REGISTRATION_EVENT_CLIENT = {"failures": 20, "window": 3600}
    organizer = User.objects.create_user(EMAIL, PASSWORD, display_name="Lucie Gagnon")
    league = create_league(organizer, name="FADOQ Laurentides")
    season = create_season(league, organizer, name="Saison 2026")
    return create_event(
        organizer,
        name="Omnium des Pics",
        date=datetime.date(2026, 11, 28),
        venue="Salle des Chevaliers, Saint-Jérôme",
        season=season,
        number_of_games=3,
        registration_open=True,
        registration_capacity=CAPACITY,
        registration_deadline=timezone.now() + datetime.timedelta(days=14),
        registration_fee="20 $ par équipe, payés à l’entrée",
    )


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), page.url


def test_registration_and_check_in_day(live_server, browser, event, shot, tmp_path):
    base = live_server.url
    phone = browser.new_context(viewport=PHONE, locale="fr-CA", is_mobile=True, has_touch=True)
    captain = phone.new_page()
    captain.set_default_timeout(20_000)

    # 1. Twelve teams register on their phones; the 12th is past the capacity: waiting list.
    links = {}
    for n in range(1, 13):
        captain.goto(f"{base}/e/{event.slug}/register/")
        for box, value in entry(n).items():
            captain.fill(box, value)
        if n == 1:
            shot(captain, "registration-01-form-390")
            no_sideways_scroll(captain)
        captain.click("#register button[type=submit]")
        captain.wait_for_url(re.compile(r"/r/[\w-]+/$"))
        links[n] = captain.url
        state = captain.locator("[data-registration-state]").get_attribute(
            "data-registration-state"
        )
        assert state == ("waiting" if n == 12 else "registered"), n
    assert "liste d’attente (numéro 1)" in captain.inner_text("main").replace("\xa0", " ")
    shot(captain, "registration-02-waiting-390")

    # 2. A thirteenth is refused: its partner is already registered, said beside the box
    # (without naming the team: the form is public).
    captain.goto(f"{base}/e/{event.slug}/register/")
    for box, value in entry(13).items():
        captain.fill(box, value)
    captain.fill("#id_partner_member_number", "F-031")
    captain.click("#register button[type=submit]")
    error = captain.locator("#id_partner_member_number_error").inner_text()
    assert "Le numéro de membre F-031 est déjà inscrit à ce tournoi" in error
    shot(captain, "registration-03-refused-390")
    assert event.teams.count() == 12

    # 3. Team 5 withdraws from its private link: the first waiting team moves up, told by email.
    captain.goto(links[5])
    captain.get_by_role("button", name="Retirer l’inscription").click()
    shot(captain, "registration-03b-withdraw-asked-390")
    captain.get_by_role("button", name="Oui, retirer Les Pics 5").click()
    captain.locator(".messages .success").wait_for()
    assert Team.objects.get(name="Les Pics 12").registration == "registered"
    told = [m for m in mail.outbox if m.to == ["pics12@example.org"]]
    assert told and "place s’est libérée" in told[-1].body

    # 4. The organizer closes the registration (at the laptop, 1366 px).
    desk_context = browser.new_context(viewport=DESK, locale="fr-CA")
    desk = desk_context.new_page()
    desk.set_default_timeout(20_000)
    desk.goto(f"{base}/accounts/login/")
    desk.fill("#id_username", EMAIL)
    desk.fill("#id_password", PASSWORD)
    desk.click("main form button[type=submit]")
    desk.wait_for_url("**/organize/**")
    desk.goto(f"{base}/organize/{event.slug}/registrations/")
    shot(desk, "registration-04-list-1366")
    desk.click("text=Fermer les inscriptions")
    desk.locator(".messages .success").wait_for()
    event.refresh_from_db()
    assert not event.registration_open and event.teams.active().count() == CAPACITY
    captain.goto(f"{base}/e/{event.slug}/register/")
    assert "fermées" in captain.inner_text("main")

    # 5. On the day: the desk opens check-in and taps eight teams present.
    desk.goto(f"{base}/organize/{event.slug}/check-in/")
    desk.click("text=Ouvrir l’accueil")
    present = [1, 2, 3, 4, 6, 7, 8, 9]
    for n in present:
        desk.locator(f"tr[data-team='Les Pics {n}'] button:has-text('Présente')").click()
        desk.locator(f"tr.present[data-team='Les Pics {n}']").wait_for()

    # 6. Team 10's captain checks in from their phone (their private link).
    captain.goto(links[10])
    captain.click("text=Nous sommes là")
    assert "présente" in captain.locator(".messages .success").inner_text()
    shot(captain, "registration-05-self-check-in-390")

    # 7. Team 11's slip is read by the camera at the desk (Chromium's fake camera).
    team_11 = Team.objects.get(name="Les Pics 11")
    slip = f"{base}/c/{link_of(team_11).token}/"
    video = tmp_path / "slip.y4m"
    qr_video(slip, video)
    camera = browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[
            *FLAGS,
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ],
    )
    try:
        scanner_context = camera.new_context(viewport=DESK, locale="fr-CA")
        scanner_context.add_cookies(desk_context.cookies())
        scanner = scanner_context.new_page()
        scanner.set_default_timeout(20_000)
        scanner.goto(f"{base}/organize/{event.slug}/check-in/scan/")
        scanner.locator("#scan-log li").first.wait_for()
        assert "Les Pics 11 est présente" in scanner.inner_text("#scan-log").replace("\xa0", " ")
        shot(scanner, "registration-06-scan-1366")
    finally:
        camera.close()
    team_11.refresh_from_db()
    assert team_11.checked_in_at is not None

    # 8. Before round 1: team 12 did not come; "Retirer les absents", asked first.
    desk.goto(f"{base}/organize/{event.slug}/check-in/")
    assert "10 équipes présentes sur 11" in desk.inner_text("main").replace("\xa0", " ")
    assert "Les Pics 12" in desk.inner_text("#absentees")
    shot(desk, "registration-07-check-in-1366")
    desk.get_by_role("button", name="Retirer les absents").click()
    desk.get_by_role("button", name="Oui, les retirer").click()
    desk.locator(".messages .success").wait_for()
    assert Team.objects.get(name="Les Pics 12").registration == "absent"

    # 9. Round 1 is seated with the ten teams present.
    desk.goto(f"{base}/organize/{event.slug}/")
    desk.click("text=Placer la ronde 1")
    desk.locator(".messages .success").wait_for()
    round_1 = event.rounds.get(number=1)
    seated = {g.team_a.name for g in round_1.games.all()} | {
        g.team_b.name for g in round_1.games.all() if g.team_b_id
    }
    assert seated == {f"Les Pics {n}" for n in (*present, 10, 11)}

    # 10. A late team arrives after round 1: added at the desk, seated from round 2.
    desk.goto(f"{base}/organize/{event.slug}/teams/")
    desk.fill("#id_team-name", "Les Retardataires")
    desk.fill("#id_team-captain", "Yvon Lalonde")
    desk.fill("#id_team-partner", "Rita Morin")
    # What round 1 counts for it is asked (issue 34): the FADOQ way, a bye.
    desk.locator("#add-team [data-late-choice]").get_by_label(
        "À la façon FADOQ", exact=False
    ).check()
    desk.click("main form.card button[type=submit]")
    desk.locator(".messages .success").wait_for()
    organizer = User.objects.get(email=EMAIL)
    round_2 = seat_next_round(Event.objects.get(pk=event.pk), organizer, force=True)
    late = Team.objects.get(name="Les Retardataires")
    assert (late.joined_round, late.missed_rounds) == (2, "bye")
    assert (
        Game.objects.filter(round=round_2, team_a=late).exists()
        or Game.objects.filter(round=round_2, team_b=late).exists()
    )

    # 11. The standings and the team's page say what happened.
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.LIVE)
    for page, width in ((captain, 390), (desk, 1366)):
        page.goto(f"{base}/e/{event.slug}/standings/")
        text = page.inner_text("main").replace("\xa0", " ")
        assert "Absentes (retirées avant la ronde 1) : Les Pics 12" in text
        assert "Les Retardataires est arrivée en retard : a rejoint le tournoi à la ronde 2" in text
        shot(page, f"registration-08-standings-{width}")
        page.goto(f"{base}/e/{event.slug}/teams/{late.pk}/")
        assert "Arrivée à la ronde 2 : ronde 1 comptée comme une exemption" in page.inner_text(
            "main"
        )
        shot(page, f"registration-09-late-team-{width}")
        if width == 390:
            no_sideways_scroll(page)
