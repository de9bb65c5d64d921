"""Every list of the API is paged by ``?limit=&offset=``, with bounds.

DRF's ``LimitOffsetPagination`` passes any whole number to the database: a huge ``limit`` or
``offset`` overflowed SQLite's integers (a server error) and a large one made one request read
a whole table. Here ``limit`` is a whole number from 1 to ``API_MAX_PAGE_SIZE`` and ``offset``
one from 0 to ``MAX_OFFSET``; anything else is a 400 that says what is allowed (no silent
clamping: a client asking for 100,000 rows learns it gets at most a page).
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination

MAX_LIMIT = int(getattr(settings, "API_MAX_PAGE_SIZE", 500))
# Far beyond any real list (events, teams, games of a site), far below any integer overflow.
MAX_OFFSET = 10_000_000


def _bounded(request, name: str, default: int, lowest: int, highest: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    text = raw.strip()
    if not text.isdigit() or len(text) > 12 or not lowest <= int(text) <= highest:
        raise ValidationError(
            {
                name: _("“%(given)s”: must be a whole number from %(low)d to %(high)d.")
                % {"given": raw[:30], "low": lowest, "high": highest}
            },
            code="invalid_page",
        )
    return int(text)


class BoundedLimitOffsetPagination(LimitOffsetPagination):
    max_limit = MAX_LIMIT

    def get_limit(self, request) -> int:
        default = self.default_limit or MAX_LIMIT
        return _bounded(request, self.limit_query_param, default, 1, self.max_limit)

    def get_offset(self, request) -> int:
        return _bounded(request, self.offset_query_param, 0, 0, MAX_OFFSET)

    def get_schema_operation_parameters(self, view):
        """The bounds in the OpenAPI schema, so clients (and the fuzz test) know them."""
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            schema = parameter["schema"]
            if parameter["name"] == self.limit_query_param:
                schema.update(minimum=1, maximum=self.max_limit)
            elif parameter["name"] == self.offset_query_param:
                schema.update(minimum=0, maximum=MAX_OFFSET)
        return parameters
