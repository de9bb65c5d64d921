"""Late teams (issue 34, point 11): a team registered after rounds were seated. The organizer is
told what the missed rounds count and chooses (the FADOQ way: the event's bye rule; a loss by
forfeit; nothing); the choice is shown on the team's page and in the standings. Before, the team
silently got nothing and ended with fewer games than the others."""

from __future__ import annotations

import html

import pytest
from django.core.cache import cache
from django.test import Client

from tournaments.errors import RuleError
from tournaments.events.teams import add_team
from tournaments.models import Event, Report, Team
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import event_standings

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def text(response) -> str:
    return html.unescape(" ".join(response.content.decode().split()))


@pytest.fixture
def french(organizer) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    return client


def play(round_, organizer):
    desk = reporting.Actor(user=organizer)
    for game in round_.games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 100})


def late_team(event, organizer, missed_rounds: str) -> Team:
    play(seating.seat_next_round(event, organizer), organizer)
    return add_team(
        event,
        organizer,
        name="Les Retardataires",
        captain="Léo",
        partner="Léa",
        missed_rounds=missed_rounds,
    )


def row_of(event, team):
    data = event_standings(Event.objects.get(pk=event.pk))
    return next(r for r in data.standings.rows if r.team == team.pk)


def test_a_late_team_must_choose_and_is_told_the_choices(make_event, organizer):
    event = make_event(4, bye_points=100)
    play(seating.seat_next_round(event, organizer), organizer)
    with pytest.raises(RuleError) as refused:
        add_team(event, organizer, name="Tard", captain="Léo", partner="Léa")
    assert refused.value.field == "missed_rounds"
    assert "Round 1 is already seated: choose what it counts" in refused.value.message
    assert "each missed round counts as a bye, worth 100 points" in refused.value.message


@pytest.mark.parametrize(
    ("choice", "points", "played"),
    [("bye", 100, 1), ("forfeit", 100, 2), ("nothing", 100, 1)],
)
def test_the_missed_round_counts_as_chosen(make_event, organizer, choice, points, played):
    event = make_event(4, bye_points=100)
    team = late_team(event, organizer, choice)
    assert team.joined_round == 2
    round_2 = seating.seat_next_round(event, organizer)
    game = round_2.games.get(team_a=team) if round_2.games.filter(team_a=team) else None
    game = game or round_2.games.get(team_b=team)
    scores = (
        {"score_a": 100, "score_b": 121}
        if game.team_a_id == team.pk
        else {"score_a": 121, "score_b": 100}
    )  # the late team scores 100 in round 2
    reporting.submit(game, reporting.Actor(user=organizer), Report.Kind.FINAL, scores)
    row = row_of(event, team)
    expected = {"bye": 100 + 100, "forfeit": 100 + 0, "nothing": 100}[choice]
    assert row.metrics["points"] == expected
    if choice == "forfeit":
        assert row.metrics["games_played"] == 2 and row.metrics["spread"] == -21 - 121


def test_the_choice_is_shown_on_the_team_page_and_the_standings(make_event, organizer, french):
    event = make_event(4, visibility="live")
    team = late_team(event, organizer, "bye")
    seating.seat_next_round(event, organizer)
    note = (
        "arrivée à la ronde 2 : ronde 1 comptée comme une exemption "
        "(la règle d’exemption de l’événement)"
    )
    assert note.capitalize() in text(
        Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get(f"/e/{event.slug}/teams/{team.pk}/")
    )
    # Under the name in a few words, the whole choice in the note's title (issue 49, point 3).
    standings = text(Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get(f"/e/{event.slug}/standings/"))
    assert f'title="{note.capitalize()}">Arrivée à la ronde 2</span>' in standings
    assert note.capitalize() in text(french.get(f"/organize/{event.slug}/teams/"))
    # Its page lists the missed round with the rounds played (the standings count its bye).
    page = text(Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get(f"/e/{event.slug}/teams/{team.pk}/"))
    assert f"{team.name} — une exemption (arrivée en retard)" in page


def test_the_teams_page_asks_the_question_once_rounds_are_seated(make_event, organizer, french):
    event = make_event(4, bye_points=100)
    assert "arrive en retard" not in text(french.get(f"/organize/{event.slug}/teams/"))
    play(seating.seat_next_round(event, organizer), organizer)
    page = text(french.get(f"/organize/{event.slug}/teams/"))
    assert "Cette équipe arrive en retard : la ronde 1 est déjà placée." in page  # one team
    # The paste asks it of the whole list, in the plural.
    assert "Les équipes de la liste arrivent en retard : la ronde 1 est déjà placée." in page
    assert (
        "À la façon FADOQ : chaque ronde manquée compte comme une exemption, qui vaut 100" in page
    )
    assert "une partie perdue par forfait : 0 point, une défaite." in page
    refused = french.post(
        f"/organize/{event.slug}/teams/",
        {"team-name": "Tard", "team-captain": "Léo", "team-partner": "Léa"},
    )
    assert "Ce champ est obligatoire." in text(refused)
    french.post(
        f"/organize/{event.slug}/teams/",
        {
            "team-name": "Tard",
            "team-captain": "Léo",
            "team-partner": "Léa",
            "team-missed_rounds": "forfeit",
        },
    )
    assert Team.objects.get(event=event, name="Tard").missed_rounds == "forfeit"


def test_a_closed_event_offers_no_team_form(make_event, organizer, french):
    event = make_event(4)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    page = text(french.get(f"/organize/{event.slug}/teams/"))
    assert "Ajouter une équipe" not in page and 'id="add-team"' not in page
    assert "L’événement est terminé : aucune équipe ne peut être ajoutée." in page
