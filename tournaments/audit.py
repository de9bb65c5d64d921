"""The audit log: every change to an event, team, seating or result says who, when, what."""

from __future__ import annotations

from typing import Any

from django.forms.models import model_to_dict

from .models import AuditEntry, Event


def snapshot(obj, fields: list[str] | None = None) -> dict[str, Any]:
    """A JSON-safe picture of a model instance for the before/after columns."""
    data = model_to_dict(obj, fields=fields)
    return {k: (v if isinstance(v, (int, float, str, bool, type(None), list, dict)) else str(v))
            for k, v in data.items()}


def actor_label(actor) -> str:
    """A user, a team acting through its captain's link, or a system process."""
    if actor is None:
        return "system"
    if hasattr(actor, "email"):
        return str(actor)
    return f"captain of {actor}"


def record(event: Event | None, actor, action: str, target: str = "", *,
           before: dict | None = None, after: dict | None = None) -> AuditEntry:
    user = actor if hasattr(actor, "email") else None
    return AuditEntry.objects.create(
        event=event, actor=user, actor_label=actor_label(actor), action=action, target=target,
        before=before, after=after,
    )
