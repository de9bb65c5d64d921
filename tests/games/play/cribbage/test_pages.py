"""The cribbage practice pages (/play/): a whole game through plain form POSTs (no JavaScript),
the fetch partial, resuming, repeated submits, the record download replayed by the engine."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from games.cribbage.discard import analyze_discards
from games.cribbage.record import replay
from games.models import PracticeGame
from games.play.cribbage.display import precision, rounded
from games.play.cribbage.table import Table

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def start(client, **options) -> str:
    data = {"level": "standard", "target": "61", **options}
    response = client.post("/play/", data, **EN)
    assert response.status_code == 302
    return response.url


def page_state(client, url) -> tuple[str, str, str | None]:
    html = client.get(url, **EN).content.decode()
    awaiting = re.search(r'data-awaiting="([^"]+)"', html).group(1)
    move = re.search(r'name="move" value="(\d+)"', html)
    return html, awaiting, move.group(1) if move else None


def next_move(html: str, awaiting: str, move: str) -> dict:
    data = {"move": move}
    if awaiting == "discard":
        need = int(re.search(r'data-discard="(\d)"', html).group(1))  # 2, or 1 four-handed
        data.update(action="Discard", cards=re.findall(r'name="cards" value="(\w+)"', html)[:need])
    elif awaiting == "play":
        playable = re.findall(r'name="card" value="(\w+)" class="card-button" aria-label', html)
        data.update(action="Play", card=playable[0])
    elif awaiting == "count":
        data.update(
            action=re.search(r'name="action" value="(Count\w+)"', html).group(1), claimed="0"
        )
    else:
        data["action"] = {"cut_for_deal": "CutForDeal", "deal": "Deal", "cut": "Cut", "go": "Go"}[
            awaiting
        ]
    return data


def advance_to(client, url, wanted: str) -> tuple[str, str, str]:
    """Play the player's moves until the page asks for ``wanted`` (a tied cut for deal is
    cut again, so the number of moves varies)."""
    for _ in range(10):
        html, awaiting, move = page_state(client, url)
        if awaiting == wanted:
            return html, awaiting, move
        client.post(url, next_move(html, awaiting, move))
    raise AssertionError(f"never asked for {wanted}")


def play_to_the_end(client, url, limit=400) -> str:
    for i in range(limit):
        html, awaiting, move = page_state(client, url)
        if awaiting == "over":
            return html
        # Half the moves as plain forms (redirect), half as the script sends them (partial).
        fetch = {"HTTP_X_REQUESTED_WITH": "fetch"} if i % 2 else {}
        response = client.post(url, next_move(html, awaiting, move), **EN, **fetch)
        assert response.status_code == (200 if fetch else 302), response.content[:300]
    raise AssertionError("the game did not end")


def test_a_whole_game_is_played_with_plain_forms_and_its_record_replays():
    client = Client()
    url = start(client)
    html = play_to_the_end(client, url)
    assert "data-result" in html and "Download the record" in html
    game = PracticeGame.objects.get()
    assert game.finished_at is not None and game.kind == "cribbage" and game.level == "standard"
    response = client.get(url + "record/")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    replayed = replay(json.loads(response.content))
    assert replayed.is_over and max(replayed.scores) == 61
    assert replayed.scores == [int(s) for s in re.findall(r"data-(?:my|their)-score>(\d+)<", html)]


def test_the_record_is_not_given_before_the_end():
    # The record holds the deal's seed: it would show the computer's cards.
    client = Client()
    url = start(client)
    assert client.get(url + "record/").status_code == 409


def test_a_repeated_submit_is_applied_once():
    client = Client()
    url = start(client)
    html, awaiting, move = advance_to(client, url, "discard")
    data = next_move(html, awaiting, move)
    client.post(url, data)
    game = PracticeGame.objects.get()
    moves, state = game.moves, game.state
    # The same POST again (a double tap, a retry after a lost answer): nothing changes.
    response = client.post(url, data, HTTP_X_REQUESTED_WITH="fetch", **EN)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.moves == moves and game.state == state
    assert len(game.state["coaching"]) == 1


def test_the_session_resumes_the_current_game():
    client = Client()
    url = start(client)
    html, awaiting, move = page_state(client, url)
    client.post(url, next_move(html, awaiting, move))
    home = client.get("/play/", **EN).content.decode()
    assert f'href="{url}"' in home and "Resume your game" in home
    # Another visitor does not see it on /play/, but the link itself opens it.
    other = Client()
    assert f'href="{url}"' not in other.get("/play/", **EN).content.decode()
    assert other.get(url, **EN).status_code == 200


def test_an_illegal_move_is_refused_and_changes_nothing():
    client = Client()
    url = start(client)
    html, awaiting, move = page_state(client, url)
    response = client.post(
        url, {"move": move, "action": "Play", "card": "5H"}, HTTP_X_REQUESTED_WITH="fetch", **EN
    )
    assert response.status_code == 400
    assert "not yours to do now" in response.content.decode()
    assert PracticeGame.objects.get().moves == 0


def test_a_poor_discard_is_coached_with_the_analysis_figures():
    client = Client()
    url = start(client)
    html, awaiting, move = advance_to(client, url, "discard")
    game = PracticeGame.objects.get()
    table = Table.from_state(game.state)
    dealt = table.game.held[0]
    analysis = analyze_discards(dealt, dealer=table.game.dealer == 0)
    worst = analysis.choices[-1]
    client.post(url, {"move": move, "action": "Discard", "cards": [str(c) for c in worst.discard]})
    html = client.get(url, **EN).content.decode()
    coaching = html[html.index("data-coaching") : html.index("play-board")]
    assert "Not the best discard." in coaching
    # The two cards thrown are named (not the four kept), then the best two to throw.
    thrown = re.search(r"data-thrown>(.*?)</span>—", coaching, re.S).group(1)
    assert sorted(re.findall(r'data-card="(\w+)"', thrown)) == sorted(map(str, worst.discard))
    best = re.search(r"data-best-thrown>(.*?)</span>—", coaching, re.S).group(1)
    assert sorted(re.findall(r'data-card="(\w+)"', best)) == sorted(map(str, analysis.best.discard))
    assert f"{float(analysis.best.net):.1f}" in html and f"{float(worst.net):.1f}" in html
    # The exact cost rounded (never the difference of two rounded averages, issue 53), with
    # the decimals that keep it above 0.
    best, mine = float(analysis.best.net), float(worst.net)
    digits = precision(best, mine)
    assert f"Your discard costs {rounded(best - mine, digits)} point" in html
    # A negative figure for the non-dealer comes with its explanation.
    explained = "minus the crib" in coaching
    assert explained == (table.game.dealer != 0)


def test_counting_your_own_hand_lets_the_computer_call_muggins():
    client = Client()
    url = start(client, count_own="on")
    html, awaiting, move = advance_to(client, url, "count")
    assert 'name="claimed"' in html
    # Announcing more than the cards are worth is refused: count again.
    action = re.search(r'name="action" value="(Count\w+)"', html).group(1)
    response = client.post(
        url, {"move": move, "action": action, "claimed": "29"}, HTTP_X_REQUESTED_WITH="fetch", **EN
    )
    assert response.status_code == 400 and "count again" in response.content.decode()
    play_to_the_end(client, url)  # claiming 0 for every hand and crib
    final = replay(PracticeGame.objects.get().state["record"])
    assert final.rules.muggins
    hands = [e for e in final.events if e.kind in ("hand", "crib") and e.side == 0]
    taken = [e for e in final.events if e.kind == "muggins"]
    assert all(e.points == 0 for e in hands)
    assert taken and all(e.side == 1 for e in taken)


def test_a_tied_cut_for_deal_is_told_and_cut_again():
    # Seed 3: the first two cards of the cut deck are 5D and 5C, a tie.
    table = Table.new("easy", 61, seed=3)
    table.act({"type": "CutForDeal"})
    assert table.awaiting == "cut_for_deal"
    assert [e.get("tie") for e in table.recent if e["kind"] == "cut_for_deal"] == [False, True]
    assert table.game.cut_round == 1 and table.game.dealer is None
    table.act({"type": "CutForDeal"})
    assert table.awaiting == "deal" and table.game.dealer in (0, 1)


def test_a_refused_action_reads_in_the_visitors_language():
    client = Client()
    url = start(client, count_own="on")
    html, awaiting, move = advance_to(client, url, "discard")
    hand = [str(c) for c in Table.from_state(PracticeGame.objects.get().state).game.held[0]]
    foreign = next(f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC" if f"{r}{s}" not in hand)

    def refused(data: dict, language: str) -> str:
        response = client.post(
            url,
            {"move": move, **data},
            HTTP_X_REQUESTED_WITH="fetch",
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert response.status_code == 400
        return response.content.decode()

    one = {"action": "Discard", "cards": [hand[0]]}
    assert "Choisissez exactement deux cartes à mettre au crib (1 choisies)." in refused(
        one, "fr-CA"
    )
    assert "Choose exactly two cards to lay away to the crib (1 chosen)." in refused(one, "en")
    stranger = {"action": "Discard", "cards": [hand[0], foreign]}
    assert "n&#x27;est pas dans votre main." in refused(stranger, "fr-CA")
    assert "is not in your hand." in refused(stranger, "en")
    assert "Ce n&#x27;est pas à vous de jouer une carte maintenant" in refused(
        {"action": "Play", "card": hand[0]}, "fr-CA"
    )

    html, awaiting, move = advance_to(client, url, "count")
    action = re.search(r'name="action" value="(Count\w+)"', html).group(1)
    assert "Votre compte dépasse ce que valent les cartes : recomptez." in refused(
        {"action": action, "claimed": "29"}, "fr-CA"
    )
    assert "Enter your count as a number from 0 to 29." in refused(
        {"action": action, "claimed": "lots"}, "en"
    )


# --- the four-handed game ------------------------------------------------------------------------

FOUR = {"players": "4", "target": "121", "rules": "FADOQ", "level": "easy", "partner_level": "easy"}


def test_a_whole_four_handed_game_is_played_with_plain_forms():
    client = Client()
    url = start(client, **FOUR)
    html, awaiting, move = advance_to(client, url, "discard")
    # Five cards, one to lay away; the four seats around the table, partner opposite.
    assert len(re.findall(r'name="cards" value=', html)) == 5 and 'data-discard="1"' in html
    for seat in ("you", "left", "partner", "right"):
        assert f'data-seat="{seat}"' in html
    assert "Your team" in html and "Opponents" in html and "FADOQ rules" in html
    html = play_to_the_end(client, url, limit=900)
    assert "data-result" in html and ("Your team wins!" in html or "The opponents win." in html)
    final = replay(PracticeGame.objects.get().state["record"])
    assert final.rules.name == "FADOQ" and max(final.scores) == 121
    assert final.scores == [int(s) for s in re.findall(r"data-(?:my|their)-score>(\d+)<", html)]
    # Every one-card discard of the player was coached, and the end counts them.
    coached = PracticeGame.objects.get().state["coaching"]
    assert coached and all(len(a["discard"]) == 1 and len(a["dealt"]) == 5 for a in coached)
    assert f"Best discard {sum(a['is_best'] for a in coached)} times out of {len(coached)}" in html


def test_the_four_handed_coaching_compares_the_one_card_discard_with_the_best():
    client = Client()
    url = start(client, **FOUR)
    html, awaiting, move = advance_to(client, url, "discard")
    table = Table.from_state(PracticeGame.objects.get().state)
    g = table.game
    ours = g.dealer in (0, 2)  # the crib counts for the player's team when the partner deals
    analysis = analyze_discards(g.held[0], dealer=ours, players=4)
    worst = analysis.choices[-1]
    client.post(url, {"move": move, "action": "Discard", "cards": [str(worst.discard[0])]})
    html = client.get(url, **EN).content.decode()
    assert "Not the best discard." in html
    # The exact cost rounded (never the difference of two rounded averages, issue 53), with
    # the decimals that keep it above 0.
    best, mine = float(analysis.best.net), float(worst.net)
    digits = precision(best, mine)
    assert f"Your discard costs {rounded(best - mine, digits)} point" in html


def test_the_four_handed_page_speaks_french_and_refuses_two_cards():
    client = Client()
    url = start(client, **FOUR)
    html, awaiting, move = advance_to(client, url, "discard")
    hand = re.findall(r'name="cards" value="(\w+)"', html)
    response = client.post(
        url,
        {"move": move, "action": "Discard", "cards": hand[:2]},
        HTTP_X_REQUESTED_WITH="fetch",
        HTTP_ACCEPT_LANGUAGE="fr-CA",
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Choisissez exactement une carte à mettre au crib (2 choisies)." in page
    assert "Votre équipe" in page and "Adversaires" in page and "Partenaire" in page
    assert "Mettez une carte" in page


def test_the_four_handed_game_is_to_121_points():
    client = Client()
    response = client.post("/play/", {**FOUR, "target": "61"}, **EN)
    assert response.status_code == 400
    assert "The four-handed game is played to 121 points." in response.content.decode()
    assert not PracticeGame.objects.exists()


def test_the_end_of_game_table_adds_up_to_the_scores_on_the_board():
    """Points past the target (a hand counted in full after the game was won) are not added;
    when the game stopped inside a count, the page says the rest is not counted."""
    client = Client()
    url = start(client)
    html = play_to_the_end(client, url)
    rows = dict(
        (name, (int(mine), int(theirs)))
        for name, mine, theirs in re.findall(
            r'<th scope="row">(\w+)</th><td class="num">(\d+)</td><td class="num">(\d+)</td>', html
        )
    )
    scores = [int(s) for s in re.findall(r"data-(?:my|their)-score>(\d+)<", html)]
    for side in (0, 1):
        assert sum(rows[name][side] for name in ("Pegging", "Hands", "Cribs")) == scores[side]
    table = Table.from_state(PracticeGame.objects.get().state)
    last = table.game.events[-1]
    overshoot = last.points > last.scores[last.side] - table.game.events[-2].scores[last.side]
    assert ("the rest is not counted" in html) == overshoot


# --- the three-handed game and whose crib ------------------------------------------------------

THREE = {"players": "3", "target": "121", "level": "easy"}
FR = {"HTTP_ACCEPT_LANGUAGE": "fr-CA"}


def stored_at_discard(players: int, seed: int) -> tuple[str, Table]:
    """A game dealt from a fixed seed, stored as the page stores it, waiting for the player's
    discard (the seed fixes who deals)."""
    from games.play import store
    from games.play.cribbage.service import KIND

    table = Table.new("easy", 121, players=players, seed=seed)
    while table.awaiting != "discard":
        table.act({"type": {"cut_for_deal": "CutForDeal", "deal": "Deal"}[table.awaiting]})
    options = {"target": 121, "count_own": False, "players": players}
    if players == 4:
        options |= {"rules": "FADOQ", "partner_level": "easy"}
    game = store.create(KIND, "easy", options, table.to_state())
    return f"/play/{game.pk}/", table


def discard_worst(client, url: str, table: Table, language: dict) -> str:
    """Lay away the worst card of the analysis; the page after it, in ``language``."""
    g = table.game
    ours = g.side_of(g.dealer) == g.side_of(0)
    worst = analyze_discards(g.held[0], dealer=ours, players=table.players).choices[-1]
    html, awaiting, move = page_state(client, url)
    assert awaiting == "discard" and 'data-discard="1"' in html
    client.post(url, {"move": move, "action": "Discard", "cards": [str(worst.discard[0])]})
    return client.get(url, **language).content.decode()


def test_a_whole_three_handed_game_is_played_with_plain_forms():
    client = Client()
    url = start(client, **THREE)
    html, awaiting, move = advance_to(client, url, "discard")
    # Five cards, one to lay away; the player and two opponents, no partner.
    assert len(re.findall(r'name="cards" value=', html)) == 5 and 'data-discard="1"' in html
    assert 'data-seat="left"' in html and 'data-seat="right"' in html
    assert 'data-seat="partner"' not in html and "Your team" not in html
    assert "three-handed" in html
    html = play_to_the_end(client, url, limit=900)
    final = replay(PracticeGame.objects.get().state["record"])
    assert final.rules.name == "THREE_PLAYER" and max(final.scores) == 121
    # One score per player on the score line, the board (a peg pair each) and the result.
    shown = [int(s) for s in re.findall(r'data-score="\d"[^>]*>(\d+)<', html)]
    assert shown == list(final.scores)
    assert sorted(set(re.findall(r'data-side="(\d)" data-peg="front"', html))) == ["0", "1", "2"]
    winner = final.winner
    expected = {
        0: "You win!",
        1: "The opponent on your left wins.",
        2: "The opponent on your right wins.",
    }
    assert expected[winner] in html
    rows = re.findall(r'<th scope="row">Pegging</th>((?:<td class="num">\d+</td>){3})</tr>', html)
    assert len(rows) == 1  # one column per player
    coached = PracticeGame.objects.get().state["coaching"]
    assert coached and all(len(a["discard"]) == 1 and len(a["dealt"]) == 5 for a in coached)
    assert f"Best discard {sum(a['is_best'] for a in coached)} times out of {len(coached)}" in html


def test_the_three_handed_coaching_names_whose_crib_it_is():
    client = Client()
    # Seed 1: the opponent on the player's left deals; seed 4: the player deals.
    url, table = stored_at_discard(3, seed=1)
    assert table.game.dealer == 1
    html = client.get(url, **FR).content.decode()
    assert "Mettez une carte au crib de l&#x27;adversaire à votre gauche." in html
    assert "Gauche" in html and "Droite" in html and "Partenaire" not in html
    html = discard_worst(client, url, table, FR)
    assert "Le crib est à l&#x27;adversaire à votre gauche : ces chiffres" in html
    assert "ordinateur" not in html.split("data-coaching")[1].split("</div>")[0]
    url, table = stored_at_discard(3, seed=4)
    assert table.game.dealer == 0
    html = discard_worst(client, url, table, EN)
    assert "data-coaching" in html and "data-crib-note" not in html  # the crib is the player's


def test_the_three_handed_game_is_to_121_points():
    client = Client()
    response = client.post("/play/", {**THREE, "target": "61"}, **EN)
    assert response.status_code == 400
    assert "The three-handed game is played to 121 points." in response.content.decode()
    assert not PracticeGame.objects.exists()


def test_the_four_handed_coaching_says_whose_crib_it_is_not_the_computers():
    """The crib of a four-handed deal is a team's: the opposing team's when an opponent deals
    (never "the computer's"), the partner's when the partner deals."""
    client = Client()
    url, table = stored_at_discard(4, seed=1)  # the opponent on the left deals
    assert table.game.dealer == 1
    html = discard_worst(client, url, table, FR)
    coaching = html.split("data-coaching")[1].split("</div>")[0]
    assert "Le crib est à l&#x27;équipe adverse : ces chiffres" in coaching
    assert "ordinateur" not in coaching
    url, table = stored_at_discard(4, seed=0)  # the partner deals
    assert table.game.dealer == 2
    html = discard_worst(client, url, table, EN)
    coaching = html.split("data-coaching")[1].split("</div>")[0]
    assert "The crib is your partner&#x27;s: these figures are your hand&#x27;s average" in coaching


def checked(html: str, name: str) -> str | None:
    """The value of the radio button ``name`` checked on the page."""
    for tag in re.findall(rf'<input[^>]*name="{name}"[^>]*>', html):
        if " checked" in tag:
            return re.search(r'value="([^"]*)"', tag).group(1)
    return None


def test_the_new_game_form_remembers_the_last_choices():
    """The four-handed options, the level, the partner's level: chosen once, offered again."""
    client = Client()
    fresh = client.get("/play/?new=1", **EN).content.decode()
    assert checked(fresh, "players") == "2" and checked(fresh, "rules") == "FADOQ"
    start(client, **{"players": "4", "target": "121", "level": "pro",
                     "rules": "FOUR_PLAYER_PARTNERS", "partner_level": "easy"})  # fmt: skip
    again = client.get("/play/?new=1", **EN).content.decode()
    assert checked(again, "players") == "4"
    assert checked(again, "level") == "pro"
    assert checked(again, "rules") == "FOUR_PLAYER_PARTNERS"
    assert checked(again, "partner_level") == "easy"
    assert checked(again, "target") == "121"
    # Another visitor starts from the defaults.
    assert checked(Client().get("/play/?new=1", **EN).content.decode(), "players") == "2"


def test_the_player_sees_the_cards_kept_while_asked_to_cut():
    client = Client()
    url = start(client)
    for _ in range(20):
        html, awaiting, move = page_state(client, url)
        if awaiting == "cut":
            break
        client.post(url, next_move(html, awaiting, move))
    else:
        raise AssertionError("never asked to cut")
    kept = re.search(r"data-kept.*?</div>", html, re.S).group(0)
    assert kept.count('class="pcard') == 4


def test_the_status_bar_tells_the_turn_the_count_and_the_latest_news():
    client = Client()
    url = start(client)
    html, awaiting, move = advance_to(client, url, "discard")
    bar = html[html.index("data-status>") : html.index("data-thinking")]
    assert "Your turn: lay away to the crib." in bar
    html, awaiting, move = page_state(client, url)
    for _ in range(10):
        if awaiting == "play":
            break
        client.post(url, next_move(html, awaiting, move))
        html, awaiting, move = page_state(client, url)
    assert awaiting == "play"
    bar = html[html.index("data-status>") : html.index("data-thinking")]
    assert "Your turn: lay a card." in bar and "data-count" in bar and "data-log" in bar
