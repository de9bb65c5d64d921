"""The honours board of the hand-worked season of tests/builders/honours.py: exactly the hands
of 24 or more of the sheets and the declared ones, none of the unreleased event; who held each;
skunks, runs, averages and improvement as tallied below; the page, the CSV and the API."""

from __future__ import annotations

import csv
import io

import pytest

from tests.builders.honours import build_honours_season
from tournaments.leagues.honours import league_board, season_board

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(organizer):
    from django.core.cache import cache

    cache.clear()
    return build_honours_season(organizer)


def hands_table(hands):
    return [
        (
            h.count,
            h.event.name,
            h.round.number,
            h.table,
            h.team.name,
            h.player.name if h.player else None,
            h.cards,
            h.verified,
            h.declared,
        )
        for h in hands
    ]


EXPECTED_HANDS = [
    (29, "Omnium de janvier", 1, 1, "Les As", "Alice", "5H 5C 5S JD", True, False),
    (29, "Omnium de février", 1, 1, "Les As", "Bruno", "5S 5D 5C JH", True, True),
    (28, "Omnium de mars", 2, 2, "Les Jokers", None, "5H 5C 5S 5D", True, False),
    (24, "Omnium de janvier", 1, 1, "Les Rois", "Carole", "", False, False),
    (24, "Omnium de janvier", 1, 1, "Les As", "Alice", "7H 7C 8S 8D", True, False),
]


def test_the_board_lists_exactly_the_hands_of_24_or_more_and_none_unreleased(season):
    season, _people, _events, _hidden = season
    board = season_board(season)
    assert hands_table(board.hands) == EXPECTED_HANDS
    assert hands_table(board.cribs) == [
        (24, "Omnium de janvier", 1, 1, "Les Rois", None, "3H 3C 3S 3D", True, False)
    ]
    assert "Omnium d'avril" not in {h.event.name for h in board.hands + board.cribs}


def test_skunks_runs_averages_and_improvement_as_tallied(season):
    season, _people, _events, _hidden = season
    board = season_board(season, min_games=6, min_period_games=2)
    # January: Les Dames beat Les Valets 121–90 and Les Rois beat them 121–80; March: Les
    # Valets beat Les Jokers 121–60 (a double). April's 121–50 of Les As is not released.
    assert [(r.name, r.value, r.detail) for r in board.skunks] == [
        ("Les Dames", 1, ""),
        ("Les Nouveaux Rois", 1, ""),
        ("Les Valets", 1, "doubles: 1"),
    ]
    # Carole & Denis: lost, then won 3 in a row (January r2, February r1 and r2). Les Dames
    # won March's two games: April's third win is not released.
    assert [(r.name, r.value) for r in board.runs] == [
        ("Les Nouveaux Rois", 3),
        ("Les As", 2),
        ("Les Dames", 2),
        ("Les Mélangés", 1),
        ("Les Valets", 1),
    ]
    # Alice and Bruno 121 121 115 121 118 121 = 717 / 6; Élise 121 110 121 105 121 121 = 699 / 6;
    # Gisèle 90 80 121 105 121 100 = 617 / 6. Carole and Denis played 4 games only.
    assert [(r.player.name, r.value, r.games) for r in board.averages] == [
        ("Alice", 119.5, 6),
        ("Bruno", 119.5, 6),
        ("Élise", 116.5, 6),
        ("Gisèle", 102.8, 6),
    ]
    # Halves: January against March (February, the middle event, in neither). Gisèle and Henri
    # 85.0 → 110.5; Élise and Francis 115.5 → 121.0; Alice and Bruno went down (121 → 119.5).
    assert [(r.player.name, r.value, r.before, r.after) for r in board.improved] == [
        ("Gisèle", 25.5, 85.0, 110.5),
        ("Henri", 25.5, 85.0, 110.5),
        ("Élise", 5.5, 115.5, 121.0),
        ("Francis", 5.5, 115.5, 121.0),
    ]


def test_the_league_board_has_the_same_hands_and_needs_two_seasons_to_compare(season):
    season, _people, _events, _hidden = season
    board = league_board(season.league)
    assert hands_table(board.hands) == EXPECTED_HANDS
    assert board.periods is None and board.improved == []


def test_the_page_shows_the_hands_in_french_and_nothing_of_april(client, season):
    season, _people, _events, _hidden = season
    page = client.get("/s/fjord/2027/palmares/", HTTP_ACCEPT_LANGUAGE="fr")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Palmarès" in text and "Mains de 24 ou plus" in text
    assert text.count('data-count="29"') == 2 and text.count('data-count="28"') == 1
    assert "5♥ 5♣ 5♠ V♦" in text and "vérifiée" in text  # a valet in French (issue 49)
    assert "Omnium d&#x27;avril" not in text and "Omnium d'avril" not in text
    projector = client.get("/s/fjord/2027/palmares/?display=projector", HTTP_ACCEPT_LANGUAGE="fr")
    assert 'class="projector"' in projector.content.decode()
    league = client.get("/s/fjord/palmares/", HTTP_ACCEPT_LANGUAGE="fr")
    assert league.status_code == 200 and league.content.decode().count('data-count="29"') == 2


def test_the_csv_in_french_has_a_bom_semicolons_and_every_hand(client, season):
    season, _people, _events, _hidden = season
    response = client.get("/s/fjord/2027/palmares.csv", HTTP_ACCEPT_LANGUAGE="fr")
    text = b"".join(response.streaming_content).decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    assert rows[0][:3] == ["Catégorie", "Valeur", "Équipe"]
    hands = [r for r in rows[1:] if r[0] == "Main"]
    assert [(int(r[1]), r[3], r[10]) for r in hands] == [
        (29, "Alice", "oui"),
        (29, "Bruno", "oui"),
        (28, "", "oui"),
        (24, "Carole", "non"),
        (24, "Alice", "oui"),
    ]


def test_the_api_gives_the_same_board_to_everyone(api_client, season):
    season, _people, _events, _hidden = season
    body = api_client.get("/api/v1/leagues/fjord/seasons/2027/honours/").json()
    assert [(h["count"], h["event"] != "", h["verified"]) for h in body["hands"]] == [
        (29, True, True),
        (29, True, True),
        (28, True, True),
        (24, True, False),
        (24, True, True),
    ]
    assert body["hands"][0]["player"]["name"] == "Alice"
    assert body["hands"][1]["declared"] is True
    assert len(body["events"]) == 3
    league = api_client.get("/api/v1/leagues/fjord/honours/").json()
    assert [h["count"] for h in league["hands"]] == [29, 29, 28, 24, 24]
    missing = api_client.get("/api/v1/leagues/fjord/seasons/nope/honours/")
    assert missing.status_code == 404


def test_released_april_adds_its_29(season, organizer):
    from tournaments.standings.service import release

    season, _people, _events, hidden = season
    release(hidden, organizer)
    counts = [h.count for h in season_board(season).hands]
    assert counts == [29, 29, 29, 28, 24, 24]


def test_the_league_compares_the_latest_season_with_the_one_before(season, organizer):
    import datetime

    from tests.builders.season import build_event
    from tournaments.models import Season

    season, people, _events, _hidden = season
    later = Season.objects.create(league=season.league, name="Saison 2028", slug="2028")
    spec = (
        "Omnium 2028",
        datetime.date(2028, 1, 15),
        {
            "Les As": ("Alice", "Bruno"),
            "Les Valets": ("Gisèle", "Henri"),
            "Les Dames": ("Élise", "Francis"),
            "Les Jokers": ("Irène", "Jacques"),
        },
        [
            [("Les Valets", "Les As", 100), ("Les Dames", "Les Jokers", 90)],
            [("Les Valets", "Les Dames", 110), ("Les As", "Les Jokers", 95)],
        ],
    )
    build_event(organizer, later, spec, people)
    board = league_board(season.league, min_period_games=2)
    assert board.periods == ("Saison 2027", "Saison 2028")
    # 2027 (released events only): Henri 90 80 121 100 = 97.75 → 97.8; Gisèle 617 / 6 = 102.8;
    # Irène and Jacques 100 95 60 99 = 88.5. 2028: Henri and Gisèle 121 121; Irène and Jacques
    # 90 95 = 92.5. Alice, Bruno, Élise and Francis went down; Carole and Denis did not play.
    assert [(r.player.name, r.value, r.before, r.after) for r in board.improved] == [
        ("Henri", 23.2, 97.8, 121.0),
        ("Gisèle", 18.2, 102.8, 121.0),
        ("Irène", 4.0, 88.5, 92.5),
        ("Jacques", 4.0, 88.5, 92.5),
    ]


def test_who_held_each_hand_follows_the_deal_round_the_table_or_nobody():
    from tournaments.leagues.honours import seat_roles

    # A's partner deals deal 1, B's captain deal 2: then A's captain deals 3, B's partner 4.
    deals = [{"dealer": "a", "dealt_by": "partner"}, {"dealer": "b", "dealt_by": "captain"}]
    deals += [{"dealer": "a"}, {"dealer": "b"}]
    assert seat_roles(deals) == [
        # hands in show order: dealer's left (next dealer), partner, dealer's right, dealer
        ["captain", "captain", "partner", "partner"],
        ["captain", "partner", "partner", "captain"],
        ["partner", "partner", "captain", "captain"],
        # the last deal: its right-hand player dealt the deal before (A's captain)
        ["partner", "captain", "captain", "partner"],
    ]
    contradiction = [dict(deals[0]), deals[1], {"dealer": "a", "dealt_by": "partner"}]
    assert seat_roles(contradiction) == [[None] * 4] * 3
    assert seat_roles([{"dealer": "a"}, {"dealer": "a", "dealt_by": "captain"}]) == [[None] * 4] * 2


def test_a_season_named_palmares_does_not_hide_the_league_board(organizer):
    from tournaments.leagues.seasons import create_league, create_season

    league = create_league(organizer, name="Ligue")
    assert create_season(league, organizer, name="Palmarès").slug == "palmares-2"
