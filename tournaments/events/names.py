"""What a team's and its players' names may be: one rule for registering a team (page, API, CSV)
and for correcting it later, so an edit never makes a name that registration refuses.

The forms and the serializers take their ``max_length`` from the constants below (the page's
``maxlength`` and the OpenAPI schema show the same limits) and run :class:`NameValidator`; the
services call :func:`check_names` and :func:`check_name_free` whatever the caller.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext as _

from tournaments.errors import RuleError
from tournaments.models import Event, Team

# Long enough for "Les Rois du Crib de Saint-Jean-sur-Richelieu"; short enough for a score
# sheet's box, a phone's line and a projector's column.
TEAM_NAME_MAX = 60
PLAYER_NAME_MAX = 60
MEMBER_NUMBER_MAX = 40


def _label(field: str) -> str:
    return {
        "name": _("The team name"),
        "captain": _("The captain's name"),
        "partner": _("The partner's name"),
    }[field]


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
    """No tab, line break or other invisible character (a name is typed on one line)."""
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise RuleError(
            _(
                "%(what)s contains a tab, a line break or another invisible "
                "character: type it on one line."
            )
            % {"what": _label(field)},
            field=field,
            code="control_character",
        )


def check_names(name: str, captain: str, partner: str) -> None:
    """Length and characters of a team's and its players' names (page, API and CSV alike)."""
    for value, field in ((name, "name"), (captain, "captain"), (partner, "partner")):
        check_name(value, field)


def check_name_free(event: Event, name: str, *, team: Team | None = None) -> None:
    """No other team of ``event`` has this name, whatever its case."""
    taken = Team.objects.filter(event=event)
    if team is not None:
        taken = taken.exclude(pk=team.pk)
    names = taken.values_list("name", flat=True)
    if name.casefold() in {other.casefold() for other in names}:  # SQLite's iexact is ASCII-only
        raise RuleError(
            _("A team named “%(name)s” is already registered in this event.") % {"name": name},
            field="name",
            code="duplicate",
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
