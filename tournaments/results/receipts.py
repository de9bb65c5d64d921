"""The captain's receipt for a stored report: what was received, when, and what happens next.

The receipt number is derived from the stored report (its id, game, version and content hash),
never stored: the captain's phone and the officials' desk compute the same short code, so an
official can match "I sent it, here is my receipt" to one version in the game's history.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments.models import Event, Game, Report, Team


def receipt_number(report: Report) -> str:
    """Eight letters and digits in two groups (base32 of a hash of the stored report)."""
    source = f"{report.pk}:{report.game_id}:{report.version}:{report.fingerprint}"
    code = base64.b32encode(hashlib.sha256(source.encode()).digest()[:5]).decode()
    return f"{code[:4]}-{code[4:]}"


def received_at(report: Report) -> str:
    """The time the desk stored it, in the event's time zone ("14 h 32" in French)."""
    return formats.time_format(timezone.localtime(report.created_at))


def next_step(game: Game) -> str:
    """What happens to a captain's report now, in the words of the event's confirmation rule."""
    if game.status == Game.Status.CONFIRMED:
        return _("The result is confirmed: nothing more to do.")
    if game.status == Game.Status.DISPUTED:
        return _(
            "Your score differs from the other captain's: an official will settle it. "
            "Show this receipt at the officials' desk."
        )
    if game.round.event.confirmation == Event.Confirmation.BOTH_CAPTAINS:
        return _("Next: the other captain confirms it.")
    return _("Next: the official confirms it.")


@dataclass(frozen=True)
class Receipt:
    number: str
    received_at: str
    score_us: int
    score_them: int
    next_step: str

    @classmethod
    def of(cls, report: Report, team: Team, game: Game | None = None) -> Receipt:
        game = game or report.game
        ours_is_a = game.team_a_id == team.pk
        us, them = (
            (report.score_a, report.score_b) if ours_is_a else (report.score_b, report.score_a)
        )
        return cls(
            number=receipt_number(report),
            received_at=received_at(report),
            score_us=us,
            score_them=them,
            next_step=next_step(game),
        )
