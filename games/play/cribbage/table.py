"""A cribbage table against the computer: the game, the computer's turns, the coaching, the log.

Plain Python over the engine (no Django): the views and the API load a :class:`Table` from a
:class:`~games.models.PracticeGame`'s ``state``, apply the player's action, and save
:meth:`Table.to_state`. The game itself is stored as the engine's record and replayed on load,
so the engine stays the only authority on what is legal.

The player sits at seat 0. Two-handed, the computer sits at seat 1. Three-handed (each for
themselves, five cards each, one to the crib and one from the pack), the computers sit at seats
1 (on the player's left) and 2 (on the right), both at ``level``. Four-handed (partners
opposite, FADOQ rules by default), the player's computer partner sits at seat 2 and the two
computer opponents at seats 1 (on the player's left) and 3 (on the right); the partner plays at
``partner_level``, the opponents at ``level``. The computers' turns, the deal's automatic steps
and (unless the player counts their own hands) the show are played at once; the table stops
when the player has something to do: cut for deal, go on to the next deal (after seeing the
show), lay away cards, cut the pack, lay a card or say go, count their hand or crib.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.cards import Card
from games.cribbage.actions import (
    Action,
    CountCrib,
    CountHand,
    Cut,
    CutForDeal,
    Deal,
    Discard,
    Go,
    IllegalAction,
    Muggins,
    Play,
    TurnStarter,
    action_from_json,
)
from games.cribbage.coaching import coach_discard, pegging_hint
from games.cribbage.computer import (
    LEVELS,
    Computer,
    PlayerView,
    computer,
    computer_action,
    view_of,
)
from games.cribbage.game import GameState, Phase
from games.cribbage.pegging import MAX_COUNT, peg_score
from games.cribbage.play_coaching import worst_plays
from games.cribbage.play_coaching_seats import coach_view
from games.cribbage.record import game_to_record, replay
from games.cribbage.rules import (
    FADOQ,
    FOUR_PLAYER_PARTNERS,
    STANDARD_2P_61,
    STANDARD_2P_121,
    THREE_PLAYER,
    RuleSet,
)
from games.cribbage.scoring import score_hand

HUMAN, COMPUTER = 0, 1
PARTNER = 2  # four-handed: the seat opposite the player
TARGETS: dict[int, RuleSet] = {121: STANDARD_2P_121, 61: STANDARD_2P_61}
# The four-handed rule sets a practice game may use (FADOQ first: the default).
FOUR_HANDED: dict[str, RuleSet] = {r.name: r for r in (FADOQ, FOUR_PLAYER_PARTNERS)}
# Each seat as the player sees it: two-handed, and four-handed (clockwise from the player).
SEAT_NAMES = {
    2: ("you", "computer"),
    3: ("you", "left", "right"),
    4: ("you", "left", "partner", "right"),
}
SIDE_NAMES = {2: ("you", "computer"), 3: ("you", "left", "right"), 4: ("your_team", "opponents")}
FORMAT = "huche-practice-cribbage/1"
# What the player may send, by engine action type (the rest are the table's to play).
PLAYER_ACTIONS = ("CutForDeal", "Deal", "Discard", "Cut", "Play", "Go", "CountHand", "CountCrib")


class TableError(ValueError):
    """A refused action: ``code`` names why and ``facts`` what the reason names (the page and
    the API say it in the visitor's language, see ``words.reason_text``); ``str()`` is the
    English sentence, for logs and the command line."""

    def __init__(self, code: str, text: str, **facts: Any) -> None:
        super().__init__(text)
        self.code = code
        self.facts = facts


class ClaimTooHigh(TableError):
    """The player announced more than their hand or crib is worth (at the table: count again)."""

    def __init__(self, what: str, claimed: int) -> None:
        super().__init__(
            "claim-too-high", f"the {what} is worth less than {claimed}", claimed=claimed
        )


def rules_for(target: int, count_own: bool, players: int = 2, preset: str | None = None) -> RuleSet:
    """The rules of a new game: two-handed to ``target``, three-handed to 121, or four-handed
    under ``preset``."""
    if players == 3:
        if target != 121:
            raise TableError(
                "bad-target-three", f"the three-handed game is played to 121, not {target!r}"
            )
        return THREE_PLAYER.replace(muggins=True) if count_own else THREE_PLAYER
    if players == 4:
        name = preset or FADOQ.name
        if name not in FOUR_HANDED:
            raise TableError(
                "bad-rules",
                f"no four-handed rules {name!r}: choose {', '.join(FOUR_HANDED)}",
                rules=name,
            )
        if target != 121:
            raise TableError(
                "bad-target-four", f"the four-handed game is played to 121, not {target!r}"
            )
        rules = FOUR_HANDED[name]
        return rules.replace(muggins=True) if count_own else rules
    if players != 2:
        raise TableError(
            "bad-players",
            f"a practice game has 2, 3 or 4 players, not {players!r}",
            players=players,
        )
    if target not in TARGETS:
        raise TableError(
            "bad-target", f"a game is played to 121 or 61 points, not {target!r}", target=target
        )
    rules = TARGETS[target]
    # Counting one's own hand means announcing it: the muggins rule lets the computer take
    # what the player misses.
    return rules.replace(muggins=True) if count_own else rules


@dataclass
class Table:
    game: GameState
    level: str
    count_own: bool = False
    coaching: list[dict[str, Any]] = field(default_factory=list)
    recent: list[dict[str, Any]] = field(default_factory=list)  # since the player's last action
    show: list[dict[str, Any]] = field(default_factory=list)  # the counts of the current deal
    partner_level: str | None = None  # four-handed: the level of the player's partner
    coach_play: bool = False  # weigh each card the player lays (see play_advice)
    plays: list[dict[str, Any]] = field(default_factory=list)  # the play coaching, in order

    # -- set up, load, save ---------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        level: str,
        target: int = 121,
        count_own: bool = False,
        seed: int | str | None = None,
        *,
        players: int = 2,
        rules: str | None = None,
        partner_level: str | None = None,
        coach_play: bool | None = None,
    ) -> Table:
        """A new game: ``level`` for the opponent(s); four-handed, ``partner_level`` for the
        partner (the standard level by default) and ``rules`` one of :data:`FOUR_HANDED`.
        ``coach_play``: coach each card the player lays (by default with easy)."""
        if players == 4 and partner_level is None:
            partner_level = "standard"
        for name in (level, partner_level):
            if name is not None and name not in LEVELS:
                raise TableError(
                    "bad-level",
                    f"no computer level {name!r}: choose {', '.join(LEVELS)}",
                    level=name,
                )
        game = GameState(rules_for(target, count_own, players, rules), seed=seed)
        table = cls(game, level, count_own, partner_level=partner_level if players == 4 else None)
        table.coach_play = level == "easy" if coach_play is None else coach_play
        table.advance()
        return table

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Table:
        return cls(
            replay(state["record"]),
            state["level"],
            state.get("count_own", False),
            state.get("coaching", []),
            state.get("recent", []),
            state.get("show", []),
            state.get("partner_level"),
            state.get("coach_play", False),
            state.get("plays", []),
        )

    def to_state(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "record": game_to_record(self.game),
            "level": self.level,
            "count_own": self.count_own,
            "coaching": self.coaching,
            "recent": self.recent,
            "show": self.show,
            "partner_level": self.partner_level,
            "coach_play": self.coach_play,
            "plays": self.plays,
        }

    # -- the seats ------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.game.rules.players

    @property
    def computer_seats(self) -> range:
        return range(1, self.players)

    def level_of(self, seat: int) -> str:
        """The level of the computer at ``seat`` (the partner's, or the opponents')."""
        if self.partner_level is not None and self.game.side_of(seat) == self.game.side_of(HUMAN):
            return self.partner_level
        return self.level

    def seat_name(self, seat: int) -> str:
        """``you``, ``computer`` (two-handed) or ``left``, ``partner`` (four-handed), ``right``."""
        return SEAT_NAMES[self.players][seat]

    def side_name(self, side: int) -> str:
        """``you``/``computer`` two-handed, ``you``/``left``/``right`` three-handed,
        ``your_team``/``opponents`` four-handed."""
        return SIDE_NAMES[self.players][side]

    # -- what the player is asked ---------------------------------------------------------------

    @property
    def awaiting(self) -> str | None:
        """What the player is to do: ``cut_for_deal``, ``deal``, ``discard``, ``cut``, ``play``,
        ``go``, ``count``; ``None`` once the game is over."""
        game = self.game
        phase = game.phase
        if phase is Phase.OVER:
            return None
        if phase is Phase.CUT_FOR_DEAL:
            return "cut_for_deal"
        if phase is Phase.DEAL:
            return "deal"
        if phase is Phase.DISCARD:
            return "discard"
        if phase is Phase.CUT:
            return "cut"
        if phase is Phase.PLAY:
            return "play" if view_of(game, HUMAN).playable() else "go"
        return "count"

    def view(self) -> PlayerView | None:
        return view_of(self.game, HUMAN) if self.game.dealer is not None else None

    def hint(self) -> Card | None:
        """The pegging hint for the player's next card (during the play only)."""
        if self.awaiting != "play":
            return None
        view = self.view()
        return pegging_hint(view) if view is not None else None

    # -- playing --------------------------------------------------------------------------------

    def act(self, data: dict[str, Any]) -> None:
        """Apply the player's action (engine JSON: ``{"type": "Play", "card": "5H"}``, the
        ``player`` may be left out), then play on until the player is asked again."""
        action = self._players_action(data)
        if not self._players_turn(action):
            raise TableError(
                "not-your-turn",
                f"{action} is not yours to do now (waiting for: "
                f"{self.awaiting or 'nothing, the game is over'})",
                action=type(action).__name__,
                awaiting=self.awaiting,
            )
        if isinstance(action, CountHand | CountCrib) and action.claimed is not None:
            what = "hand" if isinstance(action, CountHand) else "crib"
            cards = self.game.kept[HUMAN] if what == "hand" else tuple(self.game.crib)
            starter = self.game.starter
            assert starter is not None, "the show comes after the starter is turned"
            if action.claimed > score_hand(cards, starter, crib=what == "crib").total:
                raise ClaimTooHigh(what, action.claimed)
        self.recent = []
        try:
            self._apply(action)
        except IllegalAction as exc:
            raise self._refusal(action, exc) from None
        self.advance()

    def _players_action(self, data: dict[str, Any]) -> Action:
        """The engine action the player sent, on the player's seat (a cut at a random depth)."""
        if not isinstance(data, dict):
            raise TableError(
                "not-an-action", 'an action is an object with a \'type\', e.g. {"type": "Go"}'
            )
        kind = data.get("type")
        if kind not in PLAYER_ACTIONS:
            raise TableError(
                "unknown-action",
                f"the player's actions are {', '.join(PLAYER_ACTIONS)}; got {kind!r}",
                action=str(kind),
            )
        data = {**data, "player": data.get("player", HUMAN)}
        if kind == "Deal":
            data.pop("player")
        elif data["player"] != HUMAN:
            raise TableError(
                "wrong-seat", f"you play seat {HUMAN}; the computers play the other seats"
            )
        if kind == "Cut" and "depth" not in data:
            low = self.game.rules.min_cut_packet
            data["depth"] = random.SystemRandom().randint(low, max(low, len(self.game.pack) - low))
        try:
            return action_from_json(data)
        except IllegalAction as exc:
            raise TableError("malformed", str(exc), action=kind) from None

    def _refusal(self, action: Action, exc: IllegalAction) -> TableError:
        """Name the rule the engine applied in refusing the player's ``action`` (the engine
        stays the judge; this only says which of its checks failed, from the same facts)."""
        game, text = self.game, str(exc)
        held = game.held[HUMAN]
        if isinstance(action, Discard):
            missing = [c for c in action.cards if c not in held]
            dealer = game.dealer
            assert dealer is not None, "discards come after the deal"
            if len(action.cards) != game.rules.discards_of(HUMAN, dealer=dealer):
                code = "discard-count" if self.players == 2 else "discard-count-one"
                return TableError(code, text, count=len(action.cards))
            if missing:
                return TableError("not-in-hand", text, card=str(missing[0]))
        if isinstance(action, Play):
            if action.card not in held:
                return TableError("not-in-hand", text, card=str(action.card))
            if game.count + action.card.pips > MAX_COUNT:
                return TableError("over-31", text, card=str(action.card), count=game.count)
        if isinstance(action, Go):
            return TableError("cannot-go", text, count=game.count)
        if isinstance(action, CountHand | CountCrib) and action.claimed is not None:
            return TableError("impossible-count", text, claimed=action.claimed)
        if isinstance(action, Cut):
            return TableError("cut-depth", text, depth=action.depth)
        return TableError("refused", text)

    def _players_turn(self, action: Action) -> bool:
        awaiting = self.awaiting
        kinds: dict[str, type[Action] | tuple[type[Action], ...]] = {
            "cut_for_deal": CutForDeal,
            "deal": Deal,
            "discard": Discard,
            "cut": Cut,
            "play": Play,
            "go": Go,
            "count": (CountHand, CountCrib),
        }
        expected = kinds.get(awaiting or "")
        return expected is not None and isinstance(action, expected)

    def advance(self) -> None:
        """Play every step that is not the player's, until the player is asked (or the end)."""
        game = self.game
        while not game.is_over:
            calls = [a for a in game.legal_actions() if isinstance(a, Muggins) and a.player]
            if calls:  # the first computer opponent takes the points the player missed
                self._apply(calls[0])
                continue
            phase = game.phase
            pending = [s for s in self.computer_seats if s not in game.discarded]
            if phase is Phase.STARTER:
                self._apply(TurnStarter())
            elif phase is Phase.DISCARD and pending:
                self._apply(computer_action(game, pending[0], self._computer(pending[0])))
            elif phase is Phase.SHOW and (game.to_act != HUMAN or not self.count_own):
                what, seat = game.show_queue[0]
                self._apply(CountHand(seat) if what == "hand" else CountCrib(seat))
            elif phase in (Phase.DEAL, Phase.DISCARD, Phase.SHOW) or game.to_act == HUMAN:
                return
            else:
                actor = game.to_act
                assert actor is not None, "a game not over has a seat to act"
                self._apply(computer_action(game, actor, self._computer(actor)))

    def _computer(self, seat: int) -> Computer:
        return computer(self.level_of(seat))

    def _apply(self, action: Action) -> None:
        """Apply one action and tell it in the log (structured, translated by the page)."""
        game = self.game
        before_events = len(game.events)
        dealt = tuple(game.held[HUMAN])
        entry = self._entry_before(action)
        cut_round = game.cut_round
        play_advice = self._coach_play(action)
        game.apply(action)
        if isinstance(action, Discard) and action.player == HUMAN:
            self._coach(dealt, action)  # once the engine has taken the discard
        if play_advice is not None:
            self.plays.append(play_advice)  # once the engine has taken the card
        entry = self._entry_after(action, cut_round) or entry
        if entry is not None:
            self.recent.append(entry)
        self._log_events(game.events[before_events:])
        if game.is_over:
            self.recent.append({"kind": "over", "winner": game.winner})

    def _entry_before(self, action: Action) -> dict[str, Any] | None:
        """The log entry of an action told from the game as it was (the count, the hand)."""
        game = self.game
        if isinstance(action, Play):
            scored = peg_score([c for _, c in game.series], action.card)
            return {
                "kind": "play",
                "seat": action.player,
                "card": str(action.card),
                "count": scored.count,
                "points": scored.points,
                "items": [i.name for i in scored.items],
            }
        if isinstance(action, Go):
            return {"kind": "go", "seat": action.player, "count": game.count}
        if isinstance(action, Discard):
            return {"kind": "discard", "seat": action.player}
        if isinstance(action, Deal):
            self.show = []
            return {"kind": "deal", "dealer": game.dealer}
        if isinstance(action, CountHand | CountCrib):
            return self._show_entry(action)
        return None

    def _entry_after(self, action: Action, cut_round: int) -> dict[str, Any] | None:
        """The log entry of an action told from its outcome (the card cut, the dealer)."""
        game = self.game
        if isinstance(action, CutForDeal):
            return {
                "kind": "cut_for_deal",
                "seat": action.player,
                "card": str(game.cut_cards[action.player]) if game.cut_cards else None,
                "dealer": game.dealer,
                "tie": game.cut_round != cut_round,
            }
        if isinstance(action, TurnStarter):
            return {"kind": "starter", "card": str(game.starter), "dealer": game.dealer}
        return None

    def _log_events(self, events) -> None:
        """The points the action scored beside it (go, last card, his heels, muggins, shows)."""
        for event in events:
            if event.kind in ("go", "last card", "his heels", "muggins"):
                self.recent.append(
                    {"kind": event.kind, "seat": event.player, "points": event.points}
                )
            if event.kind in ("hand", "crib") and self.show:
                self.show[-1]["scored"] = event.points

    def _show_entry(self, action: CountHand | CountCrib) -> dict[str, Any]:
        game = self.game
        what = "hand" if isinstance(action, CountHand) else "crib"
        cards = game.kept[action.player] if what == "hand" else tuple(game.crib)
        assert game.starter is not None, "the show comes after the starter is turned"
        score = score_hand(cards, game.starter, crib=what == "crib")
        entry = {
            "kind": "show",
            "what": what,
            "seat": action.player,
            "cards": [str(c) for c in cards],
            "starter": str(game.starter),
            "total": score.total,
            "claimed": action.claimed,
        }
        self.show.append(entry)
        return entry

    def _coach(self, dealt: tuple[Card, ...], action: Discard) -> None:
        keep = [c for c in dealt if c not in action.cards]
        dealer = self.game.dealer
        assert dealer is not None, "the discard comes after the deal"
        ours = self.game.side_of(dealer) == self.game.side_of(HUMAN)
        advice = coach_discard(dealt, keep=keep, dealer=ours, players=self.players)
        self.coaching.append({"hand": self.game.hand_number, "crib_of": dealer, **advice.as_dict()})

    def _coach_play(self, action: Action) -> dict[str, Any] | None:
        """The coaching of the card the player lays, from what the player sees before laying
        it (``None``: not a card of the player's, or no play coaching in this game)."""
        if not (self.coach_play and isinstance(action, Play) and action.player == HUMAN):
            return None
        view = view_of(self.game, HUMAN)
        if action.card not in view.playable():
            return None  # the engine refuses it; nothing to coach
        advice = coach_view(view, action.card)
        return {
            "hand_number": self.game.hand_number,
            "players": self.players,
            **advice.as_dict(),
        }

    # -- reading the game -----------------------------------------------------------------------

    @property
    def play_advice(self) -> dict[str, Any] | None:
        """The coaching of the card the player laid last, while that card is still their last
        action (the computer's answers since then do not hide it)."""
        if not self.plays:
            return None
        # The player's own choices (the deal is always theirs to press; the table counts the
        # show for them unless they count their own).
        chosen = (CutForDeal, Discard, Cut, Play, Go, CountHand, CountCrib)
        mine = [
            a
            for a in self.game.history
            if isinstance(a, Deal)
            or (isinstance(a, chosen) and a.player == HUMAN and not self._counted_for_player(a))
        ]
        last = mine[-1] if mine else None
        advice = self.plays[-1]
        if (
            isinstance(last, Play)
            and str(last.card) == advice["card"]
            and advice["hand_number"] == self.game.hand_number
        ):
            return advice
        return None

    @property
    def last_advice(self) -> dict[str, Any] | None:
        """The coaching of this deal's discard (shown until the next deal)."""
        if self.coaching and self.coaching[-1]["hand"] == self.game.hand_number:
            return self.coaching[-1]
        return None

    def pegs(self) -> list[tuple[int, int]]:
        """(front peg, back peg) of each side: the score, and the score before the last points."""
        pegs = []
        for side in range(self.game.rules.sides):
            front = self.game.scores[side]
            back = self.game.initial_scores[side]
            moves = [e for e in self.game.events if e.side == side and e.points > 0]
            if len(moves) >= 2:
                back = moves[-2].scores[side]
            pegs.append((front, back))
        return pegs

    def statistics(self) -> dict[str, Any]:
        """Points by source for each side, hands played, the best hand, the coaching summary."""
        stats = {
            side: {"pegging": 0, "hand": 0, "crib": 0, "muggins": 0, "best_hand": 0}
            for side in range(self.game.rules.sides)
        }
        for e in self.game.events:
            kind = "pegging" if e.kind in ("play", "go", "last card", "his heels") else e.kind
            if kind in stats[e.side]:
                stats[e.side][kind] += e.points
            if e.kind == "hand":
                stats[e.side]["best_hand"] = max(stats[e.side]["best_hand"], e.points)
        losses = [a for a in self.coaching if not a["is_best"]]
        return {
            **self._play_statistics(),
            "sides": stats,
            "deals": self.game.hand_number,
            "discards": len(self.coaching),
            "best_discards": len(self.coaching) - len(losses),
            "expected_loss": sum(a["loss"] for a in losses),
            "suboptimal": losses,
        }

    def _counted_for_player(self, action: Action) -> bool:
        """A count the table made for the player (who does not count their own)."""
        return isinstance(action, CountHand | CountCrib) and not self.count_own

    def _play_statistics(self) -> dict[str, Any]:
        """The play coaching's summary: cards weighed, the best ones, the loss, the worst three."""
        if not self.coach_play:
            return {}
        poor = [a for a in self.plays if not a["is_best"]]
        return {
            "plays": len(self.plays),
            "best_plays": len(self.plays) - len(poor),
            "play_loss": sum(a["loss"] for a in poor),
            "worst_plays": worst_plays(self.plays),
        }


__all__ = [
    "COMPUTER",
    "FOUR_HANDED",
    "HUMAN",
    "PARTNER",
    "ClaimTooHigh",
    "Table",
    "TableError",
    "rules_for",
]
