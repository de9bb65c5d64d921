"""What one seat sees of a game (two-, three- or four-handed): :class:`PlayerView`.

The computer players decide from a view only, never from the :class:`GameState` itself, so they
cannot peek at the opponent's hand or at the deck order: a view holds the seat's own cards, its
own discards, the starter once turned, the cards laid so far (in order), the running count, who
said go, the scores and who deals. Two states that differ only in hidden cards give equal views.

Four-handed, the partner's hand is as hidden as the opponents': the view holds only how many
cards each seat still holds. "The opponent" is then the seat on this seat's left, the one who
answers the card this seat lays.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.cards import DECK, Card, format_cards
from games.cribbage.actions import Deal, Discard, GameError
from games.cribbage.game import GameState, Phase
from games.cribbage.rules import RuleSet

__all__ = ["PLAYERS", "PlayerView", "seeded_rng", "view_of"]

PLAYERS = (2, 3, 4)  # the games the computer plays


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
    opponent_cards: int  # cards the opponent (the next seat) still holds
    scores: tuple[int, ...]  # by side (side = seat in the two-handed game)
    held_counts: tuple[int, ...] = ()  # cards each seat still holds (every game)
    passed: frozenset[int] = frozenset()  # seats that said go in this series

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def opponent(self) -> int:
        """The seat that plays after this one (the one opponent in the two-handed game)."""
        return (self.seat + 1) % self.players

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    def is_partner(self, seat: int) -> bool:
        return seat != self.seat and self.rules.side_of(seat) == self.side

    @property
    def is_dealer(self) -> bool:
        return self.dealer == self.seat

    @property
    def crib_is_ours(self) -> bool:
        """The crib counts for this seat's side (it deals, or its partner does)."""
        return self.rules.side_of(self.dealer) == self.side

    @property
    def my_score(self) -> int:
        return self.scores[self.side]

    @property
    def their_score(self) -> int:
        """The best score among the other sides."""
        return max(s for side, s in enumerate(self.scores) if side != self.side)

    @property
    def go_counts(self) -> bool:
        """Whether a lone go or last-card point would still score for this side (the FADOQ
        116 rule stops them from the cutoff on)."""
        cutoff = self.rules.one_point_cutoff
        return cutoff is None or self.my_score < cutoff

    def next_to_play(self) -> int | None:
        """The seat that would answer a card laid now: the next seat clockwise that still
        holds cards and has not said go (``None``: nobody, the others are out or stuck)."""
        for k in range(1, self.players):
            s = (self.seat + k) % self.players
            if self.held_counts[s] and s not in self.passed:
                return s
        return None

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

    def unseen_by_all(self) -> list[int]:
        """Copies of each rank (index 1-13) that no seat has seen laid: the pack less the
        starter (once turned) and the cards laid. Another seat's own unseen cards are these
        less its hand and its discard."""
        left = [0] + [4] * 13
        for _, c in self.laid:
            left[int(c.rank)] -= 1
        if self.starter is not None:
            left[int(self.starter.rank)] -= 1
        return left


def view_of(game: GameState, seat: int) -> PlayerView:
    """The view of ``seat`` in a two-, three- or four-handed ``game`` (after the cut for deal)."""
    if game.rules.players not in PLAYERS:
        raise GameError(
            f"the computer plays the two-, three- and four-handed games, not "
            f"{game.rules.players} players"
        )
    if game.dealer is None:
        raise GameError("there is no view before the cut for deal: the dealer is not known")
    opponent = (seat + 1) % game.rules.players
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
        held_counts=tuple(len(h) for h in game.held),
        passed=frozenset(game.passed),
    )


def _own_discards(game: GameState, seat: int) -> tuple[Card, ...]:
    # The seat's discard of the current hand: the last Discard since the last Deal.
    for action in reversed(game.history):
        if isinstance(action, Deal):
            return ()
        if isinstance(action, Discard) and action.player == seat:
            return action.cards
    return ()


def seeded_rng(view: PlayerView, purpose: str) -> random.Random:
    """Randomness fixed by what the seat sees (so hidden cards cannot change a choice)."""
    key = "|".join(
        [
            purpose,
            format_cards(view.hand),
            format_cards(view.kept),
            str(view.starter),
            " ".join(f"{s}{c}" for s, c in view.laid),
            str(view.scores),
            str(view.dealer),
        ]
    )
    return random.Random(key)
