"""Club nights on the pages, the CSV and the API (issue 50, part 3): the season page states the
rule and the champion's tiebreaks, a guest is marked « invité » / "guest" on the night's
standings and in the season, the desk's guests page marks them and warns past the season's
guest nights (never refuses), the settings form, the season CSV's tiebreak columns."""

from __future__ import annotations

import csv
import datetime
import io
import re

import pytest
from django.core.cache import cache

from tests.builders.club_nights import club_night, club_season, recount
from tournaments.models import Team

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
FR = {"HTTP_ACCEPT_LANGUAGE": "fr-CA"}


@pytest.fixture
def nights(organizer):
    """Two nights of 4 games among 6 players; Flo Grant is a guest in night 1."""
    cache.clear()
    season, people = club_season(organizer, night_threshold=6)
    six = [people[n] for n in list(people)[:6]]
    one = club_night(
        organizer, season, "Night 1", datetime.date(2026, 9, 8), six, guests={"Flo Grant"}, games=4
    )
    two = club_night(organizer, season, "Night 2", datetime.date(2026, 9, 15), six, games=4)
    return season, people, [one, two]


def season_url(season):
    return f"/s/{season.league.slug}/{season.slug}/"


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_season_page_states_the_rule_and_the_champions_tiebreaks(client, nights):
    season, _people, _events = nights
    page = text_of(client.get(season_url(season), **EN).content.decode())
    assert (
        "Club nights: a night with 6 points (game points) or more earns its points as season "
        "points; a night below earns none." in page
    )
    assert (
        "Club champion: the most season points; if tied, the most nights that earned points, "
        "then the most game points, then the best net spread" in page
    )
    assert "The desk is warned past 4 guest nights." in page
    french = text_of(client.get(season_url(season), **FR).content.decode())
    assert "Champion du club : le plus de points de saison" in french
    assert "invité" in french


def test_a_guest_is_marked_on_the_nights_standings_in_both_languages(client, nights):
    _season, _people, (one, two) = nights
    english = client.get(f"/e/{one.slug}/standings/", **EN).content.decode()
    assert re.search(r"Flo Grant</a> <span class=\"guest-mark\" data-guest>\(guest\)", english)
    assert english.count("data-guest>") == 1
    french = client.get(f"/e/{one.slug}/standings/", **FR).content.decode()
    assert "data-guest>(invité)" in french
    assert "data-guest" not in client.get(f"/e/{two.slug}/standings/", **EN).content.decode()


def test_the_season_csv_has_the_tiebreak_columns_and_the_guest_night(client, nights):
    season, _people, (one, two) = nights
    url = f"/s/{season.league.slug}/{season.slug}/players.csv?delimiter=comma"
    rows = list(csv.reader(io.StringIO(client.get(url, **EN).getvalue().decode("utf-8-sig"))))
    assert rows[0][-4:] == ["Nights that earned points", "Game points", "Net spread", "Total"]
    flo = next(r for r in rows if r[2] == "Flo Grant")
    counts = recount(two)["Flo Grant"]
    earned = counts["gp"] if counts["gp"] >= 6 else 0
    assert flo[3] == "guest"  # night 1
    assert flo[4] == (str(earned))
    assert flo[-4:] == [str(int(earned > 0)), str(counts["gp"]), str(counts["spread"]), str(earned)]


def test_the_api_gives_the_rule_the_tiebreaks_and_guest_nights(api_client, nights):
    season, _people, _events = nights
    url = f"/api/v1/leagues/{season.league.slug}/seasons/{season.slug}/standings/"
    data = api_client.get(url).json()
    assert (data["aggregation"], data["night_threshold"], data["guest_nights"]) == (
        "threshold",
        6,
        4,
    )
    assert data["tiebreaks"] == ["nights_qualified", "game_points", "spread"]
    flo = next(r for r in data["players"] if r["name"] == "Flo Grant")
    assert flo["events"][0]["guest"] is True and flo["events"][0]["score"] == 0
    assert flo["rank"] is not None  # a member in night 2


def test_the_settings_form_saves_the_club_night_rule(client, organizer, nights):
    season, _people, _events = nights
    client.force_login(organizer)
    url = f"/organize/leagues/{season.league.slug}/seasons/{season.slug}/"
    form = client.get(url, **EN).content.decode()
    assert 'name="night_threshold"' in form and 'value="6"' in form
    response = client.post(
        url,
        {
            "name": season.name,
            "aggregation": "table",
            "night_table": "12: 1, 10: 2",
            "night_threshold": "12",
            "night_award": "night_points",
            "night_fixed_points": "1",
            "guest_nights": "3",
        },
        **EN,
    )
    assert response.status_code == 200
    assert "step 2: 10 night points must be more than the step before (12)" in text_of(
        response.content.decode()
    )
    season.refresh_from_db()
    assert season.aggregation == "threshold"  # nothing changed
    response = client.post(
        url,
        {
            "name": season.name,
            "aggregation": "table",
            "night_table": "4: 1, 8: 3",
            "night_threshold": "12",
            "night_award": "fixed",
            "night_fixed_points": "2",
            "guest_nights": "3",
        },
        **EN,
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.aggregation, season.night_table, season.night_award, season.guest_nights) == (
        "table",
        [[4, 1], [8, 3]],
        "fixed",
        3,
    )
    page = text_of(client.get(season_url(season), **EN).content.decode())
    assert "4 or more: 1; 8 or more: 3 (0 below the first step)" in page


def test_the_desk_marks_guests_and_is_warned_past_the_allowed_nights(client, organizer, nights):
    season, people, (one, two) = nights
    season.guest_nights = 1
    season.save()
    client.force_login(organizer)
    url = f"/organize/{two.slug}/guests/"
    page = client.get(url, **EN).content.decode()
    assert "Season “Season 2026-27”: one guest night is allowed before joining" in text_of(page)
    flo = Team.objects.get(event=two, captain="Flo Grant")
    # Flo plays night 2 as a guest too: the second guest night, past the one allowed.
    response = client.post(url, {"guests": [f"{flo.pk}-captain"]}, follow=True, **EN)
    words = text_of(response.content.decode())
    assert (
        "Flo Grant has played 2 nights as a guest this season; the season allows 1 night before "
        "joining." in words
    )
    flo.refresh_from_db()
    assert flo.captain_guest  # warned, not refused
    desk_page = text_of(client.get(f"/organize/{two.slug}/desk/", **EN).content.decode())
    assert "Flo Grant has played 2 nights as a guest this season" in desk_page
    standings = client.get(f"/e/{two.slug}/standings/", **EN).content.decode()
    assert "data-guest>(guest)" in standings  # the cached standings followed
    season_page = text_of(client.get(season_url(season), **EN).content.decode())
    assert re.search(r"guest Flo Grant", season_page)  # two guest nights: not ranked
    # Unticked again (she joined): ranked from night 2 on.
    client.post(url, {}, **EN)
    flo.refresh_from_db()
    assert not flo.captain_guest
    desk_page = text_of(client.get(f"/organize/{two.slug}/desk/", **EN).content.decode())
    assert "as a guest this season" not in desk_page


def test_only_the_events_people_mark_guests(client, other_organizer, nights):
    _season, _people, (one, _two) = nights
    client.force_login(other_organizer)
    assert client.get(f"/organize/{one.slug}/guests/").status_code == 404
    flo = Team.objects.get(event=one, captain="Flo Grant")
    assert client.post(f"/organize/{one.slug}/guests/", {}).status_code == 404
    flo.refresh_from_db()
    assert flo.captain_guest


def test_an_unknown_seat_is_refused_and_nothing_changes(client, organizer, nights):
    _season, _people, (one, _two) = nights
    client.force_login(organizer)
    response = client.post(
        f"/organize/{one.slug}/guests/", {"guests": ["999999-captain"]}, follow=True, **EN
    )
    assert "No player “999999-captain” in this event" in text_of(response.content.decode())
    assert Team.objects.get(event=one, captain="Flo Grant").captain_guest


def test_the_club_night_pages_in_french_show_no_english(organizer, nights):
    """The season page (rule, tiebreaks, guests), the night's standings with its guest, the
    season's settings and the desk's guests page, in French: no English words."""
    from tests.locale.test_french_everywhere import english_on, french_client

    season, _people, events = nights
    one = events[0]
    # Names are data, not words: the club's own, in French.
    season.league.name, season.name = "Club de crib de la Rivière", "Saison 2026-2027"
    season.league.save()
    season.save()
    for number, event in enumerate(events, start=1):
        event.name = f"Soirée {number}"
        event.save(update_fields=["name"])
    cache.clear()
    desk_client = french_client(organizer)
    public = [season_url(season), f"/e/{one.slug}/standings/"]
    organizer_pages = [
        f"/organize/leagues/{season.league.slug}/seasons/{season.slug}/",
        f"/organize/{one.slug}/guests/",
    ]
    found, seen = english_on([(french_client(), public), (desk_client, organizer_pages)])
    assert seen == 4
    assert found == []


def test_a_season_of_singles_and_pairs_names_its_entries_teams_or_players(
    client, organizer, nights, make_event
):
    """Issue 50's leftover: a season's honours board with singles nights and a pairs event
    called every entry a team (a player's night under "Équipe", the player named twice, the
    average "the team's score"). A board of both says "team or player", and a singles entry
    is named once."""
    from tests.builders.finished_event import play_series
    from tournaments.events.creation import set_number_of_games
    from tournaments.leagues.seasons import place_event
    from tournaments.standings.service import release

    season, people, _events = nights
    pairs = make_event(4, name="Omnium en paires")
    set_number_of_games(pairs, organizer, 2)
    play_series(pairs, organizer)
    release(pairs, organizer)
    place_event(pairs, organizer, season)
    cache.clear()
    page = text_of(client.get(season_url(season) + "palmares/", **FR).content.decode())
    assert page.count("Équipe ou joueur") == 2  # the columns of the skunks and the runs
    assert "Points par partie (le pointage de l'équipe, ou du joueur en simple)" in page
    for name in people:
        assert f"{name} {name}" not in page  # a player's own entry: their name once
    single = text_of(client.get(season_url(season) + "palmares/", **EN).content.decode())
    assert "Team or player" in single
