"""The shape of an event archive (schema version 1), checked field by field with DRF serializers.

Fields are strict about JSON types (a score is a JSON number, not ``"121"``; a flag is
``true``/``false``): an archive is written by a program, so anything else is damage. Every
message says what is allowed; :func:`first_error` turns DRF's nested errors into one line that
names the place, e.g. ``games[12].reports[1].score_b: must be a whole number from 0 to 999``.
Archive-internal references (a game's teams, a report's version…) are checked afterwards by
``archive_checks``.
"""

from __future__ import annotations

import datetime

from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.models import Event, Game, Report, Round, Season, Team

MAX_SCORE = 999
MAX_SMALL = 32767
MAX_INT = 2**31 - 1
MAX_BIG = 2**63 - 1


def _messages(allowed) -> dict:
    """The same clear message whatever DRF found wrong with a value."""
    return {
        key: allowed
        for key in (
            "invalid",
            "min_value",
            "max_value",
            "max_string_length",
            "max_length",
            "min_length",
            "blank",
            "invalid_choice",
            "not_a_list",
            "not_a_dict",
            "empty",
            "overflow",
            "naive",
            "date",
            "make_aware",
            "invalid_pk_value",
            "does_not_exist",
        )
    } | {"required": _("is missing."), "null": _("may not be null.")}


class Whole(serializers.IntegerField):
    def __init__(self, low: int, high: int, **kwargs):
        kwargs.setdefault(
            "error_messages",
            _messages(
                _("must be a whole number from %(low)d to %(high)d.") % {"low": low, "high": high}
            ),
        )
        super().__init__(min_value=low, max_value=high, **kwargs)

    def to_internal_value(self, data):
        if type(data) is not int:  # not a bool, not "12", not 12.5
            self.fail("invalid")
        return super().to_internal_value(data)


class Text(serializers.CharField):
    def __init__(self, max_length: int, *, blank: bool = True, **kwargs):
        allowed = (
            _("must be text of at most %(n)d characters.")
            if blank
            else _("must be non-empty text of at most %(n)d characters.")
        ) % {"n": max_length}
        kwargs.setdefault("error_messages", _messages(allowed))
        super().__init__(max_length=max_length, allow_blank=blank, trim_whitespace=False, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class Choice(serializers.ChoiceField):
    def __init__(self, choices, **kwargs):
        keys = [c[0] if isinstance(c, tuple) else c for c in choices]
        kwargs.setdefault(
            "error_messages",
            _messages(_("must be one of: %(choices)s.") % {"choices": ", ".join(keys)}),
        )
        super().__init__(choices=keys, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid_choice", input=data)
        return super().to_internal_value(data)


class Flag(serializers.BooleanField):
    def __init__(self, **kwargs):
        kwargs.setdefault("error_messages", _messages(_("must be true or false.")))
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class Moment(serializers.DateTimeField):
    """An ISO 8601 moment with its UTC offset (a naive time would depend on the site)."""

    def __init__(self, **kwargs):
        kwargs.setdefault(
            "error_messages",
            _messages(
                _("must be a date and time with its offset, e.g. 2026-11-21T14:05:00+00:00.")
            ),
        )
        super().__init__(**kwargs)

    def to_internal_value(self, value):
        if not isinstance(value, str):
            self.fail("invalid")
        try:
            parsed = parse_datetime(value)
            if parsed is None or parsed.tzinfo is None:
                self.fail("invalid")
            parsed.astimezone(datetime.UTC)  # a moment the database can store in UTC
        except (ValueError, OverflowError):
            self.fail("invalid")
        return parsed


class Day(serializers.DateField):
    def __init__(self, **kwargs):
        kwargs.setdefault("error_messages", _messages(_("must be a date, e.g. 2026-11-21.")))
        super().__init__(**kwargs)

    def to_internal_value(self, value):
        if not isinstance(value, str):
            self.fail("invalid")
        return super().to_internal_value(value)


class Uid(serializers.UUIDField):
    def __init__(self, **kwargs):
        kwargs.setdefault(
            "error_messages",
            _messages(_("must be a UUID, e.g. 0f8fad5b-d9cb-469f-a165-70867728950e.")),
        )
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class Slug(serializers.SlugField):
    def __init__(self, **kwargs):
        kwargs.setdefault(
            "error_messages",
            _messages(_("must be a slug (letters, digits, - and _), at most 50 characters.")),
        )
        super().__init__(max_length=50, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class AnyJson(serializers.JSONField):
    """Free JSON kept as it is (a report's detail, the audit log's before/after)."""


class Detail(serializers.DictField):
    def __init__(self, **kwargs):
        kwargs.setdefault("error_messages", _messages(_("must be a JSON object.")))
        super().__init__(child=AnyJson(), **kwargs)


class Many(serializers.ListField):
    def __init__(self, child, **kwargs):
        kwargs.setdefault("error_messages", _messages(_("must be a list.")))
        super().__init__(child=child, **kwargs)


class Strict(serializers.Serializer):
    """A JSON object; DRF's own "not a dict" message made to say what is expected."""

    default_error_messages = {"invalid": _("must be a JSON object.")}


class UserRef(Strict):
    """A user of the exporting site: email and the name shown (no account is created)."""

    email = Text(254)
    # A field named like Field.label: DRF's serializer metaclass takes it off the class.
    label = Text(160)  # type: ignore[assignment]


def user_ref(**kwargs):
    return UserRef(allow_null=True, **kwargs)


class LeagueRow(Strict):
    slug = Slug()
    name = Text(120, blank=False)


class SeasonRow(Strict):
    slug = Slug()
    name = Text(120, blank=False)
    aggregation = Choice(Season.Aggregation.choices)
    placement_points = Many(Whole(0, 100000), max_length=200)
    best_of = Whole(1, 1000, allow_null=True)
    # Archives written before the club nights' rules travelled (issue 50): the defaults.
    night_threshold = Whole(0, MAX_SMALL, required=False, default=12)
    night_award = Choice(Season.NightAward.choices, required=False, default="night_points")
    night_fixed_points = Whole(0, MAX_SMALL, required=False, default=1)
    night_table = Many(
        Many(Whole(0, MAX_SMALL), min_length=2, max_length=2),
        max_length=200,
        required=False,
        default=list,
    )
    guest_nights = Whole(0, MAX_SMALL, required=False, default=4)


class EventRow(Strict):
    uid = Uid()
    name = Text(160, blank=False)
    slug = Slug()
    date = Day()
    venue = Text(200)
    game_type = Choice(Event.GameType.choices)
    rule_set = Text(40, blank=False)
    # Archives written before singles (issue 50): teams of two.
    entry = Choice(Event.Entry.choices, required=False, default="pairs")
    number_of_games = Whole(1, 30)
    scoring_system = Text(20, blank=False)
    tiebreaks = Many(Text(40, blank=False), max_length=40)
    bye_points = Whole(0, MAX_SMALL, allow_null=True)
    # Archives written before the choice: a bye was worth nothing in game points and wins.
    bye_counts_as_win = Flag(required=False, default=False)
    movement = Text(20, blank=False)
    # Archives written before playoff formats existed: the stepladder of best-of-threes.
    playoff_format = Choice(Event.PlayoffFormat.choices, required=False, default="stepladder")
    playoff_best_of = Whole(1, 3, required=False, default=3)
    # Archives written before the bracket (issue 50): none.
    bracket = Choice(Event.Bracket.choices, required=False, default="", allow_blank=True)
    bracket_qualifiers = Whole(2, MAX_SMALL, allow_null=True, required=False, default=None)
    bracket_best_of = Whole(1, 5, required=False, default=3)
    bracket_third_place = Flag(required=False, default=False)
    confirmation = Choice(Event.Confirmation.choices)
    visibility = Choice(Event.Visibility.choices)
    released_at = Moment(allow_null=True)
    status = Choice(Event.Status.choices)
    # Closed events (archives written before closing existed have neither: None).
    finished_at = Moment(allow_null=True, required=False, default=None)
    finished_by = user_ref(required=False, default=None)
    seed = Whole(-MAX_BIG - 1, MAX_BIG)
    created_at = Moment()

    def validate_bracket_best_of(self, value: int) -> int:
        if value not in (1, 3, 5):
            raise serializers.ValidationError(_("must be 1, 3 or 5 (games in a bracket match)."))
        return value

    def validate_playoff_best_of(self, value: int) -> int:
        if value not in Event.PlayoffBestOf.values:
            raise serializers.ValidationError(_("must be 3 (best of three) or 1 (a single game)."))
        return value


class PlayerRow(Strict):
    uid = Uid()
    name = Text(120, blank=False)
    member_number = Text(40)


class TeamRow(Strict):
    id = Whole(1, MAX_BIG)
    name = Text(120, blank=False)
    captain = Text(120)
    partner = Text(120)
    captain_player = Uid(allow_null=True)
    partner_player = Uid(allow_null=True)
    # Archives written before the guest marks (issue 50): members, not guests.
    captain_guest = Flag(required=False, default=False)
    partner_guest = Flag(required=False, default=False)
    captain_user = user_ref()
    registered_at = Moment()
    withdrawn_at = Moment(allow_null=True)
    withdrawn_after_round = Whole(0, MAX_SMALL, allow_null=True)
    drawn_lot = Whole(0, MAX_INT, allow_null=True)
    # A late team: the round it joined at, what its missed rounds count (a bye is worth points:
    # left out, an imported late team lost them). Archives written before: none.
    joined_round = Whole(1, MAX_SMALL, allow_null=True, required=False, default=None)
    missed_rounds = Choice(Team.MissedRounds.choices, required=False, default="", allow_blank=True)


class PlayoffGroupRow(Strict):
    id = Whole(1, MAX_BIG)
    teams = Many(Whole(1, MAX_BIG), max_length=1000)
    created_by = user_ref()
    created_at = Moment()


class RoundRow(Strict):
    number = Whole(1, MAX_SMALL)
    kind = Choice(Round.Kind.choices)
    playoff_group = Whole(1, MAX_BIG, allow_null=True)
    movement = Text(20, blank=False)
    seed = Whole(-MAX_BIG - 1, MAX_BIG, allow_null=True)
    forced = Flag()
    created_by = user_ref()
    created_at = Moment()


class ConfirmationRow(Strict):
    by_team = Whole(1, MAX_BIG, allow_null=True)
    by_user = user_ref()
    created_at = Moment()


class ReportRow(Strict):
    version = Whole(1, MAX_INT)
    kind = Choice(Report.Kind.choices)
    score_a = Whole(0, MAX_SCORE)
    score_b = Whole(0, MAX_SCORE)
    skunk = Whole(0, 9)
    detail = Detail()
    by_team = Whole(1, MAX_BIG, allow_null=True)
    by_user = user_ref()
    channel = Choice(Report.Channel.choices)
    client = Text(64)
    fingerprint = serializers.RegexField(
        r"^[0-9a-f]{64}\Z", error_messages=_messages(_("must be 64 lowercase hex digits."))
    )
    idempotency_key = Text(64)
    note = Text(300)
    created_at = Moment()
    confirmations = ConfirmationRow(many=True)


class DisputeRow(Strict):
    reports = Many(Whole(1, MAX_INT), max_length=1000)
    opened_at = Moment()
    resolved_at = Moment(allow_null=True)
    resolved_by = user_ref()
    decision = Whole(1, MAX_INT, allow_null=True)
    note = Text(300)


class GameRow(Strict):
    round = Whole(1, MAX_SMALL)
    table = Whole(1, MAX_SMALL, allow_null=True)
    team_a = Whole(1, MAX_BIG)
    team_b = Whole(1, MAX_BIG, allow_null=True)
    status = Choice(Game.Status.choices)
    playoff_match = Text(20)
    confirmed_report = Whole(1, MAX_INT, allow_null=True)
    reports = ReportRow(many=True)
    disputes = DisputeRow(many=True)


class AuditRow(Strict):
    actor = user_ref()
    actor_label = Text(160)
    action = Text(60, blank=False)
    target = Text(120)
    before = AnyJson(allow_null=True)
    after = AnyJson(allow_null=True)
    created_at = Moment()


class ArchiveContent(Strict):
    """Everything under the envelope (``schema``, ``schema_version``, ``checksum``)."""

    exported_at = Moment()
    league = LeagueRow(allow_null=True)
    season = SeasonRow(allow_null=True)
    event = EventRow()
    players = PlayerRow(many=True)
    teams = TeamRow(many=True)
    playoff_groups = PlayoffGroupRow(many=True)
    rounds = RoundRow(many=True)
    games = GameRow(many=True)
    audit = AuditRow(many=True)


def first_error(errors, path: str = "") -> tuple[str, str]:
    """``(place, message)`` of the first error in DRF's nested error structure."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            if value:
                if key == "non_field_errors":
                    place = path
                elif isinstance(key, int):  # DRF keys a list's errors by position
                    place = f"{path}[{key}]"
                else:
                    place = f"{path}.{key}" if path else str(key)
                return first_error(value, place)
    elif isinstance(errors, list):
        if errors and all(isinstance(e, str) for e in errors):
            return path, str(errors[0])
        for index, value in enumerate(errors):
            if value:
                return first_error(value, f"{path}[{index}]")
    return path, str(errors)
