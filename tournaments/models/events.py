"""An event and its teams (a team registering itself is a :class:`Team` too)."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from tournaments.words import EntryWords, entry_words

from .leagues import Player, Season


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

    class Entry(models.TextChoices):
        PAIRS = "pairs", _("Pairs: two players per team")
        SINGLES = "singles", _("Singles: one player per entry")

    class Bracket(models.TextChoices):
        NONE = "", _("No bracket")
        ONE_IN_FOUR = "one_in_four", _("One entrant in four, rounded up (ACC)")
        FIXED = "fixed", _("A set number of qualifiers")

    class BracketBestOf(models.IntegerChoices):
        SINGLE_GAME = 1, _("A single game")
        BEST_OF_THREE = 3, _("Best of three games")
        BEST_OF_FIVE = 5, _("Best of five games")

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
    # Game points and wins (the ACC's ways): a bye is no game, worth nothing unless it counts
    # as a win (2 game points, no spread). Off for events made before the choice existed.
    bye_counts_as_win = models.BooleanField(
        _("A bye counts as a win"),
        default=False,
        help_text=_(
            "Game points or wins: a team with a bye is credited a win (2 game points, no "
            "spread). Unticked: a bye is worth nothing in these standings."
        ),
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
    # Who an entry is (issue 50): a team of two, or one player (two- and three-handed games).
    entry = models.CharField(
        _("entries"), max_length=10, choices=Entry.choices, default=Entry.PAIRS
    )
    # After the series, a single-elimination bracket of the qualifiers seeded by their
    # position (the ACC's playoff; ``standings/engine/bracket.py``, docs/acc.md).
    bracket = models.CharField(
        _("bracket after the series"),
        max_length=12,
        choices=Bracket.choices,
        default=Bracket.NONE,
        blank=True,
    )
    bracket_qualifiers = models.PositiveSmallIntegerField(
        _("number of qualifiers"),
        null=True,
        blank=True,
        help_text=_("Only with “a set number of qualifiers”: 2 or more."),
    )
    bracket_best_of = models.PositiveSmallIntegerField(
        _("each bracket match"),
        choices=BracketBestOf.choices,
        default=BracketBestOf.BEST_OF_THREE,
    )
    bracket_third_place = models.BooleanField(
        _("match for third place"),
        default=False,
        help_text=_("The two semi-final losers play for third place."),
    )
    # The consolation event made from this one's non-qualifiers (``bracket`` events only).
    consolation_of = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="consolations",
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
    # Registration before the day (tournaments/events/public_registration.py) and check-in at the door
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
    def singles(self) -> bool:
        """One player per entry (issue 50): no partner, and "player" where pairs say "team"."""
        return self.entry == self.Entry.SINGLES

    @property
    def words(self) -> EntryWords:
        """The nouns of this event's entries for pages and files (``tournaments.words``)."""
        return entry_words(self)

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
    # The address a team registered itself from (the public form, the API): the organizer
    # refuses a burst from one address at once (issue 51, finding 6). Never logged nor archived.
    registered_from = models.CharField(max_length=64, blank=True, default="")
    club = models.CharField(_("club"), max_length=120, blank=True)
    contact_email = models.EmailField(_("captain's email"), blank=True)
    contact_phone = models.CharField(_("captain's phone"), max_length=30, blank=True)

    # A late team: the first round it could be seated in (None: there from round 1), and what
    # the organizer chose for the rounds before it (``events.late_teams``).
    joined_round = models.PositiveSmallIntegerField(null=True, blank=True)
    missed_rounds = models.CharField(
        _("missed rounds"), max_length=10, choices=MissedRounds.choices, blank=True
    )
    # A guest of a club night plays and is listed, but earns no season points and is not
    # ranked in the season until a night where they play as a member (``leagues.guests``).
    captain_guest = models.BooleanField(_("captain is a guest"), default=False)
    partner_guest = models.BooleanField(_("partner is a guest"), default=False)

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
    def registration_words(self) -> str:
        """The registration state as a page says it of this entry: in French a team is
        feminine ("absente"), a singles entry's player is not ("absent"; issue 50)."""
        if not self.event.singles:
            return str(self.get_registration_display())
        words: dict[str, str] = {
            self.Registration.REGISTERED: pgettext("a player", "Registered"),
            self.Registration.WAITING: pgettext("a player", "Waiting list"),
            self.Registration.WITHDRAWN: pgettext("a player", "Withdrawn before the day"),
            self.Registration.REFUSED: pgettext("a player", "Refused"),
            self.Registration.ABSENT: pgettext("a player", "Absent (dropped before round 1)"),
        }
        return words.get(self.registration, str(self.get_registration_display()))

    @property
    def players(self) -> str:
        return " & ".join(p for p in (self.captain, self.partner) if p)

    @property
    def guest_player_ids(self) -> set[int]:
        """The linked players of this entry who play as guests."""
        seats = (
            (self.captain_player_id, self.captain_guest),
            (self.partner_player_id, self.partner_guest),
        )
        return {pk for pk, guest in seats if pk and guest}

    @property
    def guest_names(self) -> list[str]:
        seats = ((self.captain, self.captain_guest), (self.partner, self.partner_guest))
        return [name for name, guest in seats if name and guest]
