"""Crapette against the computer (/play/crapette/): starting, refused moves with the reason in
French and English, the computer's "Crapette !" on a forgotten mandatory move, the player's
calls, repeated submits, resuming, a whole game to the end and its record, which the existing
checker validates."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.test import Client

from games.crapette import CALL, Computer, Level, Player, check_record
from games.models import PracticeGame
from games.play.crapette.table import CrapetteTable

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
FR = {"HTTP_ACCEPT_LANGUAGE": "fr-ca"}
FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}


def new_game(seed: int, level: str = "standard", vigilance: str = "always") -> PracticeGame:
    """A game with a known deal (the page deals a random one)."""
    table = CrapetteTable.new(level, vigilance, seed=seed)
    return PracticeGame.objects.create(kind="crapette", level=level, state=table.to_state(),
                                       options={"vigilance": vigilance})  # fmt: skip


def table_of(game: PracticeGame) -> CrapetteTable:
    game.refresh_from_db()
    return CrapetteTable.from_state(game.state)


def players_turn_seed(predicate) -> tuple[int, CrapetteTable]:
    """The first seed whose opening (player A to move) satisfies ``predicate(table)``."""
    for seed in range(200):
        table = CrapetteTable.new("standard", seed=seed)
        if table.players_turn and predicate(table):
            return seed, table
    raise AssertionError("no such deal in 200 seeds")


def post(client, game, data, lang=EN, **extra):
    return client.post(f"/play/crapette/{game.pk}/", {"move": game.moves, **data}, **lang,
                       **extra)  # fmt: skip


def test_start_page_and_new_game_lands_on_the_table():
    client = Client()
    assert client.get("/play/crapette/", **FR).status_code == 200
    response = client.post("/play/crapette/", {"level": "easy", "vigilance": "sometimes",
                                                "loading": "alternate-colour"}, **EN)  # fmt: skip
    assert response.status_code == 302
    game = PracticeGame.objects.get()
    assert game.kind == "crapette" and game.level == "easy"
    assert game.state["rules"]["loading"] == "alternate-colour"
    html = client.get(response.url, **EN).content.decode()
    assert html.count('class="cr-case ') == 8 and html.count('cr-foundation"') == 8
    # Resume: the start page offers the current game.
    assert str(game.pk) in client.get("/play/crapette/", **EN).content.decode()


def test_a_bad_option_is_refused_and_creates_nothing():
    response = Client().post("/play/crapette/", {"level": "genius", "vigilance": "always",
                                                  "loading": "same-suit"}, **EN)  # fmt: skip
    assert response.status_code == 400
    assert not PracticeGame.objects.exists()


def test_an_illegal_move_is_refused_with_the_reason_in_french_and_nothing_changes():
    # A case card onto a case where it does not fit (wrong rank).
    def has_bad_case_move(table):
        cases = table.state.cases
        return any(cases[i] and cases[j] and cases[j][-1].rank != cases[i][-1].rank + 1
                   for i in range(8) for j in range(8) if i != j)  # fmt: skip

    seed, table = players_turn_seed(has_bad_case_move)
    game = new_game(seed)
    cases = table.state.cases
    i, j = next((i, j) for i in range(8) for j in range(8) if i != j and cases[i] and cases[j]
                and cases[j][-1].rank != cases[i][-1].rank + 1)  # fmt: skip
    response = post(Client(), game, {"source": str(i + 1), "target": str(j + 1)}, FR, **FETCH)
    assert response.status_code == 400
    html = unescape(response.content.decode())
    assert "ne peut pas aller sur" in html and f"dans la case {j + 1}" in html
    assert "les cases descendent d'un rang à la fois, rouge sur noire et noire sur rouge" in html
    assert table_of(game).moves == [] and PracticeGame.objects.get().moves == 0


def test_forgetting_a_mandatory_move_the_computer_calls_crapette_and_shows_the_missed_move():
    def forgettable(table):
        moves = table.state.legal_moves()
        return any(m.is_foundation for m in moves) and any(
            not m.is_foundation and not m.ends_turn and m.kind.value == "transfer" for m in moves
        )

    seed, table = players_turn_seed(forgettable)
    game = new_game(seed)
    missed_source, missed_card = table.state.first_foundation_card()
    other = next(m for m in table.state.legal_moves() if not m.is_foundation
                 and m.kind.value == "transfer" and not m.ends_turn)  # fmt: skip
    response = post(Client(), game, {"source": other.source, "target": other.target}, FR, **FETCH)
    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert "L'ordinateur crie «\u00a0Crapette\u202f!\u00a0»" in html
    assert "devait d'abord aller sur une pile centrale" in html
    after = table_of(game)
    assert after.state.turn.label == "B"  # the player's turn ended
    assert after.moves[-1] == "!" and after.log[-1]["missed_card"] == str(missed_card.card)


def test_a_wrong_call_by_the_player_is_refused_with_the_reason():
    # Let the computer start its turn, then call although it made no mistake.
    for seed in range(200):
        table = CrapetteTable.new("standard", seed=seed)
        if not table.players_turn:
            break
    game = new_game(seed)
    client = Client()
    response = post(client, game, {"action": "call"}, EN, **FETCH)
    assert response.status_code == 400
    assert "refused: the computer has not missed a mandatory move" in response.content.decode()
    assert table_of(game).moves == []


def test_the_player_catches_an_easy_computer_and_a_repeated_submit_is_applied_once():
    client = Client()
    for seed in range(60):
        table = CrapetteTable.new("easy", seed=seed)
        game = PracticeGame.objects.create(kind="crapette", level="easy", state=table.to_state())
        for _ in range(120):  # the computer's turns, step by step, until it errs
            table = table_of(game)
            if table.players_turn or table.is_over or table.computer_fault is not None:
                break
            assert post(client, game, {"action": "step"}, EN).status_code == 302
            game.refresh_from_db()
        if table.computer_fault is not None:
            break
    else:
        raise AssertionError("the easy computer never erred")
    assert CALL in table.state.legal_moves()
    number = game.moves
    first = post(client, game, {"action": "call"}, EN, **FETCH)
    assert first.status_code == 200 and "You called “Crapette !”" in first.content.decode()
    # The same submit again (a double tap, a retry): not applied twice.
    client.post(f"/play/crapette/{game.pk}/", {"move": number, "action": "call"}, **EN)
    game.refresh_from_db()
    assert game.moves == number + 1
    assert table_of(game).players_turn


def play_to_the_end(client, game, limit=4000):
    """Plain form posts: the computer's steps, and the player's first legal move by the page's
    own buttons (foundation moves first, so the player never errs)."""
    me = Computer(Player.A, Level.STANDARD)
    for _ in range(limit):
        table = table_of(game)
        if table.is_over:
            return
        if not table.players_turn:
            data = {"action": "step"}
        else:
            move = me.choose(table.state)
            if move.kind.value == "transfer":
                data = {"source": move.source, "target": move.target}
            else:
                data = {"action": {"T": "turn", "R": "recycle", "P": "pass"}[str(move)]}
        response = client.post(f"/play/crapette/{game.pk}/", {"move": game.moves, **data}, **EN)
        assert response.status_code == 302
        game.refresh_from_db()
    raise AssertionError("the game did not end")


def test_a_whole_game_ends_with_hoyle_scoring_and_a_record_the_checker_validates():
    client = Client()
    game = new_game(7)
    assert client.get(f"/play/crapette/{game.pk}/record/").status_code == 409
    play_to_the_end(client, game)
    assert game.finished_at is not None
    html = client.get(f"/play/crapette/{game.pk}/", **EN).content.decode()
    assert re.search(r"wins \d+ points: 30 \+ 2 × \d+ cards", html)
    assert "Download the record" in html
    response = client.get(f"/play/crapette/{game.pk}/record/")
    assert response.status_code == 200
    record = json.loads(response.content)
    result = check_record(record)
    assert result.valid, result.reason
    assert record["result"]["end"] == "win"
    # A move after the end changes nothing.
    assert post(client, game, {"action": "turn"}, EN).status_code == 302
    game.refresh_from_db()
    assert len(game.state["moves"]) == len(record["moves"])


def test_the_checkers_position_is_drawn_in_the_pages_letters():
    """The record checker's position, in French: V, D and R, never J, Q and K."""
    from django.utils import translation

    from games.crapette import Deal, GameState
    from games.play.crapette.checker_words import position_text

    faces = {"fr": {"V", "D", "R"}, "en": {"J", "Q", "K"}}
    with_faces = 0
    for seed in range(6):
        state = GameState.new(Deal.from_seed(seed))
        ranks = {}
        for language in ("fr", "en"):
            with translation.override(language):
                ranks[language] = set(re.findall(r"(\d+|[A-Z])[♠♥♦♣]", position_text(state)))
        assert not ranks["fr"] & faces["en"] and not ranks["en"] & faces["fr"], seed
        assert ranks["fr"] - faces["fr"] == ranks["en"] - faces["en"]  # the same cards else
        with_faces += bool(ranks["fr"] & faces["fr"])
    assert with_faces >= 3


def test_an_unknown_game_is_404():
    assert Client().get("/play/crapette/00000000-0000-0000-0000-000000000000/").status_code == 404


def test_new_game_page_still_offers_to_resume_the_unfinished_game():
    client = Client()
    client.post("/play/crapette/", {"level": "easy", "vigilance": "always",
                                    "loading": "same-suit"}, **EN)  # fmt: skip
    game = PracticeGame.objects.get()
    html = client.get("/play/crapette/?new=1", **FR).content.decode()
    assert f'href="/play/crapette/{game.pk}/" data-resume' in html
    assert "Reprendre votre partie" in html
    # Starting another asks first: the game in progress would be left unfinished.
    assert (
        'data-ask="Commencer une nouvelle partie ? La partie en cours restera inachevée."' in html
    )
    first = Client().get("/play/crapette/", **FR).content.decode()  # a visitor with no game
    assert "data-ask=" not in first.split('action="/play/crapette/"', 1)[1].split(">", 1)[0]


def test_the_first_turn_says_why_that_player_starts():
    seed, table = players_turn_seed(lambda t: True)
    mine, theirs = (table.state.crapette[p][-1] for p in (Player.A, Player.B))
    game = new_game(seed)
    html = unescape(Client().get(f"/play/crapette/{game.pk}/", **EN).content.decode())
    starter = re.search(r"data-starter>([^<]*)<", html).group(1)
    assert starter.startswith("You start:")
    if mine.rank != theirs.rank:
        assert f"your crapette, the {RANK_WORDS[int(mine.rank)]}" in starter
    else:
        assert "same rank" in starter


RANK_WORDS = {1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
              8: "Eight", 9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King"}  # fmt: skip
