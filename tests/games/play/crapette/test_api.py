"""The Crapette practice API (/api/v1/play/crapette/): a whole game by another client, refused
moves with the reason, repeats, calls, and what the state never shows (face-down cards)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from games.crapette import check_record
from games.models import PracticeGame
from games.play.crapette.table import CrapetteTable

BASE = "/api/v1/play/crapette/"
pytestmark = pytest.mark.django_db


def act(api_client, state, **data):
    return api_client.post(f"{BASE}{state['id']}/act/", {"move": state["move"], **data},
                           format="json", HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip


def test_a_whole_game_through_the_api(api_client):
    response = api_client.post(BASE, {"level": "strong", "vigilance": "never"}, format="json")
    assert response.status_code == 201
    state = response.json()
    assert state["move"] == 0 and state["result"]["end"] == "unfinished"
    assert "crapette" not in state["table"]["players"]["A"]  # counts and face-up cards only
    for i in range(3000):
        if state["turn"] is None:
            break
        if i % 50 == 49:
            cache.clear()  # a whole game is ~500 actions, more than the tools' 60 a minute
        if state["turn"] == "computer":
            response = act(api_client, state, action="step")
        else:
            legal = state["legal"]
            first = next((m for m in legal if m.endswith(">F")), legal[-1])
            if ">" in first:
                source, target = first.split(">")
                response = act(api_client, state, action="move", source=source, target=target)
            else:
                name = {"T": "turn", "R": "recycle", "P": "pass"}[first]
                response = act(api_client, state, action=name)
        assert response.status_code == 200, response.json()
        state = response.json()
        assert state["applied"]
    assert state["result"]["end"] in ("win", "stalemate")
    game = PracticeGame.objects.get(pk=state["id"])
    assert game.finished_at is not None
    assert check_record(CrapetteTable.from_state(game.state).record().as_dict()).valid


def test_a_refused_move_says_why_and_a_repeat_is_not_applied(api_client):
    state = api_client.post(BASE, {}, format="json").json()
    while state["turn"] != "you":
        state = act(api_client, state, action="step").json()
    response = act(api_client, state, action="move", source="C", target="D")
    assert response.status_code == 400
    assert response.json()["code"] == "discard-only-stock"
    assert "Only the card you just turned from your stock" in response.json()["detail"]
    response = act(api_client, state, action="move", target="F")
    assert response.status_code == 400 and response.json()["code"] == "choose-card"
    turned = act(api_client, state, action="turn").json()
    assert turned["applied"] and turned["move"] == state["move"] + 1
    again = act(api_client, state, action="turn").json()  # the same move number again
    assert not again["applied"] and again["move"] == turned["move"]


def test_a_call_without_a_fault_is_refused(api_client):
    state = api_client.post(BASE, {"level": "standard"}, format="json").json()
    while state["turn"] != "computer":
        move = state["legal"][-1]
        data = (
            {"action": {"T": "turn", "R": "recycle", "P": "pass"}[move]}
            if ">" not in move
            else {"action": "move", "source": move.split(">")[0], "target": move.split(">")[1]}
        )
        state = act(api_client, state, **data).json()
    response = act(api_client, state, action="call")
    assert response.status_code == 400 and response.json()["code"] == "no-fault"


def test_bad_requests_are_refused_with_a_detail(api_client):
    assert api_client.post(BASE, {"level": "genius"}, format="json").status_code == 400
    state = api_client.post(BASE, {}, format="json").json()
    response = act(api_client, state, action="fly")
    assert response.status_code == 400 and "detail" in response.json()
    assert api_client.get(f"{BASE}00000000-0000-4000-8000-000000000000/").status_code == 404
