"""The captain's score form answered to its script (static/huche/report.js) in JSON.

Without the script the form posts and redirects as any page does. With it, the report is sent
with ``Accept: application/json`` and kept on the phone until one of these answers arrives:
``received`` (with the receipt, also as HTML to show in place) or ``refused`` (a ``code``, the
message in words and what to do). Anything else (no network, a timeout, a 5xx) means "not
known to be stored": the script sends the same report again with the same idempotency key.
"""

from __future__ import annotations

from functools import wraps

from django.http import Http404, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from tournaments.errors import RuleError, every_error, summary_of
from tournaments.results.receipts import Receipt


def wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def received(request, outcome, team, opponent, message: str) -> JsonResponse:
    receipt = Receipt.of(outcome.report, team)
    html = render_to_string(
        "tournaments/_receipt.html",
        {"receipt": receipt, "us": team, "them": opponent, "message": message},
        request=request,
    )
    return JsonResponse(
        {
            "state": "received",
            "created": outcome.created,
            "status": outcome.status,
            "number": receipt.number,
            "message": message,
            "receipt_html": html,
        }
    )


def refused(
    code: str,
    message: str,
    *,
    field: str | None = None,
    status: int = 400,
    errors: list[dict] | None = None,
):
    body: dict[str, object] = {"state": "refused", "code": code, "message": message, "field": field}
    if errors:
        body["errors"] = errors  # every fault with its field, to mark each box at once
    return JsonResponse(body, status=status)


def refused_by_rule(exc: RuleError) -> JsonResponse:
    message = summary_of(exc)
    if exc.code == "finished":
        message += " " + _("Your score stays on this phone: show it to an official.")
    faults = every_error(exc)
    errors = [{"field": e.field, "message": e.message} for e in faults] if len(faults) > 1 else None
    return refused(exc.code, message, field=exc.field, status=exc.status, errors=errors)


def pin_needed() -> JsonResponse:
    return refused(
        "pin",
        _(
            "This phone must enter the PIN again: open your games (the button below), type "
            "the PIN from your slip, and the score kept here is sent by itself."
        ),
        status=403,
    )


def answers_fetch(view):
    """A link that no longer works answers the script in words (a page would say 404)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not wants_json(request):
            return view(request, *args, **kwargs)
        try:
            return view(request, *args, **kwargs)
        except Http404:
            return refused(
                "link_gone",
                _(
                    "This link no longer works: it was replaced by a new slip, or your team "
                    "has withdrawn. Ask an official for your new slip (link and PIN)."
                ),
                status=404,
            )

    return wrapper
