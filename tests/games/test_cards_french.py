"""French card notation (issues 34 and 35): V D R for the face cards, P C K T for the suits.

A French score sheet writes the king of spades "RP" (roi de pique), the jack of diamonds "VK"
(valet de carreau). The one letter that means two things is a suit C: cœur in French, clubs in
English, so the page's or the request's language decides; every other letter is read the same
way whatever the language.
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games.cards import Card, CardError, Rank, Suit, card_language, parse_card, parse_cards
from games.cribbage import score_hand


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("RP", Rank.KING, Suit.SPADES),  # roi de pique
        ("DK", Rank.QUEEN, Suit.DIAMONDS),  # dame de carreau
        ("VT", Rank.JACK, Suit.CLUBS),  # valet de trèfle
        ("10T", Rank.TEN, Suit.CLUBS),
        ("ap", Rank.ACE, Suit.SPADES),  # lower case, as typed on a phone
        ("R♥", Rank.KING, Suit.HEARTS),
    ],
)
def test_french_letters_read_the_same_in_either_language(text, rank, suit):
    for language in ("fr", "en"):
        assert parse_card(text, language=language) == Card(rank, suit)


def test_a_suit_c_is_coeur_in_french_and_clubs_in_english():
    assert parse_card("7C", language="fr") == Card(Rank.SEVEN, Suit.HEARTS)
    assert parse_card("7C", language="en") == Card(Rank.SEVEN, Suit.CLUBS)
    assert parse_card("7C") == Card(Rank.SEVEN, Suit.CLUBS)  # the engine's default: English


def test_the_29_hand_written_the_french_way_counts_29():
    # 5♥ 5♣ 5♠ V♦ with the 5♦ starter: the only 29 (RULES.md, the hand distribution).
    *hand, starter = parse_cards("5C 5T 5P VK 5K", language="fr")
    assert score_hand(hand, starter).total == 29
    # Read the English way, "5C" and "5T" are both the 5 of clubs: refused, not miscounted.
    with pytest.raises(CardError, match="appears twice"):
        parse_cards("5C 5T 5P VK 5K", language="en")


def test_a_bad_card_names_both_notations():
    with pytest.raises(CardError) as error:
        parse_card("RX")
    assert "V D R" in str(error.value) and "P C K T" in str(error.value)


@pytest.mark.parametrize(
    ("asked", "notation"), [("fr-ca", "fr"), ("fr", "fr"), ("en", "en"), (None, "en")]
)
def test_the_language_of_a_page_chooses_the_notation(asked, notation):
    assert card_language(asked) == notation


def visible(response) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


@pytest.mark.django_db
def test_the_french_hand_calculator_reads_a_french_sheet():
    french = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    page = visible(french.post(reverse("games:hand"), {"cards": "5C 5T 5P VK 5K"}))
    assert re.search(r"Total\s?: 29\b", page)
    english = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = visible(english.post(reverse("games:hand"), {"cards": "5C 5T 5P VK 5K"}))
    # T, P, K as suits and V as a rank are French only: the hand is read the French way on the
    # English page too (5C is then the 5 of hearts), and the page says so (issue 53).
    assert re.search(r"Total\s?: 29\b", page) and "French letters" in page


@pytest.mark.django_db
def test_the_api_reads_c_as_coeur_only_when_asked_in_french():
    cache.clear()  # the tools' throttle counts in the cache
    body = {"hand": "5C 5T 5P VK", "starter": "5K"}
    french = Client(HTTP_ACCEPT_LANGUAGE="fr-ca").post(
        "/api/v1/tools/hand/", body, content_type="application/json"
    )
    assert french.status_code == 200 and french.json()["total"] == 29
    assert french.json()["hand"] == ["5H", "5C", "5S", "JD"]  # what was read, shown back
    # A script without a language: the French-only letters (T, P, K, V) decide (issue 53).
    script = Client().post("/api/v1/tools/hand/", body, content_type="application/json")
    assert script.status_code == 200 and script.json()["total"] == 29
    ambiguous = {"hand": "5C AC 2C 3C", "starter": "9C"}  # no letter of one language only
    script = Client().post("/api/v1/tools/hand/", ambiguous, content_type="application/json")
    assert script.json()["hand"] == ["5C", "AC", "2C", "3C"]  # the documented English clubs
