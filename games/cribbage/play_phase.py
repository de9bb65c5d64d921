"""The play (RULES.md section 3): laying cards in turn up to 31, go and last card (with the 116
rule's lone points), the count restarting; a mixin of :class:`~games.cribbage.game.GameState`."""

from __future__ import annotations

from games.cards import Card, format_cards
from games.cribbage.actions import Go, Play
from games.cribbage.game_base import GameBase
from games.cribbage.pegging import MAX_COUNT, peg_score


class PlayPhase(GameBase):
    """Checks (``_check_play``, ``_check_go``) and moves (``_do_play``, ``_do_go``) of the play."""

    def _playable(self, seat: int) -> list[Card]:
        return [c for c in self.held[seat] if self.count + c.pips <= MAX_COUNT]

    def _check_play(self, action: Play) -> None:
        p, card = action.player, action.card
        if p != self.turn:
            self._refuse(f"player {p} cannot lay {card}: it is player {self.turn}'s turn to play")
        if card not in self.held[p]:
            where = (
                "has already been laid"
                if any(c == card for _, c in self.laid)
                else ("is not in their hand")
            )
            self._refuse(
                f"player {p} cannot lay {card}: it {where} "
                f"(holding {format_cards(self.held[p]) or 'nothing'})"
            )
        if self.count + card.pips > MAX_COUNT:
            self._refuse(
                f"player {p} cannot lay {card}: the count is {self.count} and would "
                f"pass 31 ({self.count + card.pips})"
            )

    def _do_play(self, action: Play) -> None:
        p, card = action.player, action.card
        scored = peg_score([c for _, c in self.series], card)
        self.held[p].remove(card)
        self.series.append((p, card))
        self.laid.append((p, card))
        self.count = scored.count
        self.last_layer = p
        self.turn = p
        if scored.points and self._score(p, self.side_of(p), "play", scored.points, str(scored)):
            return
        self._advance_play(scored.points)

    def _check_go(self, action: Go) -> None:
        p = action.player
        if p != self.turn:
            self._refuse(f"player {p} cannot say go: it is player {self.turn}'s turn to play")
        playable = self._playable(p)
        if playable:
            self._refuse(
                f"player {p} cannot say go: the count is {self.count} and they can "
                f"still lay {format_cards(playable)}"
            )

    def _do_go(self, action: Go) -> None:
        self.passed.add(action.player)
        self._advance_play(None)

    def _advance_play(self, card_points: int | None) -> None:
        """Find who plays next, scoring go / last card and restarting the count as needed.

        ``card_points`` is what the card just laid scored, in the same move (``None`` after a
        go): a go or last-card point joined to it is not a "lone" point for the 116 rule.
        """
        n = self.rules.players
        while True:
            everyone_out = not any(self.held)
            if self.count == MAX_COUNT:
                # 31 has scored 2 already: no go or last-card point on top.
                if everyone_out:
                    return self._start_show()
                self._restart()
                card_points = None
                continue
            if everyone_out:
                if self.last_layer is not None and self._score_go("last card", card_points):
                    return None
                return self._start_show()
            # Clockwise after the last to act; players out of cards or who said go are skipped.
            seats = [(self._turn + k) % n for k in range(1, n + 1)]
            nxt = next((s for s in seats if self.held[s] and s not in self.passed), None)
            if nxt is not None and (self._playable(nxt) or nxt != self.last_layer):
                self.turn = nxt  # lays a card, or must say go
                return None
            # Nobody else can lay: the last to lay scores the go, and the count restarts.
            if self._score_go("go", card_points):
                return None
            self._restart()
            card_points = None

    def _restart(self) -> None:
        self.count = 0
        self.series = []
        self.passed = set()
        self.turn = self.last_layer  # the player after the last to lay leads
        self.last_layer = None

    def _score_go(self, kind: str, card_points: int | None) -> bool:
        p = self.last_layer
        assert p is not None, "a go or last card is scored only after a card was laid"
        side = self.side_of(p)
        cutoff = self.rules.one_point_cutoff
        lone = not card_points
        if lone and cutoff is not None and self.scores[side] >= cutoff:
            self._log(
                p,
                side,
                kind,
                0,
                f"not scored: a lone point from {cutoff} on (side stands at {self.scores[side]})",
            )
            return False
        detail = "last card of the play" if kind == "last card" else f"go at {self.count}"
        return self._score(p, side, kind, 1, detail)
