"""One error type for every rule the tournament services enforce.

It carries a message a person can act on (what was wrong, where, what is allowed), a stable
``code`` for programs, and the ``field`` it concerns when there is one. Pages show the message
beside the field; the API answers 400 with ``{"detail", "code", "field"}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import ngettext

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class RuleError(ValueError):
    def __init__(
        self,
        message: StrOrPromise,
        *,
        code: str = "invalid",
        field: str | None = None,
        status: int = 400,
        extra: dict | None = None,
    ):
        super().__init__(message)
        self.message = str(message)
        self.code = code
        self.field = field
        self.status = status
        self.extra = extra or {}

    def as_dict(self) -> dict:
        body = {"detail": self.message, "code": self.code}
        if self.field:
            body["field"] = self.field
        return body | self.extra


class RuleErrors(RuleError):
    """Several faults of one submission (a score sheet, a CSV file), found in one pass so that a
    person fixes them all at once. It reads as its first fault (``code``, ``field``, the API's
    ``detail``) and carries every one in ``errors``, each with its own field."""

    def __init__(self, errors: list[RuleError]):
        first = errors[0]
        super().__init__(
            first.message,
            code=first.code,
            field=first.field,
            status=first.status,
            extra=first.extra,
        )
        self.errors = errors

    def as_dict(self) -> dict:
        return super().as_dict() | {"errors": [e.as_dict() for e in self.errors]}

    @classmethod
    def raise_if_any(cls, errors: list[RuleError]) -> None:
        if len(errors) == 1:
            raise errors[0]
        if errors:
            raise cls(errors)


def every_error(exc: RuleError) -> list[RuleError]:
    """The faults of a refusal, one or several."""
    return list(exc.errors) if isinstance(exc, RuleErrors) else [exc]


def summary_of(exc: RuleError) -> str:
    """What a page says above a refused form: the fault, or how many there are."""
    errors = every_error(exc)
    if len(errors) == 1:
        return errors[0].message
    return ngettext(
        "%(n)d mistake: it is shown beside its box. Fix it, then send again.",
        "%(n)d mistakes, each shown beside its box: fix them all, then send again.",
        len(errors),
    ) % {"n": len(errors)}


class PermissionRuleError(RuleError):
    def __init__(self, message: StrOrPromise, *, code: str = "forbidden"):
        super().__init__(message, code=code, status=403)
