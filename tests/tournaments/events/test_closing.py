"""Events finish: closed by an organizer once everything is settled, results frozen, shown as
finished with the podium, reopened (with a reason) only by an organizer; all audited."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from tests.builders.finished_event import play_playoffs, play_series, ready_to_close, report_all
from tests.builders.scene import logged_in
from tests.conftest import link_of
from tournaments.errors import RuleError
from tournaments.events import closing
from tournaments.events.creation import set_number_of_games
from tournaments.events.teams import withdraw_team
from tournaments.models import AuditEntry, Dispute, Event, Game, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import (
    PLAYOFF_CONFLICT,
    event_standings,
    release,
    seat_playoff_games,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # cached standings are keyed by event id and version, both reused by tests


def fresh(event) -> Event:
    return Event.objects.get(pk=event.pk)


def closed(event, organizer) -> Event:
    ready_to_close(event, organizer)
    return closing.close_event(fresh(event), organizer)


# --- the service -------------------------------------------------------------------------------


def test_closing_is_refused_with_every_reason_until_everything_is_settled(event, organizer):
    set_number_of_games(event, organizer, 2)
    round_ = seating.seat_next_round(event, organizer)
    first, second = round_.games.exclude(team_b=None).order_by("table")[:2]
    reporting.submit(
        second, reporting.Actor(team=second.team_a), "final", {"score_a": 121, "score_b": 90}
    )
    reporting.submit(
        second, reporting.Actor(team=second.team_b), "final", {"score_a": 90, "score_b": 121}
    )  # the captains disagree: a dispute

    with pytest.raises(RuleError) as refused:
        closing.close_event(fresh(event), organizer)
    assert refused.value.code == "not_ready"
    assert refused.value.extra["reasons"] == [
        "1 round of the series is not seated yet.",
        "2 games are not confirmed yet.",
        "1 dispute is open.",
        "The results are not released yet.",
    ]
    dispute = Dispute.objects.get(game=second)
    reporting.decide_dispute(
        dispute, reporting.Actor(user=organizer), dispute.reports.order_by("version").first()
    )
    report_all(round_.games.all(), organizer)
    play_series(event, organizer)
    assert event_standings(event).standings.medal_ties  # six teams on three totals
    release(fresh(event), organizer)
    with pytest.raises(RuleError) as refused:
        closing.close_event(fresh(event), organizer)
    (reason,) = refused.value.extra["reasons"]
    assert "for a medal" in reason and "not played off yet" in reason
    play_playoffs(event, organizer)
    done = closing.close_event(fresh(event), organizer)
    assert done.status == Event.Status.FINISHED and done.finished_by == organizer
    assert AuditEntry.objects.filter(event=event, action="event.close", actor=organizer).exists()


def test_an_official_cannot_close_or_reopen(event, organizer, official):
    ready_to_close(event, organizer)
    with pytest.raises(RuleError) as refused:
        closing.close_event(fresh(event), official)
    assert refused.value.status == 403
    closing.close_event(fresh(event), organizer)
    with pytest.raises(RuleError):
        closing.reopen_event(fresh(event), official, "a mistake")


def test_a_closed_event_freezes_its_results(event, organizer, official):
    event = closed(event, organizer)
    game = Game.objects.filter(round__event=event, team_b__isnull=False).first()
    before = Report.objects.count()
    with pytest.raises(RuleError) as captain:
        reporting.submit(
            game, reporting.Actor(team=game.team_a), "final", {"score_a": 121, "score_b": 60}
        )
    assert captain.value.code == "finished" and captain.value.status == 403
    assert "results can no longer be reported" in captain.value.message
    with pytest.raises(RuleError) as correction:
        reporting.submit(
            game, reporting.Actor(user=official), "final", {"score_a": 121, "score_b": 60}
        )
    assert correction.value.code == "finished"
    assert "must reopen it" in correction.value.message
    for change in (
        lambda: seating.seat_next_round(fresh(event), organizer),
        lambda: seat_playoff_games(fresh(event), organizer),
        lambda: set_number_of_games(fresh(event), organizer, 9),
        lambda: withdraw_team(game.team_a, organizer),
        lambda: release(fresh(event), organizer, released=False),
    ):
        with pytest.raises(RuleError) as refused:
            change()
        assert refused.value.code == "finished"
    assert Report.objects.count() == before


def test_reopening_needs_a_reason_is_audited_and_lets_a_correction_through(
    event, organizer, official
):
    event = closed(event, organizer)
    with pytest.raises(RuleError) as refused:
        closing.reopen_event(event, organizer, "  ")
    assert refused.value.field == "reason"
    closing.reopen_event(fresh(event), organizer, "Table 2 du tour 1 : pointage inversé")
    entry = AuditEntry.objects.get(event=event, action="event.reopen")
    assert entry.after == {"reason": "Table 2 du tour 1 : pointage inversé"}
    assert fresh(event).status == Event.Status.RUNNING and fresh(event).finished_at is None
    game = Game.objects.filter(round__event=event, round__number=1, team_b__isnull=False).first()
    # The same score entered again by the desk (a correction that keeps the ranking: one that
    # changed a medal tie after its playoff would need the playoff replayed).
    outcome = reporting.submit(
        game,
        reporting.Actor(user=official),
        "final",
        {"score_a": game.confirmed_report.score_a, "score_b": game.confirmed_report.score_b},
        note="vérifié",
    )
    assert outcome.status == Game.Status.CONFIRMED
    assert AuditEntry.objects.filter(event=event, action="result.correct").exists()
    closing.close_event(fresh(event), organizer)  # and it closes again
    assert fresh(event).finished


# --- the pages -----------------------------------------------------------------------------------


def french(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    if user is not None:
        client.force_login(user)
    return client


def test_the_dashboard_lists_what_is_left_then_closes_and_reopens(event, organizer):
    set_number_of_games(event, organizer, 2)
    seating.seat_next_round(event, organizer)
    client = french(organizer)
    page = client.get(f"/organize/{event.slug}/").content.decode()
    assert "Fin de l'événement" in page.replace("&#x27;", "'")
    assert "1 ronde de la série n'est pas encore placée." in page.replace("&#x27;", "'")
    assert f'action="/organize/{event.slug}/close/"' not in page

    ready_to_close(fresh(event), organizer, games=2)
    page = client.get(f"/organize/{event.slug}/").content.decode()
    assert f'action="/organize/{event.slug}/close/"' in page
    asked = client.post(f"/organize/{event.slug}/close/").content.decode()
    assert "Clore l'événement ?" in asked.replace("&#x27;", "'") and not fresh(event).finished
    after = client.post(
        f"/organize/{event.slug}/close/", {"confirm": "1"}, follow=True
    ).content.decode()
    assert "Terminé" in after and "gelés" in after
    assert f'action="/organize/{event.slug}/reopen/"' in after

    refused = client.post(f"/organize/{event.slug}/reopen/", {"reason": ""}, follow=True)
    assert "Dites pourquoi" in refused.content.decode()
    assert fresh(event).finished
    client.post(f"/organize/{event.slug}/reopen/", {"reason": "Erreur de saisie"})
    assert not fresh(event).finished


def test_closing_too_early_from_the_page_says_why(event, organizer):
    seating.seat_next_round(event, organizer)
    page = french(organizer).post(f"/organize/{event.slug}/close/", {"confirm": "1"}, follow=True)
    html = page.content.decode().replace("&#x27;", "'")
    assert "L'événement ne peut pas encore être clos" in html
    assert not fresh(event).finished


def test_the_public_page_shows_finished_with_the_podium(event, organizer):
    event = closed(event, organizer)
    medals = [row for row in event_standings(event).standings.rows if row.medal]
    assert [row.medal for row in medals] == ["gold", "silver", "bronze"]
    page = french().get(f"/e/{event.slug}/").content.decode()
    assert "Terminé" in page and "En cours" not in page
    assert "Tour 2 de 2" not in page
    podium = page.split('id="finished"')[1]
    names = [event.teams.get(pk=row.team).name for row in medals]
    assert podium.index(names[0]) < podium.index(names[1]) < podium.index(names[2])
    assert "Or" in podium and "Argent" in podium and "Bronze" in podium


def test_a_captain_of_a_closed_event_is_told_results_are_final(event, organizer, captain_client):
    team = event.teams.order_by("id").first()
    link = link_of(team)
    event = closed(event, organizer)
    client = captain_client(team)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr-CA"
    home = client.get(f"/c/{link.token}/").content.decode()
    assert "L'événement est terminé" in home.replace("&#x27;", "'")
    assert "Déclarer le pointage" not in home
    game = Game.objects.filter(round__event=event, team_a=team).exclude(team_b=None).first()
    assert client.get(f"/c/{link.token}/games/{game.pk}/").status_code == 302
    posted = client.post(
        f"/c/{link.token}/games/{game.pk}/",
        {"mode": "final", "score_us": "121", "score_them": "10"},
    )
    assert "ne peuvent plus être déclarés" in posted.content.decode().replace("&#x27;", "'")
    assert not game.reports.filter(score_b=10).exists()


# --- the API -------------------------------------------------------------------------------------


def test_api_close_and_reopen(event, organizer, official, api_client):
    slug = event.slug
    seating.seat_next_round(event, organizer)
    logged_in(api_client, organizer)
    early = api_client.post(f"/api/v1/events/{slug}/close/")
    assert early.status_code == 400 and early.json()["code"] == "not_ready"
    assert "The results are not released yet." in early.json()["reasons"]

    ready_to_close(fresh(event), organizer, games=2)
    logged_in(api_client, official)
    assert api_client.post(f"/api/v1/events/{slug}/close/").status_code in (403, 404)
    logged_in(api_client, organizer)
    done = api_client.post(f"/api/v1/events/{slug}/close/")
    assert done.status_code == 200
    assert done.json()["status"] == "finished" and done.json()["finished_at"]

    game = Game.objects.filter(round__event=event, team_b__isnull=False).first()
    logged_in(api_client, official)
    correction = api_client.post(
        f"/api/v1/games/{game.pk}/reports/",
        {"kind": "final", "score_a": 121, "score_b": 3},
        format="json",
    )
    assert correction.status_code == 400 and correction.json()["code"] == "finished"

    logged_in(api_client, organizer)
    assert api_client.post(f"/api/v1/events/{slug}/reopen/", {}, format="json").status_code == 400
    reopened = api_client.post(
        f"/api/v1/events/{slug}/reopen/", {"reason": "Correction at table 1"}, format="json"
    )
    assert reopened.status_code == 200 and reopened.json()["status"] == "running"
    assert reopened.json()["finished_at"] is None


def test_close_and_reopen_are_in_the_schema(api_client):
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert "post" in schema["paths"]["/api/v1/events/{slug}/close/"]
    assert "post" in schema["paths"]["/api/v1/events/{slug}/reopen/"]


# --- archives ----------------------------------------------------------------------------------


def test_a_finished_event_is_finished_once_imported_elsewhere(make_event, organizer, staff):
    from django.db import transaction

    from tournaments.archives.transfer import export_event, import_event

    with transaction.atomic():  # "another installation": rolled back after the export
        archive = export_event(closed(make_event(6, name="Omnium"), organizer))
        transaction.set_rollback(True)
    assert archive["event"]["finished_at"]
    assert archive["event"]["finished_by"] == {"email": organizer.email, "label": "Organizer"}
    imported = import_event(archive, staff).event
    assert imported.status == Event.Status.FINISHED
    assert imported.finished_at is not None
    assert imported.finished_by == organizer  # the same email has an account here
    page = french().get(f"/e/{imported.slug}/").content.decode()
    assert 'id="finished"' in page


def test_an_archive_from_before_closing_existed_still_imports(make_event, staff):
    from django.db import transaction

    from tournaments.archives.transfer import checksum, export_event, import_event

    with transaction.atomic():
        archive = export_event(make_event(4, name="Omnium"))
        transaction.set_rollback(True)
    del archive["event"]["finished_at"], archive["event"]["finished_by"]
    del archive["signature"]  # nor signatures
    archive["checksum"] = checksum(archive)
    imported = import_event(archive, staff, confirmed=True).event
    assert imported.finished_at is None and not imported.finished


def test_a_finished_events_settings_keep_their_results_frozen(event, organizer, api_client):
    closed(event, organizer)
    logged_in(api_client, organizer)
    url = f"/api/v1/events/{event.slug}/"
    refused = api_client.patch(url, {"bye_points": 100}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "finished"
    renamed = api_client.patch(url, {"venue": "Salle paroissiale"}, format="json")
    assert renamed.status_code == 200 and fresh(event).venue == "Salle paroissiale"


def test_a_correction_that_changes_a_played_off_tie_is_explained_not_a_crash(
    event, organizer, official
):
    """Reopened, a series result corrected so that the playoff's teams are no longer tied:
    the pages still open, the dashboard says what happened, and the event cannot close."""
    event = closed(event, organizer)
    closing.reopen_event(event, organizer, "Pointage inversé à la table 1")
    playoff = Game.objects.filter(round__event=event, round__kind="playoff").first()
    assert playoff is not None  # the 2-round event had a medal tie, played off
    series = (
        Game.objects.filter(round__event=event, round__kind="series", team_a=playoff.team_a)
        .exclude(team_b=None)
        .first()
    )
    reporting.submit(
        series,
        reporting.Actor(user=official),
        "final",
        {"score_a": 121, "score_b": 3},
        note="erreur",
    )  # breaks the tie
    for url in (
        f"/e/{event.slug}/standings/",
        f"/e/{event.slug}/podium/",
        f"/organize/{event.slug}/",
    ):
        assert french(organizer).get(url).status_code == 200, url
    dashboard = french(organizer).get(f"/organize/{event.slug}/").content.decode()
    assert "ne correspondent plus aux égalités" in dashboard.replace("&#x27;", "'")
    with translation.override("en"), pytest.raises(RuleError) as refused:
        closing.close_event(fresh(event), organizer)
    assert refused.value.code == "not_ready"
    with translation.override("en"):
        assert refused.value.extra["reasons"] == [str(PLAYOFF_CONFLICT)]


def test_the_end_of_the_event_in_english(event, organizer):
    ready_to_close(event, organizer)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    page = client.get(f"/organize/{event.slug}/").content.decode()
    assert "End of the event" in page and "Close the event" in page
    client.post(f"/organize/{event.slug}/close/", {"confirm": "1"})
    public = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/e/{event.slug}/").content.decode()
    assert "Finished" in public and "Gold" in public
