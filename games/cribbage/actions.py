"""The actions of a cribbage game: small immutable values, each one JSON-ready.

An action names who does what (``Play(1, "5H")``); :class:`games.cribbage.game.GameState`
decides whether it is legal now. Automatic steps of the game (the deal, turning the starter)
are actions too, so every step can be tested, logged and replayed.

>>> Play(1, "10h")
Play(player=1, card=Card('TH'))
>>> str(Discard(0, "5H 5C"))
'player 0 discards 5H 5C'
>>> action_from_json(Play(1, "TH").to_json()) == Play(1, "TH")
True
>>> action_from_json({"type": "Fold", "player": 1})
Traceback (most recent call last):
...
games.cribbage.actions.IllegalAction: unknown action type 'Fold': the actions are CutForDeal, Deal, Discard, Cut, TurnStarter, Play, Go, CountHand, CountCrib, Muggins, Misdeal
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from games.cards import Card, CardError, format_cards, parse_card, parse_cards


class GameError(ValueError):
    """Something wrong with a cribbage game: its set-up, a record, or an action."""


class IllegalAction(GameError):
    """An action that is malformed or not allowed in the current state; the state is unchanged."""


def _check_player(action: object, player: object) -> None:
    if not isinstance(player, int) or isinstance(player, bool) or player < 0:
        raise IllegalAction(
            f"{type(action).__name__}: player must be a seat number (0, 1, ...), got {player!r}"
        )


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``to_json`` / :func:`action_from_json` give a JSON-ready form."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, Card):
                value = str(value)
            elif isinstance(value, tuple):
                value = [str(c) for c in value]
            data[field.name] = value
        return data


@dataclass(frozen=True, slots=True)
class CutForDeal(Action):
    """``player`` cuts the pack to see who deals; the lowest card deals (ties cut again)."""

    player: int

    def __post_init__(self) -> None:
        _check_player(self, self.player)

    def __str__(self) -> str:
        return f"player {self.player} cuts for deal"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """The dealer deals the hand (automatic: from the game's deck order for this deal)."""

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """``player`` lays ``cards`` away to the crib (kept sorted: a discard is a set of cards)."""

    player: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _check_player(self, self.player)
        try:
            cards = parse_cards(self.cards)
        except CardError as exc:
            raise IllegalAction(f"player {self.player} cannot discard: {exc}") from None
        object.__setattr__(self, "cards", tuple(sorted(cards)))

    def __str__(self) -> str:
        return f"player {self.player} discards {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Cut(Action):
    """``player`` (on the dealer's right) cuts the pack, lifting ``depth`` cards off the top."""

    player: int
    depth: int

    def __post_init__(self) -> None:
        _check_player(self, self.player)
        if not isinstance(self.depth, int) or isinstance(self.depth, bool):
            raise IllegalAction(f"a cut lifts a whole number of cards, got {self.depth!r}")

    def __str__(self) -> str:
        return f"player {self.player} cuts {self.depth} cards"


@dataclass(frozen=True, slots=True)
class TurnStarter(Action):
    """The dealer turns up the top card of the lower packet: the starter (automatic)."""

    def __str__(self) -> str:
        return "turn the starter"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """``player`` lays ``card`` in the play."""

    player: int
    card: Card

    def __post_init__(self) -> None:
        _check_player(self, self.player)
        try:
            object.__setattr__(self, "card", parse_card(self.card))
        except CardError as exc:
            raise IllegalAction(f"player {self.player} cannot lay: {exc}") from None

    def __str__(self) -> str:
        return f"player {self.player} lays {self.card}"


@dataclass(frozen=True, slots=True)
class Go(Action):
    """``player`` cannot lay a card without passing 31 and says "Go"."""

    player: int

    def __post_init__(self) -> None:
        _check_player(self, self.player)

    def __str__(self) -> str:
        return f"player {self.player} says go"


def _check_claim(action: object, claimed: object) -> None:
    if claimed is not None and (not isinstance(claimed, int) or isinstance(claimed, bool)):
        raise IllegalAction(
            f"{type(action).__name__}: claimed must be a whole number of points or None "
            f"(count exactly), got {claimed!r}"
        )


@dataclass(frozen=True, slots=True)
class CountHand(Action):
    """``player`` counts their hand in the show.

    ``claimed=None`` counts it exactly. A number is the player's own announcement, allowed below
    the true count only under the muggins or forgotten-points rules.
    """

    player: int
    claimed: int | None = None

    def __post_init__(self) -> None:
        _check_player(self, self.player)
        _check_claim(self, self.claimed)

    def __str__(self) -> str:
        claim = "" if self.claimed is None else f", claiming {self.claimed}"
        return f"player {self.player} counts their hand{claim}"


@dataclass(frozen=True, slots=True)
class CountCrib(Action):
    """The dealer counts the crib, last in the show (``claimed`` as in :class:`CountHand`)."""

    player: int
    claimed: int | None = None

    def __post_init__(self) -> None:
        _check_player(self, self.player)
        _check_claim(self, self.claimed)

    def __str__(self) -> str:
        claim = "" if self.claimed is None else f", claiming {self.claimed}"
        return f"player {self.player} counts the crib{claim}"


@dataclass(frozen=True, slots=True)
class Muggins(Action):
    """An opponent takes the points the last count missed (muggins rule only)."""

    player: int

    def __post_init__(self) -> None:
        _check_player(self, self.player)

    def __str__(self) -> str:
        return f"player {self.player} calls muggins"


@dataclass(frozen=True, slots=True)
class Misdeal(Action):
    """The deal was wrong (noticed before the cut): it is redealt by the same dealer."""

    def __str__(self) -> str:
        return "misdeal"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        CutForDeal,
        Deal,
        Discard,
        Cut,
        TurnStarter,
        Play,
        Go,
        CountHand,
        CountCrib,
        Muggins,
        Misdeal,
    )
}


def action_from_json(data: dict[str, Any]) -> Action:
    """Read an action written by :meth:`Action.to_json`."""
    if not isinstance(data, dict):
        raise IllegalAction(f"an action is a mapping with a 'type', got {data!r}")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction(
            f"unknown action type {kind!r}: the actions are {', '.join(ACTION_TYPES)}"
        )
    names = {f.name for f in fields(cls)}
    given = {k: v for k, v in data.items() if k != "type"}
    unknown = sorted(set(given) - names)
    if unknown:
        raise IllegalAction(
            f"{kind} has no field {', '.join(unknown)}: its fields are "
            f"{', '.join(sorted(names)) or '(none)'}"
        )
    try:
        return cls(**given)
    except TypeError as exc:
        raise IllegalAction(f"incomplete {kind} action {data!r}: {exc}") from None
