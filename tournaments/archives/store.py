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

The steps live beside it: :mod:`~tournaments.archives.game_merge` (one game's history),
:mod:`~tournaments.archives.users` (the people it names), :mod:`~tournaments.archives.outcome`
(what the import answers, or why it refuses).
"""

from __future__ import annotations

import uuid
from collections import Counter, defaultdict

from django.utils.translation import gettext as _

from accounts.roles import is_organizer
from tournaments import outbox
from tournaments.archives.game_merge import GameMerge
from tournaments.archives.outcome import ArchiveDiverged, Divergence, ImportResult, conflict
from tournaments.archives.users import Users, same_user
from tournaments.errors import RuleError
from tournaments.events.creation import unique_slug
from tournaments.events.team_limit import check_room
from tournaments.models import (
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
    "entry",
    "number_of_games",
    "scoring_system",
    "tiebreaks",
    "bye_points",
    "bye_counts_as_win",
    "movement",
    "playoff_format",
    "playoff_best_of",
    "bracket",
    "bracket_qualifiers",
    "bracket_best_of",
    "bracket_third_place",
    "confirmation",
    "visibility",
    "seed",
    "created_at",
)


def release_of(data: dict):
    """The archive's release; a live event closed by a hall from before issue 50 carries none,
    and gets its closing as release, as the site's own live events (``events.closing``)."""
    if data["released_at"] is None and data.get("visibility") == Event.Visibility.LIVE:
        return data.get("finished_at")
    return data["released_at"]


STATUS_ORDER: list[str] = [Event.Status.REGISTRATION, Event.Status.RUNNING, Event.Status.FINISHED]


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
            released_at=release_of(data),
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
        if event.released_at is None and release_of(data) is not None:
            event.released_at = release_of(data)
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
        # The teams it adds within the event's limit (issue 51, finding 1).
        check_room(self.imported_event, sum(r["name"] not in stored for r in self.content["teams"]))
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
                    captain_guest=row["captain_guest"],
                    partner_guest=row["partner_guest"],
                    joined_round=row["joined_round"],
                    missed_rounds=row["missed_rounds"],
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
                    team,
                    row | {"missed_rounds": row["missed_rounds"] or None},  # "": not said
                    ("withdrawn_at", "withdrawn_after_round", "drawn_lot", "joined_round"),
                    place,
                )
                self.late_choice_forward(team, row["missed_rounds"], place)
                # A guest mark here or there stays: a guest seen once was a guest that night.
                guests = {key: True for key in ("captain_guest", "partner_guest") if row[key]}
                if any(not getattr(team, key) for key in guests):
                    Team.objects.filter(pk=team.pk).update(**guests)
                    self.counts["updated"] += 1
            teams[row["id"]] = team
        return teams

    def late_choice_forward(self, team: Team, missed: str, place: str) -> None:
        """A late team's choice for its missed rounds: filled in if not said here, else the same."""
        if not missed or team.missed_rounds == missed:
            return
        if team.missed_rounds:
            raise conflict(f"{place}.missed_rounds", team.missed_rounds, missed)
        team.missed_rounds = missed
        team.save(update_fields=["missed_rounds"])
        self.counts["updated"] += 1

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
