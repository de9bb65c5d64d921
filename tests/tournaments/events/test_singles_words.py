"""Issue 50, round 2: every page, phone page, CSV and message of a singles event says "player"
(« joueur »), never team, captain or partner, in French and in English.

A small singles night (STANDARD_2P_121, season points): six players entered, one dropped as
absent at the check-in (who may be brought back), round 1 seated by the real service (a bye),
one game confirmed by both players, one disputed and settled at the desk; a player withdraws,
another arrives late, round 2 is seated (no result yet). Every organizer, desk, public and
phone page is read as a person reads it: the text, and the words in title, aria-label,
placeholder, alt and data-label (a stacked table's column name, shown on a phone).
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.db.models import Q
from django.test import Client
from django.utils import translation

from tests.builders.results_events import league_season
from tests.conftest import link_of
from tests.tournaments.events.test_singles import singles_event
from tournaments.events import check_in
from tournaments.events.csv_import import import_teams
from tournaments.events.options import rule_set_choices
from tournaments.events.teams import add_team, withdraw_team
from tournaments.forms import EventForm
from tournaments.models import Event, Game, Report
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db

PLAYERS = ["Alice Roy", "Bruno Caron", "Chantal Dubé", "Denis Fortin", "Élise Gagné"]
ABSENT = "Gilles Lavoie"  # entered, dropped as absent at the check-in: may be brought back
# The words a singles event must not say (the player's name "Roy" etc. never match).
TEAM_WORDS = re.compile(
    r"\b(teams?|team's|équipes?|captains?|captain's|capitaines?|partners?|partner's|"
    r"partenaires?|coéquipiers?)\b",
    re.IGNORECASE,
)
# data-label: a stacked table's column name, shown beside each cell on a phone
ATTRIBUTES = re.compile(r'\b(?:title|aria-label|placeholder|alt|data-label)="([^"]*)"')


def read(html: str) -> str:
    """What a person reads or hears: text and the attributes a screen reader says."""
    said = " ".join(ATTRIBUTES.findall(html))
    html = re.sub(r"(?is)<(script|style|svg|template)\b.*?</\1>", " ", html)
    html = re.sub(r"(?is)<!--.*?-->", " ", html)
    text = re.sub(r"(?s)<[^>]*>", " ", html)
    return unescape(re.sub(r"\s+", " ", f"{text} {said}"))


def team_words(text: str) -> list[str]:
    """Each such word with the words around it (what to look for in the template)."""
    return sorted({text[max(0, m.start() - 50) : m.end() + 30] for m in TEAM_WORDS.finditer(text)})


@pytest.fixture
def evening(organizer):
    return singles_evening(organizer)


def singles_evening(organizer):
    """The small singles night, in the middle of round 2 (see the module's docstring)."""
    season = league_season(organizer)
    event = singles_event(organizer, visibility="release", season=season)
    import_teams(event, organizer, "\n".join([*PLAYERS, ABSENT]))
    players = list(event.teams.order_by("id"))
    check_in.open_check_in(event, organizer)
    for team in players[:-1]:
        check_in.check_in(team, organizer)
    check_in.drop_absentees(event, organizer)  # Gilles did not come (yet)
    players = players[:-1]
    round_1 = seat_next_round(event, organizer)
    played = [g for g in round_1.games.order_by("table") if g.team_b_id]
    confirmed, disputed = played[0], played[1]
    a, b = (reporting.Actor(team=confirmed.team_a), reporting.Actor(team=confirmed.team_b))
    reporting.submit(confirmed, a, Report.Kind.FINAL, {"score_a": 121, "score_b": 100})
    reporting.submit(confirmed, b, Report.Kind.FINAL, {"score_a": 121, "score_b": 100})
    a, b = (reporting.Actor(team=disputed.team_a), reporting.Actor(team=disputed.team_b))
    reporting.submit(disputed, a, Report.Kind.FINAL, {"score_a": 121, "score_b": 95})
    reporting.submit(disputed, b, Report.Kind.FINAL, {"score_a": 90, "score_b": 121})
    disputed.refresh_from_db()
    assert disputed.status == Game.Status.DISPUTED
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    reporting.submit(disputed, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 95})
    release(event, organizer)
    withdraw_team(players[-1], organizer)
    late = add_team(event, organizer, captain="Fred Hébert", missed_rounds="bye")
    round_2 = seat_next_round(event, organizer)
    assert round_2.games.filter(team_b__isnull=False).exists()  # no result yet: the tables
    # may still be changed by hand (the desk's form)
    event.refresh_from_db()
    return event, players + [late], season


def other_choices(language: str) -> list[str]:
    """The settings page names the choices the event did not take: the pairs entry and the
    partnership rule sets ("4 players in two teams of two") are those options' own names."""
    with translation.override(language):
        labels = [str(label) for _key, label in rule_set_choices()]
        return [*labels, str(Event.Entry.PAIRS.label)]


def pages(event, players, season) -> dict[str, list[str]]:
    slug = event.slug
    games = list(Game.objects.filter(round__event=event).values_list("pk", flat=True))
    league = season.league.slug
    public = [
        f"/e/{slug}/",
        f"/e/{slug}/seating/",
        f"/e/{slug}/seating/?projector=1",
        f"/e/{slug}/standings/",
        f"/e/{slug}/standings/?projector=1",
        f"/e/{slug}/podium/",
        f"/e/{slug}/register/",
        f"/e/{slug}/rounds/1/",
        f"/e/{slug}/rounds/2/",
        *[f"/e/{slug}/teams/{team.pk}/" for team in players],
        f"/s/{league}/{season.slug}/",
        f"/s/{league}/{season.slug}/palmares/",
        f"/s/{league}/palmares/",
        *[f"/r/{team.registration_token}/" for team in players[:2] if team.registration_token],
    ]
    organizer = [
        *[
            f"/organize/{slug}/{page}"
            for page in (
                "",
                "settings/",
                "teams/",
                "guests/",
                "registrations/",
                "check-in/",
                "check-in/scan/",
                "desk/",
                "audit/",
                "officials/",
                "slips/print/",
                "rounds/1/print/",
                "rounds/2/print/",
            )
        ],
        f"/organize/{slug}/teams/{players[0].pk}/edit/",
        *[f"/organize/{slug}/desk/games/{pk}/" for pk in games],
    ]
    return {"public": public, "organizer": organizer}


def phone_pages(event, team) -> list[str]:
    token = link_of(team).token
    games = Game.objects.filter(round__event=event, team_b__isnull=False).filter(
        team_a=team
    ) | Game.objects.filter(round__event=event, team_b=team)
    return [f"/c/{token}/"] + [
        f"/c/{token}/games/{pk}/{mode}"
        for pk in games.values_list("pk", flat=True)
        for mode in ("", "?mode=sheet")
    ]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_page_of_a_singles_event_says_player(evening, organizer, captain_client, language):
    event, players, season = evening
    urls = pages(event, players, season)
    found = {}
    anonymous, desk = Client(), Client()
    desk.force_login(organizer)
    for client, url in [(anonymous, u) for u in urls["public"]] + [
        (desk, u) for u in urls["organizer"]
    ]:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, (url, response.status_code)
        text = read(response.content.decode())
        if url.endswith("/settings/"):
            for label in other_choices(language):
                text = text.replace(label, " ")
        if words := team_words(text):
            found[url] = words
    for team in players[:2]:
        phone = captain_client(team)
        for url in phone_pages(event, team):
            response = phone.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200, (url, response.status_code)
            if words := team_words(read(response.content.decode())):
                found[url] = words
    assert not found, "\n".join(f"{url}: {words}" for url, words in found.items())


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_csv_files_of_a_singles_event_say_player(evening, organizer, language):
    event, _players, season = evening
    desk = Client()
    desk.force_login(organizer)
    found = {}
    league = season.league.slug
    urls = [
        f"/organize/{event.slug}/export/{what}.csv"
        for what in ("standings", "games", "teams", "registrations")
    ] + [f"/s/{league}/{season.slug}/palmares.csv", f"/s/{league}/palmares.csv"]
    for url in urls:
        response = desk.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, url
        body = b"".join(response.streaming_content) if response.streaming else response.content
        if words := team_words(body.decode("utf-8-sig")):
            found[url] = words
    assert not found, "\n".join(f"{url}: {words}" for url, words in found.items())


def test_the_event_form_of_a_singles_event_names_the_players(evening):
    event, _players, _season = evening
    for language in ("fr", "en"):
        with translation.override(language):
            form = EventForm(instance=event)
            words = [str(label) for _v, label in form.fields["confirmation"].choices]
            words += [str(label) for _v, label in form.fields["playoff_format"].choices]
            text = " ".join(words)
            assert not team_words(text), text
            assert ("joueurs" if language == "fr" else "players") in text


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_phone_sheet_of_two_players_shows_the_opponents_hand_first(
    evening, captain_client, language
):
    event, players, _season = evening
    # A game still to report (a confirmed one shows its score, not the sheet).
    game = (
        Game.objects.filter(round__event=event, team_b__isnull=False)
        .filter(Q(team_a=players[0]) | Q(team_b=players[0]))
        .exclude(status=Game.Status.CONFIRMED)
        .first()
    )
    assert game is not None
    phone = captain_client(players[0])
    url = f"/c/{link_of(players[0]).token}/games/{game.pk}/?mode=sheet"
    text = read(phone.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())
    if language == "fr":
        assert "l'adversaire du donneur d'abord, le donneur ensuite" in text
        assert "à gauche du donneur" not in text
    else:
        assert "the dealer's opponent first, the dealer second" in text
        assert "dealer's left" not in text


def test_the_words_a_walk_through_found_still_saying_team(evening, organizer):
    """Seen on a singles night: « Lise Pelletier (Lise Pelletier) contre … » on « Où suis-je
    assis? », « Une seule équipe atteint 121 » for 121–121 on a player's phone, and the
    publish question's « ses équipes »."""
    from tournaments.errors import RuleError
    from tournaments.results.reporting import check_final_score

    event, players, _season = evening
    seating = Client().get(f"/e/{event.slug}/seating/", HTTP_ACCEPT_LANGUAGE="fr")
    text = read(seating.content.decode())
    assert seating.status_code == 200 and not any(f"{p.name} ({p.name})" in text for p in players)
    with translation.override("fr"), pytest.raises(RuleError) as refused:
        check_final_score(event, 121, 121)
    assert str(refused.value).startswith("Un seul joueur atteint 121 :")
    draft = singles_event(organizer, visibility="release", draft=True)
    client = Client()
    client.force_login(organizer)
    dashboard = unescape(
        client.get(f"/organize/{draft.slug}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )
    assert "ses joueurs et son placement" in dashboard and "ses équipes" not in dashboard
