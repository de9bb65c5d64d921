"""Issue 34, points 2 and 6: an official's decision (a dispute settled, a score entered, a
correction) and the official's "Note (why)" reach the desk, the audit log and both captains;
a captain whose claim was overruled is told so, with their own report beside the official's."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from tests.conftest import link_of
from tournaments.models import Game, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db
WORD_JOINER = "\u2060"  # keeps a score on one line of a phone: "104–121" never splits
NOTE = "Feuille vérifiée à la table : l'équipe B a bien 121."


@pytest.fixture
def disputed(event, organizer) -> Game:
    """Table 1: A says 121–117, B says 104–121 (as A–B)."""
    game = seating.seat_next_round(event, organizer).games.exclude(team_b=None).first()
    for team, scores in ((game.team_a, (121, 117)), (game.team_b, (104, 121))):
        payload = {"score_a": scores[0], "score_b": scores[1]}
        reporting.submit(game, reporting.Actor(team=team), Report.Kind.FINAL, payload)
    game.refresh_from_db()
    assert game.status == Game.Status.DISPUTED
    return game


def desk(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(user)
    return client


def captain_page(captain_client, team, path="") -> str:
    client = captain_client(team)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr-CA"
    response = client.get(f"/c/{link_of(team).token}/{path}")
    assert response.status_code == 200
    return unescape(response.content.decode()).replace(WORD_JOINER, "")


def settle_by_entering(game, official, note=NOTE):
    url = f"/organize/{game.round.event.slug}/desk/games/{game.pk}/"
    answer = desk(official).post(
        url, {"action": "enter", "score_a": "104", "score_b": "121", "note": note}
    )
    assert answer.status_code == 302


def test_the_overruled_captain_reads_the_officials_decision_and_why(
    disputed, official, captain_client
):
    settle_by_entering(disputed, official)
    home = captain_page(captain_client, disputed.team_a)
    assert "L'arbitre a tranché : 104–121 (votre déclaration : 121–117)." in home
    assert f"Note de l'arbitre : {NOTE}" in home
    assert "plus rien à faire" not in home  # not under a receipt the official overruled
    game_page = captain_page(captain_client, disputed.team_a, f"games/{disputed.pk}/")
    assert "L'arbitre a tranché : 104–121 (votre déclaration : 121–117)." in game_page
    assert f"Note de l'arbitre : {NOTE}" in game_page
    # The other captain, whose score stood, reads the decision in their own order, and why.
    theirs = captain_page(captain_client, disputed.team_b)
    assert "L'arbitre a tranché : 121–104." in theirs
    assert "votre déclaration" not in theirs
    assert f"Note de l'arbitre : {NOTE}" in theirs


def test_a_version_chosen_at_the_desk_carries_its_note_everywhere(
    disputed, organizer, official, captain_client
):
    chosen = disputed.reports.get(by_team=disputed.team_b)
    url = f"/organize/{disputed.round.event.slug}/desk/games/{disputed.pk}/"
    page = unescape(desk(official).get(url).content.decode())
    assert 'form="confirm-version"' in page  # each version's button sends the one note field
    desk(official).post(url, {"action": "confirm", "report": chosen.pk, "note": NOTE})
    disputed.refresh_from_db()
    assert disputed.confirmed_report == chosen
    assert NOTE in unescape(desk(official).get(url).content.decode())
    log = unescape(
        desk(organizer).get(f"/organize/{disputed.round.event.slug}/audit/").content.decode()
    )
    assert f"Note : {NOTE}" in log
    assert f"Note de l'arbitre : {NOTE}" in captain_page(captain_client, disputed.team_a)


def test_a_correction_note_is_shown_at_the_desk_in_the_log_and_to_the_captains(
    event, organizer, official, captain_client
):
    game = seating.seat_next_round(event, organizer).games.exclude(team_b=None).first()
    for team in (game.team_a, game.team_b):
        payload = {"score_a": 121, "score_b": 99}
        reporting.submit(game, reporting.Actor(team=team), Report.Kind.FINAL, payload)
    url = f"/organize/{event.slug}/desk/games/{game.pk}/"
    note = "Compte refait : 19 annoncé au lieu de 0."
    desk(official).post(url, {"action": "enter", "score_a": "121", "score_b": "89", "note": note})
    history = unescape(desk(official).get(url).content.decode())
    assert note in history.split("Toutes les versions")[1]  # beside the version it explains
    log = unescape(desk(organizer).get(f"/organize/{event.slug}/audit/").content.decode())
    corrected = next(line for line in log.split("<li>") if "a corrigé" in line)
    assert f"Note : {note}" in corrected
    home = captain_page(captain_client, game.team_a)
    assert "L'arbitre a tranché : 121–89 (votre déclaration : 121–99)." in home
    assert f"Note de l'arbitre : {note}" in home


def test_a_score_entered_at_the_desk_that_nobody_disputed_is_not_a_verdict(
    event, organizer, official, captain_client
):
    game = seating.seat_next_round(event, organizer).games.exclude(team_b=None).first()
    url = f"/organize/{event.slug}/desk/games/{game.pk}/"
    desk(official).post(url, {"action": "enter", "score_a": "121", "score_b": "99", "note": ""})
    home = captain_page(captain_client, game.team_a)
    assert "L'arbitre a tranché" not in home  # a captain without a phone: nothing was decided
