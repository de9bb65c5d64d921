"""Write a checked archive into the database: a new event, or what a later archive adds.

Both are the same walk: every archived row is matched with the stored one (teams by name,
rounds by number, games by round and teams, reports by version, disputes by opening time,
audit entries by moment, action and target). A matched row must be identical, except the few
fields that only move forward (a team's withdrawal, a dispute's decision, the event's status),
which an archive may fill in. An unmatched row is created. So importing the same archive again
creates nothing, a later archive of the same event adds only what happened since, and an
archive that says something else about a stored result is refused: results are never
overwritten. Rows added here after the import (a result confirmed on this site) are kept; if the
archive also brings something new for the same game, the two histories have diverged: nothing is
imported until a league organizer chooses, for each such game, which version stands
(:class:`ArchiveDiverged` lists them; ``choices`` answers). Both versions are then kept: the
archive's reports of that game are stored after this site's own (an
:class:`~tournaments.models.ArchiveSettlement` records the shift, for later archives), the
chosen one counts, and the audit log says who chose what.

Everything runs inside the caller's transaction: a refusal anywhere leaves the database as it was.
"""

from __future__ import annotations

import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from accounts.roles import is_organizer
from tournaments import audit, outbox
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.events.registration import unique_slug
from tournaments.models import (
    ArchiveSettlement,
    AuditEntry,
    Confirmation,
    Dispute,
    Event,
    Game,
    Player,
    PlayoffGroup,
    Report,
    Round,
    Season,
    Team,
)

EVENT_SETTINGS = (
    "name",
    "date",
    "venue",
    "game_type",
    "rule_set",
    "number_of_games",
    "scoring_system",
    "tiebreaks",
    "bye_points",
    "movement",
    "playoff_format",
    "playoff_best_of",
    "confirmation",
    "visibility",
    "seed",
    "created_at",
)
STATUS_ORDER: list[str] = [Event.Status.REGISTRATION, Event.Status.RUNNING, Event.Status.FINISHED]
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
COUNTED = ("teams", "rounds", "games", "reports", "confirmations", "disputes", "audit")
HERE, THERE = ArchiveSettlement.Stands.HERE, ArchiveSettlement.Stands.ARCHIVE


@dataclass
class VersionShown:
    """One report version of a diverged game, as the organizer reads it before choosing."""

    version: int
    score_a: int
    score_b: int
    who: str
    when: object
    counts: bool  # the result this side counts now


@dataclass
class Divergence:
    """A game corrected differently here and in the archive: both sides, for a person to choose."""

    game_id: int
    round: int
    table: int | None
    team_a: str
    team_b: str
    here: list[VersionShown]
    there: list[VersionShown]

    site: str = ""  # this installation's name
    signer: str = ""  # the hall that signed the archive ("" unsigned)

    @property
    def sides(self) -> list[tuple[str, list[VersionShown], str]]:
        return [(HERE, self.here, self.site), (THERE, self.there, self.signer)]

    @property
    def key(self) -> str:
        """How the command names it: ROUND:TABLE."""
        return f"{self.round}:{self.table or 0}"


class ArchiveDiverged(RuleError):
    """Some games were corrected differently on both sites: nothing was imported. Each needs a
    choice (``choices={game id: "here" | "archive"}``) by someone who ``may_settle``."""

    def __init__(self, divergences: list[Divergence], may_settle: bool, site: str, signer: str):
        games = "; ".join(
            _("round %(round)s, table %(table)s (%(a)s against %(b)s)")
            % {"round": d.round, "table": d.table or "—", "a": d.team_a, "b": d.team_b}
            for d in divergences
        )
        super().__init__(
            _(
                "These games were corrected differently here and in the archive: %(games)s. "
                "Nothing was imported: a league organizer chooses, for each, which version "
                "stands (the other is kept in the game's history), then the rest is imported."
            )
            % {"games": games},
            code="archive_diverged",
            status=409,
        )
        self.divergences, self.may_settle = divergences, may_settle
        self.site, self.signer = site, signer
        # set by import_event when the origin is not proved either (an archives.origin.Origin)
        self.origin: Any = None


@dataclass
class ImportResult:
    event: Event
    new_event: bool
    archived_slug: str
    counts: Counter = field(default_factory=Counter)
    archived_league: str = ""
    archived_season: str = ""

    @property
    def up_to_date(self) -> bool:
        """Nothing was added: this site already had everything the archive holds."""
        return not any(self.counts[key] for key in COUNTED) and not self.counts["updated"]

    @property
    def slug_changed(self) -> bool:
        return self.event.slug != self.archived_slug


def conflict(place: str, here, there) -> RuleError:
    def show(value):
        return value.isoformat() if hasattr(value, "isoformat") else value

    return RuleError(
        _(
            "%(place)s: “%(here)s” here, “%(there)s” in the archive. An archive may add to an "
            "event already imported here, never change what is stored (results are never "
            "overwritten)."
        )
        % {"place": place, "here": show(here), "there": show(there)},
        code="archive_conflict",
        field=place,
    )


class Users:
    """Users of the archive found here by email; nobody is created from an archive.

    ``link=False`` (an archive whose origin is not proved, imported on its importer's word):
    nobody is found either. Its audit entries, reports and decisions keep the names the
    archive gives (``label``) and are credited to no account of this site: anyone can write
    an email address into an unsigned file (issue 33, finding 8)."""

    def __init__(self, link: bool = True):
        self.cache: dict[str, object] = {}
        self.link = link

    def find(self, ref: dict | None):
        """``(user or None, label)`` for a user reference of the archive."""
        if ref is None:
            return None, ""
        if not self.link:
            return None, ref["label"] or ref["email"]
        email = ref["email"].strip().lower()
        if email and email not in self.cache:
            self.cache[email] = get_user_model().objects.filter(email__iexact=email).first()
        return (self.cache.get(email) if email else None), ref["label"]


def same_user(user, label: str, ref: dict | None) -> bool:
    if ref is None:
        return user is None and not label
    if user is not None and ref["email"]:
        return user.email.lower() == ref["email"].strip().lower()
    return label == ref["label"] or (user is not None and str(user) == ref["label"])


def _follow(player: Player) -> Player:
    """A merged duplicate stands for the player it was merged into."""
    for _step in range(50):
        if player.merged_into_id is None:
            break
        player = Player.objects.get(pk=player.merged_into_id)
    return player


class Store:
    def __init__(
        self,
        content: dict,
        actor,
        *,
        season: Season | None,
        trusted: bool,
        choices: dict[int, str] | None = None,
        site: str = "",
        signer: str = "",
        link_accounts: bool = True,
    ):
        self.content = content
        self.choices = choices or {}
        self.site, self.signer = site, signer
        self.diverged: list[Divergence] = []
        self.actor = actor if getattr(actor, "is_authenticated", False) else None
        self.season = season
        self.trusted = trusted
        self.users = Users(link=link_accounts)
        self.counts: Counter = Counter()
        self.event: Event | None = None  # set by run()

    # --- the event --------------------------------------------------------------------------

    @property
    def imported_event(self) -> Event:
        assert self.event is not None, "run() creates or finds the event first"
        return self.event

    def run(self) -> ImportResult:
        data = self.content["event"]
        event = Event.objects.select_for_update().filter(uid=data["uid"]).first()
        new = event is None
        if event is None:
            event = self.create_event(data)
        else:
            self.check_existing(event, data)
        self.event = event
        self.league = event.season.league if event.season is not None else None
        self.resolve_players()
        teams = self.merge_teams()
        groups = self.merge_groups(teams)
        rounds = self.merge_rounds(groups)
        self.merge_games(teams, rounds)
        if self.diverged:
            raise ArchiveDiverged(self.diverged, self.may_settle(), self.site, self.signer)
        self.merge_audit()
        if event.released_at is not None:
            outbox.schedule("update_ratings", event.pk)  # its games count in the ratings
        result = ImportResult(
            event,
            new,
            data["slug"],
            self.counts,
            (self.content["league"] or {}).get("slug", ""),
            (self.content["season"] or {}).get("slug", ""),
        )
        return result

    def may_settle(self) -> bool:
        """Who chooses between two versions of a result: a league organizer (or staff); for
        an event in no league, its organizers; the command (whoever has the server)."""
        if self.trusted:
            return True
        actor, event = self.actor, self.imported_event
        if actor is None:
            return False
        if event.season_id is not None:
            return bool(
                actor.is_staff or event.season.league.organizers.filter(pk=actor.pk).exists()  # type: ignore[union-attr]  # season_id is set
            )
        return bool(actor.is_staff or is_organizer(actor, event))

    def create_event(self, data: dict) -> Event:
        slug = data["slug"]
        if Event.objects.filter(slug=slug).exists():
            slug = unique_slug(slug)
        fields = {key: data[key] for key in EVENT_SETTINGS}
        finished_by, finished_label = self.users.find(data.get("finished_by"))
        return Event.objects.create(
            uid=data["uid"],
            slug=slug,
            season=self.season,
            status=data["status"],
            released_at=data["released_at"],
            finished_at=data.get("finished_at"),
            finished_by=finished_by,
            finished_by_label=finished_label,
            **fields,
        )

    def check_existing(self, event: Event, data: dict) -> None:
        if not self.trusted and not (self.actor and is_organizer(self.actor, event)):
            raise RuleError(
                _(
                    "This event was already imported here (“%(event)s”); only its "
                    "organizers may import a later archive of it."
                )
                % {"event": event},
                code="forbidden",
                status=403,
            )
        if self.season is not None and event.season_id != self.season.pk:
            raise RuleError(
                _(
                    "This event was already imported here as “%(event)s”, %(where)s; "
                    "it cannot move to another season by an import."
                )
                % {
                    "event": event,
                    "where": (
                        _("in the season %(s)s") % {"s": event.season}
                        if event.season_id
                        else _("outside any season")
                    ),
                },
                code="archive_conflict",
            )
        for key in EVENT_SETTINGS:
            if getattr(event, key) != data[key]:
                raise conflict(f"event.{key}", getattr(event, key), data[key])
        changed = []
        if STATUS_ORDER.index(data["status"]) > STATUS_ORDER.index(event.status):
            event.status = data["status"]
            changed.append("status")
            if event.finished and data.get("finished_at"):
                event.finished_at = data["finished_at"]
                event.finished_by, event.finished_by_label = self.users.find(
                    data.get("finished_by")
                )
                changed += ["finished_at", "finished_by", "finished_by_label"]
        elif self.closed_again(event, data):
            # Reopened and closed again at the hall: the later closing stands (issue 25).
            event.finished_at = data["finished_at"]
            event.finished_by, event.finished_by_label = self.users.find(data.get("finished_by"))
            changed += ["finished_at", "finished_by", "finished_by_label"]
        if event.released_at is None and data["released_at"] is not None:
            event.released_at = data["released_at"]
            changed.append("released_at")
        if changed:
            event.save(update_fields=changed)
            self.counts["updated"] += 1

    @staticmethod
    def closed_again(event: Event, data: dict) -> bool:
        """Both closed, the archive later: the hall reopened the event and closed it again."""
        there = data.get("finished_at")
        return bool(
            event.finished
            and data["status"] == Event.Status.FINISHED
            and there is not None
            and (event.finished_at is None or there > event.finished_at)
        )

    # --- players and teams ------------------------------------------------------------------

    def resolve_players(self) -> None:
        """Archived uid → the player here, only among the players this import may link (issue
        22: a forged archive linked any league's player by uid): the players of this event's
        teams already here (importing again); then, in a season, the players of its league, by
        uid, else by the league's member number. With no season the others are new players."""
        self.players: dict = {}
        self.player_rows = {p["uid"]: p for p in self.content["players"]}
        known = self.players_already_linked()
        league_players = Player.objects.filter(league=self.league)
        for row in self.content["players"]:
            found = known.get(row["uid"])
            if found is None and self.league is not None:
                found = league_players.filter(uid=row["uid"]).first()
                if found is None and row["member_number"]:
                    found = league_players.filter(member_number=row["member_number"]).first()
            self.players[row["uid"]] = _follow(found) if found else None

    def players_already_linked(self) -> dict:
        """Archived uid → the player of the same seat of the same team of this event here."""
        stored = {
            t.name: t
            for t in Team.objects.filter(event=self.event).select_related(
                "captain_player", "partner_player"
            )
        }
        known = {}
        for row in self.content["teams"]:
            team = stored.get(row["name"])
            for seat in ("captain_player", "partner_player"):
                if team is not None and row[seat] and getattr(team, seat) is not None:
                    known[row[seat]] = getattr(team, seat)
        return known

    def player(self, uid):
        """The player for an archived uid, created if none here may be linked: with that uid,
        unless another player (of another league) has it, then with a new one."""
        if uid is None:
            return None
        if self.players[uid] is None:
            row = self.player_rows[uid]
            taken = Player.objects.filter(uid=uid).exists()
            self.players[uid] = Player.objects.create(
                uid=uuid.uuid4() if taken else uid,
                league=self.league,
                name=row["name"],
                member_number=row["member_number"],
            )
            self.counts["players_created"] += 1
        elif uid not in self.linked:
            self.counts["players_linked"] += 1
        self.linked.add(uid)
        return self.players[uid]

    def merge_teams(self) -> dict[int, Team]:
        self.linked: set = set()
        stored = {t.name: t for t in Team.objects.filter(event=self.event)}
        teams = {}
        for index, row in enumerate(self.content["teams"]):
            place = f"teams[{index}]"
            team = stored.get(row["name"])
            captain, partner = (
                self.player(row["captain_player"]),
                self.player(row["partner_player"]),
            )
            if team is None:
                user, _label = self.users.find(row["captain_user"])
                team = Team.objects.create(
                    event=self.imported_event,
                    name=row["name"],
                    captain=row["captain"],
                    partner=row["partner"],
                    captain_user=user,
                    captain_player=captain,
                    partner_player=partner,
                    registered_at=row["registered_at"],
                    withdrawn_at=row["withdrawn_at"],
                    withdrawn_after_round=row["withdrawn_after_round"],
                    drawn_lot=row["drawn_lot"],
                )
                self.counts["teams"] += 1
            else:
                for key in ("captain", "partner", "registered_at"):
                    if getattr(team, key) != row[key]:
                        raise conflict(f"{place}.{key}", getattr(team, key), row[key])
                for key, player in (("captain_player", captain), ("partner_player", partner)):
                    if getattr(team, f"{key}_id") != (player.pk if player else None):
                        raise conflict(f"{place}.{key}", getattr(team, key), player or row[key])
                self.move_forward(
                    team, row, ("withdrawn_at", "withdrawn_after_round", "drawn_lot"), place
                )
            teams[row["id"]] = team
        return teams

    def move_forward(self, obj, row: dict, keys, place: str) -> bool:
        """Fill in fields empty here; a different value already stored is a conflict."""
        changed = []
        for key in keys:
            here, there = getattr(obj, key), row[key]
            if there is None or here == there:
                continue
            if here is not None:
                raise conflict(f"{place}.{key}", here, there)
            setattr(obj, key, there)
            changed.append(key)
        if changed:
            obj.save(update_fields=changed)
            self.counts["updated"] += 1
        return bool(changed)

    # --- playoff groups and rounds ------------------------------------------------------------

    def merge_groups(self, teams: dict[int, Team]) -> dict[int, PlayoffGroup]:
        stored = {g.created_at: g for g in PlayoffGroup.objects.filter(event=self.event)}
        groups = {}
        for index, row in enumerate(self.content["playoff_groups"]):
            members = [teams[t].pk for t in row["teams"]]
            group = stored.get(row["created_at"])
            if group is None:
                user, label = self.users.find(row["created_by"])
                group = PlayoffGroup.objects.create(
                    event=self.imported_event,
                    teams=members,
                    created_by=user,
                    created_by_label=label,
                    created_at=row["created_at"],
                )
                self.counts["playoff_groups"] += 1
            elif group.teams != members:
                raise conflict(f"playoff_groups[{index}].teams", group.teams, row["teams"])
            groups[row["id"]] = group
        return groups

    def merge_rounds(self, groups: dict[int, PlayoffGroup]) -> dict[int, Round]:
        stored = {
            r.number: r for r in Round.objects.filter(event=self.event).select_related("created_by")
        }
        rounds = {}
        for index, row in enumerate(self.content["rounds"]):
            place = f"rounds[{index}]"
            group = groups.get(row["playoff_group"])
            round_ = stored.get(row["number"])
            if round_ is None:
                user, label = self.users.find(row["created_by"])
                round_ = Round.objects.create(
                    event=self.imported_event,
                    number=row["number"],
                    kind=row["kind"],
                    playoff_group=group,
                    movement=row["movement"],
                    seed=row["seed"],
                    forced=row["forced"],
                    created_by=user,
                    created_by_label=label,
                    created_at=row["created_at"],
                )
                self.counts["rounds"] += 1
            else:
                for key in ("kind", "movement", "seed", "forced", "created_at"):
                    if getattr(round_, key) != row[key]:
                        raise conflict(f"{place}.{key}", getattr(round_, key), row[key])
                if round_.playoff_group_id != (group.pk if group else None):
                    raise conflict(
                        f"{place}.playoff_group", round_.playoff_group_id, row["playoff_group"]
                    )
                if not same_user(round_.created_by, round_.created_by_label, row["created_by"]):
                    raise conflict(
                        f"{place}.created_by",
                        round_.created_by or round_.created_by_label,
                        row["created_by"],
                    )
            rounds[row["number"]] = round_
        return rounds

    # --- games and their results ----------------------------------------------------------------

    def merge_games(self, teams: dict[int, Team], rounds: dict[int, Round]) -> None:
        stored_games = {
            (g.round.number, g.team_a_id, g.team_b_id): g
            for g in Game.objects.filter(round__event=self.event).select_related("round")
        }
        reports: defaultdict[int, dict[int, Report]] = defaultdict(dict)
        for report in Report.objects.filter(game__round__event=self.event).select_related(
            "by_user"
        ):
            reports[report.game_id][report.version] = report
        confirmations = defaultdict(list)
        for confirmation in Confirmation.objects.filter(
            report__game__round__event=self.event
        ).select_related("by_user", "report"):
            confirmations[confirmation.report.game_id].append(confirmation)
        disputes = defaultdict(list)
        for dispute in (
            Dispute.objects.filter(game__round__event=self.event)
            .select_related("resolved_by", "decision")
            .prefetch_related("reports")
        ):
            disputes[dispute.game_id].append(dispute)
        for index, row in enumerate(self.content["games"]):
            team_b = teams[row["team_b"]] if row["team_b"] is not None else None
            key = (row["round"], teams[row["team_a"]].pk, team_b.pk if team_b else None)
            game = stored_games.get(key)
            GameMerge(self, row, f"games[{index}]", teams).run(
                game,
                rounds[row["round"]],
                reports[game.pk] if game else {},
                confirmations[game.pk] if game else [],
                disputes[game.pk] if game else [],
            )

    # --- the audit log ----------------------------------------------------------------------

    def merge_audit(self) -> None:
        def key(created_at, action, target, label):
            return (created_at, action, target, label)

        stored = Counter(
            key(*values)
            for values in AuditEntry.objects.filter(event=self.event).values_list(
                "created_at", "action", "target", "actor_label"
            )
        )
        new = []
        for row in self.content["audit"]:
            entry_key = key(row["created_at"], row["action"], row["target"], row["actor_label"])
            if stored[entry_key]:
                stored[entry_key] -= 1
                continue
            user, _label = self.users.find(row["actor"])
            new.append(
                AuditEntry(
                    event=self.imported_event,
                    actor=user,
                    actor_label=row["actor_label"],
                    action=row["action"],
                    target=row["target"],
                    before=row["before"],
                    after=row["after"],
                    created_at=row["created_at"],
                )
            )
        AuditEntry.objects.bulk_create(new)
        self.counts["audit"] += len(new)


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
