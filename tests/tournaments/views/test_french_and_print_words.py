"""Issue 49, point 13: « capitaine de Les As » on the desk's game page, « officiel … de Omnium
de la Mauricie » on the invitation, « … 7 p.m.. » in English, and link tokens broken mid-word
on the printed captain slips."""

from __future__ import annotations

import datetime
import html
import re
import zoneinfo

import pytest
from django.test import Client

from tournaments.events import invitations
from tournaments.models import Report, Team
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.templatetags.huche import breakable_url

pytestmark = pytest.mark.django_db


def text(response) -> str:
    bare = re.sub(r"<[^>]+>", "", response.content.decode())
    return html.unescape(" ".join(bare.split()))


def test_the_desk_says_capitaine_des_as(event, organizer):
    game = seating.seat_next_round(event, organizer).games.filter(team_b__isnull=False).first()
    Team.objects.filter(pk=game.team_a_id).update(name="Les As")
    game.team_a.refresh_from_db()
    reporting.submit(
        game, reporting.Actor(team=game.team_a), Report.Kind.FINAL, {"score_a": 121, "score_b": 99}
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    page = text(client.get(f"/organize/{event.slug}/desk/games/{game.pk}/"))
    assert "capitaine des As" in page and "de Les As" not in page


def test_the_invitation_contracts_de_before_the_events_name(make_event, organizer):
    event = make_event(0, name="Omnium de la Mauricie")
    issued = invitations.invite(event, organizer, "Paul.Roy@Club.ca", "official")
    page = text(Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get(issued.path))
    assert "(responsable de plateau) d’Omnium de la Mauricie." in page and "de Omnium" not in page
    assert issued.invitation.email == "paul.roy@club.ca"


def test_an_english_sentence_ending_on_a_time_has_one_period(make_event):
    seven_pm = datetime.datetime(2026, 11, 20, 19, 0, tzinfo=zoneinfo.ZoneInfo("America/Montreal"))
    event = make_event(
        0, registration_open=True, registration_deadline=seven_pm, registration_capacity=10
    )
    page = text(Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/e/{event.slug}/register/"))
    assert "7 p.m." in page and "p.m.." not in page


def test_a_slip_link_wraps_between_its_parts_never_inside_the_key():
    url = "http://salle-st-laurent.local:8000/c/Ab-c_d.EF-gh/"
    shown = str(breakable_url(url))
    assert shown.replace("<wbr>", "") == url
    assert "Ab-c_d.EF-gh" in shown  # the key whole
    assert "salle-<wbr>st-<wbr>laurent.<wbr>local:8000/<wbr>c/<wbr>" in shown
