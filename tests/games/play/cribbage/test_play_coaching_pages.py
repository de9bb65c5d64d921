"""The coaching of the play at the table, on the page, in the record and through the API: each
card the player lays weighed as the engine weighs it, the worst three plays at the end, the
figures that cannot contradict themselves (the cost from exact values, enough decimals)."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.test import Client
from django.utils import translation

from games.cribbage.computer import view_of
from games.cribbage.computer.four import read_plays
from games.cribbage.play_coaching import coach_play
from games.cribbage.play_coaching_seats import coach_play_seats
from games.models import PracticeGame
from games.play.cribbage.display import _advice_view, play_advice_view, precision
from games.play.cribbage.table import HUMAN, Table

from .test_pages import next_move, page_state

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def test_play_coaching_is_on_with_easy_and_an_option_otherwise():
    assert Table.new("easy", seed=1).coach_play
    assert not Table.new("standard", seed=1).coach_play
    assert Table.new("pro", seed=1, coach_play=True).coach_play
    assert not Table.new("easy", seed=1, coach_play=False).coach_play
    # At every table: three- and four-handed too.
    assert Table.new("easy", seed=1, players=3).coach_play
    assert Table.new("easy", seed=1, players=4).coach_play
    assert not Table.new("standard", seed=1, players=4).coach_play
    assert Table.new("standard", seed=1, players=3, coach_play=True).coach_play


def _play_a_deal_choosing_at_random(table: Table, rng: random.Random) -> list[dict]:
    """Play the player's actions until the first deal's show; each card laid is checked against
    the engine's own computation from the player's view at that moment."""
    checked = []
    while table.awaiting not in (None, "count") and len(checked) < 40:
        awaiting = table.awaiting
        if awaiting == "deal" and table.game.hand_number:
            break
        if awaiting == "discard":
            hand = [str(c) for c in table.game.held[HUMAN]]
            table.act(
                {"type": "Discard", "cards": rng.sample(hand, 2 if table.players == 2 else 1)}
            )
        elif awaiting == "play":
            view = view_of(table.game, HUMAN)
            card = rng.choice(view.playable())
            expected = _engine_advice(view, card)
            table.act({"type": "Play", "card": str(card)})
            advice = table.play_advice
            assert advice is not None and advice["card"] == str(card)
            assert advice["best_card"] == str(expected.best_card)
            assert advice["loss"] == pytest.approx(float(expected.loss))
            assert advice["is_best"] == expected.is_best
            checked.append(advice)
        else:
            table.act(
                {
                    "type": {
                        "cut_for_deal": "CutForDeal",
                        "deal": "Deal",
                        "cut": "Cut",
                        "go": "Go",
                    }[awaiting]
                }
            )
    return checked


def _engine_advice(view, card):
    """The engine's own weighing of ``card`` from the player's view: two-handed against the
    one opponent; three- and four-handed over the other seats' cards, every go read from the
    cards laid (``read_plays``), four-handed for the team, with the FADOQ 116 rule."""
    seen = {*view.kept, *view.discards, *(c for _, c in view.laid), view.starter}
    if view.players == 2:
        return coach_play(
            view.hand,
            series=view.series,
            count=view.count,
            seen=seen,
            card=card,
            opponent_cards=view.opponent_cards,
            opponent_said_go=view.opponent_said_go,
            last_was_mine=bool(view.series) and view.laid[-1][0] == HUMAN,
        )
    cutoff = view.rules.one_point_cutoff
    return coach_play_seats(
        view.hand,
        series=view.series,
        count=view.count,
        seen=seen,
        held=view.held_counts,
        card=card,
        passed=view.passed,
        room=read_plays(view).room,
        side_of=(0, 1, 0, 1) if view.players == 4 else None,
        lone_until=None if cutoff is None else [cutoff - s for s in view.scores],
    )


def test_each_card_laid_is_coached_as_the_engine_weighs_it_and_kept_in_the_state():
    table = Table.new("easy", seed=7)
    checked = _play_a_deal_choosing_at_random(table, random.Random(3))
    assert len(checked) >= 3
    again = Table.from_state(json.loads(json.dumps(table.to_state())))
    assert again.coach_play and again.plays == table.plays


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12)])
def test_three_and_four_handed_each_card_is_coached_as_the_engine_weighs_it(players, seed):
    table = Table.new("easy", seed=seed, players=players)
    checked = _play_a_deal_choosing_at_random(table, random.Random(seed))
    assert len(checked) >= 3
    assert all(a["players"] == players for a in checked)
    again = Table.from_state(json.loads(json.dumps(table.to_state())))
    assert again.coach_play and again.plays == table.plays
    assert table.statistics()["plays"] == len(checked)


def test_the_advice_is_shown_only_while_the_card_is_the_players_last_action():
    table = Table.new("easy", seed=7)
    rng = random.Random(3)
    while table.awaiting != "play":
        awaiting = table.awaiting
        if awaiting == "discard":
            table.act({"type": "Discard", "cards": [str(c) for c in table.game.held[HUMAN][:2]]})
        else:
            table.act(
                {"type": {"cut_for_deal": "CutForDeal", "deal": "Deal", "cut": "Cut"}[awaiting]}
            )
    assert table.play_advice is None
    table.act({"type": "Play", "card": str(rng.choice(table.view().playable()))})
    assert table.play_advice is not None


def test_a_game_without_play_coaching_weighs_nothing():
    table = Table.new("standard", seed=7)
    _play_a_deal_choosing_at_random_no_check(table)
    assert table.plays == [] and table.play_advice is None
    assert "worst_plays" not in table.statistics()


def _play_a_deal_choosing_at_random_no_check(table: Table) -> None:
    for _ in range(40):
        awaiting = table.awaiting
        if awaiting in (None, "count") or (awaiting == "deal" and table.game.hand_number):
            return
        if awaiting == "discard":
            table.act({"type": "Discard", "cards": [str(c) for c in table.game.held[HUMAN][:2]]})
        elif awaiting == "play":
            table.act({"type": "Play", "card": str(table.view().playable()[0])})
        else:
            table.act(
                {
                    "type": {
                        "cut_for_deal": "CutForDeal",
                        "deal": "Deal",
                        "cut": "Cut",
                        "go": "Go",
                    }[awaiting]
                }
            )


def test_figures_that_would_round_equal_get_more_decimals():
    # 16.456 against 16.500: one decimal would say 16,5 twice and a cost of 0,0.
    with translation.override("fr"):
        view = _advice_view(
            {
                "dealt": ["5H", "5C", "5S", "JD", "4D", "6D"],
                "dealer": True,
                "keep": ["5H", "5C", "5S", "JD"],
                "discard": ["4D", "6D"],
                "expected": 16.456,
                "best_keep": ["5H", "5C", "4D", "6D"],
                "best_discard": ["5S", "JD"],
                "best": 16.5,
                "loss": 0.044,
                "rank": 2,
                "is_best": False,
            }
        )
    assert view["expected_points"] != view["best_points"]
    assert view["expected_text"] == "16,46" and view["best_text"] == "16,50"
    assert view["loss_text"] == "0,04"


@pytest.mark.parametrize(
    ("best", "expected", "loss_text"),
    [(10.45, 10.2, "0,3"), (12.0, 4.666666, "7,3"), (3.0, 3.0, "0,0")],
)
def test_the_cost_is_the_exact_cost_rounded_not_a_difference_of_rounded_figures(
    best, expected, loss_text
):
    advice = {
        "card": "5H",
        "best_card": "KD",
        "series": [],
        "count": 0,
        "expected": expected,
        "best": best,
        "loss": best - expected,
        "is_best": best == expected,
        "forced": False,
        "exact": True,
        "error": 0.0,
        "holdings": 91,
    }
    with translation.override("fr"):
        assert play_advice_view(advice)["loss_points"].startswith(loss_text)
    assert precision(best, expected) == 1


@pytest.mark.django_db
def test_the_french_page_coaches_each_card_and_the_end_lists_the_worst_three():
    client = Client()
    response = client.post("/play/", {"level": "easy", "target": "61"}, **FR)
    url = response.url
    coached = 0
    for _ in range(600):
        html, awaiting, move = page_state(client, url)
        if awaiting == "over":
            break
        data = {"move": move}
        if awaiting == "discard":
            data.update(
                action="Discard", cards=re.findall(r'name="cards" value="(\w+)"', html)[-2:]
            )
        elif awaiting == "play":
            playable = re.findall(r'name="card" value="(\w+)" class="card-button" aria-label', html)
            data.update(action="Play", card=playable[-1])
        elif awaiting == "count":
            data.update(
                action=re.search(r'name="action" value="(Count\w+)"', html).group(1), claimed="0"
            )
        else:
            data["action"] = {
                "cut_for_deal": "CutForDeal",
                "deal": "Deal",
                "cut": "Cut",
                "go": "Go",
            }[awaiting]
        client.post(url, data, **FR)
        if awaiting == "play":
            after = client.get(url, **FR).content.decode()
            coached += 1
            if "data-result" in after:
                continue  # the card won the game: the end's summary instead
            assert "data-play-coaching" in after
            assert f'data-card="{data["card"]}"' in after
            if 'data-is-best="0"' in after:
                assert "Pas la meilleure carte." in after and "Votre carte coûte" in after
                loss = re.search(r"Votre carte coûte ([\d,]+)", after).group(1)
                assert loss.strip("0,") != ""  # never « 0,0 » for a card that was not the best
    else:
        raise AssertionError("the game did not end")
    assert coached >= 10
    state = PracticeGame.objects.get().state
    assert len(state["plays"]) == coached
    worst = sorted((a for a in state["plays"] if not a["is_best"]), key=lambda a: -a["loss"])[:3]
    html = client.get(url, **FR).content.decode()
    assert worst  # laying the last card that fits is not always best
    if worst:
        assert "Vos cartes les plus coûteuses" in html
        shown = re.findall(r'<dd data-card="(\w+)">', html.split("data-worst-plays")[1])
        assert shown == [a["card"] for a in worst]
    record = json.loads(client.get(url + "record/").content)
    assert record["coaching"]["plays"] == state["plays"]


@pytest.mark.django_db
def test_the_api_gives_the_play_coaching(api_client):
    state = api_client.post(
        "/api/v1/play/cribbage/", {"level": "standard", "coach_play": True}, format="json"
    ).json()
    assert state["coach_play"] is True
    for _ in range(60):
        if state["awaiting"] == "play":
            card = next(a for a in state["legal"] if a["type"] == "Play")["card"]
            state = api_client.post(
                f"/api/v1/play/cribbage/{state['id']}/act/",
                {"move": state["move"], "action": {"type": "Play", "card": card}},
                format="json",
            ).json()
            assert state["play_coaching"]["card"] == card
            assert {"best_card", "expected", "best", "loss", "exact", "error"} <= set(
                state["play_coaching"]
            )
            return
        action = state["legal"][0]
        state = api_client.post(
            f"/api/v1/play/cribbage/{state['id']}/act/",
            {"move": state["move"], "action": action},
            format="json",
        ).json()
    raise AssertionError("never asked to lay a card")


@pytest.mark.django_db
def test_the_api_gives_the_play_coaching_of_a_three_handed_game_by_default_at_easy(api_client):
    state = api_client.post(
        "/api/v1/play/cribbage/", {"level": "easy", "players": 3}, format="json"
    ).json()
    assert state["coach_play"] is True
    for _ in range(80):
        if state["awaiting"] == "play":
            card = next(a for a in state["legal"] if a["type"] == "Play")["card"]
            state = api_client.post(
                f"/api/v1/play/cribbage/{state['id']}/act/",
                {"move": state["move"], "action": {"type": "Play", "card": card}},
                format="json",
            ).json()
            advice = state["play_coaching"]
            assert advice["card"] == card and advice["players"] == 3
            assert advice["loss"] == pytest.approx(advice["best"] - advice["expected"])
            return
        action = state["legal"][0]
        state = api_client.post(
            f"/api/v1/play/cribbage/{state['id']}/act/",
            {"move": state["move"], "action": action},
            format="json",
        ).json()
    raise AssertionError("never asked to lay a card")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("players", "whose"),
    [
        (3, "Les points sont les vôtres moins la moyenne de ceux de vos deux adversaires"),
        (4, "Les points sont ceux de votre équipe moins ceux de l'équipe adverse"),
    ],
)
def test_the_french_page_says_whose_points_the_play_coaching_counts(players, whose):
    client = Client()
    form = {"level": "easy", "players": str(players), "target": "121"}
    if players == 4:
        form |= {"rules": "FADOQ", "partner_level": "easy"}
    url = client.post("/play/", form, **FR).url
    for _ in range(60):
        html, awaiting, move = page_state(client, url)
        client.post(url, next_move(html, awaiting, move), **FR)
        if awaiting == "play":
            after = client.get(url, **FR).content.decode()
            assert "data-play-coaching" in after
            if 'data-is-best="0"' in after or "Meilleure carte." in after:
                assert whose in after
                assert "Les points sont les vôtres moins ceux de l'ordinateur" not in after
                return
    raise AssertionError("no card coached with a choice in 60 moves")


@pytest.mark.parametrize(
    ("level", "players", "seed"), [("pro", 2, 21), ("easy", 2, 5), ("easy", 4, 8)]
)
def test_the_card_hinted_is_never_coached_as_not_the_best(level, players, seed):
    """A member who lays the card « Une bonne carte ici » names must not be told « Pas la
    meilleure carte » (the hint was the standard player's card, the coaching the expected
    best): laid at every turn of a whole deal, each hinted card is the coaching's best, and a
    hint is given at every turn where a card can be laid."""
    table = Table.new(level, seed=seed, players=players, coach_play=True)
    rng, hinted = random.Random(seed), 0
    while table.awaiting not in (None, "count") and not (
        table.awaiting == "deal" and table.game.hand_number
    ):
        if table.awaiting == "discard":
            hand = [str(c) for c in table.game.held[HUMAN]]
            table.act({"type": "Discard", "cards": rng.sample(hand, 2 if players == 2 else 1)})
        elif table.awaiting == "play":
            card = table.hint()
            assert card is not None and card in view_of(table.game, HUMAN).playable()
            table.act({"type": "Play", "card": str(card)})
            advice = table.play_advice
            assert advice is not None and advice["is_best"], advice
            hinted += 1
        else:
            kinds = {"cut_for_deal": "CutForDeal", "deal": "Deal", "cut": "Cut", "go": "Go"}
            table.act({"type": kinds[table.awaiting]})
    assert hinted >= 2
