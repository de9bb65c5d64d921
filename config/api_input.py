"""What every write endpoint of the API reads: only the fields it documents.

A misspelt or unsupported field (``"seasn"``, a field another version had) used to be dropped
silently, so a script believed it had set something it had not. :class:`KnownFieldsOnly` makes
a serializer refuse any key of the body that is not one of its writable fields, with a 400 that
names the field and lists the allowed ones, before anything else is checked.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from rest_framework import serializers

UNKNOWN_FIELD = "unknown_field"


def writable_fields(serializer: serializers.Serializer) -> list[str]:
    return [name for name, field in serializer.fields.items() if not field.read_only]


# Mixed into a serializer: unknown keys in the input are a validation error. (A comment, not
# a docstring: drf-spectacular would publish it as the description of every request body.)
class KnownFieldsOnly:
    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            allowed = writable_fields(self)  # type: ignore[arg-type]
            unknown = sorted(str(key) for key in data if key not in allowed)
            if unknown:
                message = _("Unknown field “%(field)s”: allowed fields are %(allowed)s.") % {
                    "field": unknown[0][:60],
                    "allowed": ", ".join(allowed) or _("none"),
                }
                raise serializers.ValidationError({unknown[0][:60]: [message]}, code=UNKNOWN_FIELD)
        return super().to_internal_value(data)  # type: ignore[misc]


def no_fields(request) -> None:
    """An action that takes no field (close, withdraw…): a body with any is refused, naming the
    first, rather than ignored."""
    data = request.data
    if isinstance(data, Mapping) and data:
        name = sorted(str(key) for key in data)[0][:60]
        message = _("Unknown field “%(field)s”: this action takes no fields.") % {"field": name}
        raise serializers.ValidationError({name: [message]}, code=UNKNOWN_FIELD)
