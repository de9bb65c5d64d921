"""The content of an event archive: everything under its envelope, as plain JSON values.

One builder for the signed archive (``archives.transfer``) and the open results document
(``archives.open_format``), so that the two formats cannot drift; a module of its own so that
neither imports the other to reach it.
"""

from __future__ import annotations

import datetime
import json
import uuid
from typing import Any

from django.db.models import F
from django.utils import timezone

from tournaments.models import (
    AuditEntry,
    Confirmation,
    Dispute,
    Event,
    Game,
    PlayoffGroup,
    Report,
    Round,
)


def _user(user, label: str = "") -> dict | None:
    if user is not None:
        return {"email": user.email, "label": str(user)}
    return {"email": "", "label": label} if label else None


def _encode(value: Any):
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.UTC).isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    raise TypeError(f"not JSON: {value!r}")


def _content(event: Event) -> dict:
    season = event.season
    league = season.league if season else None
    teams = list(
        event.teams.entered()
        .select_related("captain_user", "captain_player", "partner_player")
        .order_by("id")
    )
    players: dict[Any, dict[str, Any]] = {}
    for team in teams:
        for player in (team.captain_player, team.partner_player):
            if player is not None:
                players.setdefault(
                    player.uid,
                    {"uid": player.uid, "name": player.name, "member_number": player.member_number},
                )
    reports: dict[int, list] = {}
    confirmations: dict[int, list] = {}
    for confirmation in (
        Confirmation.objects.filter(report__game__round__event=event)
        .select_related("by_user")
        .order_by("created_at", "id")
    ):
        confirmations.setdefault(confirmation.report_id, []).append(
            {
                "by_team": confirmation.by_team_id,
                "by_user": _user(confirmation.by_user, confirmation.by_label),
                "created_at": confirmation.created_at,
            }
        )
    for report in (
        Report.objects.filter(game__round__event=event)
        .select_related("by_user")
        .order_by("game_id", "version")
    ):
        reports.setdefault(report.game_id, []).append(
            {
                "version": report.version,
                "kind": report.kind,
                "score_a": report.score_a,
                "score_b": report.score_b,
                "skunk": report.skunk,
                "detail": report.detail,
                "by_team": report.by_team_id,
                "by_user": _user(report.by_user, report.by_label),
                "channel": report.channel,
                "client": report.client,
                "fingerprint": report.fingerprint,
                "idempotency_key": report.idempotency_key,
                "note": report.note,
                "created_at": report.created_at,
                "confirmations": confirmations.get(report.pk, []),
            }
        )
    disputes: dict[int, list] = {}
    for dispute in (
        Dispute.objects.filter(game__round__event=event)
        .select_related("resolved_by", "decision")
        .prefetch_related("reports")
        .order_by("opened_at", "id")
    ):
        disputes.setdefault(dispute.game_id, []).append(
            {
                "reports": sorted(r.version for r in dispute.reports.all()),
                "opened_at": dispute.opened_at,
                "resolved_at": dispute.resolved_at,
                "resolved_by": _user(dispute.resolved_by, dispute.resolved_by_label),
                "decision": dispute.decision.version if dispute.decision else None,
                "note": dispute.note,
            }
        )
    games = (
        Game.objects.filter(round__event=event)
        .select_related("round", "confirmed_report")
        .order_by("round__number", F("table").asc(nulls_last=True), "id")
    )
    return {
        "exported_at": timezone.now(),
        "league": {"slug": league.slug, "name": league.name} if league else None,
        "season": {
            "slug": season.slug,
            "name": season.name,
            "aggregation": season.aggregation,
            "placement_points": season.placement_points,
            "best_of": season.best_of,
            # The club nights' rules (issue 50): how a night earns season points, and how
            # many nights a guest plays before the desk is warned.
            "night_threshold": season.night_threshold,
            "night_award": season.night_award,
            "night_fixed_points": season.night_fixed_points,
            "night_table": season.night_table,
            "guest_nights": season.guest_nights,
        }
        if season
        else None,
        "event": {
            "uid": event.uid,
            "name": event.name,
            "slug": event.slug,
            "date": event.date,
            "venue": event.venue,
            "game_type": event.game_type,
            "rule_set": event.rule_set,
            "entry": event.entry,
            "number_of_games": event.number_of_games,
            "scoring_system": event.scoring_system,
            "tiebreaks": event.tiebreaks,
            "bye_points": event.bye_points,
            "bye_counts_as_win": event.bye_counts_as_win,
            "movement": event.movement,
            "playoff_format": event.playoff_format,
            "playoff_best_of": event.playoff_best_of,
            "bracket": event.bracket,
            "bracket_qualifiers": event.bracket_qualifiers,
            "bracket_best_of": event.bracket_best_of,
            "bracket_third_place": event.bracket_third_place,
            "confirmation": event.confirmation,
            "visibility": event.visibility,
            "released_at": event.released_at,
            "status": event.status,
            "finished_at": event.finished_at,
            "finished_by": _user(event.finished_by, event.finished_by_label),
            "seed": event.seed,
            "created_at": event.created_at,
        },
        "players": list(players.values()),
        "teams": [
            {
                "id": t.pk,
                "name": t.name,
                "captain": t.captain,
                "partner": t.partner,
                "captain_player": t.captain_player.uid if t.captain_player else None,
                "partner_player": t.partner_player.uid if t.partner_player else None,
                "captain_guest": t.captain_guest,
                "partner_guest": t.partner_guest,
                "captain_user": _user(t.captain_user),
                "registered_at": t.registered_at,
                "withdrawn_at": t.withdrawn_at,
                "withdrawn_after_round": t.withdrawn_after_round,
                "drawn_lot": t.drawn_lot,
                "joined_round": t.joined_round,
                "missed_rounds": t.missed_rounds,
            }
            for t in teams
        ],
        "playoff_groups": [
            {
                "id": g.pk,
                "teams": g.teams,
                "created_by": _user(g.created_by, g.created_by_label),
                "created_at": g.created_at,
            }
            for g in PlayoffGroup.objects.filter(event=event)
            .select_related("created_by")
            .order_by("created_at", "id")
        ],
        "rounds": [
            {
                "number": r.number,
                "kind": r.kind,
                "playoff_group": r.playoff_group_id,
                "movement": r.movement,
                "seed": r.seed,
                "forced": r.forced,
                "created_by": _user(r.created_by, r.created_by_label),
                "created_at": r.created_at,
            }
            for r in Round.objects.filter(event=event)
            .select_related("created_by")
            .order_by("number")
        ],
        "games": [
            {
                "round": g.round.number,
                "table": g.table,
                "team_a": g.team_a_id,
                "team_b": g.team_b_id,
                "status": g.status,
                "playoff_match": g.playoff_match,
                "confirmed_report": g.confirmed_report.version if g.confirmed_report else None,
                "reports": reports.get(g.pk, []),
                "disputes": disputes.get(g.pk, []),
            }
            for g in games
        ],
        "audit": [
            {
                "actor": _user(e.actor),
                "actor_label": e.actor_label,
                "action": e.action,
                "target": e.target,
                "before": e.before,
                "after": e.after,
                "created_at": e.created_at,
            }
            for e in AuditEntry.objects.filter(event=event)
            .select_related("actor")
            .order_by("created_at", "id")
        ],
    }


def content_of(event: Event) -> dict:
    """Everything under the archive's envelope, as plain JSON values (also the source of the
    open results document, ``archives.open_format``: one builder, so the two cannot drift)."""
    return json.loads(json.dumps(_content(event), default=_encode))
