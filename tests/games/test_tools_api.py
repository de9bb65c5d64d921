"""The tools API (/api/v1/tools/): answers, 400s with a ``detail``, throttling, the schema."""

from __future__ import annotations

import copy

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client, override_settings

from games.crapette import Deal, selfplay
from games.crapette.record import FORMAT

HAND = "/api/v1/tools/hand/"
DISCARD = "/api/v1/tools/discard/"
CRAPETTE = "/api/v1/tools/crapette/check/"


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.clear()  # the throttle counts requests in the cache
    yield
    cache.clear()


@pytest.fixture
def api():
    client = Client(HTTP_ACCEPT_LANGUAGE="en")

    def post(url, data, **extra):
        return client.post(url, data, content_type="application/json", **extra)

    return post


# --- hand --------------------------------------------------------------------------------------


def test_hand_breakdown(api):
    response = api(HAND, {"hand": "5H 5C 5S JD", "starter": "5D"})
    assert response.status_code == 200
    data = response.json()
    assert data["total"] == 29
    kinds = [item["kind"] for item in data["items"]]
    assert (
        kinds.count("fifteen") == 8
        and kinds.count("pair") == 6
        and kinds == sorted(kinds, key=["fifteen", "pair", "run", "flush", "nobs"].index)
    )
    assert data["items"][-1] == {"kind": "nobs", "cards": ["JD"], "points": 1}
    assert data["announcement"].endswith("his nobs is twenty-nine")


def test_hand_as_a_list_and_the_crib_rule(api):
    # A 4-card flush (JH 2H 4H 6H with KS) is 4 in a hand, 0 in a crib.
    cards = ["JH", "2H", "4H", "6H"]
    assert api(HAND, {"hand": cards, "starter": "KS"}).json()["total"] == 4
    crib = api(HAND, {"hand": cards, "starter": "KS", "crib": True}).json()
    assert crib["total"] == 0 and crib["crib"] is True
    assert crib["announcement"] == "nineteen (no points)"


@pytest.mark.parametrize(
    ("payload", "detail"),
    [
        ({"hand": "5H 5C 5S ZZ", "starter": "5D"}, "hand: “ZZ” is not a card"),
        ({"hand": "5H 5C 5S", "starter": "5D"}, "hand: Expected 4 cards, got 3."),
        ({"hand": "5H 5C 5S JD", "starter": "JD"}, "starter: J♦ is already in the hand"),
        ({"hand": "5H 5C 5S 5H", "starter": "5D"}, "hand: 5♥ appears twice"),
        ({"hand": 5, "starter": "5D"}, "hand: Expected cards as a string"),
        ({"starter": "5D"}, "hand: This field is required."),
    ],
)
def test_hand_bad_input_is_400_with_detail(api, payload, detail):
    response = api(HAND, payload)
    assert response.status_code == 400
    assert response.json()["detail"].startswith(detail)


def test_malformed_json_is_400_with_detail():
    response = Client().post(HAND, "{not json", content_type="application/json")
    assert response.status_code == 400
    assert "JSON parse error" in response.json()["detail"]


# --- discard -----------------------------------------------------------------------------------


def test_discard_ranked_choices(api):
    response = api(DISCARD, {"cards": "5H 5C 5S JD 4D 6D", "dealer": False})
    assert response.status_code == 200
    data = response.json()
    assert (data["players"], data["starters"], data["crib_cases"]) == (2, 46, 46 * 45 * 44 // 2)
    choices = data["choices"]
    assert len(choices) == 15
    nets = [c["net"] for c in choices]
    assert nets == sorted(nets, reverse=True)
    for c in choices:
        assert c["net"] == pytest.approx(c["hand"]["mean"] - c["crib"]["mean"])
    # The non-dealer keeps 5-5-5-J: 764/46 on average (worked out in tests/games/cribbage/test_discard.py).
    assert choices[0]["keep"] == ["5H", "5C", "5S", "JD"]
    assert choices[0]["hand"]["mean"] == pytest.approx(764 / 46, abs=1e-12)
    assert choices[0]["hand"]["counts"] == {"14": 24, "15": 6, "20": 9, "21": 3, "22": 3, "29": 1}


def test_discard_four_players(api):
    data = api(DISCARD, {"cards": ["5H", "5C", "5S", "JD", "4D"], "dealer": True, "players": 4})
    assert data.status_code == 200
    data = data.json()
    assert data["players"] == 4 and len(data["choices"]) == 5
    assert data["crib_cases"] == 47 * 15_180  # 47 starters x C(46, 3) other crib cards
    for c in data["choices"]:
        assert c["net"] == pytest.approx(c["hand"]["mean"] + c["crib"]["mean"])


@pytest.mark.parametrize(
    ("payload", "detail"),
    [
        ({"cards": "5H 5C 5S JD 4D", "players": 2},
         "cards: With 2 players each player is dealt 6 cards, got 5."),
        ({"cards": "5H 5C 5S JD 4D 6D 7D"}, "cards: Expected 6 or 5 cards, got 7."),
        ({"cards": "5H 5C 5S JD 4D", "players": 5}, "players: 5 players is not offered: choose 2 (6 cards dealt), 3 or 4 (5 cards dealt)."),
        ({"cards": "5H 5C 5S JD 4D", "dealer": "maybe"}, "dealer: Must be a valid boolean."),
    ],
)  # fmt: skip
def test_discard_bad_input_is_400_with_detail(api, payload, detail):
    response = api(DISCARD, payload)
    assert response.status_code == 400
    assert response.json()["detail"] == detail


# --- crapette ----------------------------------------------------------------------------------


def test_crapette_check_reports_the_first_illegal_move(api):
    record = {"format": FORMAT, "version": 1, "deal": Deal.from_seed(5).as_dict(),
              "moves": ["T", "C>F"]}  # fmt: skip
    data = api(CRAPETTE, {"record": record}).json()
    assert data["valid"] is False
    assert (data["index"], data["move"]) == (1, "C>F")
    assert "cannot go to a foundation" in data["reason"]
    assert data["moves_applied"] == 1


def test_crapette_check_accepts_a_complete_game(api):
    record, final = selfplay(3)
    data = api(CRAPETTE, {"record": record.as_dict()}).json()
    assert data["valid"] is True and data["index"] is None
    assert data["winner"] == final.score().winner.label
    assert data["moves_applied"] == len(record.moves)
    assert data["position"]["text"] == str(final)


@pytest.mark.parametrize(
    ("payload", "detail"),
    [
        ({"record": {"format": "x"}}, "This is not a Crapette game record: missing field"),
        ({"record": [1, 2]}, "This is not a Crapette game record: a record is a JSON object"),
        ({}, "record: This field is required."),
    ],
)
def test_crapette_bad_record_is_400_with_detail(api, payload, detail):
    response = api(CRAPETTE, payload)
    assert response.status_code == 400
    assert response.json()["detail"].startswith(detail)


# --- throttling and schema ---------------------------------------------------------------------


def rates(rate: str) -> dict:
    rest = copy.deepcopy(settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"]["anon_tools"] = rate
    return rest


@pytest.mark.parametrize("url", [HAND, DISCARD, CRAPETTE])
def test_anonymous_callers_are_throttled(api, url):
    payload = {
        HAND: {"hand": "5H 5C 5S JD", "starter": "5D"},
        DISCARD: {"cards": "5H 5C 5S JD 4D 6D"},
        CRAPETTE: {"record": {"format": "x"}},  # refused requests count too
    }[url]
    with override_settings(REST_FRAMEWORK=rates("3/min")):
        answers = [api(url, payload).status_code for _ in range(4)]
        assert 429 not in answers[:3]
        assert answers[3] == 429
        assert "throttled" in api(url, payload).json()["detail"].lower()


def test_the_limit_is_per_client_address(api):
    with override_settings(REST_FRAMEWORK=rates("1/min")):
        payload = {"hand": "5H 5C 5S JD", "starter": "5D"}
        assert api(HAND, payload, REMOTE_ADDR="10.0.0.1").status_code == 200
        assert api(HAND, payload, REMOTE_ADDR="10.0.0.1").status_code == 429
        assert api(HAND, payload, REMOTE_ADDR="10.0.0.2").status_code == 200


def test_schema_documents_the_tool_endpoints():
    response = Client().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = response.json()
    paths = schema["paths"]
    for path in (HAND, DISCARD, CRAPETTE):
        operation = paths[path]["post"]
        assert "tools" in operation["tags"]
        assert {"200", "400", "429"} <= set(operation["responses"])
    components = schema["components"]["schemas"]
    assert {"hand", "starter", "crib"} <= set(components["HandRequestRequest"]["properties"])
    assert {"cards", "dealer", "players"} <= set(components["DiscardRequestRequest"]["properties"])
    assert "choices" in components["DiscardResponse"]["properties"]
