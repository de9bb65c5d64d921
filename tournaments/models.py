"""Leagues, seasons, events, teams, rounds, games, score reports and the audit log.

Results are versioned: a :class:`Report` is never updated in place to change its scores nor
deleted; the :class:`Game` points at the confirmed one. Every change an organizer, official or
captain makes is written to :class:`AuditEntry`.
"""

from __future__ import annotations

import secrets
import uuid
from functools import cached_property

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class League(models.Model):
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", null=True
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="organized_leagues",
        help_text=_("May edit the league's seasons and players (staff always may)."),
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    class Aggregation(models.TextChoices):
        EVENT_POINTS = "points", _("Sum of the points won in each event")
        PLACEMENT = "placement", _("Placement points per rank (table below)")

    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField()
    aggregation = models.CharField(
        _("season standings"),
        max_length=10,
        choices=Aggregation.choices,
        default=Aggregation.EVENT_POINTS,
    )
    placement_points = models.JSONField(
        _("placement points"),
        default=list,
        blank=True,
        help_text=_("Points for 1st, 2nd, 3rd… place in an event; ranks past the list get 0."),
    )
    best_of = models.PositiveSmallIntegerField(
        _("best events counted"),
        null=True,
        blank=True,
        help_text=_("Count only each team's or player's best N events. Empty: all events."),
    )

    class Meta:
        ordering = ["league", "name"]
        constraints = [models.UniqueConstraint(fields=["league", "slug"], name="season_slug")]
        verbose_name = _("season")

    def __str__(self) -> str:
        return f"{self.league} — {self.name}"


class Player(models.Model):
    """A person across events.

    Teams are linked to players explicitly (the organizer picks the player, or gives a member
    number the league already knows), never by matching names. ``uid`` is the identity event
    archives carry between installations. A duplicate is merged into the right player, never
    deleted: ``merged_into`` keeps the trail and the audit log has the details.
    """

    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    league = models.ForeignKey(
        League, on_delete=models.PROTECT, null=True, blank=True, related_name="players"
    )
    name = models.CharField(_("name"), max_length=120)
    member_number = models.CharField(
        _("member number"),
        max_length=40,
        blank=True,
        help_text=_("The league's own number for the player (a FADOQ card, say)."),
    )
    merged_into = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="merged_players"
    )
    merged_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "member_number"],
                condition=~Q(member_number=""),
                name="member_number_per_league",
            )
        ]
        verbose_name = _("player")

    def __str__(self) -> str:
        return self.name


def new_cache_token() -> str:
    return secrets.token_hex(8)


class EventQuerySet(models.QuerySet):
    def results_public(self) -> EventQuerySet:
        """Events whose results anyone may see (``Event.results_public`` of each)."""
        return self.published().filter(
            Q(visibility=Event.Visibility.LIVE) | Q(released_at__isnull=False)
        )

    def published(self) -> EventQuerySet:
        """Events out of draft: on the public pages, lists and API (``tournaments.selectors``
        says who else sees a draft: its organizers and officials)."""
        return self.filter(published_at__isnull=False)


class RegistrationWho(models.TextChoices):
    ANYONE = "anyone", _("Anyone with the event's link")
    MEMBERS = "members", _("Members of the league (member numbers checked)")
    ORGANIZER = "organizer", _("Only the organizer registers teams")


class Event(models.Model):
    class GameType(models.TextChoices):
        CRIBBAGE = "cribbage", _("Cribbage")
        CRAPETTE = "crapette", _("Crapette (one on one)")

    class Confirmation(models.TextChoices):
        BOTH_CAPTAINS = "both_captains", _("Both captains (or an official)")
        CAPTAIN_AND_OFFICIAL = "captain_official", _("One captain, confirmed by an official")
        OFFICIAL_ONLY = "official_only", _("Officials only")

    class Visibility(models.TextChoices):
        AFTER_RELEASE = "release", _("Hidden until the organizer releases them")
        LIVE = "live", _("Live, as results are confirmed")

    class PlayoffFormat(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round robin among the tied teams")
        STEPLADDER = "stepladder", _("Stepladder seeded by the tiebreaks")

    class PlayoffBestOf(models.IntegerChoices):
        BEST_OF_THREE = 3, _("Best of three games")
        SINGLE_GAME = 1, _("A single game")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("In progress")
        FINISHED = "finished", _("Finished")

    uid = models.UUIDField(
        default=uuid.uuid4,
        unique=True,
        editable=False,
        help_text=_(
            "Identity carried by event archives: importing the same event twice is a no-op."
        ),
    )
    name = models.CharField(_("name"), max_length=160)
    slug = models.SlugField(unique=True)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    season = models.ForeignKey(
        Season, on_delete=models.PROTECT, null=True, blank=True, related_name="events"
    )
    game_type = models.CharField(
        _("game"), max_length=20, choices=GameType.choices, default=GameType.CRIBBAGE
    )
    rule_set = models.CharField(
        _("rule set"),
        max_length=40,
        default="FADOQ",
        help_text=_("Cribbage rule set name (FADOQ, FOUR_PLAYER_PARTNERS, STANDARD_2P_121…)."),
    )
    number_of_games = models.PositiveSmallIntegerField(_("number of games"), default=8)
    scoring_system = models.CharField(_("scoring system"), max_length=20, default="fadoq")
    tiebreaks = models.JSONField(_("tiebreak order"), default=list, blank=True)
    bye_points = models.PositiveSmallIntegerField(
        _("points for a bye"),
        null=True,
        blank=True,
        help_text=_("Empty: the team's average over its games."),
    )
    movement = models.CharField(_("seating"), max_length=20, default="winners_stay")
    # Swiss only: round 1 seeded by the players' ratings (docs/ratings.md) instead of the draw.
    seed_by_rating = models.BooleanField(
        _("Swiss round 1 by rating"),
        default=False,
        help_text=_(
            "Swiss seating only. Round 1: by rating (the best-rated teams meet later). The "
            "teams are put in order of their players' ratings added up (a new player counts "
            "25), the top half meets the bottom half (the 1st against the first of the bottom "
            "half, and so on), and the lowest-rated team rests if the count is odd. Unticked: "
            "round 1 is drawn at random."
        ),
    )
    # How a tie for a medal is played off (FADOQ: "un deux de trois"); fixed once the playoff
    # has begun. The default is argued in docs/tournament-day.md.
    playoff_format = models.CharField(
        _("playoff among three or more tied teams"),
        max_length=20,
        choices=PlayoffFormat.choices,
        default=PlayoffFormat.ROUND_ROBIN,
        help_text=_(
            "Round robin: each tied team plays each of the others once. Stepladder: the two "
            "lowest seeds start, each winner plays the next seed up. Two tied teams always "
            "play one match. Fixed once the first playoff game is seated."
        ),
    )
    playoff_best_of = models.PositiveSmallIntegerField(
        _("each playoff match"),
        choices=PlayoffBestOf.choices,
        default=PlayoffBestOf.BEST_OF_THREE,
    )
    confirmation = models.CharField(
        _("confirmation"),
        max_length=20,
        choices=Confirmation.choices,
        default=Confirmation.BOTH_CAPTAINS,
    )
    visibility = models.CharField(
        _("standings visibility"),
        max_length=10,
        choices=Visibility.choices,
        default=Visibility.AFTER_RELEASE,
    )
    released_at = models.DateTimeField(_("results released at"), null=True, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    # Closed by an organizer after the last round, the playoffs and the release: results are
    # frozen until an organizer reopens it (see ``events.closing``).
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    finished_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    finished_by_label = models.CharField(max_length=160, blank=True)
    # None: a draft, seen only by its organizers and officials until an organizer publishes
    # it (``events.drafts``). Events made by code (archives, demo, tests) are published.
    published_at = models.DateTimeField(
        _("published at"), null=True, blank=True, default=timezone.now
    )
    seed = models.BigIntegerField(_("draw seed"), default=0)
    version = models.PositiveIntegerField(
        default=0, help_text=_("Bumped by every change public pages show; keys cached fragments.")
    )
    # With the version in every cache key (tournaments/publishing/caching.py): a new random
    # token at every bump, so a key never repeats after a database restore rewound the version,
    # and a new epoch at every restore, so no render from before it is served as "the previous".
    cache_token = models.CharField(max_length=16, default=new_cache_token, editable=False)
    cache_epoch = models.CharField(max_length=16, default=new_cache_token, editable=False)
    # Registration before the day (tournaments/events/signup.py) and check-in at the door
    # (tournaments/events/check_in.py); the teams registered are the event's ordinary teams.
    registration_open = models.BooleanField(
        _("registration open"),
        default=False,
        help_text=_("Teams may register themselves through the event's link until the deadline."),
    )
    registration_deadline = models.DateTimeField(_("registration deadline"), null=True, blank=True)
    registration_capacity = models.PositiveSmallIntegerField(
        _("capacity (teams)"),
        null=True,
        blank=True,
        help_text=_(
            "Beyond it, teams go on a waiting list that moves up by itself. Empty: no cap."
        ),
    )
    registration_who = models.CharField(
        _("who may register"),
        max_length=10,
        choices=RegistrationWho.choices,
        default=RegistrationWho.ANYONE,
    )
    registration_fee = models.CharField(
        _("fee"),
        max_length=200,
        blank=True,
        help_text=_(
            "Shown on the form, e.g. “10 $ per team, paid at the door”. No online payment."
        ),
    )
    check_in_opened_at = models.DateTimeField(_("check-in opened at"), null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("event")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:event", args=[self.slug])

    @property
    def finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_draft(self) -> bool:
        return self.published_at is None

    @property
    def results_public(self) -> bool:
        if self.is_draft:
            return False
        return self.visibility == self.Visibility.LIVE or self.released_at is not None


class TeamQuerySet(models.QuerySet):
    def entered(self) -> TeamQuerySet:
        """The teams in the event (withdrawn on the day too), not those only waiting, refused,
        withdrawn before the day or dropped as absent: standings, exports, archives."""
        return self.filter(registration=Team.Registration.REGISTERED)

    def active(self) -> TeamQuerySet:
        """The teams still in (entered, not withdrawn): seated, printed, counted."""
        return self.entered().filter(withdrawn_at__isnull=True)

    def holding_places(self) -> TeamQuerySet:
        """Active or on the waiting list: their players may not register in another team."""
        return self.filter(
            withdrawn_at__isnull=True,
            registration__in=(Team.Registration.REGISTERED, Team.Registration.WAITING),
        )


class Team(models.Model):
    class Registration(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        WAITING = "waiting", _("Waiting list")
        WITHDRAWN = "withdrawn", _("Withdrawn before the day")
        REFUSED = "refused", _("Refused")
        ABSENT = "absent", _("Absent (dropped before round 1)")

    class MissedRounds(models.TextChoices):
        """What a team registered after rounds were seated gets for the rounds it missed."""

        BYE = "bye", _("A bye for each missed round")
        FORFEIT = "forfeit", _("A loss by forfeit for each missed round")
        NOTHING = "nothing", _("Nothing for the missed rounds")

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="teams")
    name = models.CharField(_("team name"), max_length=120)
    captain = models.CharField(_("captain"), max_length=120)
    partner = models.CharField(_("partner"), max_length=120, blank=True)
    captain_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="captained_teams",
    )
    # The names above are as written on the event's sheets; these say who the people are.
    captain_player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    partner_player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    registered_at = models.DateTimeField(default=timezone.now)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    drawn_lot = models.PositiveIntegerField(_("drawn lot"), null=True, blank=True)
    registration = models.CharField(
        _("registration"),
        max_length=10,
        choices=Registration.choices,
        default=Registration.REGISTERED,
    )
    registration_reason = models.CharField(_("reason"), max_length=300, blank=True)
    paid = models.BooleanField(_("paid"), default=False)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    # The private link of a team that registered itself (see, change, withdraw until the
    # deadline; check in on the day). Teams the organizer typed have none.
    registration_token = models.CharField(max_length=43, unique=True, null=True, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    contact_email = models.EmailField(_("captain's email"), blank=True)
    contact_phone = models.CharField(_("captain's phone"), max_length=30, blank=True)

    # A late team: the first round it could be seated in (None: there from round 1), and what
    # the organizer chose for the rounds before it (``events.late_teams``).
    joined_round = models.PositiveSmallIntegerField(null=True, blank=True)
    missed_rounds = models.CharField(
        _("missed rounds"), max_length=10, choices=MissedRounds.choices, blank=True
    )

    objects = TeamQuerySet.as_manager()

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="team_name_per_event")
        ]
        verbose_name = _("team")

    def __str__(self) -> str:
        return self.name

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None and self.registration == self.Registration.REGISTERED

    @property
    def players(self) -> str:
        return " & ".join(p for p in (self.captain, self.partner) if p)


class Round(models.Model):
    class Kind(models.TextChoices):
        SERIES = "series", _("Series")
        PLAYOFF = "playoff", _("Playoff")

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.SERIES)
    playoff_group = models.ForeignKey(
        "PlayoffGroup", on_delete=models.PROTECT, null=True, blank=True, related_name="rounds"
    )
    movement = models.CharField(max_length=20)
    seed = models.BigIntegerField(null=True, blank=True)
    forced = models.BooleanField(
        default=False, help_text=_("Seated before every game of the previous round was confirmed.")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    # Who, when the user came from an event archive and has no account here (no account is
    # ever created from an archive). The same for the other ``*_label`` fields.
    created_by_label = models.CharField(max_length=160, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_per_event")
        ]
        verbose_name = _("round")

    def __str__(self) -> str:
        return f"{self.event} — {_('round')} {self.number}"

    @property
    def label(self) -> str:
        """How people name it: "Round 3", or after the series its playoff game's name,
        "Playoff, match 2, game 1" (never "round 9" of an 8-round event)."""
        if self.kind == self.Kind.PLAYOFF:
            names = [g.label for g in self.games.exclude(playoff_match="").order_by("table")]
            if names:
                return " · ".join(names)
            game = max(1, self.number - self.event.number_of_games)
            return _("Playoff, game %(n)s") % {"n": game}
        return _("Round %(n)s") % {"n": self.number}


def playoff_match_number(match: str) -> int:
    """A playoff match's id (``A``, ``B``, … ``AA``: spreadsheet-column style) as the number
    people read: A is match 1, in the order the playoff's words list the matches."""
    number = 0
    for letter in match.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


class Game(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for a report")
        REPORTED = "reported", _("Reported, to be confirmed")
        DISPUTED = "disputed", _("Disputed")
        CONFIRMED = "confirmed", _("Confirmed")
        BYE = "bye", _("Bye")

    round = models.ForeignKey(Round, on_delete=models.PROTECT, related_name="games")
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    team_a = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    team_b = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+", null=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    confirmed_report = models.ForeignKey(
        "Report", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    playoff_match = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table"], condition=Q(table__isnull=False), name="one_game_a_table"
            )
        ]
        indexes = [models.Index(fields=["round", "status"])]
        verbose_name = _("game")

    def __str__(self) -> str:
        if self.team_b_id is None:
            return _("%(a)s — bye") % {"a": self.team_a}
        return _("Table %(t)s: %(a)s against %(b)s") % {
            "t": self.table,
            "a": self.team_a,
            "b": self.team_b,
        }

    @property
    def is_bye(self) -> bool:
        return self.team_b_id is None

    @cached_property
    def label(self) -> str:
        """How people name the game, the same on every page and in the CSV: "Round 3", or
        "Playoff, match 2, game 1" (the match numbered as the playoff's words number it, the
        game counted within its match; "Playoff, match 2" when a match is a single game)."""
        if self.round.kind != Round.Kind.PLAYOFF or not self.playoff_match:
            return self.round.label
        match = playoff_match_number(self.playoff_match)
        if self.round.event.playoff_best_of == 1:
            return _("Playoff, match %(match)s") % {"match": match}
        pair = (self.team_a_id, self.team_b_id)
        game = Game.objects.filter(
            round__event_id=self.round.event_id,
            round__kind=Round.Kind.PLAYOFF,
            round__number__lte=self.round.number,
            playoff_match=self.playoff_match,
            team_a_id__in=pair,
            team_b_id__in=pair,
        ).count()
        return _("Playoff, match %(match)s, game %(game)s") % {"match": match, "game": game}

    def involves(self, team: Team) -> bool:
        return team.pk in (self.team_a_id, self.team_b_id)


class ReportQuerySet(models.QuerySet["Report"]):
    def newest(self) -> Report | None:
        """The latest version among these reports (of one game), or ``None``."""
        return self.order_by("-version").first()


class Report(models.Model):
    """One version of a game's result. Never edited nor deleted: a correction is a new report."""

    class Kind(models.TextChoices):
        FINAL = "final", _("Final score")
        SHEET = "sheet", _("Hand-by-hand sheet")
        CRAPETTE = "crapette", _("Crapette result")
        CRAPETTE_RECORD = "crapette_record", _("Crapette game record")
        FORFEIT = "forfeit", _("Win by forfeit (decided by an official)")

    class Channel(models.TextChoices):
        LINK = "link", _("Captain's private link")
        ACCOUNT = "account", _("Captain's account")
        OFFICIAL = "official", _("Officials' desk")
        IMPORT = "import", _("Archive import")

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="reports")
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    score_a = models.PositiveSmallIntegerField()
    score_b = models.PositiveSmallIntegerField()
    skunk = models.PositiveSmallIntegerField(default=0, help_text=_("0 none, 1 skunk, 2 double…"))
    detail = models.JSONField(default=dict, blank=True)
    by_team = models.ForeignKey(Team, on_delete=models.PROTECT, null=True, related_name="+")
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    by_label = models.CharField(max_length=160, blank=True)
    channel = models.CharField(max_length=10, choices=Channel.choices)
    client = models.CharField(max_length=64, blank=True)
    fingerprint = models.CharField(max_length=64, help_text=_("Hash of the reported content."))
    idempotency_key = models.CharField(max_length=64, blank=True)
    note = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    objects = ReportQuerySet.as_manager()

    class Meta:
        ordering = ["game", "version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="report_version"),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="report_idempotency",
            ),
        ]
        verbose_name = _("report")

    def __str__(self) -> str:
        return f"{self.game} v{self.version}: {self.score_a}–{self.score_b}"

    def winner_id_for(self, game: Game) -> int | None:
        """The winning team (the report's own game passed in, to spare a query)."""
        if self.score_a == self.score_b:
            return None
        return game.team_a_id if self.score_a > self.score_b else game.team_b_id


class Confirmation(models.Model):
    """Who confirmed which report version (the other captain or an official)."""

    report = models.ForeignKey(Report, on_delete=models.PROTECT, related_name="confirmations")
    by_team = models.ForeignKey(Team, on_delete=models.PROTECT, null=True, related_name="+")
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    by_label = models.CharField(max_length=160, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.report} confirmed"


class DisputeQuerySet(models.QuerySet):
    def open(self) -> DisputeQuerySet:
        """Disputes no official has settled yet."""
        return self.filter(resolved_at__isnull=True)


class Dispute(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="disputes")
    reports = models.ManyToManyField(Report, related_name="disputes")
    opened_at = models.DateTimeField(default=timezone.now)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    resolved_by_label = models.CharField(max_length=160, blank=True)
    decision = models.ForeignKey(Report, on_delete=models.PROTECT, null=True, related_name="+")
    note = models.CharField(max_length=300, blank=True)

    objects = DisputeQuerySet.as_manager()

    class Meta:
        ordering = ["-opened_at"]

    def __str__(self) -> str:
        return f"{self.game} dispute"


class PlayoffGroup(models.Model):
    """Teams tied for a medal place, separated by best-of-three matches ("un deux de trois")."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="playoff_groups")
    teams = models.JSONField(help_text=_("Team ids in seeding order."))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    created_by_label = models.CharField(max_length=160, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.event} playoff {self.teams}"


class AuditEntry(models.Model):
    """Who changed what, when, with the state before and after."""

    event = models.ForeignKey(
        Event, on_delete=models.PROTECT, null=True, blank=True, related_name="audit"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    actor_label = models.CharField(max_length=160, blank=True)
    action = models.CharField(max_length=60)
    target = models.CharField(max_length=120, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "-created_at"])]
        verbose_name = _("audit entry")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor_label} {self.action} {self.target}"


class OutboxTask(models.Model):
    """Work to hand to Celery, written in the same transaction as the change that needs it.

    If the broker is down when the transaction commits, the row stays pending and is sent again
    later (by the next successful send, the ``flush_outbox`` command or the worker's beat), so
    a confirmed result never loses its follow-up work.
    """

    name = models.CharField(max_length=100)
    args = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)

    class Meta:
        indexes = [models.Index(fields=["done_at", "created_at"])]

    def __str__(self) -> str:
        return f"{self.name}{self.args}"


class SeasonExport(models.Model):
    """A CSV of every game of a season, built by a Celery task; the page shows its progress."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("In progress")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="exports")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="season_exports"
    )
    delimiter = models.CharField(max_length=10, default="comma")
    language = models.CharField(max_length=10, blank=True, help_text=_("Of the column headers."))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    progress_done = models.PositiveIntegerField(default=0)
    progress_total = models.PositiveIntegerField(default=0)
    content = models.TextField(blank=True)
    error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("season export")

    def __str__(self) -> str:
        return f"{self.season} export {self.pk} ({self.status})"


class ArchiveKey(models.Model):
    """A hall's archive signing key that a league trusts (tournaments/archives/origin.py).

    Pinned on first use, as SSH pins a host key: an archive signed by the same hall name with
    another key is refused until one of the league's organizers forgets this one."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="archive_keys")
    hall = models.CharField(_("hall"), max_length=120)
    public_key = models.CharField(max_length=64)
    fingerprint = models.CharField(_("fingerprint"), max_length=64)
    trusted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    trusted_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["hall"]
        verbose_name = _("trusted archive key")
        constraints = [
            models.UniqueConstraint(fields=["league", "hall"], name="one_archive_key_per_hall")
        ]

    def __str__(self) -> str:
        return f"{self.hall} {self.fingerprint}"


class PendingArchiveImport(models.Model):
    """An uploaded archive whose origin is not proved, kept until its importer confirms it
    (or for a day): browsers cannot send the same file again with the confirmation."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, null=True, related_name="+")
    data = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"archive uploaded by {self.user_id} at {self.created_at:%Y-%m-%d %H:%M}"


class ArchiveSettlement(models.Model):
    """A game corrected differently on two sites, settled by a league organizer on import.

    Both versions are kept (results are never overwritten nor deleted): the archive's reports
    of this game from ``from_version`` on are stored here ``offset`` versions later, after
    this site's own, and ``stands`` says whose result the game now counts. Later archives of
    the event read the game's versions through the same shift (tournaments/archives/store.py).
    """

    class Stands(models.TextChoices):
        HERE = "here", _("This site's version")
        ARCHIVE = "archive", _("The archive's version")

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="archive_settlements")
    from_version = models.PositiveIntegerField()
    offset = models.PositiveIntegerField(default=0)
    local_max = models.PositiveIntegerField(
        help_text=_("The game's last version here once settled: older ones are accounted for.")
    )
    stands = models.CharField(max_length=10, choices=Stands.choices)
    signer = models.CharField(max_length=120, blank=True)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    settled_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "settled_at", "id"]
        verbose_name = _("settled archive conflict")

    def __str__(self) -> str:
        return f"{self.game_id} from v{self.from_version} +{self.offset}: {self.stands}"


class RatingPoint(models.Model):
    """A rating after one game: a player's, or with ``partner`` a pair's (``player`` < ``partner``).

    Derived data, rebuilt whole from the released games (``tournaments.ratings.service``) or
    from an event onward (``tournaments.ratings.incremental``): never edited by hand, safe to
    delete and rebuild (``manage.py rebuild_ratings``).
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_points")
    partner = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField()  # the game's place in the rated order
    games = models.PositiveIntegerField()  # games rated so far, this one included
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()  # the low end of the range shown: mu − 2 sigma
    latest = models.BooleanField(default=False)  # the last point of its player or pair

    class Meta:
        ordering = ["player", "partner", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "game"],
                condition=Q(partner__isnull=True),
                name="rating_point_player_game",
            ),
            models.UniqueConstraint(
                fields=["player", "partner", "game"],
                condition=Q(partner__isnull=False),
                name="rating_point_pair_game",
            ),
            models.CheckConstraint(
                condition=Q(partner__isnull=True) | Q(partner__gt=models.F("player")),
                name="rating_point_pair_order",
            ),
        ]
        indexes = [
            models.Index(fields=["player", "partner", "position"]),
            models.Index(fields=["latest", "partner"]),
            models.Index(fields=["position"], name="tournaments_rp_position"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}/{self.partner_id} after game {self.game_id}: {self.mu:.2f}"
