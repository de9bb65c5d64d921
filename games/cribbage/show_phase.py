"""The show (RULES.md section 4): each hand counted clockwise from the dealer's left, the crib
last; claims under the muggins or forgotten-points rules, and muggins; a mixin of
:class:`~games.cribbage.game.GameState`."""

from __future__ import annotations

from games.cards import format_cards
from games.cribbage.actions import CountCrib, CountHand, Muggins
from games.cribbage.game_base import GameBase, MugginsChance, Phase
from games.cribbage.scoring import HandScore, score_hand
from games.cribbage.validation import IMPOSSIBLE_SCORES, MAX_SCORE


class ShowPhase(GameBase):
    """Checks and moves of the show: the counts of hand and crib, and muggins."""

    def _show_score(self, what: str, seat: int) -> HandScore:
        cards = self.kept[seat] if what == "hand" else tuple(self.crib)
        return score_hand(cards, self._starter, crib=what == "crib")

    def _claims_allowed(self) -> bool:
        return self.rules.muggins or self.rules.forgotten_points_lost

    def _check_count(self, action: CountHand | CountCrib, what: str) -> None:
        expected_what, seat = self.show_queue[0]
        p = action.player
        if (what, p) != (expected_what, seat):
            who = (
                f"the dealer (player {seat}) counts the crib"
                if expected_what == "crib"
                else f"player {seat} counts their hand"
            )
            self._refuse(
                f"{action}: not allowed now, {who} next "
                f"(the show goes clockwise from the dealer's left, the crib last)"
            )
        claimed = action.claimed
        if claimed is None:
            return
        if not 0 <= claimed <= MAX_SCORE or claimed in IMPOSSIBLE_SCORES:
            self._refuse(
                f"player {p} cannot claim {claimed}: possible counts are 0-29 except 19, 25, 26, 27"
            )
        exact = self._show_score(what, seat).total
        if claimed > exact:
            self._refuse(
                f"player {p} claims {claimed} but the {what} scores {exact}: a claim "
                f"cannot exceed the true count"
            )
        if claimed < exact and not self._claims_allowed():
            self._refuse(
                f"player {p} claims {claimed} but the {what} scores {exact}: these "
                f"rules count every show exactly (no muggins, forgotten points are "
                f"recovered); claim {exact} or leave the claim out"
            )

    def _check_counthand(self, action: CountHand) -> None:
        self._check_count(action, "hand")

    def _check_countcrib(self, action: CountCrib) -> None:
        self._check_count(action, "crib")

    def _do_count(self, action: CountHand | CountCrib, what: str) -> None:
        seat, side = action.player, self.side_of(action.player)
        score = self._show_score(what, seat)
        points = score.total if action.claimed is None else action.claimed
        self.show_queue.pop(0)
        detail = f"{format_cards(score.hand)} + {score.starter}: {score.announce()}"
        missed = score.total - points
        if missed:
            detail += f"; claimed {points}, {missed} missed"
        if self._score(seat, side, what, points, detail):
            return
        if missed and self.rules.muggins:
            self._muggins = MugginsChance(side, missed, f"player {seat}'s {what}")
        if not self.show_queue:  # the hand is over: the deal passes to the left
            self.dealer = (self._dealer + 1) % self.rules.players
            self.phase = Phase.DEAL

    def _do_counthand(self, action: CountHand) -> None:
        self._do_count(action, "hand")

    def _do_countcrib(self, action: CountCrib) -> None:
        self._do_count(action, "crib")

    def _check_muggins(self, action: Muggins) -> None:
        chance = self._muggins
        if chance is None or not self.rules.muggins:
            self._refuse(
                f"player {action.player} cannot call muggins: no count has just "
                f"missed points"
                + ("" if self.rules.muggins else " (and these rules have no muggins)")
            )
        if self.side_of(action.player) == chance.side:
            self._refuse(f"player {action.player} cannot call muggins on their own side's count")

    def _do_muggins(self, action: Muggins) -> None:
        chance, self._muggins = self._muggins, None
        assert chance is not None, "_check_muggins refused the call when no count missed points"
        self._score(
            action.player,
            self.side_of(action.player),
            "muggins",
            chance.points,
            f"points missed in {chance.what}",
        )
