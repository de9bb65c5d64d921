"""Teams registering themselves, the waiting list, the organizer's states, check-in and the
absent teams dropped before round 1 (issue 36)."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.utils import timezone

from tournaments.errors import RuleError, RuleErrors, every_error
from tournaments.events import check_in, public_registration
from tournaments.events.public_registration import Entry
from tournaments.events.teams import add_team
from tournaments.models import AuditEntry, RegistrationWho, Team
from tournaments.seating.rounds import seat_next_round

pytestmark = pytest.mark.django_db
State = Team.Registration


def entry(n: int, **changes) -> Entry:
    values = {
        "name": f"Équipe {n}",
        "captain": f"Capitaine {n}",
        "partner": f"Partenaire {n}",
        "captain_member_number": f"C{n:03d}",
        "partner_member_number": f"P{n:03d}",
        "club": "FADOQ Laval",
        "contact_email": f"cap{n}@example.org",
    }
    return Entry(**(values | changes))


@pytest.fixture
def open_event(make_event, settings):
    settings.HUCHE_EMAIL_ENABLED = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    return make_event(
        0,
        registration_open=True,
        registration_capacity=3,
        registration_deadline=timezone.now() + datetime.timedelta(days=7),
    )


def test_past_the_capacity_a_team_waits_and_moves_up_when_a_place_is_freed(open_event, organizer):
    teams = [public_registration.register(open_event, entry(n)) for n in range(1, 5)]
    assert [t.registration for t in teams] == [State.REGISTERED] * 3 + [State.WAITING]
    assert teams[0].registration_token and teams[0].captain_player.member_number == "C001"
    assert list(open_event.teams.active()) == teams[:3]

    public_registration.withdraw(teams[1], teams[1])

    teams[3].refresh_from_db()
    assert teams[3].registration == State.REGISTERED
    withdrawn, told = mail.outbox  # the withdrawn team is told too (issue 49, point 9)
    assert withdrawn.to == ["cap2@example.org"]
    assert told.to == ["cap4@example.org"] and "Équipe 4" in told.body


def test_every_fault_of_a_form_is_told_at_once(open_event):
    public_registration.register(open_event, entry(1))
    bad = entry(
        2,
        name="Équipe 1",
        captain="Marie",
        partner="marie",
        captain_member_number="C001",
        partner_member_number="",
        contact_email="",
    )
    with pytest.raises(RuleError) as refused:
        public_registration.register(open_event, bad)
    fields = {e.field for e in every_error(refused.value)}
    assert {"name", "partner", "captain_member_number", "contact_email"} <= fields
    assert isinstance(refused.value, RuleErrors)
    assert open_event.teams.count() == 1  # nothing half-registered


def test_a_player_already_in_a_team_is_refused_in_words(open_event):
    public_registration.register(open_event, entry(1))
    with pytest.raises(RuleError, match="C001 is already registered in this event") as refused:
        public_registration.register(open_event, entry(2, partner_member_number="C001"))
    assert "Équipe 1" not in str(refused.value)  # the public form names no other team


def test_members_only_registration_checks_the_card_against_the_league(make_event, organizer):
    from tournaments.leagues.seasons import create_league, create_season

    league = create_league(organizer, name="FADOQ Laurentides")
    season = create_season(league, organizer, name="2026")
    league.players.create(name="Gisèle", member_number="111")
    league.players.create(name="Rita", member_number="222")
    event = make_event(
        0, registration_open=True, registration_who=RegistrationWho.MEMBERS, season=season
    )
    with pytest.raises(RuleError, match="do not match the records of FADOQ Laurentides"):
        public_registration.register(
            event, entry(1, captain_member_number="111", partner_member_number="999")
        )
    team = public_registration.register(
        event,
        entry(
            1,
            captain="gisèle",  # compared as names are: case and spaces aside
            partner="Rita",
            captain_member_number="111",
            partner_member_number="222",
        ),
    )
    assert team.captain_player.name == "Gisèle"  # the league's player, not a new one


def test_the_form_is_closed_after_the_deadline_and_for_organizer_only_events(open_event):
    open_event.registration_deadline = timezone.now() - datetime.timedelta(minutes=1)
    open_event.save()
    with pytest.raises(RuleError, match="Registration closed on"):
        public_registration.register(open_event, entry(1))
    open_event.registration_deadline = None
    open_event.registration_who = RegistrationWho.ORGANIZER
    open_event.save()
    with pytest.raises(RuleError, match="The organizer registers the teams"):
        public_registration.register(open_event, entry(1))


def test_a_refusal_needs_a_reason_and_the_captain_is_told(open_event, organizer):
    team = public_registration.register(open_event, entry(1))
    with pytest.raises(RuleError, match="Say why"):
        public_registration.set_state(team, organizer, State.REFUSED)
    public_registration.set_state(team, organizer, State.REFUSED, "Pas membre de la FADOQ")
    team.refresh_from_db()
    assert team.registration == State.REFUSED and not team.links.filter(revoked_at=None).exists()
    assert "Pas membre de la FADOQ" in mail.outbox[-1].body


def test_closing_needs_three_teams(open_event, organizer):
    public_registration.register(open_event, entry(1))
    public_registration.register(open_event, entry(2))
    with pytest.raises(RuleError, match="Only 2 teams are registered: an event needs at least 3"):
        public_registration.close_registration(open_event, organizer)
    public_registration.register(open_event, entry(3))
    public_registration.close_registration(open_event, organizer)
    open_event.refresh_from_db()
    assert not open_event.registration_open


def test_round_1_seats_only_the_teams_present_and_the_drop_is_undone_until_then(
    make_event, organizer
):
    event = make_event(7)
    check_in.open_check_in(event, organizer)
    teams = list(event.teams.order_by("id"))
    for team in teams[:6]:
        check_in.check_in(team, organizer)
    with pytest.raises(RuleError, match="1 team has not checked in: Équipe 7"):
        seat_next_round(event, organizer)

    assert [t.name for t in check_in.drop_absentees(event, organizer)] == ["Équipe 7"]
    assert check_in.restore_absentees(event, organizer)[0].name == "Équipe 7"
    check_in.drop_absentees(event, organizer)
    round_1 = seat_next_round(event, organizer)

    seated = {g.team_a_id for g in round_1.games.all()} | {g.team_b_id for g in round_1.games.all()}
    assert seated == {t.pk for t in teams[:6]}
    assert AuditEntry.objects.filter(event=event, action="absentees.drop").count() == 2
    with pytest.raises(RuleError, match="can no longer be put back"):
        check_in.restore_absentees(event, organizer)
    # A late team, added at the desk after round 1, is present and seated from round 2.
    late = add_team(
        event, organizer, name="Retardataires", captain="Lucie", partner="Marc", missed_rounds="bye"
    )
    assert late.checked_in_at is not None


def test_a_captain_checks_in_only_once_the_desk_opened_it(open_event, organizer):
    team = public_registration.register(open_event, entry(1))
    with pytest.raises(RuleError, match="Check-in is not open yet"):
        check_in.check_in(team, team, by_captain=True)
    check_in.open_check_in(open_event, organizer)
    assert check_in.check_in(team, team, by_captain=True).checked_in_at is not None


def test_a_scanned_slip_or_registration_code_finds_its_team(open_event):
    team = public_registration.register(open_event, entry(1))
    slip = team.links.get(revoked_at=None)
    assert check_in.team_for_code(open_event, f"http://hall.local/c/{slip.token}/") == team
    assert check_in.team_for_code(open_event, f"/r/{team.registration_token}/") == team
    with pytest.raises(RuleError, match="not a slip nor a registration of this event"):
        check_in.team_for_code(open_event, "https://example.org/")


def test_the_audit_log_and_the_archive_never_carry_a_registrations_key_or_contact(
    open_event, organizer
):
    """A team's private registration link is its key: not in the audit log, so not in the event
    archive either (the archive carries the log); nor the captain's email or phone."""
    from tournaments.archives.transfer import dumps, export_event

    team = public_registration.register(open_event, entry(1))
    assert team.registration_token and team.contact_email
    team = public_registration.change(
        team, entry(1, club="Club de l'Âge d'Or")
    )  # each logs the team
    public_registration.set_paid(team, organizer, True)
    public_registration.withdraw(team, organizer)
    logged = " ".join(str(e.after) + str(e.before) for e in AuditEntry.objects.all())
    text = dumps(export_event(open_event))
    for secret in (team.registration_token, team.contact_email):
        assert secret not in logged and secret not in text


def test_the_waiting_list_promises_an_email_only_to_whom_gave_an_address(open_event, client):
    """« … et vous êtes avisé » was promised to a team that gave only a telephone number."""
    from django.urls import reverse

    for n in range(1, 4):
        public_registration.register(open_event, entry(n))
    with_email = public_registration.register(open_event, entry(4))
    without = public_registration.register(
        open_event, entry(5, contact_email="", contact_phone="418 555-0123")
    )

    def page(team) -> str:
        url = reverse("tournaments:registration", args=[team.registration_token])
        return client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert "et vous êtes avisé" in page(with_email)
    told = page(without)
    assert "et vous êtes avisé" not in told
    assert "Aucune adresse courriel n’a été donnée : cette page le dira, gardez son lien." in told


def test_the_desks_write_the_time_as_every_other_page_does(open_event, organizer, client):
    """« ✔ 16:23 » at the door, « 2026-11-29 16 h 23 » in the registrations, « 29 novembre
    2026, 16 h 24 » elsewhere: one way now, Quebec's (« 16 h 23 »)."""
    import re

    team = public_registration.register(open_event, entry(1))
    check_in.open_check_in(open_event, organizer)
    check_in.check_in(team, organizer)
    client.force_login(organizer)
    door = client.get(f"/organize/{open_event.slug}/check-in/", HTTP_ACCEPT_LANGUAGE="fr")
    assert re.search(r"✔ \d{1,2}\xa0h\xa0\d\d", door.content.decode())
    assert not re.search(r"✔ \d\d:\d\d", door.content.decode())
    listed = client.get(f"/organize/{open_event.slug}/registrations/", HTTP_ACCEPT_LANGUAGE="fr")
    html = listed.content.decode()
    assert re.search(r"\d{1,2} \w+ \d{4}, \d{1,2}\xa0h\xa0\d\d", html)
    assert not re.search(r"\d{4}-\d\d-\d\d \d{1,2}\xa0h", html)
