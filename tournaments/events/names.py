"""What a name may be: one rule for every path that names something (a team and its players on
the page, the API, a CSV list or an event archive; an event, a league, a season), for registering
and for correcting later, so an edit never makes a name that registration refuses.

Two names are the same name when their :func:`normal_form` is: "E1", "e1", "Ｅ1" (full width)
and "E 1" spelt with two spaces cannot be two teams of one event. A name may not hold an
invisible, format or direction character (Unicode categories Cc, Cf, Zl, Zp: a zero-width
space made "E1" and "E1"+U+200B two teams that look the same, U+202E turned a name around).
Nor may a team's name look like another's of the event though spelt with other letters
(« Les Аs » with a Cyrillic А beside « Les As »): :func:`look_alike` (``events.lookalikes``,
the skeleton of Unicode's UTS #39).

The forms and the serializers take their ``max_length`` from the constants below (the page's
``maxlength`` and the OpenAPI schema show the same limits) and run :class:`NameValidator`; the
services call :func:`check_names` and :func:`check_name_free` whatever the caller.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext as _

from tournaments.errors import RuleError
from tournaments.events.lookalikes import foreign_letters, look_alike_key
from tournaments.models import Event, Team

# Long enough for "Les Rois du Crib de Saint-Jean-sur-Richelieu"; short enough for a score
# sheet's box, a phone's line and a projector's column.
TEAM_NAME_MAX = 60
PLAYER_NAME_MAX = 60
MEMBER_NUMBER_MAX = 40


#: Control (tab, line break), format (zero width, direction marks and overrides), line and
#: paragraph separators: characters a person cannot see, or that rearrange what they see.
# Out of the event before the day, and able to come back (``events.comeback``).
_OUT = (Team.Registration.ABSENT, Team.Registration.WITHDRAWN, Team.Registration.WAITING)
INVISIBLE_CATEGORIES = {"Cc", "Cf", "Zl", "Zp"}


def _label(field: str) -> str:
    return {
        "name": _("The team name"),
        "captain": _("The captain's name"),
        "partner": _("The partner's name"),
        "event": _("The event's name"),
        "league": _("The league's name"),
        "season": _("The season's name"),
        "player": _("The player's name"),
    }[field]


def normal_form(name: str) -> str:
    """The form names are compared in: NFKC (full-width and compatibility forms as their plain
    letters), case folded, runs of spaces as one."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def same_name(one: str, two: str) -> bool:
    """Whether two names are one name (:func:`normal_form`): a captain and a partner so named
    are one person unless their member numbers differ."""
    return normal_form(one) == normal_form(two)


def check_name(value: str, field: str) -> None:
    """One name's length and characters; ``field`` is ``name``, ``captain`` or ``partner``."""
    limit = TEAM_NAME_MAX if field == "name" else PLAYER_NAME_MAX
    if len(value) > limit:
        raise RuleError(
            _("%(what)s is %(n)d characters long: at most %(max)d, please shorten it.")
            % {"what": _label(field), "n": len(value), "max": limit},
            field=field,
            code="too_long",
        )
    check_characters(value, field)


def check_characters(value: str, field: str) -> None:
    """No tab, line break or other invisible, format or direction character (a name is typed on
    one line, and reads as it is stored); the first one is named, with its position."""
    for position, char in enumerate(value, start=1):
        if unicodedata.category(char) in INVISIBLE_CATEGORIES:
            raise RuleError(
                _(
                    "%(what)s contains an invisible character at position %(position)d "
                    "(%(code)s %(char)s): a tab, a line break, a zero-width space or a "
                    "direction mark. Type the name on one line without it."
                )
                % {
                    "what": _label(field),
                    "position": position,
                    "code": f"U+{ord(char):04X}",
                    "char": unicodedata.name(char, "CONTROL"),
                },
                field=field,
                code="control_character",
            )


def check_names(name: str, captain: str, partner: str) -> None:
    """Length and characters of a team's and its players' names (page, API and CSV alike)."""
    for value, field in ((name, "name"), (captain, "captain"), (partner, "partner")):
        check_name(value, field)


def check_name_free(event: Event, name: str, *, team: Team | None = None) -> None:
    """No other team of ``event`` has this name, compared in :func:`normal_form`, nor a name
    that looks the same (:func:`look_alike`)."""
    taken = Team.objects.filter(event=event)
    if team is not None:
        taken = taken.exclude(pk=team.pk)
    # Tuples, unordered (no join for the default order): called once for every team added.
    named = list(taken.order_by().values_list("name", "registration"))
    wanted = normal_form(name)
    same = next(((n, state) for n, state in named if normal_form(n) == wanted), None)
    if same is not None:
        same_name, registration = same
        if registration in _OUT and event.check_in_opened_at is not None:
            raise RuleError(
                _(
                    "“%(name)s” is the name of a team not in the event (%(state)s): if it has "
                    "come after all, bring it back with its players and contact (check-in page, "
                    "“Bring back”)."
                )
                % {"name": same_name, "state": Team.Registration(registration).label.lower()},
                field="name",
                code="duplicate",
            )
        # named as registered: "Ｅ1" is refused as "E1", the name people see
        raise RuleError(
            _("A team named “%(name)s” is already registered in this event.") % {"name": same_name},
            field="name",
            code="duplicate",
        )
    look_alike(name, look_alike_keys(n for n, _state in named))


def look_alike_keys(names: Iterable[str]) -> dict[str, str]:
    """The look-alike key of each of ``names`` → that name (made once for a whole CSV list)."""
    return {look_alike_key(name): name for name in names}


def look_alike(name: str, keys: dict[str, str]) -> None:
    """Refuses ``name`` if it looks like one of the names of ``keys`` (:func:`look_alike_keys`)
    though spelt with other letters."""
    other = keys.get(look_alike_key(name))
    if other is not None:
        raise RuleError(
            _(
                "The name “%(name)s” looks the same as “%(other)s”, already registered in this "
                "event, but is spelt with other letters (%(letters)s). Choose a name that can "
                "be told apart, typed with the letters of your keyboard."
            )
            % {
                "name": name,
                "other": other,
                "letters": ", ".join(foreign_letters(name, other)) or name,
            },
            field="name",
            code="look_alike",
        )


@deconstructible
class NameValidator:
    """:func:`check_characters` as a form or serializer field validator, with the services'
    message; the length is the field's ``max_length`` (one of the constants above), so a long
    name is not told twice."""

    def __init__(self, field: str):
        self.field = field

    def __call__(self, value: str) -> None:
        try:
            check_characters(value, self.field)
        except RuleError as exc:
            raise ValidationError(exc.message, code=exc.code) from exc

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NameValidator) and other.field == self.field
