"""Season CSV export: requested on a page, built by the (eager) Celery task through the outbox,
followed on the page and downloaded by its requester only."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from tournaments.leagues.season_export import build_season_export
from tournaments.models import League, OutboxTask, Season, SeasonExport
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _tasks_run_in_process(tasks_in_process):
    """These tests read the export right after asking for it (see ``tasks_in_process``)."""


@pytest.fixture
def season(make_event, organizer):
    league = League.objects.create(name="Ligue FADOQ", slug="ligue-fadoq", created_by=organizer)
    season = Season.objects.create(league=league, name="2026–2027", slug="2026-2027")
    actor = reporting.Actor(user=organizer)
    for name, teams in (("Tournoi d'automne", 4), ("Tournoi d'hiver", 6)):
        event = make_event(teams, name=name, season=season)
        round_ = seating.seat_next_round(event, organizer)
        for game in round_.games.filter(team_b__isnull=False):
            reporting.submit(game, actor, "final", {"score_a": 121, "score_b": 90})
    return season


def english(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


def test_export_through_the_page(season, organizer, django_capture_on_commit_callbacks):
    client = english(organizer)
    url = f"/organize/seasons/{season.pk}/export/"
    page = client.get(url)
    assert page.status_code == 200
    assert 'id="live" data-refresh="5"' in page.content.decode()
    assert "huche/live.js" in page.content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"delimiter": "semicolon"})
    assert response.status_code == 302

    export = SeasonExport.objects.get()
    assert export.requested_by == organizer
    assert export.status == SeasonExport.Status.DONE
    assert (export.progress_done, export.progress_total) == (2, 2)
    assert export.finished_at is not None
    outbox = OutboxTask.objects.get(name="build_season_export")
    assert outbox.args == [export.pk] and outbox.done_at is not None

    html = client.get(url).content.decode()
    assert "Done" in html and "2 of 2 events" in html
    download_url = f"/organize/seasons/exports/{export.pk}.csv"
    assert download_url in html

    download = client.get(download_url)
    assert download.status_code == 200
    assert download["Content-Type"] == "text/csv; charset=utf-8"
    assert download["Content-Disposition"].startswith("attachment;")
    text = download.content.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert rows[0][:5] == ["Event", "Round", "Kind", "Table", "Team A"]
    assert len(rows[0]) == 13
    body = rows[1:]
    assert len(body) == 2 + 3  # 4 teams → 2 games, 6 teams → 3 games
    assert [r[0] for r in body].count("Tournoi d'automne") == 2
    assert [r[0] for r in body].count("Tournoi d'hiver") == 3
    for row in body:
        assert row[1] == "1" and row[6:8] == ["121", "90"] and row[10] == "Confirmed"
        assert row[8] == row[4]  # team A won


def test_task_is_idempotent(season, organizer, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        english(organizer).post(f"/organize/seasons/{season.pk}/export/", {"delimiter": "comma"})
    export = SeasonExport.objects.get()
    first = export.content
    assert first.startswith("\ufeffEvent,Round,")
    build_season_export(export.pk)  # done: left alone
    export.refresh_from_db()
    assert export.content == first
    SeasonExport.objects.filter(pk=export.pk).update(
        status=SeasonExport.Status.PENDING, content="", progress_done=0
    )
    again = build_season_export(export.pk)
    assert again.content == first and again.progress_done == again.progress_total == 2


def test_other_organizer_is_refused(
    season, organizer, other_organizer, django_capture_on_commit_callbacks
):
    url = f"/organize/seasons/{season.pk}/export/"
    other = english(other_organizer)
    assert other.get(url).status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        assert other.post(url, {"delimiter": "comma"}).status_code == 404
    assert not SeasonExport.objects.exists()
    assert not OutboxTask.objects.filter(name="build_season_export").exists()

    with django_capture_on_commit_callbacks(execute=True):
        english(organizer).post(url, {"delimiter": "comma"})
    export = SeasonExport.objects.get()
    assert other.get(f"/organize/seasons/exports/{export.pk}.csv").status_code == 404
    assert Client().get(url).status_code == 302  # anonymous: to the login page


def test_service_refuses_and_staff_may(season, other_organizer, staff):
    from tournaments.errors import PermissionRuleError
    from tournaments.leagues.season_export import request_season_export

    with pytest.raises(PermissionRuleError):
        request_season_export(season, other_organizer, "comma")
    assert not SeasonExport.objects.exists()
    export = request_season_export(season, staff, "comma")
    assert export.progress_total == 2


def test_dashboard_links_to_the_season_export(season, organizer):
    event = season.events.first()
    html = english(organizer).get(f"/organize/{event.slug}/").content.decode()
    assert f"/organize/seasons/{season.pk}/export/" in html


def test_another_organizers_event_is_exported_only_once_released(
    season, organizer, other_organizer, make_event
):
    """Issue 22, finding 3: the export had every confirmed game of every event of the season,
    released or not, for an organizer of any one of them."""
    theirs = make_event(4, name="Tournoi du voisin", season=season, owner=other_organizer)
    round_ = seating.seat_next_round(theirs, other_organizer)
    for game in round_.games.filter(team_b__isnull=False):
        reporting.submit(
            game, reporting.Actor(user=other_organizer), "final", {"score_a": 121, "score_b": 77}
        )

    def exported(user) -> str:
        from tournaments.leagues.season_export import request_season_export

        return build_season_export(request_season_export(season, user).pk).content

    mine = exported(organizer)
    assert "Tournoi du voisin" not in mine and "77" not in mine
    assert "Tournoi d'automne" in mine  # the requester's own events, released or not
    assert "Tournoi d'automne" not in exported(other_organizer)
    assert "Tournoi du voisin" in exported(other_organizer)

    from tournaments.standings.service import release

    release(theirs, other_organizer)
    assert "Tournoi du voisin" in exported(organizer)
