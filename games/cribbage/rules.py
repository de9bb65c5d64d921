"""Cribbage rule sets as data (RULES.md sections 4 and 5), and skunks.

A :class:`RuleSet` says everything that differs between the variants of the game: how many
players and sides, how many cards each seat is dealt (counted from the dealer), how many go
straight to the crib, the target, the skunk lines and the optional rules. The game state machine
reads these numbers; it never asks "is this the three-handed game?".

>>> FOUR_PLAYER_PARTNERS.side_of(2), FOUR_PLAYER_PARTNERS.seats_of(1)
(0, (1, 3))
>>> SIX_PLAYER.dealt_to(5, dealer=0), SIX_PLAYER.discards_of(1, dealer=0)
(4, 1)
>>> skunk(121, 75, STANDARD_2P_121)
<Skunk.SKUNK: 1>
>>> RuleSet.by_name("standard")
Traceback (most recent call last):
...
games.cribbage.rules.RuleSetError: no rule set named 'standard': the presets are STANDARD_2P_121, STANDARD_2P_61, THREE_PLAYER, FOUR_PLAYER_PARTNERS, FIVE_PLAYER, SIX_PLAYER, FADOQ
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any, NoReturn

HAND_SIZE = 4  # cards each player keeps for the play and the show
CRIB_SIZE = 4
DECK_SIZE = 52
TARGETS = (61, 121)  # once or twice round the board
MIN_PLAYERS, MAX_PLAYERS = 2, 6


class RuleSetError(ValueError):
    """A rule set that cannot be played, or an unknown rule set name."""


class Skunk(enum.IntEnum):
    """How badly the loser lost; ordered, so ``result >= Skunk.SKUNK`` means "at least a skunk"."""

    NONE = 0
    SKUNK = 1
    DOUBLE = 2
    TRIPLE = 3

    @property
    def label(self) -> str:
        return {0: "no skunk", 1: "skunk", 2: "double skunk", 3: "triple skunk"}[self.value]


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules of one cribbage variant. Validated at construction (:class:`RuleSetError`).

    Seats are numbered 0..players-1 clockwise: the player on seat ``s``'s left is ``s + 1``.
    ``deal[k]`` is the number of cards dealt to the seat ``k`` places to the dealer's left
    (``deal[0]`` is the dealer, ``deal[-1]`` the player on the dealer's right). Each player keeps
    4 cards and discards the rest to the crib; ``crib_from_deck`` more cards are dealt straight to
    the crib, so that the crib always has 4.

    Seat ``s`` plays for side ``s % sides``: with 4 players and 2 sides, partners 0 and 2 (and 1
    and 3) sit opposite, as do the three pairs of the six-handed partnership game.

    Optional rules:

    - ``muggins``: a player announces (claims) each count; an opponent may take the points a
      player failed to claim (see :class:`games.cribbage.game.Muggins`).
    - ``forgotten_points_lost``: points a player fails to claim are lost (they cannot be taken
      back later). Without this and without ``muggins`` the engine counts every show exactly.
    - ``misdeal_penalty``: points a misdeal costs (0 = no penalty). **Interpretation** of "a
      misdeal costs 2 points to the dealer's side": by default (``misdeal_deducted=False``) each
      opposing side scores the penalty, as pegs never move backwards (ACC practice); with
      ``misdeal_deducted=True`` the dealer's side loses it instead (never below 0).
    - ``one_point_cutoff``: the FADOQ rule "from 116 one can no longer advance one point at a
      time". **Interpretation:** a side standing at this score or more does not score a *lone*
      1 point for a go or for last card. A go or last-card point scored in the same move as points
      for the card just laid (e.g. 15 on the last card, 2 + 1) is not lone and still counts.
    """

    name: str
    players: int
    sides: int
    deal: tuple[int, ...]
    crib_from_deck: int = 0
    target: int = 121
    skunk_line: int | None = 90
    double_skunk_line: int | None = 60
    triple_skunk_line: int | None = None
    his_heels: int = 2
    muggins: bool = False
    forgotten_points_lost: bool = False
    misdeal_penalty: int = 0
    misdeal_deducted: bool = False
    one_point_cutoff: int | None = None
    # ACC practice: the cut leaves at least this many cards in each packet.
    min_cut_packet: int = 4

    def __post_init__(self) -> None:
        _validate(self)

    # -- seats and sides ------------------------------------------------------------------------

    @property
    def individuals(self) -> bool:
        """True when every player scores alone (no partnerships)."""
        return self.sides == self.players

    def side_of(self, seat: int) -> int:
        """The side (player or team) that seat ``seat`` scores for."""
        self._check_seat(seat)
        return seat % self.sides

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of one side, in seat order."""
        if not (isinstance(side, int) and 0 <= side < self.sides):
            raise RuleSetError(f"side {side!r} does not exist: sides are 0 to {self.sides - 1}")
        return tuple(range(side, self.players, self.sides))

    def dealt_to(self, seat: int, *, dealer: int) -> int:
        """Cards dealt to ``seat`` when ``dealer`` deals."""
        self._check_seat(seat)
        self._check_seat(dealer)
        return self.deal[(seat - dealer) % self.players]

    def discards_of(self, seat: int, *, dealer: int) -> int:
        """Cards ``seat`` lays away to the crib when ``dealer`` deals."""
        return self.dealt_to(seat, dealer=dealer) - HAND_SIZE

    @property
    def cards_dealt(self) -> int:
        """Cards leaving the pack at the deal (hands plus cards dealt to the crib)."""
        return sum(self.deal) + self.crib_from_deck

    @property
    def skunk_lines(self) -> tuple[int, ...]:
        """The loser's highest score for a skunk, double, triple skunk (those in use)."""
        lines = (self.skunk_line, self.double_skunk_line, self.triple_skunk_line)
        return tuple(line for line in lines if line is not None)

    # -- presets and records --------------------------------------------------------------------

    @staticmethod
    def by_name(name: str) -> RuleSet:
        """A preset by name (case-insensitive, ``-`` accepted for ``_``)."""
        key = name.strip().upper().replace("-", "_") if isinstance(name, str) else name
        try:
            return PRESETS[key]
        except (KeyError, TypeError):
            raise RuleSetError(
                f"no rule set named {name!r}: the presets are {', '.join(PRESETS)}"
            ) from None

    def replace(self, **changes: Any) -> RuleSet:
        """A variant with some rules changed (validated like any rule set).

        >>> STANDARD_2P_121.replace(name="club", triple_skunk_line=30).skunk_lines
        (90, 60, 30)
        """
        unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(self)})
        if unknown:
            raise RuleSetError(f"unknown rule(s) {', '.join(unknown)}: the rules are {_FIELDS}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form; :meth:`from_dict` reads it back."""
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["deal"] = list(self.deal)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        if not isinstance(data, dict):
            raise RuleSetError(f"a rule set record is a mapping, got {type(data).__name__}")
        unknown = sorted(set(data) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise RuleSetError(f"unknown rule(s) {', '.join(unknown)}: the rules are {_FIELDS}")
        values = dict(data)
        if isinstance(values.get("deal"), list):
            values["deal"] = tuple(values["deal"])
        try:
            return cls(**values)
        except TypeError as exc:  # a missing required field
            raise RuleSetError(f"incomplete rule set record: {exc}") from None

    def _check_seat(self, seat: int) -> None:
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players):
            raise RuleSetError(f"seat {seat!r} does not exist: seats are 0 to {self.players - 1}")


_FIELDS = ", ".join(f.name for f in dataclasses.fields(RuleSet))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate(rules: RuleSet) -> None:
    """Refuse an inconsistent rule set with the first problem found (checked in this order)."""
    if not isinstance(rules.name, str) or not rules.name.strip():
        raise RuleSetError(f"a rule set needs a non-empty name, got {rules.name!r}")
    _check_value_types(rules)
    _check_table(rules)
    _check_deal(rules)
    _check_scoring(rules)


def _fail(rules: RuleSet, message: str) -> NoReturn:
    raise RuleSetError(f"rule set {rules.name!r}: {message}")


def _check_value_types(rules: RuleSet) -> None:
    def fail(message: str) -> NoReturn:
        _fail(rules, message)

    for field in (
        "players",
        "sides",
        "crib_from_deck",
        "target",
        "his_heels",
        "min_cut_packet",
        "misdeal_penalty",
    ):
        if not _is_int(getattr(rules, field)):
            fail(f"{field} must be a whole number, got {getattr(rules, field)!r}")
    for field in ("muggins", "forgotten_points_lost", "misdeal_deducted"):
        if not isinstance(getattr(rules, field), bool):
            fail(f"{field} must be True or False, got {getattr(rules, field)!r}")


def _check_table(rules: RuleSet) -> None:
    """Players, sides and the shape of the deal."""

    def fail(message: str) -> NoReturn:
        _fail(rules, message)

    if not MIN_PLAYERS <= rules.players <= MAX_PLAYERS:
        fail(f"cribbage is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {rules.players}")
    if not (2 <= rules.sides <= rules.players and rules.players % rules.sides == 0):
        fail(
            f"{rules.players} players cannot form {rules.sides} sides: the number of sides must "
            f"be at least 2 and divide the number of players (equal partnerships)"
        )
    if not isinstance(rules.deal, tuple) or not all(_is_int(n) for n in rules.deal):
        fail(
            f"deal must be a tuple of whole numbers (cards per seat from the dealer), "
            f"got {rules.deal!r}"
        )
    if len(rules.deal) != rules.players:
        fail(f"deal gives cards to {len(rules.deal)} seats but there are {rules.players} players")
    short = [n for n in rules.deal if n < HAND_SIZE]
    if short:
        fail(
            f"every player must be dealt at least {HAND_SIZE} cards (the hand kept), "
            f"got {list(rules.deal)}"
        )


def _check_deal(rules: RuleSet) -> None:
    """The crib and the cut the deal leaves."""

    def fail(message: str) -> NoReturn:
        _fail(rules, message)

    if rules.crib_from_deck < 0:
        fail(f"crib_from_deck cannot be negative, got {rules.crib_from_deck}")
    discards = [n - HAND_SIZE for n in rules.deal]
    if sum(discards) + rules.crib_from_deck != CRIB_SIZE:
        fail(
            f"the crib must get exactly {CRIB_SIZE} cards, but the discards "
            f"({'+'.join(map(str, discards))}) plus {rules.crib_from_deck} dealt to the crib "
            f"make {sum(discards) + rules.crib_from_deck}"
        )
    pack = DECK_SIZE - rules.cards_dealt
    if rules.min_cut_packet < 1 or pack < 2 * rules.min_cut_packet:
        fail(
            f"the cut must leave at least 1 card in each packet and the {pack} undealt cards "
            f"must allow {rules.min_cut_packet} in each (min_cut_packet={rules.min_cut_packet})"
        )


def _check_scoring(rules: RuleSet) -> None:
    """The target, the skunk lines (each below the one before), his heels, the misdeal penalty
    and the one-point cutoff."""

    def fail(message: str) -> NoReturn:
        _fail(rules, message)

    if rules.target not in TARGETS:
        fail(f"the target is 121 (twice round the board) or 61 (once round), got {rules.target}")
    previous: int | None
    previous_name, previous = "the target", rules.target
    for field in ("skunk_line", "double_skunk_line", "triple_skunk_line"):
        line = getattr(rules, field)
        if line is None:
            previous_name, previous = field, None
            continue
        if previous is None:
            fail(f"{field} is set but {previous_name} is not: a deeper skunk needs the lesser one")
        if not _is_int(line) or not 0 <= line < previous:
            fail(
                f"{field} must be a whole number from 0 to below {previous_name} ({previous}), "
                f"got {line!r}"
            )
        previous_name, previous = field, line
    if rules.his_heels < 0 or rules.misdeal_penalty < 0:
        fail("his_heels and misdeal_penalty cannot be negative")
    cutoff = rules.one_point_cutoff
    if cutoff is not None and not (_is_int(cutoff) and 0 < cutoff < rules.target):
        fail(
            f"one_point_cutoff must be a score between 1 and {rules.target - 1} "
            f"(or None for no such rule), got {cutoff!r}"
        )


def skunk(winner_score: int, loser_score: int, rules: RuleSet) -> Skunk:
    """The skunk a finished game's loser suffered, from the final scores (RULES.md section 4).

    The winner must have reached the target and the loser must be below it.

    >>> skunk(121, 90, STANDARD_2P_121), skunk(121, 91, STANDARD_2P_121)
    (<Skunk.SKUNK: 1>, <Skunk.NONE: 0>)
    >>> skunk(121, 60, STANDARD_2P_121)
    <Skunk.DOUBLE: 2>
    >>> skunk(61, 31, STANDARD_2P_61)
    <Skunk.NONE: 0>
    >>> skunk(118, 80, STANDARD_2P_121)
    Traceback (most recent call last):
    ...
    games.cribbage.rules.RuleSetError: winner_score 118 has not reached the target 121: the game is not over
    """
    if not isinstance(rules, RuleSet):
        raise RuleSetError(f"skunk() needs a RuleSet, got {type(rules).__name__}")
    for label, value in (("winner_score", winner_score), ("loser_score", loser_score)):
        if not _is_int(value) or value < 0:
            raise RuleSetError(f"{label} must be a whole number of points >= 0, got {value!r}")
    if winner_score < rules.target:
        raise RuleSetError(
            f"winner_score {winner_score} has not reached the target {rules.target}: "
            f"the game is not over"
        )
    if loser_score >= rules.target:
        raise RuleSetError(
            f"loser_score {loser_score} is not below the target {rules.target}: "
            f"only one side can reach it"
        )
    return Skunk(sum(1 for line in rules.skunk_lines if loser_score <= line))


STANDARD_2P_121 = RuleSet("STANDARD_2P_121", players=2, sides=2, deal=(6, 6))
STANDARD_2P_61 = RuleSet(
    "STANDARD_2P_61",
    players=2,
    sides=2,
    deal=(6, 6),
    target=61,
    skunk_line=30,
    double_skunk_line=None,
)
THREE_PLAYER = RuleSet("THREE_PLAYER", players=3, sides=3, deal=(5, 5, 5), crib_from_deck=1)
FOUR_PLAYER_PARTNERS = RuleSet("FOUR_PLAYER_PARTNERS", players=4, sides=2, deal=(5, 5, 5, 5))
FIVE_PLAYER = RuleSet("FIVE_PLAYER", players=5, sides=5, deal=(4, 5, 5, 5, 5))
# The dealer and the player on the dealer's right (the last seat from the dealer) get 4.
SIX_PLAYER = RuleSet("SIX_PLAYER", players=6, sides=3, deal=(4, 5, 5, 5, 5, 4))
FADOQ = FOUR_PLAYER_PARTNERS.replace(name="FADOQ", one_point_cutoff=116)

PRESETS: dict[str, RuleSet] = {
    rules.name: rules
    for rules in (
        STANDARD_2P_121,
        STANDARD_2P_61,
        THREE_PLAYER,
        FOUR_PLAYER_PARTNERS,
        FIVE_PLAYER,
        SIX_PLAYER,
        FADOQ,
    )
}
