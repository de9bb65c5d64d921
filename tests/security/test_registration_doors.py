"""The registration doors (issue 51, findings 2 and 6): the member-number probe and the burst.

Before: the members-only form answered which member numbers exist (two per request), took a
stranger's team under real members' numbers with other names and then refused the real
members naming the squatting team; one address filled any event in one burst (30 an hour)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from tournaments.audit import AuditAction
from tournaments.models import AuditEntry, RegistrationWho, Team

pytestmark = pytest.mark.django_db
PROBER, DESK, OTHER = "203.0.113.66", "198.51.100.20", "192.0.2.30"
State = Team.Registration


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def members_event(make_event, organizer):
    from tournaments.leagues.seasons import create_league, create_season

    league = create_league(organizer, name="FADOQ Laurentides")
    season = create_season(league, organizer, name="2026")
    league.players.create(name="Gisèle Tremblay", member_number="111")
    league.players.create(name="Rita Gagnon", member_number="222")
    league.players.create(name="Jean Roy", member_number="333")
    league.players.create(name="Luc Roy", member_number="444")
    return make_event(
        0, registration_open=True, registration_who=RegistrationWho.MEMBERS, season=season
    )


@pytest.fixture
def open_event(make_event, settings):
    settings.HUCHE_EMAIL_ENABLED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    return make_event(0, registration_open=True, registration_capacity=10)


def form(n: int, **changes) -> dict:
    return {
        "name": f"Les As {n}",
        "captain": f"Gisèle {n}",
        "captain_member_number": "",
        "partner": f"Rita {n}",
        "partner_member_number": "",
        "contact_email": f"as{n}@example.org",
        "contact_phone": "",
        "club": "",
        "website": "",
    } | changes


def post(event, data, addr=PROBER):
    client = Client(REMOTE_ADDR=addr, HTTP_ACCEPT_LANGUAGE="en")
    return client.post(f"/e/{event.slug}/register/", data)


def words(response) -> str:
    return response.content.decode().replace("\xa0", " ").replace("&#x27;", "'")


# --- finding 2: the member-number probe ---------------------------------------------------------
def test_the_member_number_probe_learns_nothing_and_cannot_squat(members_event, organizer):
    # A stranger tries a real number and a made-up one with names of their own.
    real = post(members_event, form(1, captain_member_number="111", partner_member_number="222"))
    made_up = post(members_event, form(2, captain_member_number="998", partner_member_number="999"))
    assert real.status_code == made_up.status_code == 400
    refusal = "These member numbers and names do not match the records of FADOQ Laurentides"
    assert refusal in words(real) and refusal in words(made_up)
    # The same answer whether the numbers exist or not: nothing tells them apart.
    for text in ("not one of", "111", "222", "Gisèle Tremblay", "Rita Gagnon"):
        assert text not in words(real).replace('value="111"', "").replace('value="222"', "")
    assert not Team.objects.filter(event=members_event).exists()

    # The API answers alike: one refusal, no field named, nothing about the numbers.
    api = APIClient(REMOTE_ADDR=OTHER, HTTP_ACCEPT_LANGUAGE="en").post(
        f"/api/v1/events/{members_event.slug}/registrations/",
        {k: v for k, v in form(4, captain_member_number="333").items() if k != "website"},
        format="json",
    )
    assert api.status_code == 400
    assert "do not match the records of FADOQ Laurentides" in str(api.json())
    assert "Jean Roy" not in str(api.json())

    # The organizer is told which real numbers were tried with which names, not the made-up.
    tried = AuditEntry.objects.filter(event=members_event, action=AuditAction.MEMBER_NUMBER_TRIED)
    assert sorted((e.target, e.after["name"]) for e in tried) == [
        ("111", "Gisèle 1"),
        ("222", "Rita 1"),
        ("333", "Gisèle 4"),
    ]
    desk = Client(HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(organizer)
    page = words(desk.get(f"/organize/{members_event.slug}/registrations/"))
    assert "Member numbers tried with another name" in page
    assert "number 111 with the name “Gisèle 1”" in page

    # The real members register with their names and numbers, from anywhere.
    ok = post(
        members_event,
        form(3, captain="gisèle  TREMBLAY", captain_member_number="111", partner="Rita Gagnon")
        | {"partner_member_number": "222"},
        addr=OTHER,
    )
    assert ok.status_code == 302
    team = Team.objects.get(event=members_event)
    assert (team.captain_player.member_number, team.partner_player.member_number) == ("111", "222")


def test_half_right_is_refused_the_same_way(members_event):
    """A right name with another member's number (both exist) is refused like the rest."""
    response = post(
        members_event,
        form(1, captain="Jean Roy", captain_member_number="444")
        | {"partner": "Luc Roy", "partner_member_number": "333"},
    )
    assert response.status_code == 400
    assert "do not match the records of FADOQ Laurentides" in words(response)


def test_probes_are_counted_per_event_and_address(members_event):
    for n in range(5):
        response = post(
            members_event, form(n, captain_member_number=f"9{n}", partner_member_number="8")
        )
        assert response.status_code == 400
    response = post(
        members_event, form(9, captain_member_number="111", partner_member_number="222")
    )
    assert response.status_code == 429
    assert "Too many registrations for this event from this connection" in words(response)
    # Another address is not held back by the prober.
    other = post(
        members_event,
        form(3, captain="Gisèle Tremblay", captain_member_number="111", partner="Rita Gagnon")
        | {"partner_member_number": "222"},
        addr=OTHER,
    )
    assert other.status_code == 302


# --- finding 6: the burst ------------------------------------------------------------------------
def test_a_burst_from_one_address_stops_at_five_and_the_organizer_refuses_it_at_once(
    open_event, organizer
):
    answers = [post(open_event, form(n)).status_code for n in range(1, 41)]
    assert answers[:5] == [302] * 5 and set(answers[5:]) == {429}
    assert Team.objects.filter(event=open_event).count() == 5  # 5 of 10 places, not all of them
    # A club's desk elsewhere still registers its teams; a box to fix costs it nothing.
    assert (
        post(open_event, form(50, contact_email="", contact_phone=""), addr=DESK).status_code == 400
    )
    desk = [post(open_event, form(n), addr=DESK).status_code for n in range(51, 56)]
    assert desk == [302] * 5
    # The API counts with the form.
    api = APIClient(REMOTE_ADDR=PROBER).post(
        f"/api/v1/events/{open_event.slug}/registrations/",
        {k: v for k, v in form(99).items() if k != "website"},
        format="json",
    )
    assert api.status_code == 429

    # The organizer refuses the burst in one action; the desk's teams stay.
    boss = Client(HTTP_ACCEPT_LANGUAGE="en")
    boss.force_login(organizer)
    page = words(boss.get(f"/organize/{open_event.slug}/registrations/"))
    assert f"5 teams from {PROBER}" in page
    mail.outbox.clear()
    boss.post(
        f"/organize/{open_event.slug}/registrations/",
        {
            "action": "refuse_burst",
            "address": PROBER,
            "registration_reason": "Inscriptions en rafale",
        },
    )
    states = dict(Team.objects.filter(event=open_event).values_list("name", "registration"))
    assert [states[f"Les As {n}"] for n in range(1, 6)] == [State.REFUSED] * 5
    assert [states[f"Les As {n}"] for n in range(51, 56)] == [State.REGISTERED] * 5
    assert len(mail.outbox) == 5 and "Inscriptions en rafale" in mail.outbox[0].body
    # A refusal without a reason changes nothing.
    response = boss.post(
        f"/organize/{open_event.slug}/registrations/",
        {"action": "refuse_burst", "address": DESK, "registration_reason": " "},
        follow=True,
    )
    assert "Say why these teams are refused" in words(response)
    assert Team.objects.filter(event=open_event, registration=State.REGISTERED).count() == 5


def test_the_organizer_adds_teams_by_hand_past_the_limit(open_event, organizer):
    for n in range(1, 6):
        post(open_event, form(n))
    boss = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR=PROBER)
    boss.force_login(organizer)
    response = boss.post(
        f"/organize/{open_event.slug}/teams/",
        {"team-name": "Les Rois", "team-captain": "Jean", "team-partner": "Luc"},
    )
    assert response.status_code == 302
    assert Team.objects.filter(event=open_event, name="Les Rois").exists()
