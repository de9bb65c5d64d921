"""The practice API (/api/v1/play/cribbage/): a whole game by another client, repeats, errors,
and what the state never shows (the computer's cards, the deck)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from games.cribbage.computer import view_of
from games.cribbage.record import replay
from games.models import PracticeGame
from games.play.cribbage.table import Table

BASE = "/api/v1/play/cribbage/"


def choose(state: dict) -> dict:
    legal = state["legal"]
    assert legal, state
    if state["awaiting"] == "count":
        return {"type": legal[0]["type"], "claimed": 0}  # misses everything: muggins
    return legal[0]


def test_a_whole_game_through_the_api(api_client):
    response = api_client.post(
        BASE, {"level": "easy", "target": 61, "count_own_hand": True}, format="json"
    )
    assert response.status_code == 201
    state = response.json()
    assert state["awaiting"] == "cut_for_deal" and state["move"] == 0
    muggins = 0
    for _ in range(400):
        if state["awaiting"] is None:
            break
        response = api_client.post(
            f"{BASE}{state['id']}/act/",
            {"move": state["move"], "action": choose(state)},
            format="json",
        )
        assert response.status_code == 200, response.json()
        state = response.json()
        assert state["applied"] is True
        muggins += sum(1 for e in state["log"] if e["kind"] == "muggins")
    assert state["winner"] in ("you", "computer") and 61 in state["scores"].values()
    assert state["statistics"]["deals"] >= 1
    game = PracticeGame.objects.get(pk=state["id"])
    assert game.finished_at is not None
    final = replay(game.state["record"])
    assert [final.scores[0], final.scores[1]] == [
        state["scores"]["you"],
        state["scores"]["computer"],
    ]
    assert muggins > 0  # claiming 0 for every hand, some points were taken


def test_a_repeated_action_is_answered_not_applied(api_client):
    state = api_client.post(BASE, {"level": "standard"}, format="json").json()
    act = {"move": 0, "action": {"type": "CutForDeal"}}
    first = api_client.post(f"{BASE}{state['id']}/act/", act, format="json").json()
    again = api_client.post(f"{BASE}{state['id']}/act/", act, format="json").json()
    assert first["applied"] is True and again["applied"] is False
    assert first["move"] == again["move"] == 1
    assert PracticeGame.objects.get().moves == 1


def test_a_bad_action_says_why_and_changes_nothing(api_client):
    state = api_client.post(BASE, {}, format="json").json()
    url = f"{BASE}{state['id']}/act/"
    response = api_client.post(
        url, {"move": 0, "action": {"type": "Play", "card": "5H"}}, format="json"
    )
    assert response.status_code == 400 and "not yours to do now" in response.json()["detail"]
    response = api_client.post(url, {"move": 0, "action": {"type": "Fold"}}, format="json")
    assert response.status_code == 400 and "Fold" in response.json()["detail"]
    response = api_client.post(url, {"action": {"type": "Go"}}, format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith("move:")
    response = api_client.post(BASE, {"level": "grandmaster"}, format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith("level:")
    assert PracticeGame.objects.get().moves == 0


def test_the_state_never_shows_the_computer_hand_or_the_deck(api_client):
    state = api_client.post(BASE, {"level": "pro"}, format="json").json()
    url = f"{BASE}{state['id']}/act/"
    while state["awaiting"] != "discard":  # cut for deal (again after a tie), deal
        state = api_client.post(
            url, {"move": state["move"], "action": state["legal"][0]}, format="json"
        ).json()
    assert len(state["hand"]) == 6
    table = Table.from_state(PracticeGame.objects.get().state)
    text = str(api_client.get(f"{BASE}{state['id']}/").json())
    hidden = [str(c) for c in table.game.held[1] + table.game.pack]
    assert not [c for c in hidden if f"'{c}'" in text]
    assert "seed" not in text and "record" not in text


def test_an_unknown_game_is_404_with_a_detail(api_client):
    response = api_client.get(f"{BASE}00000000-0000-4000-8000-000000000000/")
    assert response.status_code == 404 and response.json()["detail"]


@pytest.mark.parametrize("level", ["easy", "standard", "pro"])
def test_each_level_can_be_chosen(api_client, level):
    state = api_client.post(BASE, {"level": level, "target": 121}, format="json").json()
    assert state["level"] == level and state["target"] == 121


def advance(api_client, state: dict, wanted: str) -> dict:
    for _ in range(40):
        if state["awaiting"] == wanted:
            return state
        response = api_client.post(
            f"{BASE}{state['id']}/act/",
            {"move": state["move"], "action": choose(state)},
            format="json",
        )
        state = response.json()
    raise AssertionError(f"never asked for {wanted}: {state}")


def refusal(api_client, state: dict, action: dict, language: str) -> dict:
    response = api_client.post(
        f"{BASE}{state['id']}/act/",
        {"move": state["move"], "action": action},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    return response.json()


def test_a_refused_action_reads_in_the_visitors_language(api_client):
    state = api_client.post(BASE, {"count_own_hand": True}, format="json").json()
    state = advance(api_client, state, "discard")
    hand = state["hand"]
    foreign = next(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC" if f"{r}{s}" not in hand)

    one = {"type": "Discard", "cards": [hand[0]]}
    assert refusal(api_client, state, one, "fr-CA") == {
        "detail": "Choisissez exactement deux cartes à mettre au crib (1 choisies).",
        "code": "discard-count",
    }
    assert refusal(api_client, state, one, "en")["detail"] == (
        "Choose exactly two cards to lay away to the crib (1 chosen)."
    )

    stranger = {"type": "Discard", "cards": [hand[0], foreign]}
    french = refusal(api_client, state, stranger, "fr-CA")
    english = refusal(api_client, state, stranger, "en")
    assert french["code"] == english["code"] == "not-in-hand"
    assert french["detail"].endswith("n'est pas dans votre main.")
    assert english["detail"].endswith("is not in your hand.")

    early = refusal(api_client, state, {"type": "Go"}, "fr-CA")["detail"]
    assert early == (
        "Ce n'est pas à vous de dire go maintenant (on attend : vos cartes pour le crib)."
    )

    state = advance(api_client, state, "count")
    too_high = {"type": state["legal"][0]["type"], "claimed": 29}
    assert refusal(api_client, state, too_high, "fr-CA")["detail"] == (
        "Votre compte dépasse ce que valent les cartes : recomptez."
    )
    assert refusal(api_client, state, too_high, "en")["code"] == "claim-too-high"
    assert PracticeGame.objects.get().moves == state["move"]  # nothing refused was applied


# --- the four-handed game ------------------------------------------------------------------------


def test_a_whole_four_handed_fadoq_game_through_the_api(api_client):
    response = api_client.post(
        BASE, {"players": 4, "level": "easy", "partner_level": "easy"}, format="json"
    )
    assert response.status_code == 201
    state = response.json()
    assert state["players"] == 4 and state["rules"] == "FADOQ" and state["target"] == 121
    assert [s["name"] for s in state["seats"]] == ["you", "left", "partner", "right"]
    assert [s["side"] for s in state["seats"]] == ["your_team", "opponents"] * 2
    discards = 0
    for _ in range(600):
        if state["awaiting"] is None:
            break
        if state["awaiting"] == "discard":
            assert len(state["hand"]) == 5  # five cards each, one to the crib
            assert [a["cards"] for a in state["legal"]] == [[c] for c in state["hand"]]
            discards += 1
        response = api_client.post(
            f"{BASE}{state['id']}/act/",
            {"move": state["move"], "action": state["legal"][-1]},
            format="json",
        )
        assert response.status_code == 200, response.json()
        state = response.json()
        assert state["coaching"] is None or len(state["coaching"]["discard"]) == 1
    assert state["winner"] in ("your_team", "opponents")
    assert sorted(state["scores"]) == ["opponents", "your_team"]
    assert 121 in state["scores"].values()
    assert state["statistics"]["discards"] == discards >= 5
    final = replay(PracticeGame.objects.get(pk=state["id"]).state["record"])
    assert final.rules.one_point_cutoff == 116 and final.rules.players == 4
    assert [final.scores[0], final.scores[1]] == [
        state["scores"]["your_team"],
        state["scores"]["opponents"],
    ]


def test_the_four_handed_state_never_shows_another_seats_hand(api_client):
    """Neither the opponents' hands nor the partner's: only the cards each seat has laid."""
    state = api_client.post(BASE, {"players": 4, "level": "pro"}, format="json").json()
    url = f"{BASE}{state['id']}/act/"
    seen_play = False
    for _ in range(40):
        if state["awaiting"] is None:
            break
        table = Table.from_state(PracticeGame.objects.get().state)
        g = table.game
        if g.phase.name in ("DISCARD", "CUT", "PLAY"):
            text = str(state)
            hidden = [c for seat in (1, 2, 3) for c in g.held[seat]] + g.pack
            assert hidden and not [c for c in hidden if f"'{c}'" in text], g
            assert [s["cards"] for s in state["seats"]] == [len(h) for h in g.held]
            seen_play |= g.phase.name == "PLAY"
        state = api_client.post(
            url, {"move": state["move"], "action": state["legal"][0]}, format="json"
        ).json()
    assert seen_play


def test_four_handed_choices_are_checked(api_client):
    response = api_client.post(BASE, {"players": 4, "target": 61}, format="json")
    assert response.status_code == 400 and "121" in response.json()["detail"]
    response = api_client.post(BASE, {"players": 5}, format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith("players:")
    response = api_client.post(BASE, {"players": 3, "target": 61}, format="json")
    assert response.status_code == 400 and "three-handed" in response.json()["detail"]
    response = api_client.post(BASE, {"players": 4, "rules": "SIX_PLAYER"}, format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith("rules:")
    assert not PracticeGame.objects.exists()
    state = api_client.post(
        BASE,
        {"players": 4, "rules": "FOUR_PLAYER_PARTNERS", "level": "pro", "partner_level": "easy"},
        format="json",
    ).json()
    assert state["rules"] == "FOUR_PLAYER_PARTNERS" and state["partner_level"] == "easy"
    assert [s["level"] for s in state["seats"]] == [None, "pro", "easy", "pro"]


def test_a_four_handed_discard_of_two_cards_is_refused_in_words(api_client):
    state = api_client.post(BASE, {"players": 4}, format="json").json()
    state = advance(api_client, state, "discard")
    two = {"type": "Discard", "cards": state["hand"][:2]}
    assert refusal(api_client, state, two, "fr-CA") == {
        "detail": "Choisissez exactement une carte à mettre au crib (2 choisies).",
        "code": "discard-count-one",
    }


# --- the three-handed game -----------------------------------------------------------------------


def test_a_whole_three_handed_game_through_the_api(api_client):
    response = api_client.post(BASE, {"players": 3, "level": "standard"}, format="json")
    assert response.status_code == 201
    state = response.json()
    assert state["players"] == 3 and state["rules"] == "THREE_PLAYER" and state["target"] == 121
    assert [s["name"] for s in state["seats"]] == ["you", "left", "right"]
    assert [s["side"] for s in state["seats"]] == ["you", "left", "right"]
    discards = 0
    for i in range(700):
        if state["awaiting"] is None:
            break
        if i % 50 == 49:  # a whole game to 121 takes more actions than the 60 a minute allowed
            cache.clear()
        if state["awaiting"] == "discard":
            assert len(state["hand"]) == 5  # five cards each, one to the crib
            assert [a["cards"] for a in state["legal"]] == [[c] for c in state["hand"]]
            discards += 1
        response = api_client.post(
            f"{BASE}{state['id']}/act/",
            {"move": state["move"], "action": state["legal"][0]},
            format="json",
        )
        assert response.status_code == 200, response.json()
        state = response.json()
    assert state["winner"] in ("you", "left", "right")
    assert sorted(state["scores"]) == ["left", "right", "you"]
    final = replay(PracticeGame.objects.get(pk=state["id"]).state["record"])
    assert final.rules.players == 3 and max(final.scores) == 121
    assert list(final.scores) == [state["scores"][k] for k in ("you", "left", "right")]
    assert state["statistics"]["discards"] == discards >= 4


def test_the_three_handed_state_never_shows_the_opponents_hands_or_the_crib_card(api_client):
    """Neither opponent's hand, nor the card the pack gave the crib, nor the pack."""
    state = api_client.post(BASE, {"players": 3, "level": "pro"}, format="json").json()
    url = f"{BASE}{state['id']}/act/"
    seen = set()
    for _ in range(40):
        if state["awaiting"] is None:
            break
        g = Table.from_state(PracticeGame.objects.get().state).game
        if g.phase.name in ("DISCARD", "CUT", "PLAY"):
            text = str(state)
            hidden = [c for seat in (1, 2) for c in g.held[seat]] + g.crib + g.pack
            view = view_of(g, 0)
            mine = set(view.hand) | set(view.kept) | set(view.discards) | {c for _, c in g.laid}
            hidden = [c for c in hidden if c not in mine]  # the player's own discard is theirs
            assert hidden and not [c for c in hidden if f"'{c}'" in text], g
            assert [s["cards"] for s in state["seats"]] == [len(h) for h in g.held]
            seen.add(g.phase.name)
        state = api_client.post(
            url, {"move": state["move"], "action": state["legal"][0]}, format="json"
        ).json()
    assert {"DISCARD", "PLAY"} <= seen
