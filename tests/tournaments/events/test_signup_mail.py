"""Issue 49, point 9: the registration e-mails were thin: the promoted team's was one line
with no private link, date, place or fee; the team that moved from 2nd to 1st on the waiting
list and the team that withdrew were told nothing."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.utils import timezone

from tournaments.events import public_registration
from tournaments.events.public_registration import Entry
from tournaments.models import Team

pytestmark = pytest.mark.django_db
State = Team.Registration


def entry(n: int) -> Entry:
    return Entry(f"Équipe {n}", f"Capitaine {n}", f"Partenaire {n}", contact_email=f"c{n}@ex.org")


@pytest.fixture
def full(make_event, settings):
    """Capacity 2: Équipe 1, 2 registered; 3 and 4 on the waiting list."""
    settings.HUCHE_EMAIL_ENABLED = True
    settings.HUCHE_BASE_URL = "https://huche.example.org"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    event = make_event(
        0,
        registration_open=True,
        registration_capacity=2,
        registration_deadline=timezone.now() + datetime.timedelta(days=7),
        registration_fee="10 $ par équipe, payés à la porte",
    )
    teams = [public_registration.register(event, entry(n)) for n in range(1, 5)]
    mail.outbox.clear()
    return event, teams


def to(address: str):
    return [m for m in mail.outbox if m.to == [address]]


def test_a_withdrawal_tells_the_withdrawn_the_promoted_and_the_team_moved_up(full, organizer):
    event, teams = full
    public_registration.withdraw(teams[0], teams[0])
    withdrawn = to("c1@ex.org")
    assert [m.subject for m in withdrawn] == ["Registration withdrawn: Tournoi régional"]
    assert "Équipe 1 (Capitaine 1 & Partenaire 1)" in withdrawn[0].body
    assert "is withdrawn" in withdrawn[0].body and "Salle communautaire" in withdrawn[0].body

    promoted = to("c3@ex.org")
    assert len(promoted) == 1
    body = promoted[0].body
    assert "Équipe 3 (Capitaine 3 & Partenaire 3)" in body
    assert f"https://huche.example.org/r/{teams[2].registration_token}/" in body
    assert "Salle communautaire" in body and "10 $ par équipe, payés à la porte" in body
    assert "2026" in body  # the date

    moved = to("c4@ex.org")
    assert len(moved) == 1
    assert "number 1" in moved[0].body
    assert f"/r/{teams[3].registration_token}/" in moved[0].body
    assert to("c2@ex.org") == []  # nothing changed for Équipe 2
