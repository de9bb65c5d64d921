"""A remarkable hand declared with a final score (issue 37): checked by the engine like a
sheet's hand, refused in words when the cards say otherwise, and part of what the other captain
confirms; once confirmed and released it is on the season's honours board."""

from __future__ import annotations

import pytest

from tests.conftest import link_of
from tournaments.leagues.honours import season_board
from tournaments.models import Event, Game, League, Season
from tournaments.results import reporting
from tournaments.seating import rounds as seating
from tournaments.standings.service import release

pytestmark = pytest.mark.django_db
FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def game(event, organizer) -> Game:
    league = League.objects.create(name="Ligue", slug="ligue", created_by=organizer)
    event.season = Season.objects.create(league=league, name="Saison", slug="saison")
    event.save(update_fields=["season"])
    round_ = seating.seat_next_round(event, organizer)
    return round_.games.filter(team_b__isnull=False).order_by("table").first()


def url(game, team) -> str:
    return f"/c/{link_of(team).token}/games/{game.pk}/"


def final(us, them, key, **declared) -> dict:
    fields = {"mode": "final", "score_us": us, "score_them": them, "idempotency_key": key}
    return fields | {f"declared_{k}": v for k, v in declared.items()}


def words(page) -> str:
    """The page's text with French typography's thin spaces as plain ones."""
    return page.content.decode().replace("\u202f", " ").replace("\xa0", " ")


TWENTY_NINE = {"cards": "5♠ 5♥ 5♣ J♦", "starter": "5♦", "count": "29"}


def test_a_declared_29_with_the_wrong_cards_is_refused_in_words(captain_client, game):
    client = captain_client(game.team_a)
    # four fives and a king: 28 (8 fifteens of 5+5+5 and 5+K… 16, and 12 for the pairs)
    wrong = {"cards": "5♠ 5♥ 5♣ 5♦", "starter": "R♥", "count": "29"}
    page = client.post(url(game, game.team_a), final("121", "100", "k1", **wrong), **FRENCH)
    text = words(page)
    assert page.status_code == 200
    assert "Main remarquable 1 : les cartes donnent 28, pas 29" in text
    assert 'id="declared_count-error"' in text  # beside the box, and the box kept open
    assert game.reports.count() == 0


def test_a_hand_below_24_is_not_declared(captain_client, game):
    client = captain_client(game.team_a)
    twenty_one = {"cards": "5♠ 5♥ 10♣ J♦", "starter": "5♦", "count": "21"}
    page = client.post(url(game, game.team_a), final("121", "100", "k1", **twenty_one), **FRENCH)
    assert "21 n&#x27;est pas une main remarquable" in words(page)
    assert game.reports.count() == 0


def test_the_other_captain_confirms_the_declared_hand_with_the_score(
    captain_client, game, organizer
):
    a = captain_client(game.team_a)
    a.post(url(game, game.team_a), final("121", "100", "k1", side="us", **TWENTY_NINE))
    game.refresh_from_db()
    assert game.status == Game.Status.REPORTED  # not on the board until confirmed
    report = game.reports.get()
    assert report.detail["declared"] == [
        {"side": "a", "count": 29, "cards": "5S 5H 5C JD", "starter": "5D", "crib": False}
    ]
    b = captain_client(game.team_b)
    home = words(b.get(f"/c/{link_of(game.team_b).token}/", **FRENCH))
    assert f"Main déclarée de 29 ({game.team_a.name}) : 5♠ 5♥ 5♣ V♦, carte de départ 5♦" in home
    b.post(f"/c/{link_of(game.team_b).token}/games/{game.pk}/confirm/", {"report": report.pk})
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED and game.confirmed_report == report

    event = game.round.event
    assert season_board(event.season).hands == []  # the embargo: not released yet
    Event.objects.filter(pk=event.pk).update(status="finished")
    release(Event.objects.get(pk=event.pk), organizer)
    [hand] = season_board(event.season).hands
    assert (hand.count, hand.team, hand.declared, hand.verified) == (29, game.team_a, True, True)


def test_the_same_score_without_the_declared_hand_is_no_agreement(captain_client, game):
    captain_client(game.team_a).post(
        url(game, game.team_a), final("121", "100", "k1", side="us", **TWENTY_NINE)
    )
    captain_client(game.team_b).post(url(game, game.team_b), final("100", "121", "k2"))
    game.refresh_from_db()
    assert game.status == Game.Status.DISPUTED  # an official settles it


def test_the_same_hand_typed_in_another_order_by_the_other_captain_agrees(captain_client, game):
    captain_client(game.team_a).post(
        url(game, game.team_a), final("121", "100", "k1", side="us", **TWENTY_NINE)
    )
    other_order = {"cards": "J♦ 5♣ 5♥ 5♠", "starter": "5♦", "count": "29"}
    captain_client(game.team_b).post(
        url(game, game.team_b), final("100", "121", "k2", side="them", **other_order)
    )
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED
    assert game.confirmed_report.detail["declared"][0]["cards"] == "5S 5H 5C JD"


def test_the_api_takes_a_declared_hand_and_refuses_a_wrong_one(game, organizer):
    desk = reporting.Actor(user=organizer, channel="official")
    wrong = {"side": "b", "cards": "5S 5H 5C 5D", "starter": "KH", "count": 29}
    with pytest.raises(reporting.RuleError) as refused:
        reporting.submit(game, desk, "final", {"score_a": 121, "score_b": 90, "declared": [wrong]})
    assert "the cards give 28, not 29" in refused.value.message
    right = wrong | {"count": 28, "player": "partner"}
    outcome = reporting.submit(
        game, desk, "final", {"score_a": 121, "score_b": 90, "declared": [right]}
    )
    assert outcome.report.detail["declared"][0]["player"] == "partner"


def test_the_api_report_carries_the_declared_hand_in_english_letters(
    api_client, event, organizer, other_organizer
):
    from tests.builders.scene import build_scene, captain

    scene = build_scene(event, organizer, None, other_organizer, None)
    url = scene.url("games/{game}/reports/")
    hand = {"side": "a", "cards": "5H 5C 5S JD", "starter": "5D", "count": 28}
    body = {"kind": "final", "score_a": 121, "score_b": 100, "declared": [hand]}
    refused = captain(api_client, scene.team_b).post(url, body, format="json")
    assert refused.status_code == 400
    assert "the cards give 29, not 28" in refused.json()["detail"]
    body["declared"] = [hand | {"count": 29}]
    taken = captain(api_client, scene.team_b).post(url, body, format="json")
    assert taken.status_code == 201
    # Captain A's report (the scene's) declared nothing: the same score is no agreement.
    assert taken.json()["game"]["status"] == "disputed"
