"""The errors the Crapette engine raises; each says what was wrong, where, and what is allowed."""

from __future__ import annotations


class CrapetteError(ValueError):
    """Base class of every error of the Crapette engine."""


class RulesError(CrapetteError):
    """A rule option that does not exist or has a value outside its allowed range."""


class DealError(CrapetteError):
    """A deck that is not a full 52-card deck, or a draw that is not a player."""


class PositionError(CrapetteError):
    """A hand-built position that cannot occur (a third 9♥, a case not built down…)."""


class NotationError(CrapetteError):
    """Move text that cannot be read (names the bad text and shows the accepted notation)."""


class IllegalMove(CrapetteError):
    """A move the rules do not allow in the current position.

    ``reason`` is the sentence for the player ("8♥ cannot go on 9♥ in case 5: …");
    ``move`` is the refused move (or its text when it could not even be read).
    """

    def __init__(self, move: object, reason: str) -> None:
        super().__init__(f"illegal move {move}: {reason}")
        self.move = move
        self.reason = reason


class RecordFormatError(CrapetteError):
    """A game record whose structure does not match the documented format (record.schema.json)."""
