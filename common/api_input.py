"""What every write endpoint of the API reads: JSON of a sensible depth, and only the fields it
documents.

:class:`JSONParser` (every view's JSON parser, ``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``)
refuses a body nested deeper than :data:`MAX_JSON_DEPTH` with a 400 in words: a thousand nested
``[`` made Python's decoder raise ``RecursionError``, a bare 500 for anyone (issue 33, finding 8).
Huche's deepest documents (an event archive, a hand-by-hand sheet) are a few levels deep.

A misspelt or unsupported field (``"seasn"``, a field another version had) used to be dropped
silently, so a script believed it had set something it had not. :class:`KnownFieldsOnly` makes
a serializer refuse any key of the body that is not one of its writable fields, with a 400 that
names the field and lists the allowed ones, before anything else is checked.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from rest_framework import exceptions, parsers, serializers

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


#: How deep a JSON body may nest (objects and arrays); Huche's own need fewer than ten levels.
MAX_JSON_DEPTH = 32


def json_depth(data: object) -> int:
    """How many objects and arrays deep ``data`` nests (without recursion: ``data`` may be as
    deep as the decoder allows)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = list(value.values())
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def too_deep() -> exceptions.ParseError:
    return exceptions.ParseError(
        _(
            "The JSON body is nested too deeply: at most %(max)d levels of objects and arrays "
            "are accepted."
        )
        % {"max": MAX_JSON_DEPTH},
        code="too_deep",
    )


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing in words a body nested deeper than :data:`MAX_JSON_DEPTH`."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:  # the decoder's own limit (about a thousand levels)
            raise too_deep() from None
        if json_depth(data) > MAX_JSON_DEPTH:
            raise too_deep()
        return data
