"""A whole game of cribbage as an explicit state machine (RULES.md sections 3 and 4).

:class:`GameState` moves through the phases cut for deal → deal → discard → cut → starter →
play → show → deal … until a side reaches the target, which ends the game at once (even in the
middle of the play or of the show: nothing is scored after). Every step, automatic ones included
(``Deal``, ``TurnStarter``, the counts of the show), is an :mod:`action <games.cribbage.actions>`:
:meth:`GameState.legal_actions` lists what may be done now and :meth:`GameState.apply` refuses
anything else with an :class:`IllegalAction` that says why, leaving the state unchanged.

Cards come from deck orders: explicit ones, or ``games.cards.shuffled_deck`` of a seed, so a
game replays exactly from its record (:mod:`games.cribbage.record`, which imports this module;
this module never imports it).

This module sets the state up and holds the cut for deal, the deal, the discards, the cut and
the starter; the play's rules are in :mod:`games.cribbage.play_phase`, the show's in
:mod:`games.cribbage.show_phase`, and what they share (the phases, the state's attributes, the
score keeping) in :mod:`games.cribbage.game_base`.

The show: by default the engine counts each hand exactly (``CountHand(player)``). Under the
muggins or forgotten-points rules a player may announce less than the true count
(``CountHand(player, claimed=6)``); the missing points are lost, and under muggins an opponent
may take them with ``Muggins(opponent)`` before the next action. A claim above the true count is
refused (at the table it is simply corrected).

>>> from games.cribbage.rules import STANDARD_2P_121
>>> game = GameState(STANDARD_2P_121, seed=7)
>>> game.phase, game.legal_actions()
(<Phase.CUT_FOR_DEAL: 'cut for deal'>, [CutForDeal(player=0)])
>>> game.apply(Play(1, "5H"))
Traceback (most recent call last):
...
games.cribbage.actions.IllegalAction: player 1 lays 5H: not allowed now, the game is at the cut for deal (allowed: CutForDeal)
>>> final = play_random_game(STANDARD_2P_121, seed=7)
>>> final.phase, max(final.scores)
(<Phase.OVER: 'game over'>, 121)
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterable, Sequence
from typing import Any

from games.cards import Card, Rank, format_cards, shuffled_deck
from games.cribbage.actions import (
    Action,
    CountCrib,
    CountHand,
    Cut,
    CutForDeal,
    Deal,
    Discard,
    GameError,
    Go,
    IllegalAction,
    Misdeal,
    Muggins,
    Play,
    TurnStarter,
)
from games.cribbage.deal import check_deck, deal_hand
from games.cribbage.game_base import MugginsChance, Phase, ScoreEvent
from games.cribbage.play_phase import PlayPhase
from games.cribbage.rules import HAND_SIZE, RuleSet, Skunk, skunk
from games.cribbage.show_phase import ShowPhase
from games.cribbage.validation import IMPOSSIBLE_SCORES

__all__ = ["GameState", "MugginsChance", "Phase", "ScoreEvent", "play_random_game"]


# Which actions belong to which phase (Muggins is checked on its own: it follows a count).
_PHASE_ACTIONS: dict[Phase, tuple[type[Action], ...]] = {
    Phase.CUT_FOR_DEAL: (CutForDeal,),
    Phase.DEAL: (Deal,),
    Phase.DISCARD: (Discard, Misdeal),
    Phase.CUT: (Cut,),
    Phase.STARTER: (TurnStarter,),
    Phase.PLAY: (Play, Go),
    Phase.SHOW: (CountHand, CountCrib),
    Phase.OVER: (),
}
_PHASE_TEXT = {
    Phase.CUT_FOR_DEAL: "at the cut for deal",
    Phase.DEAL: "waiting for the deal",
    Phase.DISCARD: "at the discards to the crib",
    Phase.CUT: "waiting for the cut",
    Phase.STARTER: "waiting for the starter to be turned",
    Phase.PLAY: "in the play",
    Phase.SHOW: "in the show",
    Phase.OVER: "over",
}


class GameState(PlayPhase, ShowPhase):
    """A cribbage game under a :class:`RuleSet`, from the cut for deal to the winner.

    Set-up (all recorded for replay): ``seed`` (any int or str) and/or ``decks`` (deck orders
    for the first deals; later deals, and every deal when no decks are given, use
    ``shuffled_deck(f"{seed}:deal:{n}")``), ``cut_decks`` likewise for the cut for deal
    (``f"{seed}:cut:{round}"``), ``first_dealer`` to skip the cut for deal, and ``scores`` to
    start from a position other than 0-0 (a game resumed, or a puzzle).
    """

    def __init__(
        self,
        rules: RuleSet,
        *,
        seed: int | str | None = None,
        decks: Iterable[Iterable[str | Card]] = (),
        cut_decks: Iterable[Iterable[str | Card]] = (),
        first_dealer: int | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        if not isinstance(rules, RuleSet):
            raise GameError(f"a game needs a RuleSet, got {type(rules).__name__}")
        self.rules = rules
        self.decks = tuple(check_deck(d, where=f"deck order {i}") for i, d in enumerate(decks))
        self.cut_decks = tuple(
            check_deck(d, where=f"cut deck {i}") for i, d in enumerate(cut_decks)
        )
        if seed is not None and (not isinstance(seed, int | str) or isinstance(seed, bool)):
            raise GameError(f"a seed is an int or a str, got {seed!r}")
        if seed is None and not self.decks:
            seed = random.SystemRandom().randrange(2**63)  # recorded, so the game still replays
        self.seed = seed
        if first_dealer is not None:
            _check_seat(rules, first_dealer, "first_dealer")
        self.first_dealer = first_dealer
        start = tuple(scores) if scores is not None else (0,) * rules.sides
        if len(start) != rules.sides or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < rules.target for s in start
        ):
            raise GameError(
                f"scores must be {rules.sides} whole numbers from 0 to {rules.target - 1} "
                f"(one per side), got {scores!r}"
            )
        self.initial_scores = start

        self.phase = Phase.CUT_FOR_DEAL if first_dealer is None else Phase.DEAL
        self.scores = list(start)
        self.points_by_player = [0] * rules.players
        self.dealer: int | None = first_dealer
        self.winner: int | None = None
        self.hand_number = 0
        self.deals_made = 0
        self.history: list[Action] = []
        self.events: list[ScoreEvent] = []
        self._muggins: MugginsChance | None = None
        # Cut for deal: the round (ties cut again), this round's cutters and their cards.
        self.cut_round = 0
        self.cutters: list[int] = list(range(rules.players))
        self.cut_cards: dict[int, Card] = {}
        self._clear_hand()

    def _clear_hand(self) -> None:
        n = self.rules.players
        self.held: list[list[Card]] = [[] for _ in range(n)]
        self.kept: list[tuple[Card, ...]] = [() for _ in range(n)]
        self.crib: list[Card] = []
        self.pack: list[Card] = []
        self.cut_depth: int | None = None
        self.starter: Card | None = None
        self.discarded: set[int] = set()
        self.count = 0
        self.series: list[tuple[int, Card]] = []
        self.laid: list[tuple[int, Card]] = []
        self.passed: set[int] = set()
        self.last_layer: int | None = None
        self.turn: int | None = None
        self.show_queue: list[tuple[str, int]] = []

    # -- looking at the state -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> int | None:
        """The seat expected to act now (``None`` when the game is over).

        During the discards every player still holding extra cards may act; this is the first of
        them clockwise from the dealer's left. For the automatic deal and starter it is the dealer.
        """
        if self.phase is Phase.CUT_FOR_DEAL:
            return self.cutters[len(self.cut_cards)]
        if self.phase in (Phase.DEAL, Phase.STARTER):
            return self.dealer
        if self.phase is Phase.DISCARD:
            pending = self._pending_discards()
            return pending[0] if pending else None
        if self.phase is Phase.CUT:
            return self.cutter
        if self.phase is Phase.PLAY:
            return self.turn
        if self.phase is Phase.SHOW:
            return self.show_queue[0][1]
        return None

    @property
    def cutter(self) -> int:
        """The player on the dealer's right, who cuts for the starter."""
        if self.dealer is None:
            raise GameError(
                "there is no cutter yet: the dealer is not known before the cut for deal"
            )
        return (self.dealer - 1) % self.rules.players

    def score_of(self, seat: int) -> int:
        """The score of ``seat``'s side (partners share one score)."""
        return self.scores[self.rules.side_of(seat)]

    def cards_in_deal(self) -> list[Card]:
        """Every card of the current deal wherever it is: held, laid, crib, starter, pack."""
        cards = [c for hand in self.held for c in hand] + [c for _, c in self.laid]
        cards += self.crib + self.pack + ([self.starter] if self.starter else [])
        return cards

    def skunks(self) -> dict[int, Skunk]:
        """Each losing side's skunk once the game is over (``{}`` before)."""
        if self.winner is None:
            return {}
        best = self.scores[self.winner]
        return {
            side: skunk(best, score, self.rules)
            for side, score in enumerate(self.scores)
            if side != self.winner
        }

    def snapshot(self) -> dict[str, Any]:
        """Everything that makes up the state, as plain comparable values."""
        return {key: _freeze(value) for key, value in vars(self).items()}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]  # unhashable on purpose: the state is mutable

    def copy(self) -> GameState:
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return (
            f"<GameState {self.rules.name} hand {self.hand_number} {self.phase.value} "
            f"dealer={self.dealer} to_act={self.to_act} scores={tuple(self.scores)}>"
        )

    # -- what may be done now -------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action allowed now (a claim list under the muggins/forgotten-points rules)."""
        actions: list[Action] = []
        if self._muggins is not None:
            actions += [
                Muggins(p)
                for p in range(self.rules.players)
                if self.side_of(p) != self._muggins.side
            ]
        phase = self.phase
        if phase is Phase.CUT_FOR_DEAL:
            actions.append(CutForDeal(self.cutters[len(self.cut_cards)]))
        elif phase is Phase.DEAL:
            actions.append(Deal())
        elif phase is Phase.DISCARD:
            for seat in self._pending_discards():
                need = self.rules.discards_of(seat, dealer=self._dealer)
                actions += [Discard(seat, c) for c in itertools.combinations(self.held[seat], need)]
            actions.append(Misdeal())
        elif phase is Phase.CUT:
            low, high = self._cut_range()
            actions += [Cut(self.cutter, d) for d in range(low, high + 1)]
        elif phase is Phase.STARTER:
            actions.append(TurnStarter())
        elif phase is Phase.PLAY:
            turn = self._turn
            playable = self._playable(turn)
            actions += [Play(turn, c) for c in playable] if playable else [Go(turn)]
        elif phase is Phase.SHOW:
            what, seat = self.show_queue[0]
            make = CountHand if what == "hand" else CountCrib
            actions.append(make(seat))
            if self._claims_allowed():
                exact = self._show_score(what, seat).total
                actions += [make(seat, c) for c in range(exact) if c not in IMPOSSIBLE_SCORES]
        return actions

    def is_legal(self, action: Action) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    # -- applying an action ---------------------------------------------------------------------

    def apply(self, action: Action) -> GameState:
        """Apply ``action`` (or raise :class:`IllegalAction`, changing nothing). Returns self."""
        self._check(action)
        if isinstance(action, Muggins):
            self._do_muggins(action)
        else:
            self._muggins = None  # any other action closes the chance to call muggins
            handler = getattr(self, f"_do_{type(action).__name__.lower()}")
            handler(action)
        self.history.append(action)
        return self

    def _check(self, action: Action) -> None:
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not a cribbage action")
        if self.phase is Phase.OVER:
            raise IllegalAction(f"{action}: not allowed, the game is over (side {self.winner} won)")
        if hasattr(action, "player"):
            _check_seat(
                self.rules, action.player, f"{type(action).__name__}: player", IllegalAction
            )
        if isinstance(action, Muggins):
            return self._check_muggins(action)
        allowed = _PHASE_ACTIONS[self.phase]
        if not isinstance(action, allowed):
            raise IllegalAction(
                f"{action}: not allowed now, the game is {_PHASE_TEXT[self.phase]} "
                f"(allowed: {', '.join(a.__name__ for a in allowed)})"
            )
        getattr(self, f"_check_{type(action).__name__.lower()}")(action)

    # cut for deal --------------------------------------------------------------------------------

    def _check_cutfordeal(self, action: CutForDeal) -> None:
        if action.player != self.to_act:
            self._refuse(
                f"player {action.player} cannot cut for deal now: "
                f"it is player {self.to_act}'s turn to cut"
            )

    def _do_cutfordeal(self, action: CutForDeal) -> None:
        deck = self._cut_deck(self.cut_round)
        self.cut_cards[action.player] = deck[len(self.cut_cards)]
        if len(self.cut_cards) < len(self.cutters):
            return
        low = min(card.rank for card in self.cut_cards.values())
        lowest = [seat for seat, card in self.cut_cards.items() if card.rank == low]
        if len(lowest) == 1:
            self.dealer = lowest[0]
            self.phase = Phase.DEAL
        else:  # a tie for lowest: those players cut again
            self.cut_round += 1
            self.cutters = sorted(lowest)
            self.cut_cards = {}

    def _cut_deck(self, round_no: int) -> tuple[Card, ...]:
        if round_no < len(self.cut_decks):
            return self.cut_decks[round_no]
        if self.seed is None:
            raise GameError(
                f"no cut deck for cut-for-deal round {round_no}: give more cut decks or a seed"
            )
        return tuple(shuffled_deck(f"{self.seed}:cut:{round_no}"))

    # deal ----------------------------------------------------------------------------------------

    def _check_deal(self, action: Deal) -> None:
        if self.deals_made >= len(self.decks) and self.seed is None:
            self._refuse(
                f"cannot deal: the game was set up with {len(self.decks)} deck order(s) "
                f"and no seed, and deal {self.deals_made + 1} needs another"
            )

    def _do_deal(self, action: Deal) -> None:
        n = self.deals_made
        deck = (
            self.decks[n] if n < len(self.decks) else tuple(shuffled_deck(f"{self.seed}:deal:{n}"))
        )
        self.deals_made += 1
        self.hand_number += 1
        self._clear_hand()
        dealt = deal_hand(self.rules, deck, self._dealer)
        self.held = [list(h) for h in dealt.hands]
        self.crib = list(dealt.crib)
        self.pack = list(dealt.pack)
        for seat in range(self.rules.players):
            if self.rules.discards_of(seat, dealer=self._dealer) == 0:
                self.discarded.add(seat)
                self.kept[seat] = tuple(self.held[seat])
        self.phase = Phase.DISCARD if self._pending_discards() else Phase.CUT

    # discards ------------------------------------------------------------------------------------

    def _pending_discards(self) -> list[int]:
        n = self.rules.players
        seats = [(self._dealer + k) % n for k in range(1, n + 1)]
        return [s for s in seats if s not in self.discarded]

    def _check_discard(self, action: Discard) -> None:
        p = action.player
        need = self.rules.discards_of(p, dealer=self._dealer)
        if need == 0:
            self._refuse(
                f"player {p} has no card to discard: they were dealt {HAND_SIZE} and keep them all"
            )
        if p in self.discarded:
            self._refuse(f"player {p} has already discarded to the crib")
        if len(action.cards) != need:
            self._refuse(
                f"player {p} must discard exactly {need} card(s) to the crib, "
                f"got {len(action.cards)}: {format_cards(action.cards)}"
            )
        missing = [c for c in action.cards if c not in self.held[p]]
        if missing:
            self._refuse(
                f"player {p} cannot discard {format_cards(missing)}: not in their hand "
                f"({format_cards(self.held[p])})"
            )

    def _do_discard(self, action: Discard) -> None:
        p = action.player
        for card in action.cards:
            self.held[p].remove(card)
        self.crib += action.cards
        self.kept[p] = tuple(self.held[p])
        self.discarded.add(p)
        if not self._pending_discards():
            self.phase = Phase.CUT

    def _check_misdeal(self, action: Misdeal) -> None:
        pass  # a misdeal may be declared any time before the cut

    def _do_misdeal(self, action: Misdeal) -> None:
        dealer_side = self.side_of(self._dealer)
        self._clear_hand()
        self.phase = Phase.DEAL
        self._misdeal_penalty(dealer_side)
        self.hand_number -= 1  # the same hand is dealt again, by the same dealer

    def _misdeal_penalty(self, dealer_side: int) -> None:
        rules, penalty = self.rules, self.rules.misdeal_penalty
        if not penalty:
            return
        if rules.misdeal_deducted:
            self.scores[dealer_side] = max(0, self.scores[dealer_side] - penalty)
            self._log(None, dealer_side, "misdeal", -penalty, "the dealer's side loses the penalty")
            return
        for side in range(rules.sides):
            if side != dealer_side and self._score(
                None, side, "misdeal", penalty, f"misdeal by player {self.dealer}"
            ):
                return

    # cut and starter -----------------------------------------------------------------------------

    def _cut_range(self) -> tuple[int, int]:
        m = self.rules.min_cut_packet
        return m, len(self.pack) - m

    def _check_cut(self, action: Cut) -> None:
        if action.player != self.cutter:
            self._refuse(
                f"player {action.player} cannot cut: the player on the dealer's right "
                f"(player {self.cutter}) cuts"
            )
        low, high = self._cut_range()
        if not low <= action.depth <= high:
            self._refuse(
                f"player {action.player} cannot cut {action.depth} cards: the pack has "
                f"{len(self.pack)} and each packet keeps at least "
                f"{self.rules.min_cut_packet} (cut {low} to {high})"
            )

    def _do_cut(self, action: Cut) -> None:
        self.cut_depth = action.depth
        self.phase = Phase.STARTER

    def _check_turnstarter(self, action: TurnStarter) -> None:
        pass

    def _do_turnstarter(self, action: TurnStarter) -> None:
        assert self.cut_depth is not None, "the starter is turned only after the cut"
        starter = self.starter = self.pack.pop(self.cut_depth)
        self.phase = Phase.PLAY
        heels = self.rules.his_heels if starter.rank is Rank.JACK else 0
        if heels and self._score(
            self.dealer,
            self.side_of(self._dealer),
            "his heels",
            heels,
            f"starter {starter} is a jack",
        ):
            return
        self.turn = self.dealer  # the player on the dealer's left leads
        self._advance_play(None)


def _freeze(value: Any) -> Any:
    # Containers become immutable copies; cards, actions, events and rule sets are immutable.
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, set | frozenset):
        return frozenset(value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _check_seat(rules: RuleSet, seat: object, label: str, error: type = GameError) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.players:
        raise error(
            f"{label} {seat!r} is not a seat: seats are 0 to {rules.players - 1} "
            f"({rules.players} players)"
        )


def play_random_game(
    rules: RuleSet,
    seed: int | str,
    *,
    claim_exactly: float = 0.9,
    muggins: float = 0.5,
    first_dealer: int | None = None,
) -> GameState:
    """Play a whole game with random (legal) choices; the same seed gives the same game.

    Never declares a misdeal. Under the claim rules a player counts exactly with probability
    ``claim_exactly`` (else claims a random lower count), and an opponent calls muggins with
    probability ``muggins``.
    """
    rng = random.Random(f"bot:{seed}")
    game = GameState(rules, seed=seed, first_dealer=first_dealer)
    while not game.is_over:
        actions = [a for a in game.legal_actions() if not isinstance(a, Misdeal)]
        calls = [a for a in actions if isinstance(a, Muggins)]
        if calls and rng.random() < muggins:
            game.apply(rng.choice(calls))
            continue
        actions = [a for a in actions if not isinstance(a, Muggins)]
        if game.phase is Phase.SHOW and rng.random() < claim_exactly:
            actions = actions[:1]  # the exact count comes first
        game.apply(rng.choice(actions))
    return game
