"""Players: explicit links at registration (a picked player, a member number the league knows,
else a new player; never a name), CSV member numbers, merging duplicates, the player page."""

from __future__ import annotations

import datetime
import importlib

import pytest
from django.core.cache import cache
from django.test import Client

from accounts.models import User
from tests.builders.sheets import sheet
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.events.creation import create_event
from tournaments.events.csv_import import import_teams
from tournaments.events.teams import add_team
from tournaments.leagues import players as players_service
from tournaments.leagues.season_standings import compute_season
from tournaments.models import AuditEntry, Game, League, Player, Report, Round, Season, Team
from tournaments.results import reporting
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # cached standings are keyed by event id and version, which tests reuse


@pytest.fixture
def league(organizer):
    league = League.objects.create(name="Ligue du Fjord", slug="fjord", created_by=organizer)
    league.organizers.add(organizer)
    return league


@pytest.fixture
def season(league):
    return Season.objects.create(league=league, name="Saison 2027", slug="2027")


def new_event(organizer, season=None, name="Omnium", **fields):
    return create_event(
        organizer, name=name, date=datetime.date(2027, 1, 16), season=season, seed=3, **fields
    )


# --- registration --------------------------------------------------------------------------------


def test_a_member_number_the_league_knows_links_the_known_player(organizer, season, league):
    gisele = Player.objects.create(league=league, name="Gisèle Tremblay", member_number="F-123")
    event = new_event(organizer, season)
    team = add_team(
        event,
        organizer,
        name="Les As",
        captain="G. Tremblay",
        captain_member_number="F-123",
        partner="Roger Gagnon",
    )
    assert team.captain_player == gisele
    assert team.captain == "G. Tremblay"  # the sheets keep the name as written that day
    assert team.partner_player.name == "Roger Gagnon" and team.partner_player.league == league


def test_an_unknown_member_number_makes_a_new_player_found_again_next_time(organizer, season):
    first = new_event(organizer, season, name="Omnium 1")
    team = add_team(
        first,
        organizer,
        name="Les As",
        captain="Lucien",
        captain_member_number="F-9",
        partner="Thérèse",
    )
    second = new_event(organizer, season, name="Omnium 2")
    again = add_team(
        second,
        organizer,
        name="Les Rois",
        captain="Lucien B.",
        captain_member_number="F-9",
        partner="Marcel",
    )
    assert again.captain_player == team.captain_player
    assert team.captain_player.member_number == "F-9"


def test_names_never_match_existing_players(organizer, season, league):
    Player.objects.create(league=league, name="Marcel Côté")
    event = new_event(organizer, season)
    team = add_team(event, organizer, name="Les As", captain="Marcel Côté", partner="Huguette")
    assert Player.objects.filter(name="Marcel Côté").count() == 2
    assert team.captain_player.member_number == ""


def test_an_explicit_player_is_linked_and_gives_the_name(organizer, season, league):
    rita = Player.objects.create(league=league, name="Rita Girard")
    event = new_event(organizer, season)
    team = add_team(event, organizer, name="Les As", captain_player=rita.pk, partner="Gilles")
    assert (team.captain_player, team.captain) == (rita, "Rita Girard")


def test_registration_refusals_change_nothing(organizer, season, league):
    rita = Player.objects.create(league=league, name="Rita")
    elsewhere = Player.objects.create(
        league=League.objects.create(name="Autre", slug="autre"), name="Yvon"
    )
    event = new_event(organizer, season)
    add_team(event, organizer, name="Les As", captain_player=rita, partner="Paul")
    cases = [
        (
            dict(captain_player=rita, partner="Léa"),
            "player_taken",
            "Rita already plays in team Les As of this event.",
        ),
        (dict(captain="Léa", partner_player=elsewhere), "unknown_player", None),
        (
            dict(captain_player=999999, partner="Léa"),
            "unknown_player",
            "No player #999999 in Ligue du Fjord.",
        ),
        (
            dict(
                captain="Léa",
                captain_member_number="N-1",
                partner="Zoé",
                partner_member_number="N-1",
            ),
            "same_player",
            None,
        ),
    ]
    for fields, code, message in cases:
        before = (Team.objects.count(), Player.objects.count())
        with pytest.raises(RuleError) as error:
            add_team(event, organizer, name="Les Rois", **fields)
        assert error.value.code == code
        if message:
            assert error.value.message == message
        assert (Team.objects.count(), Player.objects.count()) == before


def test_an_event_outside_seasons_has_players_outside_leagues(organizer):
    team = add_team(new_event(organizer), organizer, name="Les As", captain="Rita", partner="Paul")
    assert team.captain_player.league is None and team.partner_player.league is None


def test_csv_with_member_numbers(organizer, season, league):
    known = Player.objects.create(league=league, name="Denise Boivin", member_number="F-77")
    event = new_event(organizer, season)
    created = import_teams(
        event,
        organizer,
        "équipe;capitaine;partenaire;no capitaine;no partenaire\n"
        "Les As;Denise B.;Gaston;F-77;\n"
        "Les Rois;Yvon;Colette;F-1;F-2\n"
        "Les Dames;Réjean;Pierrette\n",
    )
    assert created[0].captain_player == known and created[0].captain == "Denise B."
    assert [created[1].captain_player.member_number, created[1].partner_player.member_number] == [
        "F-1",
        "F-2",
    ]
    assert created[2].captain_player.member_number == ""
    with pytest.raises(RuleError) as error:
        import_teams(event, organizer, "Les Pics;A;B;1;2;3\n")
    assert error.value.message.startswith("Line 1: expected at most 5 columns")
    # A number already in another team of the event: the line is named, nothing is added.
    with pytest.raises(RuleError) as error:
        import_teams(event, organizer, "Les Pics;Noël;Zoé\nLes Cœurs;X;Y;F-1\n")
    assert error.value.message == "Line 2: Yvon already plays in team Les Rois of this event."
    assert event.teams.count() == 3


def test_the_team_page_registers_by_member_number_and_by_picked_player(
    organizer, season, league, client
):
    known = Player.objects.create(league=league, name="Lise Morin", member_number="F-5")
    rita = Player.objects.create(league=league, name="Rita Girard")
    event = new_event(organizer, season)
    client.force_login(organizer)
    page = client.get(f"/organize/{event.slug}/teams/").content.decode()
    assert "Rita Girard" in page and "Lise Morin (n° F-5)" in page  # the known players to pick
    response = client.post(
        f"/organize/{event.slug}/teams/",
        {
            "team-name": "Les As",
            "team-captain": "Lise",
            "team-captain_member_number": "F-5",
            "team-partner_player": str(rita.pk),
        },
    )
    assert response.status_code == 302
    team = event.teams.get()
    assert (team.captain_player, team.partner_player, team.partner) == (known, rita, "Rita Girard")
    page = client.get(f"/organize/{event.slug}/teams/").content.decode()
    assert f"/p/{rita.uid}/" in page


def test_the_api_registers_with_players_and_shows_them_to_officials(
    organizer, season, league, api_client
):
    rita = Player.objects.create(league=league, name="Rita Girard", member_number="F-8")
    event = new_event(organizer, season)
    api_client.force_authenticate(organizer)
    response = api_client.post(
        f"/api/v1/events/{event.slug}/teams/",
        {
            "name": "Les As",
            "captain_player": rita.pk,
            "partner": "Gilles",
            "partner_member_number": "F-9",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["captain"] == "Rita Girard"
    assert body["captain_player"]["uid"] == str(rita.uid)
    assert body["partner_player"]["member_number"] == "F-9"
    response = api_client.post(
        f"/api/v1/events/{event.slug}/teams/",
        {"name": "Les Rois", "captain_player": rita.pk, "partner": "Léa"},
        format="json",
    )
    assert response.status_code == 400 and response.json()["code"] == "player_taken"


def test_data_migration_gives_each_older_team_member_a_player_of_their_own(organizer, season):
    event = new_event(organizer, season)
    solo = new_event(organizer, name="Hors saison")
    old = [
        Team.objects.create(event=event, name="Les As", captain="Rita", partner="Paul"),
        Team.objects.create(event=event, name="Les Rois", captain="Rita", partner="Léa"),
        Team.objects.create(event=solo, name="Solo", captain="Yvon"),
    ]
    migration = importlib.import_module("tournaments.migrations.0004_players_for_existing_teams")
    from django.apps import apps

    migration.create_players(apps, None)
    a, b, c = (
        Team.objects.select_related("captain_player", "partner_player").get(pk=t.pk) for t in old
    )
    # Two "Rita": two players (organizers merge them if they are one person).
    assert a.captain_player != b.captain_player
    assert (a.captain_player.name, a.partner_player.name) == ("Rita", "Paul")
    assert a.captain_player.league == season.league
    assert c.captain_player.league is None and c.partner_player is None


# --- merging -------------------------------------------------------------------------------------


@pytest.fixture
def duplicate_scene(organizer, season, league):
    """Alice played event 1 as "Alice"; event 2's organizer typed "Alice T.": a new player."""
    alice = Player.objects.create(league=league, name="Alice", member_number="F-1")
    first = new_event(organizer, season, name="Omnium 1")
    second = new_event(organizer, season, name="Omnium 2")
    t1 = add_team(first, organizer, name="Les As", captain_player=alice, partner="Bruno")
    t2 = add_team(second, organizer, name="Les As", captain="Alice T.", partner="Carole")
    return alice, t2.captain_player, t1, t2


def test_merge_moves_the_team_links_and_is_audited(organizer, duplicate_scene, client):
    alice, dup, t1, t2 = duplicate_scene
    players_service.merge(dup, alice, organizer)
    t2.refresh_from_db()
    dup.refresh_from_db()
    assert t2.captain_player == alice and t2.captain == "Alice T."
    assert dup.merged_into == alice and dup.merged_at is not None
    entry = AuditEntry.objects.get(action="player.merge")
    assert entry.event is None and entry.actor == organizer
    assert entry.before["captain_of_teams"] == [t2.pk] and entry.after["teams_moved"] == [t2.pk]
    assert entry.before["duplicate"]["uid"] == str(dup.uid)
    # The duplicate's page leads to Alice's, which lists both events.
    response = client.get(f"/p/{dup.uid}/")
    assert response.status_code == 301 and response["Location"] == f"/p/{alice.uid}/"
    page = client.get(f"/p/{alice.uid}/").content.decode()
    assert "Omnium 1" in page and "Omnium 2" in page
    api = client.get(f"/api/v1/players/{dup.uid}/")
    assert api.status_code == 301 and api["Location"].endswith(f"/api/v1/players/{alice.uid}/")


def test_merge_joins_the_season_rows(organizer, duplicate_scene):
    alice, dup, t1, t2 = duplicate_scene
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    for team in (t1, t2):
        event = team.event
        other = add_team(event, organizer, name="Les Rois", captain="X", partner="Y")
        round_ = Round.objects.create(event=event, number=1, movement="winners_stay")
        game = Game.objects.create(round=round_, table=1, team_a=team, team_b=other)
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 100})
        release(event, organizer)
    season = t1.event.season
    names = [(r.name, r.total) for r in compute_season(season).players]
    assert ("Alice", 121) in names and ("Alice T.", 121) in names
    players_service.merge(dup, alice, organizer)
    names = [(r.name, r.total) for r in compute_season(season).players]
    assert ("Alice", 242) in names and "Alice T." not in [n for n, _t in names]


def test_merge_refusals_say_why_and_change_nothing(
    organizer, other_organizer, duplicate_scene, league, season
):
    alice, dup, t1, t2 = duplicate_scene
    bruno = t1.partner_player
    outsider = Player.objects.create(
        league=League.objects.create(name="Autre", slug="autre"), name="Alice"
    )
    ghost = Player.objects.create(league=league, name="Alice bis")
    players_service.merge(ghost, alice, organizer)
    before = (
        list(Team.objects.values_list("pk", "captain_player", "partner_player")),
        AuditEntry.objects.filter(action="player.merge").count(),
    )
    cases = [
        (dup, dup, organizer, "same_player"),
        (ghost, dup, organizer, "already_merged"),
        (dup, ghost, organizer, "merged_target"),
        (dup, outsider, organizer, "other_league"),
        (bruno, alice, organizer, "played_together"),
        (dup, alice, other_organizer, "forbidden"),
    ]
    for duplicate, into, actor, code in cases:
        with pytest.raises(RuleError) as error:
            players_service.merge(duplicate, into, actor)
        assert error.value.code == code, (duplicate, into)
        assert error.value.message
        assert isinstance(error.value, PermissionRuleError) == (code == "forbidden")
    assert (
        list(Team.objects.values_list("pk", "captain_player", "partner_player")),
        AuditEntry.objects.filter(action="player.merge").count(),
    ) == before


def test_the_players_page_merges_for_league_organizers_only(
    organizer, other_organizer, duplicate_scene, client
):
    alice, dup, t1, t2 = duplicate_scene
    client.force_login(other_organizer)
    assert client.get("/organize/leagues/fjord/players/").status_code == 404
    client.force_login(organizer)
    page = client.get("/organize/leagues/fjord/players/").content.decode()
    assert "Alice T." in page and "Alice (n° F-1)" in page
    response = client.post(
        "/organize/leagues/fjord/players/", {"duplicate": dup.pk, "into": dup.pk}
    )
    assert (
        "cannot be merged into itself" in response.content.decode()
        or "ne peut pas" in response.content.decode()
    )
    dup.refresh_from_db()
    assert dup.merged_into is None
    response = client.post(
        "/organize/leagues/fjord/players/", {"duplicate": dup.pk, "into": alice.pk}
    )
    assert response.status_code == 302
    dup.refresh_from_db()
    assert dup.merged_into == alice


# --- the player page -----------------------------------------------------------------------------


@pytest.fixture
def sheet_event(organizer, season, league):
    """Alice & Bruno ("Les As") in a 4-team event of 3 rounds; two games on hand-by-hand sheets
    (tests/builders/sheets.py, side A wins 121–85), the As as side A in round 1 and side B in
    round 2; and an unreleased event where the As win another sheet."""
    alice = Player.objects.create(league=league, name="Alice")
    bruno = Player.objects.create(league=league, name="Bruno")
    # A series of 3: medals are won once the series is complete.
    event = new_event(organizer, season, name="Omnium des feuilles", number_of_games=3)
    teams = {
        name: add_team(event, organizer, name=name, captain=f"{name} 1", partner=f"{name} 2")
        for name in ("Les Rois", "Les Dames", "Les Valets")
    }
    teams["Les As"] = add_team(
        event, organizer, name="Les As", captain_player=alice, partner_player=bruno
    )
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)

    def play(event, number, tables):
        round_ = Round.objects.create(event=event, number=number, movement="winners_stay")
        for table, (a, b, result) in enumerate(tables, start=1):
            game = Game.objects.create(round=round_, table=table, team_a=a, team_b=b)
            if result == "sheet":
                reporting.submit(game, desk, Report.Kind.SHEET, {"sheet": sheet()})
            else:
                reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": result})

    t = teams
    play(event, 1, [(t["Les As"], t["Les Rois"], "sheet"), (t["Les Dames"], t["Les Valets"], 100)])
    play(event, 2, [(t["Les Dames"], t["Les As"], "sheet"), (t["Les Rois"], t["Les Valets"], 110)])
    play(event, 3, [(t["Les As"], t["Les Valets"], 100), (t["Les Dames"], t["Les Rois"], 90)])
    release(event, organizer)
    hidden = new_event(organizer, season, name="Omnium caché")
    as_hidden = add_team(
        hidden, organizer, name="Les As", captain_player=alice, partner_player=bruno
    )
    rivals = add_team(hidden, organizer, name="Rivaux", captain="R", partner="S")
    play(hidden, 1, [(as_hidden, rivals, "sheet")])
    return alice, event, hidden


def test_player_record_from_released_sheets_only(sheet_event, client):
    alice, event, hidden = sheet_event
    body = client.get(f"/api/v1/players/{alice.uid}/").json()
    # Round 1: won 121–85 (a skunk, 85 < 91); round 2: lost 85–121 (skunked); round 3: won
    # 121–100. The hidden event's win is not counted.
    assert (body["games"], body["wins"], body["losses"]) == (3, 2, 1)
    assert (body["skunks_for"], body["skunks_against"]) == (1, 1)
    # Side A's hands on the sheet (see sheets_data): 8, 6 | 6, 4 | 12, 4 | 8, 4 | 10, 8 | 12, 12
    # = 94 over 12 hands, cribs 2, 2, 0; side B's: 4, 2 | 4, 7 | 4, 6 | 10, 4 | 6, 9 | 4 = 60
    # over 11 hands, cribs 2, 2. The As were A in round 1 and B in round 2.
    assert body["hands"] == {
        "sheets": 2,
        "hands": 23,
        "cribs": 5,
        "average_hand": round((94 + 60) / 23, 2),
        "average_crib": round((4 + 4) / 5, 2),
        "best_hand": 12,
    }
    # Points: Dames 363, As 121+85+121 = 327, Valets 310, Rois 296: the As are 2nd.
    lines = {line["event"]["name"]: line for line in body["events"]}
    assert (lines[event.name]["rank"], lines[event.name]["medal"]) == (2, "silver")
    assert lines[hidden.name]["rank"] is None and lines[hidden.name]["results_public"] is False
    page = client.get(f"/p/{alice.uid}/").content.decode()
    assert "6,70" in page or "6.70" in page  # the average hand
    assert "1,60" in page or "1.60" in page
    assert "Omnium caché" in page


def test_anonymous_visitors_see_season_and_player_pages(sheet_event, client, season):
    alice, event, hidden = sheet_event
    assert client.get(f"/s/fjord/{season.slug}/").status_code == 200
    assert client.get(f"/p/{alice.uid}/").status_code == 200
    assert client.get("/organize/leagues/").status_code == 302  # organizers log in


# --- leagues and seasons, organizer pages --------------------------------------------------------


def test_creating_a_league_makes_its_creator_an_organizer(client, organizer):
    client.force_login(organizer)
    response = client.post("/organize/leagues/", {"name": "Ligue des Laurentides"})
    league = League.objects.get(name="Ligue des Laurentides")
    assert (
        response.status_code == 302 and response["Location"] == f"/organize/leagues/{league.slug}/"
    )
    assert list(league.organizers.all()) == [organizer]
    response = client.post(
        f"/organize/leagues/{league.slug}/",
        {"name": "Hiver 2027", "aggregation": "placement", "placement_points": "10, 6, 4"},
    )
    season = league.seasons.get()
    assert (season.aggregation, season.placement_points) == ("placement", [10, 6, 4])


def test_season_settings_refuse_bad_points_and_attach_the_organizers_events(
    client, organizer, other_organizer, season
):
    mine = new_event(organizer, name="Mon omnium")
    theirs = new_event(other_organizer, name="Leur omnium")
    client.force_login(organizer)
    url = "/organize/leagues/fjord/seasons/2027/"
    page = client.get(url).content.decode()
    assert "Mon omnium" in page and "Leur omnium" not in page
    response = client.post(
        url, {"name": "Saison 2027", "aggregation": "placement", "placement_points": "10, six, 4"}
    )
    assert "place 2" in response.content.decode()
    season.refresh_from_db()
    assert season.aggregation == "points" and season.placement_points == []
    client.post(
        url,
        {
            "name": "Saison 2027",
            "aggregation": "placement",
            "placement_points": "10; 6; 4",
            "best_of": "2",
        },
    )
    season.refresh_from_db()
    assert (season.aggregation, season.placement_points, season.best_of) == (
        "placement",
        [10, 6, 4],
        2,
    )
    assert AuditEntry.objects.filter(action="season.settings", event=None).count() == 1
    client.post(url + "events/", {"events": [str(mine.pk), str(theirs.pk)]})
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert mine.season_id is None  # a choice not offered refuses the form: nothing changes
    client.post(url + "events/", {"events": [str(mine.pk)]})
    mine.refresh_from_db()
    assert mine.season == season and theirs.season is None
    client.post(url + "events/", {})
    mine.refresh_from_db()
    assert mine.season is None


def test_attaching_an_event_brings_its_players_into_the_league(organizer, season):
    event = new_event(organizer, name="Hors saison")
    team = add_team(event, organizer, name="Les As", captain="Rita", partner="Paul")
    from tournaments.leagues.seasons import set_season_events

    set_season_events(season, organizer, [event.pk])
    team.captain_player.refresh_from_db()
    assert team.captain_player.league == season.league


def test_only_league_organizers_edit_seasons(client, other_organizer, season):
    client.force_login(other_organizer)
    assert client.get("/organize/leagues/fjord/").status_code == 404
    assert client.get("/organize/leagues/fjord/seasons/2027/").status_code == 404
    staff = User.objects.create_user("boss@example.org", "pw-boss-1", is_staff=True)
    client.force_login(staff)
    assert client.get("/organize/leagues/fjord/seasons/2027/").status_code == 200


def test_season_settings_refusals_name_the_field_and_change_nothing(
    organizer, other_organizer, season
):
    from tournaments.leagues.seasons import update_season

    cases = [
        ({"aggregation": "placement"}, "placement_points", "required"),
        ({"placement_points": "25, -3"}, "placement_points", "not_a_number"),
        ({"best_of": 0}, "best_of", "invalid"),
        ({"aggregation": "medals"}, "aggregation", "invalid"),
    ]
    messages = []
    for settings, field, code in cases:
        with pytest.raises(RuleError) as error:
            update_season(season, organizer, **settings)
        assert (error.value.field, error.value.code) == (field, code)
        messages.append(error.value.message)
    assert messages[1].startswith("Placement points, place 2: “-3” is not a whole number")
    with pytest.raises(PermissionRuleError):
        update_season(season, other_organizer, best_of=3)
    season.refresh_from_db()
    assert (season.aggregation, season.placement_points, season.best_of) == ("points", [], None)


def test_season_settings_date_the_events_in_the_pages_language(organizer, season):
    new_event(organizer, name="Mon omnium")
    for language, written in (
        ("en", "Mon omnium — Jan. 16, 2027"),
        ("fr-ca", "Mon omnium — 16 janvier 2027"),
    ):
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(organizer)
        page = client.get("/organize/leagues/fjord/seasons/2027/").content.decode()
        assert written in page and "2027-01-16" not in page
