"""Singles as a first-class entry (issue 50): one player per entry in a two- or three-handed
event, wherever an entry is made, read or counted.

A "singles night" below: 6 players entered by one paste, two-handed to 121 (STANDARD_2P_121),
three rounds reported at the desk, results live. The figures checked are written here (who
beat whom), not read back from the code under test.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from html import unescape

import pytest
from django.db import transaction
from django.test import Client

from tests.conftest import link_of
from tournaments.archives import open_format
from tournaments.archives.transfer import dumps, export_event, import_event
from tournaments.errors import RuleError, every_error
from tournaments.events.creation import create_event
from tournaments.events.csv_import import import_teams
from tournaments.events.public_registration import Entry, register
from tournaments.events.settings import update_event
from tournaments.events.teams import add_team
from tournaments.forms import EventForm
from tournaments.leagues.season_standings import compute_season
from tournaments.leagues.seasons import create_league, create_season, place_event
from tournaments.models import Event, Game, RatingPoint, Report, Round, Team
from tournaments.ratings.service import rebuild
from tournaments.results import reporting

pytestmark = pytest.mark.django_db

PLAYERS = ["Alice Roy", "Bruno Caron", "Chantal Dubé", "Denis Fortin", "Élise Gagné", "Fred Hébert"]
# round: (winner, loser, loser's score), players numbered 1-6 in paste order; game points:
# a win 2, a skunk win (loser 90 or under) 3.
NIGHT = {
    1: [(1, 2, 100), (3, 4, 85), (5, 6, 110)],
    2: [(1, 3, 95), (2, 5, 120), (6, 4, 90)],
    3: [(1, 5, 60), (3, 6, 100), (4, 2, 111)],
}


def singles_event(organizer, **fields) -> Event:
    values = {
        "rule_set": "STANDARD_2P_121",
        "entry": "singles",
        "scoring_system": "game_points",
        "visibility": "live",
        "number_of_games": 3,
        "seed": 7,
    } | fields
    return create_event(
        organizer, name="Soirée du club", date=datetime.date(2026, 11, 24), **values
    )


@pytest.fixture
def night(organizer):
    """The singles night, entered by paste and played (three rounds at the desk)."""
    event = singles_event(organizer)
    import_teams(event, organizer, "\n".join(PLAYERS))
    player = dict(enumerate(event.teams.order_by("id"), start=1))
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    for number, tables in NIGHT.items():
        round_ = Round.objects.create(event=event, number=number, movement="random_draw")
        for table, (winner, loser, score) in enumerate(tables, start=1):
            game = Game.objects.create(
                round=round_, table=table, team_a=player[winner], team_b=player[loser]
            )
            reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": score})
    event.status = Event.Status.RUNNING
    event.save()
    return event, player


def words_of(html: str) -> str:
    """What a person reads: the text, no tags nor attributes."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def page(client: Client, url: str, language: str = "fr") -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    return unescape(response.content.decode())


# --- 1. the event's setting ---------------------------------------------------------------------


def form_data(**values) -> dict:
    data = {
        "name": "Soirée",
        "date": "2026-11-24",
        "venue": "",
        "game_type": "cribbage",
        "rule_set": "FADOQ",
        "entry": "singles",
        "number_of_games": 9,
        "scoring_system": "game_points",
        "movement": "random_draw",
        "confirmation": "both_captains",
        "visibility": "live",
    }
    return data | values


def test_the_form_refuses_singles_with_a_partnership_rule_set_in_words():
    form = EventForm(form_data(rule_set="FADOQ"))
    assert not form.is_valid()
    [error] = form.errors["entry"]
    assert "two- and three-handed" in error and "partnerships" in error
    assert EventForm(form_data(rule_set="STANDARD_2P_121")).is_valid()
    assert EventForm(form_data(rule_set="THREE_PLAYER")).is_valid()
    assert EventForm(form_data(rule_set="FADOQ", entry="pairs")).is_valid()


def test_creating_singles_with_a_four_hand_rule_set_is_refused(organizer):
    with pytest.raises(RuleError) as refused:
        singles_event(organizer, rule_set="FOUR_PLAYER_PARTNERS")
    assert refused.value.field == "entry"
    assert not Event.objects.filter(name="Soirée du club").exists()


def test_pairs_with_partners_cannot_become_singles_and_the_refusal_names_them(
    make_event, organizer
):
    event = make_event(3, rule_set="STANDARD_2P_121")
    with pytest.raises(RuleError) as refused:
        update_event(event, organizer, {"entry": "singles"})
    assert "Équipe 1, Équipe 2, Équipe 3" in refused.value.message
    event.refresh_from_db()
    assert event.entry == "pairs"


def test_singles_with_entries_cannot_become_pairs_nor_move_to_a_partnership_game(organizer):
    event = singles_event(organizer)
    add_team(event, organizer, captain="Alice Roy")
    with pytest.raises(RuleError) as refused:
        update_event(event, organizer, {"entry": "pairs"})
    assert "1 player is entered alone" in refused.value.message
    with pytest.raises(RuleError):
        update_event(event, organizer, {"rule_set": "FADOQ"})
    event.refresh_from_db()
    assert (event.entry, event.rule_set) == ("singles", "STANDARD_2P_121")


def test_an_empty_pairs_event_may_become_singles(organizer):
    event = create_event(
        organizer, name="Vide", date=datetime.date(2026, 11, 24), rule_set="STANDARD_2P_61"
    )
    assert update_event(event, organizer, {"entry": "singles"}).singles


# --- 2. one player per entry --------------------------------------------------------------------


def test_a_singles_entry_is_named_after_its_one_player_and_refuses_a_partner(organizer):
    event = singles_event(organizer)
    team = add_team(event, organizer, captain="Alice Roy")
    assert (team.name, team.captain, team.partner) == ("Alice Roy", "Alice Roy", "")
    assert team.captain_player.name == "Alice Roy" and team.partner_player is None
    assert team.players == "Alice Roy"
    with pytest.raises(RuleError) as refused:
        add_team(event, organizer, captain="Bruno Caron", partner="Chantal Dubé")
    assert "singles event" in refused.value.message and "Chantal Dubé" in refused.value.message
    assert event.teams.count() == 1


def test_the_organizers_form_asks_for_the_player_only(client, organizer):
    event = singles_event(organizer)
    client.force_login(organizer)
    html = page(client, f"/organize/{event.slug}/teams/", "en")
    assert 'name="team-captain"' in html
    assert 'name="team-partner"' not in html and 'name="team-name"' not in html
    response = client.post(
        f"/organize/{event.slug}/teams/", {"team-captain": "Alice Roy"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302
    assert Team.objects.get(event=event).name == "Alice Roy"


def test_a_singles_paste_is_one_name_per_line_with_optional_club_email_and_number(organizer):
    event = singles_event(organizer)
    paste = (
        "Player;Club;Email\n"
        "Alice Roy;Legion 57;alice@example.org\n"
        "Bruno Caron\n"
        "Chantal Dubé;;chantal@example.org;A-12\n"
    )
    teams = import_teams(event, organizer, paste)
    assert [(t.name, t.partner, t.club, t.contact_email) for t in teams] == [
        ("Alice Roy", "", "Legion 57", "alice@example.org"),
        ("Bruno Caron", "", "", ""),
        ("Chantal Dubé", "", "", "chantal@example.org"),
    ]
    assert Team.objects.get(name="Chantal Dubé").captain_player.member_number == "A-12"
    assert all(t.partner_player_id is None for t in Team.objects.filter(event=event))


def test_a_bad_singles_paste_says_every_bad_line_and_enters_nobody(organizer):
    event = singles_event(organizer)
    with pytest.raises(RuleError) as refused:
        import_teams(event, organizer, "Alice Roy\nAlice Roy\nBruno;club;pas-un-courriel\n")
    words = [e.message for e in every_error(refused.value)]
    assert any("Line 2" in w and "already appears on line 1" in w for w in words)
    assert any("Line 3" in w and "not an email address" in w for w in words)
    assert event.teams.count() == 0


def test_public_registration_of_a_singles_event_needs_a_name_and_a_contact_only(organizer):
    event = singles_event(organizer, registration_open=True)
    team = register(event, Entry(captain="Alice Roy", contact_email="alice@example.org"))
    assert (team.name, team.partner, team.partner_player) == ("Alice Roy", "", None)
    with pytest.raises(RuleError) as refused:
        register(event, Entry(captain="Bruno", partner="Chantal", contact_phone="418"))
    assert any("singles event" in e.message for e in every_error(refused.value))


def test_the_public_form_shows_no_partner_and_no_team_name(organizer):
    event = singles_event(organizer, registration_open=True)
    html = page(Client(), f"/e/{event.slug}/register/", "en")
    assert (
        "Enter as a player" in html and 'name="partner"' not in html and 'name="name"' not in html
    )
    french = page(Client(), f"/e/{event.slug}/register/", "fr")
    assert "S’inscrire comme joueur" in french and "équipe" not in french.lower()
    response = Client().post(
        f"/e/{event.slug}/register/",
        {"captain": "Denis Fortin", "contact_phone": "418 555-0101"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 302
    assert event.teams.get().name == "Denis Fortin"


def test_the_api_creates_a_singles_event_and_entries_without_a_team_name(api_client, organizer):
    api_client.force_authenticate(organizer)
    created = api_client.post(
        "/api/v1/events/",
        {
            "name": "Soirée API",
            "date": "2026-11-24",
            "rule_set": "STANDARD_2P_121",
            "entry": "singles",
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    assert created.json()["entry"] == "singles"
    slug = created.json()["slug"]
    added = api_client.post(f"/api/v1/events/{slug}/teams/", {"captain": "Alice"}, format="json")
    assert added.status_code == 201, added.content
    assert (added.json()["name"], added.json()["partner"]) == ("Alice", "")
    refused = api_client.post(
        f"/api/v1/events/{slug}/teams/", {"captain": "Bruno", "partner": "Chantal"}, format="json"
    )
    assert refused.status_code == 400 and "singles" in refused.content.decode()
    wrong = api_client.post(
        "/api/v1/events/",
        {"name": "Non", "date": "2026-11-24", "rule_set": "FADOQ", "entry": "singles"},
        format="json",
    )
    assert wrong.status_code == 400 and "partnerships" in wrong.content.decode()


# --- archive and open format --------------------------------------------------------------------


def test_the_archive_and_the_open_format_keep_singles(night, organizer):
    event, _player = night
    document = open_format.results_document(event, organizer)
    open_format.check(document)
    assert document["event"]["entry"] == "singles"
    assert {t["partner"] for t in document["teams"]} == {""}
    assert {t["partner_player"] for t in document["teams"]} == {None}
    with transaction.atomic():
        archive = export_event(event)
        transaction.set_rollback(True)
    assert archive["event"]["entry"] == "singles"
    Event.objects.filter(pk=event.pk).update(uid="00000000-0000-4000-8000-000000000050")
    imported = import_event(dumps(archive), organizer, confirmed=True).event
    assert imported.pk != event.pk and imported.singles
    assert sorted(imported.teams.values_list("name", flat=True)) == sorted(PLAYERS)


def test_an_open_format_document_without_entry_is_pairs(organizer, make_event):
    event = make_event(3)
    document = open_format.results_document(event, organizer)
    document["event"].pop("entry")
    open_format.check(document)  # optional: documents from before singles stay valid
    document["event"]["entry"] = "trios"
    with pytest.raises(RuleError):
        open_format.check(document)


# --- 3. words -----------------------------------------------------------------------------------


def test_pages_say_player_in_english_and_joueur_in_french(night, client, organizer):
    event, player = night
    client.force_login(organizer)
    teams_en = page(client, f"/organize/{event.slug}/teams/", "en")
    assert "Add a player" in teams_en and "Print the players' slips" in teams_en
    assert "Captain's link" not in teams_en and "Add a team" not in teams_en
    teams_fr = page(client, f"/organize/{event.slug}/teams/", "fr")
    assert "Ajouter un joueur" in teams_fr and "coupons des joueurs" in teams_fr
    assert "Ajouter une équipe" not in teams_fr and "Lien et NIP du joueur" in teams_fr
    standings_en = page(Client(), f"/e/{event.slug}/standings/", "en")
    assert "<th>Player</th>" in standings_en and "<th>Team</th>" not in standings_en
    standings_fr = page(Client(), f"/e/{event.slug}/standings/", "fr")
    assert "<th>Joueur</th>" in standings_fr and "<th>Équipe</th>" not in standings_fr
    alice = page(Client(), f"/e/{event.slug}/teams/{player[1].pk}/", "en")
    assert "&" not in alice.split("<main", 1)[-1].split("</main>")[0].replace("&amp;", "")


def test_slips_and_the_phone_speak_to_the_player(night, client, organizer):
    event, player = night
    client.force_login(organizer)
    slips = page(client, f"/organize/{event.slug}/slips/print/", "en")
    assert "Players' slips" in slips and "Captain:" not in slips
    assert "never show it to your opponents" in slips
    phone = Client()
    link = link_of(player[1])
    phone.post(f"/c/{link.token}/", {"pin": link.pin})
    home = words_of(page(phone, f"/c/{link.token}/", "en"))
    assert "captain" not in home.lower() and "team" not in home.lower()
    home_fr = words_of(page(phone, f"/c/{link.token}/", "fr"))
    assert "capitaine" not in home_fr.lower() and "équipe" not in home_fr.lower()


def test_the_csv_files_have_a_player_column_and_no_captain_nor_partner(night, client, organizer):
    event, _player = night
    client.force_login(organizer)
    for what in ("standings", "teams", "games", "registrations"):
        response = client.get(
            f"/organize/{event.slug}/export/{what}.csv", HTTP_ACCEPT_LANGUAGE="en"
        )
        assert response.status_code == 200, what
        text = b"".join(response.streaming_content).decode("utf-8-sig")
        header = next(csv.reader(io.StringIO(text)))
        assert "Captain" not in header and "Partner" not in header, (what, header)
        assert "Player" in header or "Player A" in header, (what, header)


# --- 4. the score sheet -------------------------------------------------------------------------


def test_a_two_handed_event_prints_the_two_hand_sheet(night, client, organizer, make_event):
    event, _player = night
    client.force_login(organizer)
    sheet = page(client, f"/organize/{event.slug}/rounds/1/print/", "en")
    assert 'data-sheet="two-hand"' in sheet and 'data-sheet="four-hand"' not in sheet
    assert "Hand A" in sheet and "Hand 4" not in sheet and "Captain A" not in sheet
    assert "Player A:" in sheet
    pairs = make_event(4)  # FADOQ: the four-hand partnership sheet, as before
    seat = Round.objects.create(event=pairs, number=1, movement="winners_stay")
    teams = list(pairs.teams.order_by("id"))
    Game.objects.create(round=seat, table=1, team_a=teams[0], team_b=teams[1])
    four = page(client, f"/organize/{pairs.slug}/rounds/1/print/", "en")
    assert 'data-sheet="four-hand"' in four and "Hand 4" in four and "Captain A:" in four


# --- 5. seasons and ratings ---------------------------------------------------------------------


def test_a_singles_night_counts_each_player_once_in_the_season_and_the_ratings(night, organizer):
    event, player = night
    league = create_league(organizer, name="Club de la Légion")
    season = create_season(league, organizer, name="2026-2027")
    place_event(event, organizer, season)
    standings = compute_season(season)
    assert standings.teams == []  # no "team" of one person
    by_name = {row.name: row.total for row in standings.players}
    # Game points by hand: 1 won 3 games (2 + 2 + 3 skunk 60) = 7; 3 won 2 (3 skunk 85 + 2)
    # = 5; 2 won 1 = 2; 4 won 1 = 2; 5 won 1 = 2; 6 won 1 (4 scored 90: skunk) = 3.
    assert by_name == {
        "Alice Roy": 7,
        "Chantal Dubé": 5,
        "Fred Hébert": 3,
        "Bruno Caron": 2,
        "Denis Fortin": 2,
        "Élise Gagné": 2,
    }
    assert len(standings.players) == 6
    event.released_at = event.date and datetime.datetime(2026, 11, 24, 23, tzinfo=datetime.UTC)
    event.save(update_fields=["released_at"])
    rebuild()
    assert not RatingPoint.objects.filter(partner__isnull=False).exists()
    rated = set(RatingPoint.objects.filter(latest=True).values_list("player", flat=True))
    assert rated == {t.captain_player_id for t in player.values()}


def test_the_player_page_shows_a_singles_night_without_a_partner(night):
    event, player = night
    html = page(Client(), f"/p/{player[1].captain_player.uid}/", "en")
    assert "singles" in html and "Alice Roy &" not in html


def test_the_words_helper_gives_the_nouns_of_each_kind_of_event(organizer):
    singles = singles_event(organizer)
    assert (singles.words.Entry, singles.words.captain, singles.words.entries) == (
        "Player",
        "player",
        "players",
    )
    pairs = create_event(organizer, name="Paires", date=datetime.date(2026, 11, 24))
    assert (pairs.words.Entry, pairs.words.captain) == ("Team", "captain")
    assert json.dumps(singles.entry) == '"singles"'


def test_the_emails_and_the_registration_page_speak_to_the_player(organizer):
    from tournaments.events import signup_mail
    from tournaments.views.public_registration import confirmation_body

    event = singles_event(organizer, registration_open=True)
    team = register(event, Entry(captain="Alice Roy", contact_email="alice@example.org"))
    bodies = [
        confirmation_body(team, "https://example.org/r/x/"),
        signup_mail.promoted_body(team),
        signup_mail.waiting_body(team, 2),
        signup_mail.withdrawn_body(team),
    ]
    assert bodies[0].startswith("Alice Roy is entered in Soirée du club.")
    for body in bodies:
        assert "team" not in body.lower() and "captain" not in body.lower(), body
        assert "Alice Roy" in body and "&" not in body
    html = words_of(page(Client(), f"/r/{team.registration_token}/", "en"))
    assert "You are entered." in html and "team" not in html.lower()
    french = words_of(page(Client(), f"/r/{team.registration_token}/", "fr"))
    assert "Vous êtes inscrit." in french and "équipe" not in french.lower()


def test_the_desk_the_seating_and_the_check_in_say_player(night, client, organizer):
    event, _player = night
    client.force_login(organizer)
    for url in (
        f"/e/{event.slug}/seating/",
        f"/organize/{event.slug}/desk/",
        f"/organize/{event.slug}/check-in/",
        f"/organize/{event.slug}/",
    ):
        english = words_of(page(client, url, "en"))
        assert "Player" in english, url
        assert " Teams " not in english and "captains' slips" not in english, url
        french = words_of(page(client, url, "fr"))
        assert "Joueur" in french, url
        assert " Équipes " not in french and "capitaines" not in french, url


def test_the_phone_sheet_of_a_two_handed_game_has_two_hands(organizer, captain_client):
    event = singles_event(organizer)
    import_teams(event, organizer, "Alice Roy\nBruno Caron")
    alice, bruno = event.teams.order_by("id")
    round_ = Round.objects.create(event=event, number=1, movement="random_draw")
    game = Game.objects.create(round=round_, table=1, team_a=alice, team_b=bruno)
    phone = captain_client(alice)
    token = link_of(alice).token
    form = words_of(page(phone, f"/c/{token}/games/{game.pk}/?mode=sheet", "en"))
    assert "the dealer's opponent" in form and "partner" not in form and "Hand 3" not in form
    # Alice deals, Bruno deals, Alice deals: she pegs 10 a deal, holds 24 and cribs 12 when
    # she deals; Bruno pegs 5 a deal and holds nothing. 46 + 34 + 46 passes 121 in deal 3.
    post = {"mode": "sheet", "idempotency_key": "two-hands-1"}
    for n, dealer in enumerate(("us", "them", "us"), start=1):
        hands = ("0", "24") if dealer == "us" else ("24", "0")
        post |= {
            f"d{n}-dealer": dealer,
            f"d{n}-peg_us": "10",
            f"d{n}-peg_them": "5",
            f"d{n}-h1": hands[0],
            f"d{n}-h2": hands[1],
            f"d{n}-h3": "7",  # a third hand typed by mistake: not read in a two-handed game
            f"d{n}-crib": "12" if dealer == "us" else "0",
        }
    response = phone.post(f"/c/{token}/games/{game.pk}/", post, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    report = game.reports.get()
    assert (report.kind, report.score_a, report.score_b) == ("sheet", 121, 15)


def test_the_registrations_list_shows_one_player_without_an_ampersand(client, organizer):
    event = singles_event(organizer, registration_open=True)
    register(event, Entry(captain="Alice Roy", contact_email="alice@example.org"))
    client.force_login(organizer)
    html = words_of(page(client, f"/organize/{event.slug}/registrations/", "en"))
    assert "Alice Roy" in html and "&" not in html.replace("&amp;", "")
    assert "Alice Roy &" not in html


def test_the_api_registers_a_player_of_a_singles_event_without_a_team_name(api_client, organizer):
    event = singles_event(organizer, registration_open=True)
    created = api_client.post(
        f"/api/v1/events/{event.slug}/registrations/",
        {"captain": "Alice Roy", "contact_email": "alice@example.org"},
        format="json",
    )
    assert created.status_code == 201, created.content
    team = event.teams.get()
    assert (team.name, team.partner, team.partner_player) == ("Alice Roy", "", None)
    refused = api_client.post(
        f"/api/v1/events/{event.slug}/registrations/",
        {"captain": "Bruno", "partner": "Chantal", "contact_phone": "418 555-0101"},
        format="json",
    )
    assert refused.status_code == 400 and "singles event" in refused.content.decode()
    assert event.teams.count() == 1
