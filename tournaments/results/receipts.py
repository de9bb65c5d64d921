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

from tournaments.models import Dispute, Event, Game, Report, Team


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
    singles = game.round.event.singles  # the player's words (issue 50)
    if game.status == Game.Status.DISPUTED:
        if singles:
            return _(
                "Your score differs from your opponent's: an official will settle it. "
                "Show this receipt at the officials' desk."
            )
        return _(
            "Your score differs from the other captain's: an official will settle it. "
            "Show this receipt at the officials' desk."
        )
    if game.round.event.confirmation == Event.Confirmation.BOTH_CAPTAINS:
        if singles:
            return _("Next: your opponent confirms it.")
        return _("Next: the other captain confirms it.")
    return _("Next: the official confirms it.")


def _ours(report: Report, team: Team, game: Game) -> tuple[int, int]:
    """A report's scores from ``team``'s side: our score first, as the captain typed it."""
    if game.team_a_id == team.pk:
        return report.score_a, report.score_b
    return report.score_b, report.score_a


@dataclass(frozen=True)
class Verdict:
    """An official's decision on a game (a dispute settled, a result entered or corrected), as
    one of its captains reads it: the result that counts, theirs if it differs, and why."""

    score_us: int
    score_them: int
    #: the captain's own report when the official decided otherwise (``None`` if not overruled)
    mine: tuple[int, int] | None
    note: str

    @property
    def sentence(self) -> str:
        # Word joiners keep "104–121" on one line of a narrow phone (the dash allows a break).
        scores = {"us": f"{self.score_us}\u2060", "them": f"\u2060{self.score_them}"}
        if self.mine is not None:
            return _("The official decided: %(us)s–%(them)s (your report: %(mine)s).") % (
                scores | {"mine": f"{self.mine[0]}\u2060–\u2060{self.mine[1]}"}
            )
        return _("The official decided: %(us)s–%(them)s.") % scores


def settled_disputes(game: Game) -> list[Dispute]:
    """The game's settled disputes (prefetched as ``settled`` on the captain's home page)."""
    prefetched = getattr(game, "settled", None)
    if prefetched is not None:
        return prefetched
    return list(game.disputes.filter(resolved_at__isnull=False))


def verdict_of(game: Game, team: Team, mine: Report | None) -> Verdict | None:
    """The official's decision on ``game`` for ``team``'s captain, or ``None`` when there is
    nothing to tell: the captains agreed, it is not confirmed yet, or an official only entered
    a score nobody disputed, with no note (a captain without a phone)."""
    decided = game.confirmed_report if game.status == Game.Status.CONFIRMED else None
    if decided is None:
        return None
    dispute = next((d for d in settled_disputes(game) if d.decision_id == decided.pk), None)
    by_official = decided.by_team_id is None and decided.kind != Report.Kind.FORFEIT
    if dispute is None and not by_official:
        return None
    overruled = mine is not None and (mine.score_a, mine.score_b) != (
        decided.score_a,
        decided.score_b,
    )
    if dispute is None and not overruled and not decided.note:
        return None
    us, them = _ours(decided, team, game)
    return Verdict(
        score_us=us,
        score_them=them,
        mine=_ours(mine, team, game) if overruled and mine is not None else None,
        note=(dispute.note if dispute is not None else "") or decided.note,
    )


@dataclass(frozen=True)
class Receipt:
    number: str
    received_at: str
    score_us: int
    score_them: int
    next_step: str
    #: an official decided the game: said instead of "confirmed: nothing more to do"
    verdict: Verdict | None = None
    #: what the recorded score does not take as the sheet was typed, and why (issue 49, 4)
    notes: tuple[str, ...] = ()

    @classmethod
    def of(cls, report: Report, team: Team, game: Game | None = None) -> Receipt:
        game = game or report.game
        us, them = _ours(report, team, game)
        return cls(
            number=receipt_number(report),
            received_at=received_at(report),
            score_us=us,
            score_them=them,
            next_step=next_step(game),
            verdict=verdict_of(game, team, report),
            notes=tuple((report.detail or {}).get("notes") or ()),
        )
