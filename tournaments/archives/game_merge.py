"""One archived game merged into the stored one (step of :mod:`tournaments.archives.store`): its
reports by version, confirmations, disputes; where both sides went on from one version, the
divergence shown, and once a league organizer chooses, the settlement that keeps both histories."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.archives.outcome import HERE, THERE, Divergence, VersionShown, conflict
from tournaments.archives.users import same_user
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError
from tournaments.models import (
    ArchiveSettlement,
    Confirmation,
    Dispute,
    Game,
    Report,
    Team,
)

if TYPE_CHECKING:  # the store runs the merge: imported for the annotations only
    from tournaments.archives.store import Store


REPORT_FIELDS = (
    "kind",
    "score_a",
    "score_b",
    "skunk",
    "detail",
    "channel",
    "client",
    "fingerprint",
    "idempotency_key",
    "note",
    "created_at",
)


class GameMerge:
    """One game: its seat, its report versions, their confirmations, its disputes.

    A game settled once between two sites (:class:`~tournaments.models.ArchiveSettlement`)
    reads the archive's versions through the settlement's shift: archive version ``v`` from
    ``from_version`` on is version ``v + offset`` here."""

    def __init__(self, store: Store, row: dict, place: str, teams: dict[int, Team]):
        self.store, self.row, self.place, self.teams = store, row, place, teams
        self.new_rows = False  # the archive brings something this site lacks
        self.local_rows = False  # this site has something the archive lacks
        self.settlements: list[ArchiveSettlement] = []
        self.fresh: ArchiveSettlement | None = None  # settled by this import
        self.stored: dict[int, Report] = {}

    def team(self, ref):
        return self.teams[ref] if ref is not None else None

    def local(self, version: int) -> int:
        """The version here of the archive's ``version`` of this game."""
        offset = 0
        for settlement in self.settlements:
            if version >= settlement.from_version:
                offset = settlement.offset
        return version + offset

    @property
    def floor(self) -> int:
        """Versions here up to this one were accounted for when the game was last settled."""
        return self.settlements[-1].local_max if self.settlements else 0

    def run(self, game, round_, stored_reports, stored_confirmations, stored_disputes):
        row = self.row
        created = game is None
        if created:
            game = Game.objects.create(
                round=round_,
                table=row["table"],
                team_a=self.team(row["team_a"]),
                team_b=self.team(row["team_b"]),
                status=row["status"],
                playoff_match=row["playoff_match"],
            )
            self.store.counts["games"] += 1
        else:
            for key in ("table", "playoff_match"):
                if getattr(game, key) != row[key]:
                    raise conflict(f"{self.place}.{key}", getattr(game, key), row[key])
            self.settlements = list(game.archive_settlements.order_by("settled_at", "id"))
        choice = self.store.choices.get(game.pk)
        self.stored = stored_reports
        fork = self.fork(stored_reports)
        if fork is not None:
            if choice is None:
                self.store.diverged.append(
                    self.describe(game, stored_reports, self.local(fork), fork)
                )
                return
            self.shift(game, stored_reports, fork, choice)
        versions = self.merge_reports(game, stored_reports)
        self.merge_confirmations(versions, stored_confirmations)
        self.merge_disputes(game, versions, stored_disputes)
        self.settle(game, versions, created, choice)

    # --- two versions of the same game --------------------------------------------------------

    def fork(self, stored: dict[int, Report]) -> int | None:
        """The archive's first version that is another report than the one stored under the
        same version here (both sites corrected the game): ``None`` when they agree. A stored
        report that only differs in a field (same moment or same key) was altered: refused."""
        for index, row in enumerate(self.row["reports"]):
            report = stored.get(self.local(row["version"]))
            if report is None:
                continue
            place = f"{self.place}.reports[{index}]"
            different = self.difference(report, row)
            if different is None:
                continue
            if report.created_at != row["created_at"] and (
                report.idempotency_key != row["idempotency_key"] or not row["idempotency_key"]
            ):
                return row["version"]
            key, here, there = different
            raise conflict(f"{place}.{key}", here, there)
        return None

    def difference(self, report: Report, row: dict):
        """``(field, here, there)`` for the first field that differs, else ``None``."""
        for key in REPORT_FIELDS:
            if getattr(report, key) != row[key]:
                return key, getattr(report, key), row[key]
        by_team = self.team(row["by_team"])
        if report.by_team_id != (by_team.pk if by_team else None):
            return "by_team", report.by_team_id, row["by_team"]
        if not same_user(report.by_user, report.by_label, row["by_user"]):
            return "by_user", report.by_user or report.by_label, row["by_user"]
        return None

    def shift(self, game, stored: dict[int, Report], fork: int, choice: str) -> None:
        """Store the archive's versions from ``fork`` on after this site's own."""
        self.fresh = self.record(game, fork, max(stored) - fork + 1, max(stored), choice)
        self.settlements.append(self.fresh)

    def record(self, game, fork: int, offset: int, local_max: int, choice: str):
        store = self.store
        if not store.may_settle():
            raise PermissionRuleError(
                _(
                    "Only an organizer of the event's league (or staff) may choose which "
                    "version of a result stands."
                ),
                code="archive_settle",
            )
        return ArchiveSettlement.objects.create(
            game=game,
            from_version=fork,
            offset=offset,
            local_max=local_max,
            stands=choice,
            signer=store.signer[:120],
            settled_by=store.actor,
        )

    def describe(self, game, stored: dict[int, Report], since: int, fork: int) -> Divergence:
        names = {team.pk: team.name for team in self.teams.values()}

        def who(team_id, user, label) -> str:
            person = str(user) if user is not None else label
            team = names.get(team_id, "")
            return f"{person} ({team})" if person and team else person or team

        here = [
            VersionShown(
                version=version,
                score_a=report.score_a,
                score_b=report.score_b,
                who=who(report.by_team_id, report.by_user, report.by_label),
                when=report.created_at,
                counts=game.confirmed_report_id == report.pk,
            )
            for version, report in sorted(stored.items())
            if version >= since
        ]
        there = [
            VersionShown(
                version=row["version"],
                score_a=row["score_a"],
                score_b=row["score_b"],
                who=who(
                    self.team(row["by_team"]).pk if row["by_team"] is not None else None,
                    None,
                    (row["by_user"] or {}).get("label", ""),
                ),
                when=row["created_at"],
                counts=self.row["confirmed_report"] == row["version"],
            )
            for row in self.row["reports"]
            if row["version"] >= fork
        ]
        return Divergence(
            game_id=game.pk,
            round=self.row["round"],
            table=game.table,
            team_a=game.team_a.name,
            team_b=game.team_b.name if game.team_b_id else "",
            here=here,
            there=there,
            site=self.store.site,
            signer=self.store.signer,
        )

    # --- the rows -----------------------------------------------------------------------------

    def merge_reports(self, game, stored: dict[int, Report]) -> dict[int, Report]:
        users = self.store.users
        versions = dict(stored)
        mapped = {self.local(row["version"]) for row in self.row["reports"]}
        if any(v not in mapped and v > self.floor for v in stored):
            self.local_rows = True
        for index, row in enumerate(self.row["reports"]):
            place = f"{self.place}.reports[{index}]"
            version = self.local(row["version"])
            report = stored.get(version)
            by_team = self.team(row["by_team"])
            if report is None:
                user, label = users.find(row["by_user"])
                report = Report.objects.create(
                    game=game,
                    version=version,
                    by_team=by_team,
                    by_user=user,
                    by_label=label,
                    **{key: row[key] for key in REPORT_FIELDS},
                )
                self.store.counts["reports"] += 1
                self.new_rows = True
                versions[version] = report
                continue
            different = self.difference(report, row)
            if different is not None:
                key, here, there = different
                raise conflict(f"{place}.{key}", here, there)
        return versions

    def merge_confirmations(self, versions: dict[int, Report], stored: list[Confirmation]):
        left = Counter((c.report.version, c.by_team_id, c.created_at) for c in stored)
        for row in self.row["reports"]:
            version = self.local(row["version"])
            for c_row in row["confirmations"]:
                by_team = self.team(c_row["by_team"])
                key = (version, by_team.pk if by_team else None, c_row["created_at"])
                if left[key]:
                    left[key] -= 1
                    continue
                user, label = self.store.users.find(c_row["by_user"])
                Confirmation.objects.create(
                    report=versions[version],
                    by_team=by_team,
                    by_user=user,
                    by_label=label,
                    created_at=c_row["created_at"],
                )
                self.store.counts["confirmations"] += 1
                self.new_rows = True
        if any(count and key[0] > self.floor for key, count in left.items()):
            self.local_rows = True

    def merge_disputes(self, game, versions: dict[int, Report], stored: list[Dispute]):
        by_opening = {d.opened_at: d for d in stored}
        since = self.settlements[-1].settled_at if self.settlements else None
        if any(
            since is None or opened > since
            for opened in set(by_opening) - {row["opened_at"] for row in self.row["disputes"]}
        ):
            self.local_rows = True
        users = self.store.users
        for index, row in enumerate(self.row["disputes"]):
            place = f"{self.place}.disputes[{index}]"
            dispute = by_opening.get(row["opened_at"])
            decision = (
                versions[self.local(row["decision"])] if row["decision"] is not None else None
            )
            user, label = users.find(row["resolved_by"])
            if dispute is None:
                dispute = Dispute.objects.create(
                    game=game,
                    opened_at=row["opened_at"],
                    resolved_at=row["resolved_at"],
                    resolved_by=user,
                    resolved_by_label=label,
                    decision=decision,
                    note=row["note"],
                )
                dispute.reports.add(*(versions[self.local(v)] for v in row["reports"]))
                self.store.counts["disputes"] += 1
                self.new_rows = True
                continue
            self.merge_dispute(place, dispute, row, versions, decision, (user, label))

    def merge_dispute(self, place, dispute, row, versions, decision, resolver) -> None:
        have = {r.version for r in dispute.reports.all()}
        wanted = {self.local(v) for v in row["reports"]}
        missing = [versions[v] for v in sorted(wanted - have)]
        if missing:
            dispute.reports.add(*missing)
            self.new_rows = True
        if have - wanted:
            self.local_rows = True
        if dispute.resolved_at is None and row["resolved_at"] is not None:
            dispute.resolved_at, dispute.decision, dispute.note = (
                row["resolved_at"],
                decision,
                row["note"],
            )
            dispute.resolved_by, dispute.resolved_by_label = resolver
            dispute.save(
                update_fields=[
                    "resolved_at",
                    "decision",
                    "note",
                    "resolved_by",
                    "resolved_by_label",
                ]
            )
            self.store.counts["updated"] += 1
            self.new_rows = True
        elif dispute.resolved_at is not None and row["resolved_at"] is None:
            self.local_rows = True
        elif dispute.resolved_at is not None:
            here = (
                dispute.resolved_at,
                dispute.decision.version if dispute.decision else None,
                dispute.note,
            )
            there = (
                row["resolved_at"],
                self.local(row["decision"]) if row["decision"] is not None else None,
                row["note"],
            )
            if here != there:
                raise conflict(place, here, there)

    # --- which result counts ------------------------------------------------------------------

    def settle(self, game, versions: dict[int, Report], created: bool, choice) -> None:
        """The game's status and confirmed version follow the archive when it brings news;
        a choice made on this import says whose result counts."""
        row = self.row
        confirmed = (
            versions[self.local(row["confirmed_report"])] if row["confirmed_report"] else None
        )
        state = (game.status, game.confirmed_report_id)
        wanted = (row["status"], confirmed.pk if confirmed else None)
        if self.fresh is not None:
            self.settled(game, self.fresh, versions, (row["status"], confirmed))
            return
        latest = self.settlements[-1] if self.settlements else None
        if state == wanted:
            return
        if (
            not created
            and self.new_rows
            and (self.local_rows or (latest is not None and latest.stands == HERE))
        ):
            self.both_went_on(game, versions, choice, (row["status"], confirmed))
            return
        if not created and not self.new_rows:
            if self.local_rows or (latest is not None and latest.stands == HERE):
                return  # this site went further, or kept its own version
            raise conflict(
                f"{self.place}.status",
                f"{game.status} v{versions_of(game)}",
                f"{row['status']} v{row['confirmed_report']}",
            )
        game.status, game.confirmed_report = row["status"], confirmed
        game.save(update_fields=["status", "confirmed_report"])
        if not created:
            self.store.counts["updated"] += 1

    def both_went_on(self, game, versions: dict[int, Report], choice, theirs) -> None:
        """New rows for this game on both sides, without a version in common: the same choice
        (no shift needed: the archive's versions keep their current place here)."""
        last = max((r["version"] for r in self.row["reports"]), default=0)
        if choice is None:
            mapped = {self.local(r["version"]) for r in self.row["reports"]}
            since = min(
                [
                    *(v for v in versions if v not in self.stored),
                    *(v for v in self.stored if v not in mapped and v > self.floor),
                ],
                default=max(versions, default=1),
            )
            fork = min(
                (r["version"] for r in self.row["reports"] if self.local(r["version"]) >= since),
                default=last,
            )
            self.store.diverged.append(self.describe(game, self.stored, since, fork))
            return
        settlement = self.record(game, last + 1, self.local(last) - last, 0, choice)
        self.settlements.append(settlement)
        self.settled(game, settlement, versions, theirs)

    def settled(self, game, settlement, versions: dict[int, Report], theirs) -> None:
        """Apply the organizer's choice; the audit log says who chose what, and both results."""
        before = game.confirmed_report
        if settlement.stands == THERE:
            game.status, game.confirmed_report = theirs
            game.save(update_fields=["status", "confirmed_report"])
        settlement.local_max = max(versions)
        settlement.save(update_fields=["local_max"])
        self.store.counts["updated"] += 1
        counted = game.confirmed_report

        def shown(report):
            return [report.version, report.score_a, report.score_b] if report else None

        audit.record(
            self.store.imported_event,
            self.store.actor,
            AuditAction.RESULT_ARCHIVE_SETTLE,
            str(game)[:120],
            before={"here": shown(before), "archive": shown(theirs[1])},
            after={
                "stands": settlement.stands,
                "counted": shown(counted),
                "signer": settlement.signer,
                "archive_from": settlement.from_version,
                "stored_from": settlement.from_version + settlement.offset,
            },
        )


def versions_of(game: Game) -> int | None:
    return game.confirmed_report.version if game.confirmed_report is not None else None
