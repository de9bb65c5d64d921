"""The words and figures of the cribbage page: points below 2 singular in French, face cards
V/D/R on French pages."""

from __future__ import annotations

from django.utils import translation

from games.cribbage.rules import STANDARD_2P_121, THREE_PLAYER
from games.play.cribbage.display import _skunk_help, _stopped_text, points_text, pretty


def test_points_take_the_french_singular_below_two_and_the_english_one_only_at_one():
    with translation.override("fr-ca"):
        assert points_text(0.3) == "0,3 point"
        assert points_text(-0.3) == "-0,3 point"
        assert points_text(1.5) == "1,5 point"
        assert points_text(2.4) == "2,4 points"
    with translation.override("en"):
        assert points_text(0.3) == "0.3 points"
        assert points_text(1) == "1.0 point"
        assert points_text(2.4) == "2.4 points"


def test_face_cards_read_v_d_r_in_french_and_j_q_k_in_english():
    with translation.override("fr-ca"):
        assert [pretty(c) for c in ("JS", "QH", "KD", "TC", "AS")] == [
            "V♠", "D♥", "R♦", "10♣", "A♠"
        ]  # fmt: skip
    with translation.override("en"):
        assert [pretty(c) for c in ("JS", "QH", "KD")] == ["J♠", "Q♥", "K♦"]


def test_the_skunk_is_explained_with_its_line():
    # RULES.md: in a 121-point game the loser is skunked at 90 or below, double at 60 or below.
    with translation.override("fr-ca"):
        assert _skunk_help(1, STANDARD_2P_121) == (
            "Pétrin : le perdant a terminé à 90 points ou moins (la ligne rouge sur la planche)."
        )
        assert _skunk_help(2, STANDARD_2P_121).startswith(
            "Double pétrin : le perdant a terminé à 60"
        )
        assert _skunk_help(0, STANDARD_2P_121) == ""


def test_a_game_stopped_in_a_count_names_the_side_that_reached_the_target():
    """Four-handed it is a team that reaches 121, three-handed one of two opponents: never
    "the computer", and in French on French pages."""
    stopped = {"kind": "hand", "side": 1, "points": 12, "counted": 5}
    with translation.override("fr-ca"):
        four = _stopped_text(stopped, 121, 4)
        assert four.startswith("L'équipe adverse a atteint 121 avec 5 des 12 points de la main")
        assert _stopped_text({**stopped, "side": 0}, 121, 4).startswith("Votre équipe a atteint")
        three = _stopped_text({**stopped, "side": 2}, 121, 3)
        assert three.startswith("L'adversaire à votre droite a atteint 121")
        assert _stopped_text(stopped, 121, 2).startswith("L'ordinateur a atteint")
    with translation.override("en"):
        assert _stopped_text(stopped, 121, 4).startswith("The opposing team reached 121")
        assert "computer" not in _stopped_text(stopped, 121, 4)


def test_a_three_handed_skunk_says_whose_it_is():
    with translation.override("fr-ca"):
        assert _skunk_help(1, THREE_PLAYER, 3, 0) == (
            "Pétrin : vous avez terminé à 90 points ou moins (la ligne rouge sur la planche)."
        )
        assert _skunk_help(2, THREE_PLAYER, 3, 1).startswith(
            "Double pétrin : l'adversaire à votre gauche a terminé à 60 points"
        )


def test_the_board_names_the_teams_or_the_three_players_not_the_computer():
    """The board's spoken title (screen readers) names each side on the board: two-handed you
    and the computer, four-handed the two teams, three-handed each player."""
    from games.play.cribbage.display import board
    from games.play.cribbage.table import Table

    with translation.override("fr-ca"):
        two = board(Table.new("easy", 121, seed=1))["title"]
        assert two == "La planche : vous 0, l'ordinateur 0, sur 121"
        four = board(Table.new("easy", 121, players=4, seed=1))["title"]
        assert four == "La planche, sur 121 : Votre équipe 0, Adversaires 0"
        three = Table.new("easy", 121, players=3, seed=1)
        drawn = board(three)
        assert drawn["title"] == "La planche, sur 121 : Vous 0, Gauche 0, Droite 0"
        # One lane of holes per player, 120 holes each, and a peg pair each.
        assert len(drawn["holes"]) == 3 * 120
        assert sorted({p["side"] for p in drawn["pegs"]}) == [0, 1, 2]
        assert len({h["y"] for h in drawn["holes"]}) == 3 * 4  # three lanes, 4 streets of 30


def test_the_116_rule_is_said_where_it_withholds_a_point():
    """A go or last-card point withheld by the FADOQ rule is told, never silently missing."""
    from games.play.cribbage.display import log_lines

    recent = [
        {"kind": "go", "seat": 0, "count": 27},
        {"kind": "play", "seat": 3, "card": "7C", "count": 7, "points": 0, "items": []},
        {"kind": "go", "seat": 3, "points": 0},
        {"kind": "last card", "seat": 1, "points": 0},
        {"kind": "go", "seat": 2, "points": 1},
    ]
    with translation.override("fr-ca"):
        lines = log_lines(recent, 4, cutoff=116)
    assert lines == [
        "Vous : «\u00a0Go\u00a0»",
        "L'adversaire à votre droite : 7♣, 7",
        "L'adversaire à votre droite : règle des 116, le point de go n'est pas marqué.",
        "L'adversaire à votre gauche : règle des 116, le point de la dernière carte n'est pas "
        "marqué.",
        "Votre partenaire : 1 pour le go.",
    ]


def test_the_end_of_game_sentence_names_the_phase_in_good_french():
    with translation.override("fr-ca"):
        play = _stopped_text({"kind": "pegging", "side": 0, "points": 2, "counted": 1}, 121, 2)
        crib = _stopped_text({"kind": "crib", "side": 1, "points": 8, "counted": 3}, 121, 2)
        heels = _stopped_text({"kind": "his heels", "side": 1, "points": 2, "counted": 1}, 61)
    assert play == (
        "Vous avez atteint 121 avec 1 des 2 points du jeu. La partie s'arrête là, en plein "
        "jeu : le reste n'est pas compté."
    )
    assert "points du crib." in crib and "même au milieu du compte des mains" in crib
    assert "du valet retourné" in heels and "compte des mains" not in heels
    for text in (play, crib, heels):
        assert "de le " not in text
