"""What one seat sees of a two-handed game: :class:`PlayerView`.

The computer players decide from a view only, never from the :class:`GameState` itself, so they
cannot peek at the opponent's hand or at the deck order: a view holds the seat's own cards, its
own discards, the starter once turned, the cards laid so far (in order), the running count, who
said go, the scores and who deals. Two states that differ only in hidden cards give equal views.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import DECK, Card
from games.cribbage.actions import Deal, Discard, GameError
from games.cribbage.game import GameState, Phase
from games.cribbage.rules import RuleSet

__all__ = ["PlayerView", "view_of"]


@dataclass(frozen=True)
class PlayerView:
    rules: RuleSet
    seat: int
    phase: Phase
    dealer: int
    hand: tuple[Card, ...]  # held now: 6 at the discard, fewer as the play goes on
    kept: tuple[Card, ...]  # the 4 kept after the discard (empty before)
    discards: tuple[Card, ...]  # this seat's own cards laid away to the crib
    starter: Card | None
    laid: tuple[tuple[int, Card], ...]  # every card laid this hand, in order, with its seat
    series: tuple[Card, ...]  # laid since the count last restarted
    count: int
    opponent_said_go: bool
    opponent_cards: int  # cards the opponent still holds
    scores: tuple[int, ...]  # by side (side = seat in the two-handed game)

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def is_dealer(self) -> bool:
        return self.dealer == self.seat

    @property
    def my_score(self) -> int:
        return self.scores[self.seat]

    @property
    def their_score(self) -> int:
        return self.scores[self.opponent]

    @property
    def target(self) -> int:
        return self.rules.target

    def playable(self) -> tuple[Card, ...]:
        return tuple(c for c in self.hand if self.count + c.pips <= 31)

    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat has not seen: where the opponent's cards, the crib and the pack are."""
        seen = set(self.hand) | set(self.kept) | set(self.discards) | {c for _, c in self.laid}
        if self.starter is not None:
            seen.add(self.starter)
        return tuple(c for c in DECK if c not in seen)


def view_of(game: GameState, seat: int) -> PlayerView:
    """The view of ``seat`` in a two-handed ``game`` (after the cut for deal)."""
    if game.rules.players != 2:
        raise GameError(f"the computer plays the two-handed game, not {game.rules.players} players")
    if game.dealer is None:
        raise GameError("there is no view before the cut for deal: the dealer is not known")
    opponent = 1 - seat
    return PlayerView(
        rules=game.rules,
        seat=seat,
        phase=game.phase,
        dealer=game.dealer,
        hand=tuple(game.held[seat]),
        kept=tuple(game.kept[seat]),
        discards=_own_discards(game, seat),
        starter=game.starter,
        laid=tuple(game.laid),
        series=tuple(c for _, c in game.series),
        count=game.count,
        opponent_said_go=opponent in game.passed,
        opponent_cards=len(game.held[opponent]),
        scores=tuple(game.scores),
    )


def _own_discards(game: GameState, seat: int) -> tuple[Card, ...]:
    # The seat's discard of the current hand: the last Discard since the last Deal.
    for action in reversed(game.history):
        if isinstance(action, Deal):
            return ()
        if isinstance(action, Discard) and action.player == seat:
            return action.cards
    return ()
