"""Issue 34, points 3 and 4: a hand-by-hand sheet in French card notation, and every mistake
of a sheet reported at once, each beside its box.

A French sheet writes the king of spades "RP" and the 5 of hearts "5C" (cœur). The stored sheet
holds the engine's notation, so whoever reads it later (an archive, a player's averages) reads
the same cards whatever language they were typed in.
"""

from __future__ import annotations

from html import unescape

import pytest

from tests.conftest import link_of
from tournaments.errors import RuleError, RuleErrors
from tournaments.models import Game, Report
from tournaments.results import reporting
from tournaments.seating import rounds as seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(event, organizer) -> Game:
    round_ = seating.seat_next_round(event, organizer)
    return round_.games.filter(team_b__isnull=False).order_by("table").first()


def post_sheet(client, game, token, fields, language="fr-ca"):
    """The page, unescaped, with French no-break spaces as plain ones (easier to assert)."""
    form = {"mode": "sheet", "d1-dealer": "us", "d1-peg_us": "0", "d1-peg_them": "0"} | fields
    html = client.post(f"/c/{token}/games/{game.pk}/", form, HTTP_ACCEPT_LANGUAGE=language)
    return unescape(html.content.decode()).replace("\u00a0", " ")


def test_three_mistakes_are_all_shown_at_once_each_beside_its_box(game, captain_client):
    client = captain_client(game.team_a)
    token = link_of(game.team_a).token
    page = post_sheet(
        client,
        game,
        token,
        {
            "d1-h1": "19",  # impossible
            "d1-h2": "10",  # 5♥ 5♣ 6♠ 7♦ with R♠: 12, not 10
            "d1-h2cards": "5C 5T 6P 7K",
            "d1-h3": "4",
            "d1-h3cards": "2P 3P 4P",  # three cards
            "d1-starter": "RP",
        },
    )
    assert "3 erreurs, chacune indiquée à côté de sa case" in page
    for box in ("d1-h1", "d1-h2", "d1-h3cards"):
        tag = page[page.index(f'id="{box}"') :].split(">", 1)[0]
        assert 'aria-invalid="true"' in tag, box
    assert "19 est impossible" in page or "compte de 19 est impossible" in page
    assert "donnent 12, pas 10" in page
    assert "écrivez 4 cartes (vous en avez écrit 3)" in page
    assert "<details open>" in page  # the card boxes are not folded away
    assert game.reports.count() == 0


def test_a_bad_starter_is_shown_beside_the_starter_not_a_hand(game, captain_client):
    client = captain_client(game.team_a)
    token = link_of(game.team_a).token
    page = post_sheet(
        client,
        game,
        token,
        {"d1-h1": "2", "d1-h2": "12", "d1-h2cards": "5C 5T 6P 7K", "d1-starter": "RX"},
    )
    starter_tag = page[page.index('id="d1-starter"') :].split(">", 1)[0]
    hand_tag = page[page.index('id="d1-h2cards"') :].split(">", 1)[0]
    assert 'aria-invalid="true"' in starter_tag and 'aria-invalid="true"' not in hand_tag
    assert "« RX » n'est pas une carte" in page
    assert "Card" not in page.split('id="d1-starter"')[1][:400]  # no English message


def test_a_french_sheet_is_checked_and_stored_in_the_engine_notation(game):
    # Dealer b; a's hand: 5♥ 5♣ 5♠ V♦ with the 5♦ starter = 29 (the only 29).
    sheet = {
        "deals": [
            {
                "dealer": "b",
                "starter": "5K",
                "pegging": {"a": 92, "b": 0},
                "hands": [{"count": 29, "cards": "5C 5T 5P VK"}],
            }
        ]
    }
    outcome = reporting.submit(
        game,
        reporting.Actor(team=game.team_a),
        Report.Kind.SHEET,
        {"sheet": sheet},
        card_language="fr",
    )
    stored = outcome.report.detail["sheet"]["deals"][0]
    assert stored["starter"] == "5D" and stored["hands"][0]["cards"] == "5H 5C 5S JD"
    assert (outcome.report.score_a, outcome.report.score_b) == (121, 0)


def test_french_letters_sent_as_english_are_read_the_french_way(game):
    # T, P, K as suits and V as a rank are French only: the sheet is read the French way even
    # when the request says English, rather than refused or miscounted (issue 53).
    sheet = {"deals": [{"dealer": "b", "starter": "5K", "pegging": {"a": 92, "b": 0},
                        "hands": [{"count": 29, "cards": "5C 5T 5P VK"}]}]}  # fmt: skip
    outcome = reporting.submit(
        game,
        reporting.Actor(team=game.team_a),
        Report.Kind.SHEET,
        {"sheet": sheet},
        card_language="en",
    )
    stored = outcome.report.detail["sheet"]["deals"][0]
    assert stored["starter"] == "5D" and stored["hands"][0]["cards"] == "5H 5C 5S JD"


def test_english_letters_on_a_french_sheet_read_the_lone_starter_the_same_way(game):
    # The English 29 on a French page: the hand's H, S, D decide for the starter 5C too.
    sheet = {"deals": [{"dealer": "b", "starter": "5C", "pegging": {"a": 92, "b": 0},
                        "hands": [{"count": 29, "cards": "5H 5D 5S JC"}]}]}  # fmt: skip
    outcome = reporting.submit(
        game,
        reporting.Actor(team=game.team_a),
        Report.Kind.SHEET,
        {"sheet": sheet},
        card_language="fr",
    )
    stored = outcome.report.detail["sheet"]["deals"][0]
    assert stored["starter"] == "5C" and stored["hands"][0]["cards"] == "5H 5D 5S JC"
    assert (outcome.report.score_a, outcome.report.score_b) == (121, 0)


def test_the_api_lists_every_mistake_with_its_field(game, captain_client):
    client = captain_client(game.team_a)
    token = link_of(game.team_a).token
    response = client.post(
        f"/c/{token}/games/{game.pk}/",
        {
            "mode": "sheet",
            "d1-dealer": "us",
            "d1-peg_us": "0",
            "d1-peg_them": "0",
            "d1-h1": "19",
            "d1-h2": "26",
        },  # fmt: skip
        HTTP_ACCEPT="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    body = response.json()
    assert response.status_code == 400 and body["state"] == "refused"
    assert [e["field"] for e in body["errors"]] == ["d1-h1", "d1-h2"]
    assert body["message"].startswith("2 mistakes")


def test_several_faults_raise_one_error_that_keeps_each():
    from tournaments.results.sheets import read_sheet

    bad = {"deals": [{"dealer": "a", "hands": [19, 26], "pegging": {"a": 0, "b": 0}}]}
    with pytest.raises(RuleErrors) as error:
        read_sheet(bad, players=4, target=121)
    assert [e.code for e in error.value.errors] == ["count_impossible", "count_impossible"]
    assert error.value.as_dict()["errors"][1]["field"] == "d1-h2"


def test_a_faulty_count_is_not_followed_by_the_faults_it_causes():
    """A 19 counts nothing: the game then seems not to end; that is not a second mistake."""
    from tests.builders.sheets import DEALS
    from tournaments.errors import every_error
    from tournaments.results.sheets import read_sheet

    deals = [dict(d, hands=list(d["hands"])) for d in DEALS]
    deals[2]["hands"][1] = 19
    with pytest.raises(RuleError) as error:
        read_sheet({"deals": deals}, players=4, target=121)
    assert [e.field for e in every_error(error.value)] == ["d3-h2"]
