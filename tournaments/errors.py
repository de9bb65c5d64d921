"""One error type for every rule the tournament services enforce.

It carries a message a person can act on (what was wrong, where, what is allowed), a stable
``code`` for programs, and the ``field`` it concerns when there is one. Pages show the message
beside the field; the API answers 400 with ``{"detail", "code", "field"}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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


class PermissionRuleError(RuleError):
    def __init__(self, message: StrOrPromise, *, code: str = "forbidden"):
        super().__init__(message, code=code, status=403)
