"""Score entry: captains and officials report games; reports are versions, never overwritten.

A report is validated by the rules engine, stored as a new version of the game's result, then
the event's confirmation rule decides whether it is final:

- ``both_captains``: final when the other captain confirms it, or when both captains' latest
  reports agree; disagreeing reports open a dispute for the officials;
- ``captain_official``: a captain's report waits for an official's confirmation;
- ``official_only``: only officials' reports and confirmations count.

An official's own report is confirmed at once (the official is the confirmer). After
confirmation only an official may correct a result, as a new version, audited.

Double taps and retries create nothing new: a report with the same idempotency key, or the same
content as the submitter's latest report, returns the stored one. The game row is locked while
a report is written, so two captains submitting at the same instant are both stored, in order,
and compared.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.roles import is_official
from tournaments import audit
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.events.options import rule_set_for, skunk_level, target_of
from tournaments.models import Confirmation, Dispute, Event, Game, Report, Team
from tournaments.publishing.caching import bump_event
from tournaments.results.crapette import read_crapette
from tournaments.results.declared import read_declared
from tournaments.results.sheets import canonical_sheet, read_sheet
from tournaments.results.signals import result_confirmed


@dataclass(frozen=True)
class Actor:
    """Who is acting: a captain through the team's link, a logged-in user, or both unknown."""

    team: Team | None = None
    user: Any = None
    channel: str = Report.Channel.LINK
    client: str = ""

    @property
    def label(self) -> Any:  # who the audit log names: the user, else the captain's team
        return self.user if self.user is not None else self.team


@dataclass(frozen=True)
class Outcome:
    report: Report
    created: bool
    status: str


# --- validation of the reported content ------------------------------------------------------


def _whole(value: Any, field: str) -> int:
    if isinstance(value, bool):
        raise RuleError(_("%(field)s must be a whole number.") % {"field": field}, field=field)
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise RuleError(
            _("“%(value)s” is not a whole number.") % {"value": value},
            field=field,
            code="not_a_number",
        ) from None
    if str(number) != str(value).strip() and not isinstance(value, int):
        raise RuleError(
            _("“%(value)s” is not a whole number.") % {"value": value},
            field=field,
            code="not_a_number",
        )
    return number


def check_final_score(event: Event, score_a: Any, score_b: Any) -> tuple[int, int]:
    """Exactly one side at the target; the other between 0 and target − 1."""
    if event.game_type != Event.GameType.CRIBBAGE:
        raise RuleError(
            _(
                "A Crapette result gives the winner and the cards left to the "
                "loser: report it as “crapette”."
            ),
            code="kind",
        )
    target = target_of(event)
    a, b = _whole(score_a, "score_a"), _whole(score_b, "score_b")
    for value, field in ((a, "score_a"), (b, "score_b")):
        if not 0 <= value <= target:
            raise RuleError(
                _(
                    "A score is between 0 and %(target)d (the game ends at %(target)d): "
                    "%(value)d is not possible."
                )
                % {"target": target, "value": value},
                field=field,
                code="out_of_range",
            )
    if (a == target) == (b == target):
        one_side = (
            _(
                "Exactly one player reaches %(target)d: the winner's score is %(target)d and "
                "the loser's is below it (%(a)d–%(b)d given)."
            )
            if event.singles
            else _(
                "Exactly one team reaches %(target)d: the winner's score is %(target)d and the "
                "loser's is below it (%(a)d–%(b)d given)."
            )
        )
        raise RuleError(
            one_side % {"target": target, "a": a, "b": b},
            code="one_winner",
        )
    return a, b


def validate_content(
    game: Game, kind: str, payload: dict, *, card_language: str | None = None
) -> dict:
    """Turn a submitted payload into ``score_a``, ``score_b``, ``skunk`` and ``detail``.
    ``card_language``: how a sheet's cards are read (a suit C is cœur in French; default: the
    active language); they are stored in the engine's notation."""
    event = game.round.event
    if kind == Report.Kind.FINAL:
        a, b = check_final_score(event, payload.get("score_a"), payload.get("score_b"))
        declared = read_declared(payload.get("declared"), language=card_language)
        detail: dict = {"declared": declared} if declared else {}
    elif kind == Report.Kind.SHEET:
        if event.game_type != Event.GameType.CRIBBAGE:
            raise RuleError(_("Score sheets are for cribbage events."), code="kind")

        rules = rule_set_for(event)
        sheet = payload.get("sheet")
        result = read_sheet(
            sheet,
            players=rules.players,
            target=rules.target,
            language=card_language,
            names=(
                {"a": game.team_a.name, "b": game.team_b.name if game.team_b else ""}
                if game.team_a_id  # an archive's check reads a sheet without its teams
                else None
            ),
        )
        if not result.finished:
            raise RuleError(
                _(
                    "Unfinished game: after %(deals)d deals the score is %(a)d–%(b)d and no team "
                    "has reached %(target)d."
                )
                % {
                    "deals": result.deals,
                    "a": result.score_a,
                    "b": result.score_b,
                    "target": rules.target,
                },
                code="unfinished",
            )
        a, b = result.score_a, result.score_b
        detail = {"sheet": sheet, "checked_cards": result.checked_cards}
        if result.notes:  # what the score does not take as typed, said with the receipt
            detail["notes"] = result.notes
    elif kind in (Report.Kind.CRAPETTE, Report.Kind.CRAPETTE_RECORD):
        a, b, detail = read_crapette(event, kind, payload)
    elif kind == Report.Kind.FORFEIT:
        # The other team cannot play (withdrawn, absent): the winner is credited with the
        # target, the loser with 0, and no skunk (nobody was skunked at a table).
        winner = payload.get("winner")
        if winner not in ("a", "b"):
            raise RuleError(
                _("A forfeit names the winner: “a” or “b”, one of the two teams of the game."),
                field="winner",
                code="winner",
            )
        target = target_of(event)
        a, b = (target, 0) if winner == "a" else (0, target)
        detail = {"forfeit": True}
        if payload.get("absent") in ("a", "b"):  # a bracket qualifier absent (ACC rule)
            detail["absent"] = payload["absent"]
        if payload.get("withdrawn") in ("a", "b"):  # a qualifier withdrew during the bracket
            detail["withdrawn"] = payload["withdrawn"]
        return {"score_a": a, "score_b": b, "skunk": 0, "detail": detail}
    else:
        raise RuleError(_("Unknown kind of report “%(kind)s”.") % {"kind": kind}, field="kind")
    return {"score_a": a, "score_b": b, "skunk": skunk_level(event, a, b), "detail": detail}


def fingerprint(kind: str, content: dict) -> str:
    data = json.dumps({"kind": kind, **content}, sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()


# --- permissions -----------------------------------------------------------------------------


def acting_team(game: Game, actor: Actor) -> Team | None:
    """The side the actor captains in this game, if any."""
    if actor.team is not None and game.involves(actor.team):
        return actor.team
    if actor.user is not None and getattr(actor.user, "is_authenticated", False):
        for team in (game.team_a, game.team_b):
            if team is not None and team.captain_user_id == actor.user.pk:
                return team
    return None


def actor_is_official(game: Game, actor: Actor) -> bool:
    return actor.user is not None and is_official(actor.user, game.round.event)


def refuse_if_finished(event: Event, *, official: bool) -> None:
    """Results are frozen once the event is closed: say so, and what to do."""
    if not event.finished:
        return
    if official:
        raise RuleError(
            _(
                "The event is closed: its results are frozen. An organizer must "
                "reopen it (with a reason) before a result can be corrected."
            ),
            code="finished",
        )
    raise PermissionRuleError(
        _(
            "The event is finished: results can no longer be reported "
            "or confirmed. See an official if something is wrong."
        ),
        code="finished",
    )


def _require_reporter(game: Game, actor: Actor) -> Team | None:
    if actor_is_official(game, actor):
        refuse_if_finished(game.round.event, official=True)
        return None
    team = acting_team(game, actor)
    if team is None:
        raise PermissionRuleError(
            _(
                "Only the captains of the two teams at this table, or an "
                "official, may report this game."
            )
        )
    refuse_if_finished(game.round.event, official=False)
    if team.withdrawn_at:
        raise PermissionRuleError(_("%(team)s has withdrawn.") % {"team": team})
    return team


# --- the report itself ---------------------------------------------------------------------------


def _newest(reports: list[Report]) -> Report | None:
    return max(reports, key=lambda report: report.version, default=None)


def _keyed(reports: list[Report], key: str) -> Report | None:
    """The report stored with this idempotency key (the first version, as ``Meta.ordering``)."""
    return next((report for report in reports if key and report.idempotency_key == key), None)


def _replayed(game: Game, actor: Actor, key: str, reports: list[Report]) -> Report | None:
    """The report this actor already stored with this key: a retry whose answer was lost gets
    the same answer, even if the event was closed or the result confirmed in between."""
    existing = _keyed(reports, key)
    if existing is None:
        return None
    team = acting_team(game, actor)
    user_id = getattr(actor.user, "pk", None)
    if (team is not None and existing.by_team_id == team.pk) or (
        user_id is not None and existing.by_user_id == user_id
    ):
        return existing
    return None


@transaction.atomic
def submit(
    game: Game,
    actor: Actor,
    kind: str,
    payload: dict,
    *,
    idempotency_key: str = "",
    note: str = "",
    card_language: str | None = None,
) -> Outcome:
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("round__event", "team_a", "team_b")
        .get(pk=game.pk)
    )
    event = game.round.event
    if game.is_bye:
        raise RuleError(_("A bye has no result to report."), code="bye")
    # The game's reports (a few: each captain's, the corrections) read once, under its lock:
    # the retry, the double tap, the next version and the other captain's report come from them.
    reports = list(game.reports.all())
    replayed = _replayed(game, actor, idempotency_key, reports)
    if replayed is not None:
        return Outcome(replayed, False, game.status)
    team = _require_reporter(game, actor)
    official = team is None
    if kind == Report.Kind.FORFEIT and not official:
        raise PermissionRuleError(_("Only an official can record a win by forfeit."))
    existing = _keyed(reports, idempotency_key)
    if existing is not None:
        return Outcome(existing, False, game.status)
    if game.status == Game.Status.CONFIRMED and not official:
        raise PermissionRuleError(
            _("This result is confirmed: only an official can correct it now."),
            code="confirmed",
        )
    content = validate_content(game, kind, payload, card_language=card_language)
    if kind == Report.Kind.SHEET:
        # Stored in the engine's notation: a French "5C" (cœur) must not be read back later
        # (archives, averages, comparisons) as the 5 of clubs.
        sheet = content["detail"]["sheet"]
        content["detail"] = {**content["detail"], "sheet": canonical_sheet(sheet, card_language)}
    digest = fingerprint(kind, content)
    latest = _newest(reports)
    if (
        latest is not None
        and latest.fingerprint == digest
        and latest.by_team_id == (team.pk if team else None)
        and latest.by_user_id == (actor.user.pk if official else latest.by_user_id)
        and game.status != Game.Status.CONFIRMED
    ):
        return Outcome(latest, False, game.status)  # a double tap: nothing new to store

    version = (latest.version if latest is not None else 0) + 1
    report = Report.objects.create(
        game=game,
        version=version,
        kind=kind,
        score_a=content["score_a"],
        score_b=content["score_b"],
        skunk=content["skunk"],
        detail=content["detail"],
        by_team=team,
        by_user=actor.user if getattr(actor.user, "is_authenticated", False) else None,
        channel=Report.Channel.OFFICIAL if official else actor.channel,
        client=actor.client[:64],
        fingerprint=digest,
        idempotency_key=idempotency_key[:64],
        note=note[:300],
    )
    was_confirmed = game.status == Game.Status.CONFIRMED
    audit.record(
        event,
        actor.label,
        AuditAction.RESULT_CORRECT if was_confirmed else AuditAction.RESULT_REPORT,
        str(game),
        before=result_snapshot(game.confirmed_report),
        after=result_snapshot(report),
    )
    if official:
        _confirm(game, report, actor)
    else:
        assert team is not None, "a captain's report comes from the captain's team"
        _apply_rule(game, report, team, reports)
    return Outcome(report, True, game.status)


def result_snapshot(report: Report | None) -> dict[str, Any] | None:
    """A report's result as the audit trail records it (None: no report)."""
    return None if report is None else _snapshot(report)


def _snapshot(report: Report) -> dict[str, Any]:
    return {
        "version": report.version,
        "score_a": report.score_a,
        "score_b": report.score_b,
        "skunk": report.skunk,
        "kind": report.kind,
        "game": audit.game_facts(report.game),
    } | ({"note": report.note} if report.note else {})


def _apply_rule(game: Game, report: Report, team: Team, earlier: list[Report]) -> None:
    """After a captain's report: agreement confirms, disagreement disputes, else wait.
    ``earlier``: the game's reports before this one."""
    event = game.round.event
    opponent = game.team_b if team.pk == game.team_a_id else game.team_a
    assert opponent is not None, "a bye has no reports"
    theirs = _newest([other for other in earlier if other.by_team_id == opponent.pk])
    if theirs is not None and _same_result(theirs, report):
        if event.confirmation == Event.Confirmation.BOTH_CAPTAINS:
            _confirm(game, report, Actor(team=opponent), agreed_with=theirs)
            return
    elif theirs is not None:
        _open_dispute(game, [theirs, report])
        return
    if game.status != Game.Status.DISPUTED:
        game.status = Game.Status.REPORTED
        game.save(update_fields=["status"])


def _same_result(one: Report, two: Report) -> bool:
    """The same score, and the same remarkable hands declared (a declared 29 is part of what
    the other captain agrees to: one captain's declaration alone is not an agreement)."""
    return (one.score_a, one.score_b, one.detail.get("declared") or []) == (
        two.score_a,
        two.score_b,
        two.detail.get("declared") or [],
    )


def _open_dispute(game: Game, reports: list[Report]) -> Dispute:
    dispute = game.disputes.open().first()
    if dispute is None:
        dispute = Dispute.objects.create(game=game)
    dispute.reports.add(*reports)
    game.status = Game.Status.DISPUTED
    game.save(update_fields=["status"])
    audit.record(
        game.round.event,
        None,
        AuditAction.RESULT_DISPUTE,
        str(game),
        after={"reports": [r.version for r in reports], "game": audit.game_facts(game)},
    )
    return dispute


def _confirm(
    game: Game,
    report: Report,
    actor: Actor,
    *,
    agreed_with: Report | None = None,
    note: str = "",
) -> None:
    Confirmation.objects.create(
        report=report,
        by_team=actor.team,
        by_user=actor.user if getattr(actor.user, "is_authenticated", False) else None,
    )
    before = result_snapshot(game.confirmed_report)
    game.confirmed_report = report
    game.status = Game.Status.CONFIRMED
    game.save(update_fields=["confirmed_report", "status"])
    game.disputes.open().update(
        resolved_at=timezone.now(),
        decision=report,
        resolved_by=actor.user if getattr(actor.user, "is_authenticated", False) else None,
    )
    event = game.round.event
    audit.record(
        event,
        actor.label,
        AuditAction.RESULT_CONFIRM,
        str(game),
        before=before,
        after=_snapshot(report)
        | ({"agreed_with": agreed_with.version} if agreed_with else {})
        | ({"note": note[:300]} if note else {}),
    )
    bump_event(event)
    result_confirmed.send(sender=Game, event=event, game=game)


@transaction.atomic
def confirm(report: Report, actor: Actor, *, note: str = "") -> Outcome:
    """The other captain (under ``both_captains``) or an official confirms a reported result
    (an official's ``note``, why, goes into the audit log)."""
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("round__event", "team_a", "team_b")
        .get(pk=report.game_id)
    )
    event = game.round.event
    latest = game.reports.newest()
    # Who is asking comes first: the answers below show the report (issue 22, finding 1).
    official = actor_is_official(game, actor)
    team = None if official else acting_team(game, actor)
    if not official and team is None:
        raise PermissionRuleError(_("Only the other captain or an official may confirm."))
    if game.status == Game.Status.CONFIRMED and game.confirmed_report_id == report.pk:
        return Outcome(report, False, game.status)  # confirming twice changes nothing
    refuse_if_finished(event, official=official)
    if team is None:  # an official
        _confirm(game, report, actor, note=note)
        return Outcome(report, True, game.status)
    if event.confirmation != Event.Confirmation.BOTH_CAPTAINS:
        raise PermissionRuleError(_("In this event results are confirmed by an official."))
    if game.status == Game.Status.CONFIRMED:
        raise PermissionRuleError(_("This result is already confirmed."), code="confirmed")
    if report.by_team_id == team.pk:
        raise PermissionRuleError(
            _("A captain cannot confirm their own report: the other captain confirms it."),
            code="own_report",
        )
    if latest is None or latest.pk != report.pk:
        raise RuleError(
            _("A newer report exists for this game: confirm the latest one."), code="stale"
        )
    _confirm(game, report, Actor(team=team, user=actor.user))
    return Outcome(report, True, game.status)


@transaction.atomic
def decide_dispute(
    dispute: Dispute,
    actor: Actor,
    report: Report | None = None,
    *,
    scores: tuple[Any, Any] | None = None,  # as typed or sent: submit() checks them
    note: str = "",
) -> Report:
    """An official settles a dispute by choosing one version or entering the right score."""
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("round__event")
        .get(pk=dispute.game_id)
    )
    if not actor_is_official(game, actor):
        raise PermissionRuleError(_("Only an official can settle a dispute."))
    refuse_if_finished(game.round.event, official=True)
    if dispute.resolved_at:
        raise RuleError(_("This dispute is already settled."), code="resolved")
    if report is None:
        if scores is None:
            raise RuleError(_("Choose one of the reports or enter the score."), code="required")
        report = submit(
            game, actor, Report.Kind.FINAL, {"score_a": scores[0], "score_b": scores[1]}, note=note
        ).report
    else:
        if report.game_id != game.pk:
            raise RuleError(_("That report belongs to another game."), code="wrong_game")
        _confirm(game, report, actor)
    Dispute.objects.filter(pk=dispute.pk).update(
        note=note[:300], decision=report, resolved_by=actor.user, resolved_at=timezone.now()
    )
    audit.record(
        game.round.event,
        actor.label,
        AuditAction.RESULT_DECIDE,
        str(game),
        after={"decision": report.version, "note": note, "game": audit.game_facts(game)},
    )
    return report
