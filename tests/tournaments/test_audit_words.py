"""Issue 16: times read "22 h 48" in French and "10:48 p.m." in English, in the event's time zone
(America/Montreal); the audit log reads as sentences in both languages; rule sets and playoff
games have names people use."""

from __future__ import annotations

import datetime
import pathlib
import re
from html import unescape

import pytest
from django.test import Client
from django.utils import translation

from tournaments import audit
from tournaments.events.options import rule_set_label
from tournaments.models import AuditEntry, Event, Game, Report, Round
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db

# 03:48 UTC on 25 November is 22:48 on the 24th in Montreal (UTC-5 in November).
LATE_EVENING = datetime.datetime(2026, 11, 25, 3, 48, tzinfo=datetime.UTC)


def page(client: Client, url: str, language: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    return response.content.decode()


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).replace("\xa0", " ").split())


@pytest.fixture
def organizer_client(organizer):
    c = Client()
    c.force_login(organizer)
    return c


def test_released_time_reads_22_h_48_in_french_and_10_48_pm_in_english(
    event, organizer, organizer_client
):
    release(event, organizer)
    Event.objects.filter(pk=event.pk).update(released_at=LATE_EVENING)
    french = text_of(page(organizer_client, f"/organize/{event.slug}/", "fr-ca"))
    assert "Publiés le 24 novembre 2026, 22 h 48" in french
    assert "22 10 48" not in french
    english = text_of(page(organizer_client, f"/organize/{event.slug}/", "en"))
    assert "Released: Nov. 24, 2026, 10:48 p.m." in english
    assert "p.m.." not in english  # no sentence's period after the time's own (issue 25)


def test_dispute_versions_show_local_times(event, organizer, organizer_client):
    round_ = seat_next_round(event, organizer)
    game = round_.games.filter(team_b__isnull=False).first()
    reporting.submit(
        game, reporting.Actor(team=game.team_a), Report.Kind.FINAL, {"score_a": 121, "score_b": 100}
    )
    reporting.submit(
        game, reporting.Actor(team=game.team_b), Report.Kind.FINAL, {"score_a": 121, "score_b": 90}
    )
    game.reports.update(created_at=LATE_EVENING)
    french = text_of(
        page(organizer_client, f"/organize/{event.slug}/desk/games/{game.pk}/", "fr-ca")
    )
    assert "22 h 48" in french and "22 10 48" not in french
    english = text_of(page(organizer_client, f"/organize/{event.slug}/desk/games/{game.pk}/", "en"))
    assert "10:48 p.m." in english


@pytest.fixture
def played_round(event, organizer):
    """Round 1 seated; at table 1 team B's captain reports, team A's confirms; at table 2 the
    captains disagree and the organizer settles it."""
    round_ = seat_next_round(event, organizer)
    one, two = round_.games.filter(team_b__isnull=False).order_by("table")[:2]
    reporting.submit(
        one, reporting.Actor(team=one.team_b), Report.Kind.FINAL, {"score_a": 110, "score_b": 121}
    )
    reporting.confirm(one.reports.get(), reporting.Actor(team=one.team_a))
    reporting.submit(
        two, reporting.Actor(team=two.team_a), Report.Kind.FINAL, {"score_a": 121, "score_b": 80}
    )
    reporting.submit(
        two, reporting.Actor(team=two.team_b), Report.Kind.FINAL, {"score_a": 121, "score_b": 88}
    )
    two.refresh_from_db()
    reporting.decide_dispute(
        two.disputes.get(),
        reporting.Actor(user=organizer),
        two.reports.get(version=2),
        note="Feuille vérifiée",
    )
    AuditEntry.objects.filter(event=event).update(created_at=LATE_EVENING)
    return event, one, two


def test_audit_log_in_french_words(played_round, organizer_client):
    event, one, two = played_round
    html = page(organizer_client, f"/organize/{event.slug}/audit/", "fr-ca")
    text = text_of(html)
    a, b = one.team_a.name, one.team_b.name
    # From the reporting captain's side: their team and score first.
    assert f"Le capitaine de l’équipe {b} a déclaré {b} 121 – 110 {a} (ronde 1, table 1)." in text
    assert f"Le capitaine de l’équipe {a} a confirmé {a} 110 – 121 {b}" in text
    c, d = two.team_a.name, two.team_b.name
    assert (
        f"Les deux déclarations ne concordent pas (ronde 1, table 2 : {c} contre {d}) : la "
        "partie est contestée, un officiel tranche."
    ) in text
    assert (
        f"Organizer a réglé la contestation de ronde 1, table 2 : {c} contre {d} avec la "
        "version 2. Note : Feuille vérifiée"
    ) in text
    assert "Organizer a placé la ronde 1 (3 tables)." in text
    assert "Organizer a inscrit l’équipe Équipe 1 (Capitaine 1 & Partenaire 1)." in text
    assert "24 novembre 2026, 22 h 48" in text
    # No action codes, no raw Python data.
    for raw in (
        "result.report",
        "result.confirm",
        "round.seat",
        "team.add",
        "{'",
        "score_a",
        "captain of",
        "system",
    ):
        assert raw not in text, raw


def test_audit_log_in_english_words(played_round, organizer_client):
    event, one, _two = played_round
    text = text_of(page(organizer_client, f"/organize/{event.slug}/audit/", "en"))
    a, b = one.team_a.name, one.team_b.name
    assert f"The captain of {b} reported {b} 121 – 110 {a} (round 1, table 1)." in text
    assert "Nov. 24, 2026, 10:48 p.m." in text
    assert "result.report" not in text


def test_settings_changes_are_listed_field_by_field_in_words(event, organizer, organizer_client):
    audit.record(
        event,
        organizer,
        "event.settings",
        str(event),
        before={"rule_set": "FADOQ", "visibility": "release", "bye_points": None},
        after={"rule_set": "STANDARD_2P_121", "visibility": "live", "bye_points": 80},
    )
    text = text_of(page(organizer_client, f"/organize/{event.slug}/audit/", "fr-ca"))
    assert "Organizer a modifié les réglages de l’événement." in text
    assert (
        "Règlement : FADOQ : 4 joueurs en deux équipes de deux, 121 points, "
        "maintenant Standard : 2 joueurs, 121 points"
    ) in text
    assert (
        "Visibilité du classement : Cachés jusqu'à ce que l'organisateur les publie, "
        "maintenant En direct, à mesure que les résultats sont confirmés"
    ) in text
    assert "Points pour une exemption : —, maintenant 80" in text
    assert "STANDARD_2P_121" not in text and "'live'" not in text


def test_api_audit_entries_carry_the_sentence(played_round, organizer, api_client):
    event, one, _two = played_round
    api_client.force_authenticate(organizer)
    body = api_client.get(f"/api/v1/events/{event.slug}/audit/").json()
    texts = [entry["text"] for entry in body["results"]]
    assert any(t.startswith(f"The captain of {one.team_b.name} reported") for t in texts)


def test_every_recorded_action_has_a_renderer():
    """A new ``audit.record(..., AuditAction.X, ...)`` in the sources needs its sentence."""
    root = pathlib.Path(__file__).resolve().parents[2]
    used, free = set(), []
    for path in [*root.glob("tournaments/**/*.py"), *root.glob("accounts/**/*.py")]:
        text = path.read_text()
        used.update(re.findall(r"AuditAction\.([A-Z_]+)", text))
        for call in re.findall(r"audit\.record\(([^)]*)", text):
            free += re.findall(r'"([a-z_]+\.[a-z_]+)"', call)  # a code written as a string
    assert used, "no audit action found: the scan is broken"
    assert not free, f"audit.record() takes an AuditAction, not {free}"
    assert used <= set(audit.AuditAction.names)
    assert set(audit.AuditAction) - set(audit.RENDERERS) == set()


def test_an_action_outside_the_list_is_refused(event, organizer):
    with pytest.raises(ValueError):
        audit.record(event, organizer, "team.renamed", "Les Rois")
    assert not AuditEntry.objects.filter(action="team.renamed").exists()


def test_rule_sets_have_french_names_on_the_settings_page(event, organizer_client):
    html = page(organizer_client, f"/organize/{event.slug}/settings/", "fr-ca")
    assert "Standard : 2 joueurs, 121 points" in html
    assert "FADOQ : 4 joueurs en deux équipes de deux, 121 points" in html
    assert "Standard 2P 121" not in html
    with translation.override("en"):
        assert rule_set_label("STANDARD_2P_121") == "Standard: 2 players, 121 points"


def test_playoff_round_is_named_a_playoff_not_round_9(event, organizer, client):
    Round.objects.create(event=event, number=9, movement="playoff", kind=Round.Kind.PLAYOFF)
    playoff = Round.objects.get(event=event, number=9)
    teams = list(event.teams.all()[:2])
    Game.objects.create(round=playoff, table=1, team_a=teams[0], team_b=teams[1], playoff_match="A")
    Event.objects.filter(pk=event.pk).update(status="running", visibility="live")
    text = text_of(page(client, f"/e/{event.slug}/", "fr-ca"))
    assert "Barrage, match 1, partie 1" in text and "Ronde 9" not in text
    text = text_of(page(client, f"/e/{event.slug}/rounds/9/", "fr-ca"))
    assert "Barrage, match 1, partie 1" in text and "Ronde 9" not in text
    with translation.override("en"):
        assert playoff.label == "Playoff, match 1, game 1"
