"""The public tool pages through Django's test client: forms without JavaScript, errors in place.

Requests ask for English (Accept-Language) so that the assertions read the source strings
whatever the French catalogue holds. Expected scores are worked out in the comments.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.crapette import Deal, selfplay
from games.crapette.record import FORMAT


@pytest.fixture
def en():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def text(response) -> str:
    """The visible text of a page, tags removed, whitespace collapsed."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


# --- hand calculator ---------------------------------------------------------------------------


def test_hand_page_offers_the_text_field_and_the_card_picker(en):
    response = en.get(reverse("games:hand"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="cards"' in html and 'name="crib"' in html
    assert html.count("data-card=") == 52  # the tap-to-pick grid, one button per card
    assert "huche/tools.js" in html


def test_the_29_hand_is_announced_and_itemized(en):
    # 5H 5C 5S JD + 5D: 8 fifteens (16), four 5s = 6 pairs (12), nobs (1) = 29.
    response = en.post(reverse("games:hand"), {"cards": "5H 5C 5S JD 5D"})
    assert response.status_code == 200
    page = text(response)
    assert "fifteen two, fifteen four" in page
    assert "a double pair royal is twenty-eight, his nobs is twenty-nine" in page
    assert re.search(r"Total: 29\b", page)
    rows = re.findall(r"<tr><td>(\w[\w ]*)</td>", response.content.decode())
    assert rows.count("Fifteen") == 8 and rows.count("Pair") == 6 and rows.count("His nobs") == 1


def test_a_shared_link_counts_the_crib_with_the_crib_flush_rule(en):
    # JH 2H 4H 6H with KS: a flush of four (4) in a hand, nothing in a crib; no 15, pair or run.
    url = reverse("games:hand")
    hand = en.get(url, {"cards": "JH 2H 4H 6H KS"})
    assert re.search(r"Total: 4\b", text(hand)) and "a flush of four is four" in text(hand)
    crib = en.get(url, {"cards": "JH 2H 4H 6H KS", "crib": "on"})
    assert "The crib" in text(crib)
    assert re.search(r"Total: 0\b", text(crib))
    assert "announce a zero hand as “nineteen”" in text(crib)


def test_a_zero_hand_shows_0_then_the_nineteen_joke(en):
    # 2S 4H 6D 8C + KS: every pip value is even, so no set makes 15; no pair; no run.
    page = text(en.post(reverse("games:hand"), {"cards": "2S 4H 6D 8C KS"}))
    assert re.search(r"Total: 0\b", page) and "19" not in page.split("Total: 0")[0][-200:]
    assert page.index("Total: 0") < page.index("“nineteen”")


def test_a_french_zero_hand_reads_total_0_with_french_punctuation():
    response = Client(HTTP_ACCEPT_LANGUAGE="fr-ca").post(
        reverse("games:hand"), {"cards": "2P 4C 6K 8T RP"}
    )
    html = response.content.decode()  # raw: text() would fold the no-break spaces
    assert "Total\u00a0: <strong data-total>0</strong>" in html
    assert "«\u00a0dix-neuf\u00a0»" in html


def test_symbols_and_lower_case_are_accepted(en):
    page = text(en.post(reverse("games:hand"), {"cards": "10♥ jh qh kh 5s"}))
    # 10/J/Q/K each with the 5 = 4 fifteens (8); a run of 4 (10-J-Q-K) = 4; hearts flush
    # of four = 4; the 5S starter, so no nobs. 16.
    assert re.search(r"Total: 16\b", page)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("5H 5C 5S ZZ 5D", "“ZZ” is not a card"),
        ("5H 5C 5S JD", "Enter 5 cards: the 4 of the hand, then the starter (you entered 4)"),
        ("5H 5C 5S JD 5H", "5♥ appears twice"),
        ("", "This field is required"),
    ],
)
def test_hand_errors_are_shown_in_place(en, cards, message):
    response = en.post(reverse("games:hand"), {"cards": cards})
    assert response.status_code == 400
    html = response.content.decode()
    assert message in text(response)
    assert 'class="error" role="alert"' in html
    assert f'value="{cards}"' in html or not cards  # what was typed stays in the field
    assert "Total:" not in text(response)


# --- discard advisor ---------------------------------------------------------------------------


def rows(response) -> list[str]:
    body = response.content.decode()
    return re.findall(
        r"<tr(?: class=\"best\")?>\s*<td class=\"num[^\"]*\"[^>]*>\d+</td>(.*?)</tr>", body, re.S
    )


def folded(choices: list[str]) -> int:
    """The choices a row stands for beyond its own: "(2 other ways)" with other suits."""
    found = [re.search(r"\((\d+) other ways?\)", row) for row in choices]
    return sum(int(m.group(1)) for m in found if m)


def test_discard_page_ranks_the_15_choices_with_charts(en):
    response = en.post(reverse("games:discard"), {"cards": "5H 5C 5S JD 4D 6D", "role": "opponent"})
    assert response.status_code == 200
    choices = rows(response)
    # C(6, 4) = 15 choices; those that differ only by which 5 is kept share a row (a phone's
    # page was ten screens long): 7 rows, 8 more choices told under their twin's keep.
    assert len(choices) == 7 and len(choices) + folded(choices) == 15
    kept = [text_of(row) for row in choices]
    # 5-J-4-6 kept: any one of the three 5s; 5-5-5-J only one way
    assert any(
        t.startswith("5♥ J♦ 4♦ 6♦ or the same with other suits (2 other ways)") for t in kept
    )
    assert any(t.startswith("5♥ 5♣ 5♠ J♦ 4♦ 6♦") for t in kept)
    assert all("<svg" in row for row in choices)  # a distribution chart per choice
    page = text(response)
    assert "the crib is the opponents': net = hand − crib" in page
    assert "46 possible starters and 45540 possible cribs" in page.replace(",", "")
    # Keeping 5-5-5-J averages 764/46 = 16.61 (worked out in tests/games/cribbage/test_discard.py) and
    # is the non-dealer's best: it is first, with its least / middle / most 14 / 14 / 29.
    best = text_of(choices[0])
    assert best.startswith("5♥ 5♣ 5♠ J♦ 4♦ 6♦ 16.61")
    assert "14 / 14 / 29" in best


def text_of(fragment: str) -> str:
    return " ".join(re.sub(r"<title>.*?</title>|<[^>]+>", " ", fragment).split())


def test_discard_for_the_dealer_and_the_dealers_partner(en):
    url = reverse("games:discard")
    dealer = en.get(url, {"cards": "5H 5C 5S JD 4D 6D", "role": "dealer"})
    assert text_of(rows(dealer)[0]).startswith(
        "5♥ 5♣ 4♦ 6♦ or the same with other suits (2 other ways) 5♠ J♦"
    )
    partner = en.get(url, {"cards": "5H 5C 5S JD 4D", "role": "partner"})
    assert partner.status_code == 200
    kept = rows(partner)
    assert len(kept) + folded(kept) == 5  # 5 cards dealt, keep 4
    assert "4 players" in text(partner) and "net = hand + crib" in text(partner)
    assert "47 possible starters and 713460 possible cribs" in text(partner).replace(",", "")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"cards": "5H 5C 5S JD 4D 6D", "role": "partner"}, "Only in the four-handed game"),
        ({"cards": "5H 5C 5S JD 4D 6D", "role": "dealer", "players": "4"},
         "With 4 players each player is dealt 5 cards (you entered 6)"),
        ({"cards": "5H 5C 5S JD", "role": "dealer"}, "6 with 2 players, 5 with 3 or 4 players"),
        ({"cards": "5H 5C 5S JD 4D X", "role": "dealer"}, "“X” is not a card"),
        ({"cards": "5H 5C 5S JD 4D 6D", "role": "croupier"}, "Select a valid choice"),
    ],
)  # fmt: skip
def test_discard_errors_are_shown_in_place(en, data, message):
    response = en.post(reverse("games:discard"), data)
    assert response.status_code == 400
    assert message in text(response)
    assert rows(response) == []


# --- Crapette record checker -------------------------------------------------------------------


def bad_record() -> dict:
    # Deal 5: A starts (see the engine's doctest); "T" turns a stock card, then "C>F" tries to
    # put A's crapette top (J♦) on an empty foundation, which only takes an ace.
    return {
        "format": FORMAT,
        "version": 1,
        "deal": Deal.from_seed(5).as_dict(),
        "moves": ["T", "C>F"],
    }


def test_an_illegal_move_is_reported_with_its_index_and_reason(en):
    response = en.post(reverse("games:crapette"), {"record_text": json.dumps(bad_record())})
    assert response.status_code == 200
    page = text(response)
    assert "Invalid record" in page
    assert "Move 2 (index 1) is not allowed" in page
    assert "The Jack of Diamonds cannot go on a foundation yet" in page  # the game's own words
    assert "Position before the refused move" in page


def test_the_refused_move_is_explained_in_french_on_a_french_page():
    french = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    page = text(french.post(reverse("games:crapette"), {"record_text": json.dumps(bad_record())}))
    refusal = page[page.index("Coup 2") :][:300] if "Coup 2" in page else page
    assert "cannot go" not in page, refusal  # the engine's English reason is retold
    assert "V♦" in refusal or "valet" in refusal.lower(), refusal


def test_the_tools_index_lists_every_tool_in_french():
    response = Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get("/tools/")
    assert response.status_code == 200
    html = response.content.decode()
    for name in (
        "games:hand",
        "games:discard",
        "games:crapette",
        "play:home",
        "play:crapette-home",
    ):
        assert f'href="{reverse(name)}"' in html
    assert "Calculateur de main" in text(response)


def test_three_handed_discard_advice_for_five_cards(en):
    # Three-handed: 5 dealt, 1 thrown, the crib gets a card from the pack (RULES.md section 4).
    response = en.post(
        reverse("games:discard"), {"cards": "5H 5C 5S JD 4D", "role": "dealer", "players": "3"}
    )
    page = text(response)
    assert response.status_code == 200 and "3 players" in page
    kept = rows(response)
    assert len(kept) + folded(kept) == 5 and len(kept) == 3  # C(5,4) keeps, 3 of them twins


def test_the_picker_reads_french_letters_and_inserts_cards_as_shown():
    js = (settings.BASE_DIR / "static" / "huche" / "tools.js").read_text()
    assert "FRENCH" in js and "button.textContent" in js


def test_a_complete_game_uploaded_as_a_file_is_valid(en):
    record, final = selfplay(3)
    upload = SimpleUploadedFile("game.json", record.to_json().encode(), "application/json")
    response = en.post(reverse("games:crapette"), {"record_file": upload})
    page = text(response)
    assert "Valid record" in page
    score = final.score()
    assert f"Player {score.winner.label} wins, {score.points} points" in page
    assert f"{len(record.moves)} moves replayed" in page
    assert '<pre class="position"' in response.content.decode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"record_text": '{"format": 1'}, "This is not JSON: a comma was expected at line 1, column 13"),
        ({"record_text": '{"format": "x"}'}, "This is not a Crapette game record: the field “version” is missing"),
        ({"record_text": "   "}, "Upload a record file or paste a record"),
        ({"record_text": "{}", "record_file": SimpleUploadedFile("a.json", b"{}")},
         "Upload a file or paste a record, not both"),
        ({"record_file": SimpleUploadedFile("a.json", b"\xff\xfe\x00")}, "The file is not text"),
    ],
)  # fmt: skip
def test_record_errors_are_shown_in_place(en, data, message):
    response = en.post(reverse("games:crapette"), data)
    assert response.status_code == 400
    assert message in text(response).replace("&#x27;", "'")
    assert "Valid record" not in text(response) and "Invalid record" not in text(response)


# --- the letters a hand requires (issue 53) ----------------------------------------------------

FR_CLIENT = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def test_english_letters_on_the_french_page_are_read_the_english_way():
    # The English 29: 5H 5C 5S JD + 5D (C is clubs here, not a second 5 of hearts).
    response = Client(**FR_CLIENT).get(reverse("games:hand"), {"cards": "5H 5C 5S JD 5D"})
    assert response.status_code == 200
    page = text(response)
    assert re.search(r"Total\s*:\s*29", page)
    assert "5♣" in page and "lettres anglaises" in page


def test_jack_of_clubs_on_the_french_page_counts_as_on_the_english_page(en):
    # J♣ 5♦ 5♠ 4♥ + 3♥: 15s J5 J5 (4), pair of 5s (2), runs 3-4-5 twice (6): 12.
    cards = {"cards": "JC 5D 5S 4H 3H"}
    french = Client(**FR_CLIENT).get(reverse("games:hand"), cards)
    english = en.get(reverse("games:hand"), cards)
    assert re.search(r"Total\s*:\s*12", text(french))
    assert "Total: 12" in text(english)
    assert "♣" in text(french)  # V♣ on the French page: the jack of clubs, no nobs


def test_french_letters_on_the_english_page_are_read_the_french_way(en):
    # J♥ 5♦ 5♠ 4♥ + 3♥ (C is cœur): the same 12, and his nobs (J♥ with a heart cut): 13.
    response = en.get(reverse("games:hand"), {"cards": "VC 5K 5P 4C 3C"})
    page = text(response)
    assert "Total: 13" in page and "J♥" in page and "French letters" in page


def test_a_hand_without_letters_of_one_language_follows_the_page(en):
    response = en.get(reverse("games:hand"), {"cards": "AC 2C 3C 4C 9C"})
    assert "A♣" in text(response) and "data-read-note" not in response.content.decode()
    french = Client(**FR_CLIENT).get(reverse("games:hand"), {"cards": "AC 2C 3C 4C 9C"})
    assert "A♥" in text(french) and "data-read-note" not in french.content.decode()


def test_the_discard_advisor_asks_three_or_four_players_for_five_cards(en):
    response = en.get(reverse("games:discard"), {"cards": "5H 5C 5S JD 4D", "role": "opponent"})
    assert response.status_code == 400
    assert "choose the number of players" in text(response)
    three = en.get(
        reverse("games:discard"), {"cards": "5H 5C 5S JD 4D", "role": "opponent", "players": "3"}
    )
    assert "an opponent playing for themselves" in text(three)
    assert "the opponents'" not in text(three)


# --- the Crapette checker in the page's language, A and B named (issue 53) ---------------------

FR_PAGE = {"HTTP_ACCEPT_LANGUAGE": "fr-ca"}
ENGLISH_WORDS = ("stock", "discard", "to move", "Expecting", "missing field", "appears twice",
                 "the record claims", "is not a move", "turn ")  # fmt: skip


def french_check(data) -> tuple[int, str]:
    response = Client(**FR_PAGE).post(reverse("games:crapette"), data)
    return response.status_code, html.unescape(text(response)).replace("\xa0", " ")


def test_the_french_checker_shows_the_position_in_french():
    status, page = french_check({"record_text": json.dumps(bad_record())})
    assert status == 200
    position = page[page.index("Position avant le coup refusé") :]
    assert "talon" in position and "rejet" in position and "à A de jouer" in position
    for word in ENGLISH_WORDS:
        assert word not in position, word


@pytest.mark.parametrize(
    ("record", "french"),
    [
        ('{"format": 1', "Ce n'est pas du JSON : une virgule était attendue"),
        ("[1, 2", "une virgule était attendue"),
        ("nothing", "une valeur était attendue"),
        ('{"format": "x"}', "le champ « version » manque"),
        ("[]", "un relevé est un objet JSON, pas une liste"),
    ],
)
def test_the_french_checker_says_format_errors_in_french(record, french):
    status, page = french_check({"record_text": record})
    assert status == 400
    assert french in page.replace("\xa0", " ")
    for word in ENGLISH_WORDS:
        assert word not in page, word


def test_a_deck_with_a_card_twice_is_told_in_french():
    record = bad_record()
    record["deal"]["A"][1] = record["deal"]["A"][0]
    status, page = french_check({"record_text": json.dumps(record)})
    assert "apparaît deux fois" in page and "appears twice" not in page


def test_an_unreadable_move_is_told_in_french():
    record = {**bad_record(), "moves": ["zz"]}
    status, page = french_check({"record_text": json.dumps(record)})
    assert "« zz » n'est pas un coup" in page.replace("\xa0", " ")
    assert "is not a move" not in page


def test_a_wrong_claim_is_told_in_french_without_a_refused_move():
    record, final = selfplay(3)
    data = json.loads(record.to_json())
    data["result"] = {"end": "win", "winner": "A", "points": 999, "detail": "invented"}
    status, page = french_check({"record_text": json.dumps(data)})
    assert "Le relevé annonce une victoire" in page
    assert "Position avant le coup refusé" not in page
    assert "Position après le dernier coup" in page
    assert "the record claims" not in page


def test_a_refusal_between_a_and_b_never_names_the_computer():
    from django.utils import translation

    from games.crapette import Player
    from games.crapette.reasons import Reason
    from games.play.crapette.checker_words import record_reason_text

    with translation.override("fr"):
        said = record_reason_text(Reason("load-empty", "", target="OD"), Player.A)
        stock = record_reason_text(Reason("stock-empty", ""), Player.B)
    assert "Le rejet de B est vide" in said and "ordinateur" not in said
    assert "Le talon de B est vide" in stock and "ordinateur" not in stock


@pytest.mark.django_db
def test_the_tools_are_linked_from_the_home_page():
    page = Client(**FR_PAGE).get("/").content.decode()
    assert 'href="/tools/"' in page and "Outils" in page
