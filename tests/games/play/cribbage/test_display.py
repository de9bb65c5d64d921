"""The words and figures of the cribbage page: points below 2 singular in French, face cards
V/D/R on French pages."""

from __future__ import annotations

from django.utils import translation

from games.cribbage.rules import STANDARD_2P_121
from games.play.cribbage.display import _skunk_help, points_text, pretty


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
