"""The officials' desk: one decision on one game (the page's buttons), whatever its state.

Confirming a version or entering the score settles the game's open dispute when there is one;
otherwise it confirms that version, or records the score as an official's report (confirmed at
once). A withdrawn team's game is settled by a forfeit or a bye. Every rule is the reporting and
forfeit services'; this only picks which one applies.
"""

from __future__ import annotations

from enum import Enum

from django.db import models
from django.utils.translation import gettext as _

from tournaments.errors import RuleError
from tournaments.models import Game, Report
from tournaments.results import forfeits, reporting


class DeskDecision(models.TextChoices):
    CONFIRM = "confirm"  # keep this version
    ENTER = "enter"  # the score the official enters
    FORFEIT = "forfeit"  # the team still in wins by forfeit
    BYE = "bye"  # the game counts as a bye for the team still in


class DeskOutcome(Enum):
    CONFIRMED = "confirmed"
    RECORDED = "recorded"
    DISPUTE_SETTLED = "dispute_settled"
    FORFEIT = "forfeit"
    BYE = "bye"


def decide_at_desk(
    game: Game,
    actor: reporting.Actor,
    decision: str,
    *,
    report: Report | None = None,
    score_a: str | int | None = None,
    score_b: str | int | None = None,
    note: str = "",
    idempotency_key: str = "",
) -> DeskOutcome:
    """Apply ``decision`` (a :class:`DeskDecision`); ``report`` for CONFIRM, the scores for
    ENTER. Refusals are the services' :class:`~tournaments.errors.RuleError`."""
    if decision == DeskDecision.FORFEIT:
        forfeits.award_forfeit(game, actor, note=note)
        return DeskOutcome.FORFEIT
    if decision == DeskDecision.BYE:
        forfeits.count_as_bye(game, actor)
        return DeskOutcome.BYE
    dispute = game.disputes.open().first()
    if decision == DeskDecision.CONFIRM:
        if report is None:
            raise RuleError(_("Choose one of the reports or enter the score."), code="required")
        if dispute:
            reporting.decide_dispute(dispute, actor, report, note=note)
            return DeskOutcome.DISPUTE_SETTLED
        reporting.confirm(report, actor, note=note)
        return DeskOutcome.CONFIRMED
    if dispute:
        reporting.decide_dispute(dispute, actor, scores=(score_a, score_b), note=note)
        return DeskOutcome.DISPUTE_SETTLED
    reporting.submit(
        game,
        actor,
        Report.Kind.FINAL,
        {"score_a": score_a, "score_b": score_b},
        idempotency_key=idempotency_key,
        note=note,
    )
    return DeskOutcome.RECORDED
