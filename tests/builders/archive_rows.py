"""Helpers for the archive tests: a rich event to export, and its rows in a form that does not
depend on the database's ids (names, versions, emails or labels, moments in UTC), so an event
in one database can be compared with its import in another.

Also used by the SQLite source process of the cross-database test (``manage.py shell -c``).
"""

from __future__ import annotations

import datetime
import json

from django.core.management import call_command

from tests.builders.sheets import sheet
from tournaments.models import (
    AuditEntry,
    Confirmation,
    Dispute,
    Event,
    Game,
    Player,
    Report,
    Round,
    Team,
)
from tournaments.results import reporting

DEMO = "demo-fadoq"


def build_demo() -> Event:
    """The demo event (three rounds, a round in progress, a dispute), with member numbers."""
    call_command("load_demo", quiet=True)
    event = Event.objects.get(slug=DEMO)
    for number, team in enumerate(event.teams.order_by("id"), start=1):
        if team.captain_player_id:
            Player.objects.filter(pk=team.captain_player_id).update(member_number=f"F-{number}")
    return event


def official_of(event: Event):
    from accounts.models import EventRole

    return EventRole.objects.get(event=event, role=EventRole.Role.OFFICIAL).user


def later_changes(event: Event) -> None:
    """What happens after a first export: a correction by sheet, the dispute settled, release."""
    official = official_of(event)
    desk = reporting.Actor(user=official, channel=Report.Channel.OFFICIAL, client="test")
    first = Game.objects.filter(round__event=event, round__number=1).order_by("table").first()
    reporting.submit(
        first,
        desk,
        Report.Kind.SHEET,
        {"sheet": sheet()},
        idempotency_key="correction-1",
        note="Feuille recomptée",
    )
    dispute = Dispute.objects.get(game__round__event=event, resolved_at__isnull=True)
    reporting.decide_dispute(
        dispute,
        desk,
        dispute.reports.order_by("version").first(),
        note="Les deux capitaines ont recompté",
    )
    from tournaments.standings.service import release

    organizer = event.roles.get(role="organizer").user
    release(event, organizer)


def _moment(value):
    return value.astimezone(datetime.UTC).isoformat() if value else None


def _who(user, label=""):
    return str(user) if user is not None else label or None


def rows(event: Event) -> dict:
    """Every row that matters, keyed by what identifies it across databases."""
    from tournaments.standings.service import compute

    name = {t.pk: t.name for t in Team.objects.filter(event=event)}
    teams = [
        {
            "name": t.name,
            "captain": t.captain,
            "partner": t.partner,
            "captain_player": [
                str(t.captain_player.uid),
                t.captain_player.name,
                t.captain_player.member_number,
            ]
            if t.captain_player
            else None,
            "partner_player": [
                str(t.partner_player.uid),
                t.partner_player.name,
                t.partner_player.member_number,
            ]
            if t.partner_player
            else None,
            "registered_at": _moment(t.registered_at),
            "withdrawn_at": _moment(t.withdrawn_at),
            "withdrawn_after_round": t.withdrawn_after_round,
            "drawn_lot": t.drawn_lot,
        }
        for t in Team.objects.filter(event=event)
        .select_related("captain_player", "partner_player")
        .order_by("name")
    ]
    rounds = [
        {
            "number": r.number,
            "kind": r.kind,
            "movement": r.movement,
            "seed": r.seed,
            "forced": r.forced,
            "by": _who(r.created_by, r.created_by_label),
            "created_at": _moment(r.created_at),
        }
        for r in Round.objects.filter(event=event).select_related("created_by")
    ]

    def game_key(game):
        return [game.round.number, name[game.team_a_id], name.get(game.team_b_id)]

    games = sorted(
        [
            {
                "game": game_key(g),
                "table": g.table,
                "status": g.status,
                "playoff_match": g.playoff_match,
                "confirmed": g.confirmed_report.version if g.confirmed_report else None,
            }
            for g in Game.objects.filter(round__event=event).select_related(
                "round", "confirmed_report"
            )
        ],
        key=lambda row: json.dumps(row["game"]),
    )
    reports = sorted(
        [
            {
                "game": game_key(r.game),
                "version": r.version,
                "kind": r.kind,
                "score_a": r.score_a,
                "score_b": r.score_b,
                "skunk": r.skunk,
                "detail": r.detail,
                "by_team": name.get(r.by_team_id),
                "by": _who(r.by_user, r.by_label),
                "channel": r.channel,
                "client": r.client,
                "fingerprint": r.fingerprint,
                "idempotency_key": r.idempotency_key,
                "note": r.note,
                "created_at": _moment(r.created_at),
            }
            for r in Report.objects.filter(game__round__event=event).select_related(
                "game__round", "by_user"
            )
        ],
        key=lambda row: (json.dumps(row["game"]), row["version"]),
    )
    confirmations = sorted(
        [
            {
                "game": game_key(c.report.game),
                "version": c.report.version,
                "by_team": name.get(c.by_team_id),
                "by": _who(c.by_user, c.by_label),
                "created_at": _moment(c.created_at),
            }
            for c in Confirmation.objects.filter(report__game__round__event=event).select_related(
                "report__game__round", "by_user"
            )
        ],
        key=json.dumps,
    )
    disputes = sorted(
        [
            {
                "game": game_key(d.game),
                "reports": sorted(r.version for r in d.reports.all()),
                "opened_at": _moment(d.opened_at),
                "resolved_at": _moment(d.resolved_at),
                "by": _who(d.resolved_by, d.resolved_by_label),
                "decision": d.decision.version if d.decision else None,
                "note": d.note,
            }
            for d in Dispute.objects.filter(game__round__event=event).select_related(
                "game__round", "resolved_by", "decision"
            )
        ],
        key=json.dumps,
    )
    audit = [
        {
            "action": a.action,
            "target": a.target,
            "actor_label": a.actor_label,
            "before": a.before,
            "after": a.after,
            "created_at": _moment(a.created_at),
        }
        for a in AuditEntry.objects.filter(event=event)
        .exclude(action="event.import")
        .order_by("created_at", "id")
    ]
    standings = compute(event).standings
    return {
        "event": {
            "uid": str(event.uid),
            "name": event.name,
            "date": event.date.isoformat(),
            "venue": event.venue,
            "game_type": event.game_type,
            "rule_set": event.rule_set,
            "number_of_games": event.number_of_games,
            "scoring_system": event.scoring_system,
            "tiebreaks": event.tiebreaks,
            "bye_points": event.bye_points,
            "movement": event.movement,
            "confirmation": event.confirmation,
            "visibility": event.visibility,
            "released_at": _moment(event.released_at),
            "status": event.status,
            "seed": event.seed,
            "created_at": _moment(event.created_at),
        },
        "teams": teams,
        "rounds": rounds,
        "games": games,
        "reports": reports,
        "confirmations": confirmations,
        "disputes": disputes,
        "audit": audit,
        "standings": [
            [name[row.team], row.rank, {k: str(v) for k, v in row.metrics.items()}]
            for row in standings.rows
        ],
    }


def source_side(rows_path: str) -> None:
    """In the source process: build the rich event and write its rows as JSON."""
    event = build_demo()
    later_changes(event)
    with open(rows_path, "w", encoding="utf-8") as out:
        json.dump(rows(event), out, ensure_ascii=False, indent=1, default=str)
