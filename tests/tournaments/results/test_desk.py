"""The officials' desk decisions (issue 21: through a form and ``results.desk``, not by hand in
the view): confirming a version or entering the score settles an open dispute, or else confirms
or records the result; the page says which, in French, and a bad score changes nothing."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from tournaments.errors import RuleError
from tournaments.models import Dispute, Game, Report
from tournaments.results import reporting
from tournaments.results.desk import DeskDecision, DeskOutcome, decide_at_desk
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(event, organizer):
    round_ = seating.seat_next_round(event, organizer)
    return round_.games.exclude(team_b=None).order_by("table").first()


@pytest.fixture
def desk_actor(official):
    return reporting.Actor(user=official, channel=Report.Channel.OFFICIAL)


def report(game, team, a, b) -> Report:
    actor = reporting.Actor(team=team)
    return reporting.submit(game, actor, Report.Kind.FINAL, {"score_a": a, "score_b": b}).report


def disputed(game) -> tuple[Report, Report]:
    return report(game, game.team_a, 121, 100), report(game, game.team_b, 121, 90)


def test_confirming_a_reported_version(game, desk_actor):
    first = report(game, game.team_a, 121, 100)
    assert decide_at_desk(game, desk_actor, DeskDecision.CONFIRM, report=first) == (
        DeskOutcome.CONFIRMED
    )
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED and game.confirmed_report == first


def test_confirming_a_version_of_a_disputed_game_settles_the_dispute(game, desk_actor):
    first, _second = disputed(game)
    outcome = decide_at_desk(game, desk_actor, DeskDecision.CONFIRM, report=first, note="vu")
    assert outcome == DeskOutcome.DISPUTE_SETTLED
    dispute = Dispute.objects.get(game=game)
    assert dispute.decision == first and dispute.note == "vu" and dispute.resolved_at


def test_entering_the_score_records_it_or_settles_the_dispute(game, event, desk_actor):
    outcome = decide_at_desk(game, desk_actor, DeskDecision.ENTER, score_a="121", score_b="95")
    assert outcome == DeskOutcome.RECORDED
    game.refresh_from_db()
    assert (game.confirmed_report.score_a, game.confirmed_report.score_b) == (121, 95)
    other = event.rounds.get().games.exclude(team_b=None).exclude(pk=game.pk).first()
    disputed(other)
    outcome = decide_at_desk(other, desk_actor, DeskDecision.ENTER, score_a=121, score_b=80)
    assert outcome == DeskOutcome.DISPUTE_SETTLED
    other.refresh_from_db()
    assert other.confirmed_report.score_b == 80 and not other.disputes.open().exists()


def test_confirming_without_a_version_is_refused(game, desk_actor):
    with pytest.raises(RuleError) as refused:
        decide_at_desk(game, desk_actor, DeskDecision.CONFIRM)
    assert refused.value.code == "required"


def desk_page(official) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(official)
    return client


def test_the_desk_page_says_what_it_did_in_french(game, event, official):
    client = desk_page(official)
    url = f"/organize/{event.slug}/desk/games/{game.pk}/"
    first, _second = disputed(game)
    page = client.post(url, {"action": "confirm", "report": first.pk, "note": ""}, follow=True)
    assert "Litige réglé." in unescape(page.content.decode())
    page = client.post(
        url, {"action": "enter", "score_a": "121", "score_b": "77", "note": ""}, follow=True
    )
    assert "Résultat enregistré et confirmé." in unescape(page.content.decode())
    game.refresh_from_db()
    assert game.confirmed_report.score_b == 77


def test_the_desk_page_refuses_a_bad_score_and_changes_nothing(game, event, official):
    client = desk_page(official)
    url = f"/organize/{event.slug}/desk/games/{game.pk}/"
    page = client.post(url, {"action": "enter", "score_a": "121", "score_b": "abc"}, follow=True)
    assert "« abc » n'est pas un nombre entier." in unescape(page.content.decode()).replace(
        "\xa0", " "
    )
    assert not game.reports.exists()
    elsewhere = Game.objects.exclude(pk=game.pk).exclude(team_b=None).first()
    theirs = report(elsewhere, elsewhere.team_a, 121, 100)
    assert client.post(url, {"action": "confirm", "report": theirs.pk}).status_code == 404
    assert client.post(url, {"action": "confirm", "report": "abc"}).status_code == 404
    game.refresh_from_db()
    assert game.status == Game.Status.WAITING


def test_changing_a_released_result_is_asked_first(game, event, official, organizer):
    """A walk-through swapped gold and silver by correcting a released game: « Résultat
    enregistré et confirmé », and no question. Now the desk asks first, with or without
    JavaScript (the page's question, then the same post with confirm=1)."""
    from tournaments.standings.service import release

    first, second = disputed(game)
    client = desk_page(official)
    url = f"/organize/{event.slug}/desk/games/{game.pk}/"
    client.post(url, {"action": "confirm", "report": first.pk, "note": ""})  # before release
    release(event, organizer)
    page = unescape(client.get(url).content.decode())
    assert 'data-ask="Changer un résultat déjà public ?' in page
    change = {"action": "enter", "score_a": "115", "score_b": "121", "note": "erreur"}
    asked = unescape(client.post(url, change).content.decode())
    assert "Changer un résultat déjà public ?" in asked and "le podium" in asked
    game.refresh_from_db()
    assert (game.confirmed_report.score_a, game.confirmed_report.score_b) == (121, 100)
    asked = unescape(client.post(url, {"action": "confirm", "report": second.pk}).content.decode())
    assert "Changer un résultat déjà public ?" in asked
    game.refresh_from_db()
    assert game.confirmed_report == first  # nothing changed until the answer
    client.post(url, {**change, "confirm": "1"})
    game.refresh_from_db()
    assert (game.confirmed_report.score_a, game.confirmed_report.score_b) == (115, 121)
