"""Crapette rule options as data: one frozen :class:`Rules` value describes a variant.

The engine reads these fields instead of growing ``if variant`` branches in every function:

>>> Rules().loading.value, Rules().scoring.value
('same-suit', 'hoyle')
>>> Rules.from_dict({"loading": "alternate-colour"}).loading
<Loading.ALTERNATE_COLOUR: 'alternate-colour'>
>>> Rules.from_dict({"stalemate_rounds": 0})
Traceback (most recent call last):
...
games.crapette.errors.RulesError: rules.stalemate_rounds: 0 is out of range: allowed 1 to 1000
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Any

from .errors import RulesError


class Loading(enum.Enum):
    """How a card may be loaded onto the opponent's crapette or discard top (always ±1 rank)."""

    SAME_SUIT = "same-suit"  # standard: "couleur sur couleur"
    ALTERNATE_COLOUR = "alternate-colour"  # the faster variant: red on black, black on red


class Scoring(enum.Enum):
    HOYLE = "hoyle"  # 30 + 2 per loser's crapette card + 1 per loser's stock and discard card
    WIN = "win"  # a win is worth 1


class WhoStarts(enum.Enum):
    LOWER_CARD = "lower-card"  # lower crapette top, then the cases one by one, then the draw
    A = "A"  # player A always starts (e.g. alternating starts over a match)
    B = "B"


class Mandatory(enum.Enum):
    """What happens to a player who skips a mandatory (foundation) move."""

    CALL = "call"  # the move is allowed, but the opponent may call "Crapette!" (the table game)
    ENFORCED = "enforced"  # the move is refused (a computer referee): no call ever arises


MAX_STRICT_DEPTH = 4  # the search is exponential in this depth: 4 keeps a call check instant


@dataclass(frozen=True)
class Rules:
    """A Crapette rule set. The defaults are the standard game of RULES.md section 6."""

    loading: Loading = Loading.SAME_SUIT
    #: "Crapette!" is also valid when the player stopped (turned the stock, recycled or passed)
    #: while up to ``strict_call_depth`` optional moves would have freed a card for a foundation.
    strict_calls: bool = False
    strict_call_depth: int = 3
    who_starts: WhoStarts = WhoStarts.LOWER_CARD
    scoring: Scoring = Scoring.HOYLE
    mandatory: Mandatory = Mandatory.CALL
    #: The game is a stalemate (a draw) after this many full rounds (one turn each) in a row
    #: in which no card reached a foundation.
    stalemate_rounds: int = 50

    def __post_init__(self) -> None:
        for name, kind in _ENUMS.items():
            if not isinstance(getattr(self, name), kind):
                raise RulesError(f"rules.{name}: {getattr(self, name)!r} is not a {kind.__name__}")
        if not isinstance(self.strict_calls, bool):
            raise RulesError(f"rules.strict_calls: {self.strict_calls!r} is not true or false")
        _check_range("strict_call_depth", self.strict_call_depth, 1, MAX_STRICT_DEPTH)
        _check_range("stalemate_rounds", self.stalemate_rounds, 1, 1000)
        if self.strict_calls and self.mandatory is Mandatory.ENFORCED:
            raise RulesError(
                "rules.strict_calls needs mandatory 'call': with enforced mandatory moves "
                "nobody ever calls Crapette!"
            )

    def as_dict(self) -> dict[str, Any]:
        """The JSON form used in game records (every option, written out)."""
        return {
            f.name: (v.value if isinstance(v := getattr(self, f.name), enum.Enum) else v)
            for f in fields(self)
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "rules") -> Rules:
        """Read the JSON form; missing options take their standard value."""
        if not isinstance(data, dict):
            raise RulesError(f"{where}: expected an object of rule options, got {_kind(data)}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(
                f"{where}: unknown option {unknown[0]!r}: allowed {', '.join(sorted(known))}"
            )
        values: dict[str, Any] = {}
        for name, raw in data.items():
            if name in _ENUMS:
                kind = _ENUMS[name]
                allowed = [m.value for m in kind]
                if raw not in allowed:
                    raise RulesError(
                        f"{where}.{name}: {raw!r} is not allowed: use one of "
                        + ", ".join(repr(a) for a in allowed)
                    )
                values[name] = kind(raw)
            elif name == "strict_calls":
                if not isinstance(raw, bool):
                    raise RulesError(f"{where}.strict_calls: {raw!r} is not true or false")
                values[name] = raw
            else:
                if isinstance(raw, float) and raw.is_integer():
                    raw = int(raw)  # JSON 3.0 is the whole number 3, as in JSON Schema
                if not isinstance(raw, int) or isinstance(raw, bool):
                    raise RulesError(f"{where}.{name}: {raw!r} is not a whole number")
                values[name] = raw
        return cls(**values)


_ENUMS: dict[str, type[enum.Enum]] = {
    "loading": Loading,
    "who_starts": WhoStarts,
    "scoring": Scoring,
    "mandatory": Mandatory,
}


def _check_range(name: str, value: object, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"rules.{name}: {value!r} is not a whole number")
    if not low <= value <= high:
        raise RulesError(f"rules.{name}: {value} is out of range: allowed {low} to {high}")


def _kind(value: object) -> str:
    return type(value).__name__


STANDARD = Rules()
