"""Rounds, games, score reports (versioned: a :class:`Report` is never updated in place to
change its scores nor deleted; the :class:`Game` points at the confirmed one), confirmations,
disputes and the playoff groups."""

from __future__ import annotations

from functools import cached_property

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .events import Event, Team

# A round's games in table order, the bye (no table) last on every database (SQLite sorts
# NULL first, and a hall runs on SQLite).
TABLES_THEN_BYE = F("table").asc(nulls_last=True)


class Round(models.Model):
    class Kind(models.TextChoices):
        SERIES = "series", _("Series")
        PLAYOFF = "playoff", _("Playoff")
        BRACKET = "bracket", _("Bracket")

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
        if self.kind == self.Kind.BRACKET:
            return _("Bracket (round %(n)s of the event)") % {"n": self.number}
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
        if self.round.kind == Round.Kind.BRACKET and self.playoff_match:
            return self._bracket_label()
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

    def _bracket_label(self) -> str:
        """ "Bracket, round 1, match 2, game 1" (stored as R1-M2: round 1 of the bracket, 2nd
        match from the top; 3RD: the match for third place). The code itself is never shown:
        a player read « match R1-M2 » on the seating page."""
        game = Game.objects.filter(
            round__event_id=self.round.event_id,
            round__kind=Round.Kind.BRACKET,
            round__number__lte=self.round.number,
            playoff_match=self.playoff_match,
        ).count()
        if self.playoff_match == "3RD":
            return _("Bracket, third place, game %(game)s") % {"game": game}
        round_number, match = (part[1:] for part in self.playoff_match.split("-"))
        return _("Bracket, round %(round)s, match %(match)s, game %(game)s") % {
            "round": round_number,
            "match": match,
            "game": game,
        }

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
