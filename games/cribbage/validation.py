"""Checking a reported hand or crib count, as a tournament official would.

The possible totals are 0-29 except 19, 25, 26 and 27 (RULES.md section 2), for the hand and for
the crib alike: the tests derive both sets from the exhaustive distributions of
:mod:`games.cribbage.fast` rather than trusting this constant.

>>> validate_count(12) is None
True
>>> validate_count(19)
Traceback (most recent call last):
...
games.cribbage.validation.InvalidCount: a hand score of 19 is impossible: possible scores are 0–29 except 19, 25, 26, 27 (a player announcing "nineteen" means a zero hand: report 0)
>>> validate_count(12, hand="5H 5C 6S 7D", starter="KS").total
12
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from games.cards import Card
from games.cribbage.scoring import HandScore, score_hand

InvalidCountCode = Literal["not_a_number", "out_of_range", "impossible", "mismatch"]

MAX_SCORE = 29
IMPOSSIBLE_SCORES = frozenset({19, 25, 26, 27})
_POSSIBLE_SCORES = frozenset(range(MAX_SCORE + 1)) - IMPOSSIBLE_SCORES
_POSSIBLE_TEXT = "0–29 except 19, 25, 26, 27"
_WHOLE_NUMBER = re.compile(r"^\s*[+-]?[0-9]+\s*$")


class InvalidCount(ValueError):
    """A reported count that cannot be right.

    Structured so a UI can word it in its own language:

    - ``code``: ``not_a_number``, ``out_of_range`` (negative or above 29), ``impossible``
      (19, 25, 26, 27) or ``mismatch`` (differs from the cards);
    - ``reported``: the value as given; ``crib``: whether it was a crib count;
    - ``expected``: the true total when the cards were given, else ``None``;
    - ``breakdown``: the cards' :class:`HandScore` when they were given, else ``None``.
    """

    def __init__(
        self,
        message: str,
        *,
        code: InvalidCountCode,
        reported: object,
        crib: bool = False,
        breakdown: HandScore | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.reported = reported
        self.crib = crib
        self.breakdown = breakdown
        self.expected = breakdown.total if breakdown is not None else None


def possible_scores(crib: bool = False) -> frozenset[int]:
    """The totals a hand (or, with ``crib=True``, a crib) can score: the same set for both.

    >>> sorted(set(range(30)) - possible_scores())
    [19, 25, 26, 27]
    """
    return _POSSIBLE_SCORES


def validate_count(
    reported: int | str,
    *,
    hand: str | Iterable[str | Card] | None = None,
    starter: str | Card | None = None,
    crib: bool = False,
) -> HandScore | None:
    """Check a reported count; raise :class:`InvalidCount` saying why it is wrong.

    Without cards, only whether the value is possible is checked (returns ``None``). With both
    ``hand`` and ``starter``, the count must equal their score (returns the :class:`HandScore`).
    ``reported`` is an integer, or text of digits as typed in a form.
    """
    if (hand is None) != (starter is None):
        given, missing = ("hand", "starter") if starter is None else ("starter", "hand")
        raise ValueError(
            f"to check a count against the cards give both the hand and the starter "
            f"(got the {given} but no {missing})"
        )
    what = "crib" if crib else "hand"
    breakdown = (
        score_hand(hand, starter, crib=crib) if hand is not None and starter is not None else None
    )
    value = _as_whole_number(reported, what, crib, breakdown)
    cards_say = f" (the cards give {breakdown.total}: {breakdown.announce()})" if breakdown else ""
    if not 0 <= value <= MAX_SCORE:
        raise InvalidCount(
            f"a {what} score of {value} is out of range: a {what} scores 0 to {MAX_SCORE}"
            f"{cards_say}",
            code="out_of_range",
            reported=reported,
            crib=crib,
            breakdown=breakdown,
        )
    if value in IMPOSSIBLE_SCORES:
        joke = (
            ' (a player announcing "nineteen" means a zero hand: report 0)' if value == 19 else ""
        )
        raise InvalidCount(
            f"a {what} score of {value} is impossible: possible scores are {_POSSIBLE_TEXT}"
            f"{joke}{cards_say}",
            code="impossible",
            reported=reported,
            crib=crib,
            breakdown=breakdown,
        )
    if breakdown is not None and breakdown.total != value:
        raise InvalidCount(
            f"the cards give {breakdown.total}, not {value}: {breakdown.announce()}",
            code="mismatch",
            reported=reported,
            crib=crib,
            breakdown=breakdown,
        )
    return breakdown


def _as_whole_number(reported: object, what: str, crib: bool, breakdown: HandScore | None) -> int:
    if isinstance(reported, str) and _WHOLE_NUMBER.match(reported):
        return int(reported)
    # bool is an int subclass, but True is not a count anyone reports.
    if isinstance(reported, int) and not isinstance(reported, bool):
        return reported
    raise InvalidCount(
        f"a {what} score must be a whole number from 0 to {MAX_SCORE}, got {reported!r}",
        code="not_a_number",
        reported=reported,
        crib=crib,
        breakdown=breakdown,
    )
