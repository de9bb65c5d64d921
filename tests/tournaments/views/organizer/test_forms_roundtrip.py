"""Every organizer/official form saves as it opens.

Each test opens a page as its user would (in French, the default), reads its POST forms the
way a browser submits them untouched, posts them back and checks what the person sees: a
settings form saves (a redirect with a success message, nothing changed); an empty "new …"
form answers with a French message that says what to fill in, never a server error or an
English developer message.
"""

from __future__ import annotations

import datetime
import re
from html import unescape

import pytest
from django.test import Client

from tests.support.html_forms import post_forms
from tournaments.leagues import seasons as leagues
from tournaments.models import Event
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db

# Forms that act rather than edit (seat a round, release, withdraw…): not posted here.
ACTIONS = re.compile(
    r"/(rounds/next|release|playoffs|teams/\d+/(?!edit/)|close|reopen|delete"
    r"|officials/\d+/remove|accounts/logout|i18n/setlang)"
)


def browser(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(user)
    return client


def editing_forms(client, url):
    page = client.get(url)
    assert page.status_code == 200, url
    forms = [f for f in post_forms(page.content.decode(), url) if not ACTIONS.search(f.action)]
    assert forms, f"no form on {url}"
    return forms


def submit_unchanged(client, form):
    response = client.post(form.action, form.data())
    assert response.status_code in (200, 302, 400), (form.action, response.status_code)
    if response.status_code == 302:
        response = client.get(response["Location"])
    return response.content.decode()


def assert_saved(html: str, where: str):
    assert 'class="error' not in html and "errorlist" not in html, (where, _errors(html))
    assert 'class="success' in html, where


def _errors(html: str) -> list[str]:
    listed = re.findall(r'<ul class="errorlist[^>]*>(.*?)</ul>', html, re.S)
    found = listed + re.findall(r'<li class="error[^"]*">(.*?)</li>', html, re.S)
    return [unescape(e) for e in found]


def event_values(event):
    event.refresh_from_db()
    return {f.name: getattr(event, f.name) for f in Event._meta.fields if f.name != "version"}


@pytest.mark.parametrize("started", [False, True], ids=["registration", "running"])
def test_event_settings_save_unchanged(event, organizer, started):
    if started:
        seating.seat_next_round(event, organizer)
    client = browser(organizer)
    before = event_values(event)
    (form,) = editing_forms(client, f"/organize/{event.slug}/settings/")
    assert "[]" not in dict(form.fields).get("tiebreaks", "")
    assert_saved(submit_unchanged(client, form), "settings")
    assert event_values(event) == before


def test_a_custom_tiebreak_order_round_trips(event, organizer):
    event.tiebreaks = ["spread", "wins"]
    event.save()
    client = browser(organizer)
    (form,) = editing_forms(client, f"/organize/{event.slug}/settings/")
    fields = dict(form.fields)
    assert (fields["tiebreaks_0"], fields["tiebreaks_1"], fields["tiebreaks_2"]) == (
        "spread",
        "wins",
        "",
    )
    assert_saved(submit_unchanged(client, form), "settings")
    event.refresh_from_db()
    assert event.tiebreaks == ["spread", "wins"]


def test_a_wrong_tiebreak_is_refused_in_french_with_what_is_allowed(event, organizer):
    client = browser(organizer)
    (form,) = editing_forms(client, f"/organize/{event.slug}/settings/")
    data = form.data() | {"tiebreaks": ["[]"]}
    html = client.post(form.action, data).content.decode()
    errors = " ".join(_errors(html))
    assert "«\u00a0[]\u00a0» n'est pas un bris d'égalité" in errors
    assert "wins (Victoires)" in errors
    assert "unknown metric" not in html and "tiebreak 1" not in html
    event.refresh_from_db()
    assert event.tiebreaks == []


def test_tiebreaks_may_be_typed_by_their_french_names(event, organizer):
    client = browser(organizer)
    (form,) = editing_forms(client, f"/organize/{event.slug}/settings/")
    html = submit_unchanged_with(client, form, tiebreaks="Victoires, spread")
    assert_saved(html, "settings")
    event.refresh_from_db()
    assert event.tiebreaks == ["wins", "spread"]


def submit_unchanged_with(client, form, **changes):
    data = form.data() | {k: [v] for k, v in changes.items()}
    response = client.post(form.action, data)
    assert response.status_code in (200, 302)
    return (
        client.get(response["Location"]).content.decode()
        if response.status_code == 302
        else response.content.decode()
    )


@pytest.mark.parametrize("user", ["organizer", "official"])
def test_team_edit_saves_unchanged(event, organizer, official, user):
    from tournaments.models import AuditEntry, Player

    seating.seat_next_round(event, organizer)
    team = event.teams.order_by("id").first()
    players_before = sorted(Player.objects.values_list("pk", "name", "member_number"))
    client = browser(organizer if user == "organizer" else official)
    (form,) = editing_forms(client, f"/organize/{event.slug}/teams/{team.pk}/edit/")
    assert dict(form.fields)["name"] == team.name
    assert_saved(submit_unchanged(client, form), "team edit")
    assert sorted(Player.objects.values_list("pk", "name", "member_number")) == players_before
    assert not AuditEntry.objects.filter(action="team.edit").exists()  # nothing changed


def test_signup_form_posted_empty_answers_in_french(db):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    (form,) = editing_forms(client, "/accounts/signup/")
    errors = _errors(submit_unchanged(client, form))
    assert errors and all("obligatoire" in e for e in errors), errors


@pytest.mark.parametrize("user", ["organizer", "official"])
def test_dashboard_forms_save_unchanged(event, organizer, official, user):
    seating.seat_next_round(event, organizer)
    client = browser(organizer if user == "organizer" else official)
    forms = editing_forms(client, f"/organize/{event.slug}/")
    assert {f.action for f in forms} == {f"/organize/{event.slug}/games-count/"}
    for form in forms:
        assert_saved(submit_unchanged(client, form), form.action)
    event.refresh_from_db()
    assert event.number_of_games == 8


@pytest.fixture
def season(event, organizer):
    league = leagues.create_league(organizer, name="Ligue FADOQ Laurentides")
    season = leagues.create_season(
        league,
        organizer,
        name="Automne 2026",
        aggregation="placement",
        placement_points=[10, 6, 4],
        best_of=3,
    )
    leagues.set_season_events(season, organizer, [event.pk])
    return season


def test_season_forms_save_unchanged(season, organizer, event):
    client = browser(organizer)
    url = f"/organize/leagues/{season.league.slug}/seasons/{season.slug}/"
    forms = editing_forms(client, url)
    assert len(forms) == 2  # the season's settings and its events
    for form in forms:
        assert_saved(submit_unchanged(client, form), form.action)
    season.refresh_from_db()
    assert (season.name, season.aggregation, season.placement_points, season.best_of) == (
        "Automne 2026",
        "placement",
        [10, 6, 4],
        3,
    )
    assert list(season.events.all()) == [event]


@pytest.mark.parametrize(
    "page",
    ["leagues", "league", "league-players", "teams", "new-event", "archive-import", "officials"],
)
def test_empty_new_forms_say_in_french_what_to_fill(season, organizer, event, page):
    url = {
        "leagues": "/organize/leagues/",
        "league": f"/organize/leagues/{season.league.slug}/",
        "league-players": f"/organize/leagues/{season.league.slug}/players/",
        "teams": f"/organize/{event.slug}/teams/",  # add a team, and import a list
        "new-event": "/organize/new/",
        "archive-import": "/organize/new/import/",
        "officials": f"/organize/{event.slug}/officials/",
    }[page]
    client = browser(organizer)
    for form in editing_forms(client, url):
        html = submit_unchanged(client, form)
        errors = _errors(html)
        assert errors, (form.action, "an empty form is not saved silently")
        assert any("obligatoire" in e or "choisissez" in e.lower() for e in errors), errors
        assert not any("required" in e or "Traceback" in e for e in errors), errors


def test_season_export_form_posted_as_it_opens_starts_an_export(season, organizer):
    client = browser(organizer)
    (form,) = editing_forms(client, f"/organize/seasons/{season.pk}/export/")
    html = submit_unchanged(client, form)
    assert_saved(html, "season export")
    assert season.exports.count() == 1


def test_invitation_account_form_posted_empty_answers_in_french(event, organizer):
    from tournaments.events import invitations

    issued = invitations.invite(event, organizer, "gilles@example.org", "official")
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    page = client.get(issued.path)
    (form,) = [
        f for f in post_forms(page.content.decode(), issued.path) if not ACTIONS.search(f.action)
    ]
    errors = _errors(submit_unchanged(client, form))
    assert errors and all("obligatoire" in e for e in errors), errors


def test_login_form_posted_empty_answers_in_french(db):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    (form,) = editing_forms(client, "/accounts/login/")
    html = submit_unchanged(client, form)
    assert "obligatoire" in html
    assert "This field is required" not in html


def test_forms_of_a_running_event_are_unchanged_after_a_week(event, organizer):
    """A date in the past (the event was last week) must not block saving its settings."""
    event.date = datetime.date(2026, 11, 14)
    event.save()
    client = browser(organizer)
    (form,) = editing_forms(client, f"/organize/{event.slug}/settings/")
    assert_saved(submit_unchanged(client, form), "settings")


def test_a_new_event_form_opens_on_the_fadoq_rule_set(organizer):
    """Posted as it opens (name and date typed), a new event is FADOQ four-handed cribbage,
    not the first rule set of the list (two-handed, which refused every four-hand sheet)."""
    client = browser(organizer)
    (form,) = editing_forms(client, "/organize/new/")
    opened = dict(form.fields)
    assert (opened["rule_set"], opened["scoring_system"], opened["movement"]) == (
        "FADOQ",
        "fadoq",
        "winners_stay",
    )
    data = form.data() | {"name": ["Omnium"], "date": ["2026-11-28"]}
    assert client.post(form.action, data).status_code == 302
    event = Event.objects.get(name="Omnium")
    assert (event.rule_set, event.scoring_system, event.movement) == (
        "FADOQ",
        "fadoq",
        "winners_stay",
    )
