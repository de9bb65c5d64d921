"""The league, its seasons and its players (one person, one record per league)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
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
        # Club nights (ACC Grass Roots): each night's own points decide, not the rank.
        THRESHOLD = "threshold", _("Points for each night at or above a threshold (club nights)")
        TABLE = "table", _("Points for each night from a table of the night's points")

    class NightAward(models.TextChoices):
        NIGHT_POINTS = "night_points", _("The night's own points (its game points)")
        FIXED = "fixed", _("A fixed number of points")

    PER_NIGHT = (Aggregation.THRESHOLD, Aggregation.TABLE)

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
    # The per-night rules (``leagues.season_rules``). Defaults: the ACC Grass Roots rule, a
    # night of 12 game points or more earns points; what it earns is the club's choice.
    night_threshold = models.PositiveSmallIntegerField(
        _("points needed in a night"),
        default=12,
        help_text=_("A night with at least this many points (game points) earns season points."),
    )
    night_award = models.CharField(
        _("a qualifying night earns"),
        max_length=12,
        choices=NightAward.choices,
        default=NightAward.NIGHT_POINTS,
    )
    night_fixed_points = models.PositiveSmallIntegerField(
        _("fixed points per qualifying night"), default=1
    )
    night_table = models.JSONField(
        _("table of night points"),
        default=list,
        blank=True,
        help_text=_(
            "Steps [night points, season points], lowest first: a night earns the "
            "points of the highest step it reaches, 0 below the first."
        ),
    )
    guest_nights = models.PositiveSmallIntegerField(
        _("guest nights before joining"),
        default=4,
        help_text=_("Past this many nights as a guest the desk is warned (play is not refused)."),
    )

    class Meta:
        ordering = ["league", "name"]
        constraints = [models.UniqueConstraint(fields=["league", "slug"], name="season_slug")]
        verbose_name = _("season")

    def __str__(self) -> str:
        return f"{self.league} — {self.name}"

    @property
    def per_night(self) -> bool:
        return self.aggregation in self.PER_NIGHT


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
