"""The hand-by-hand sheet as a plain HTML form (works without JavaScript), both ways.

Fields are named ``d{deal}-{what}`` with deals numbered from 1: ``dealer`` (``us``/``them`` for
a captain, ``a``/``b`` for an official), ``heels``, ``peg_us``/``peg_them``, ``h1``…``h4`` (the
hands' counts in show order, the dealer's hand last), ``crib``, optional ``starter``,
``h1cards``… and ``cribcards``. Rows left empty are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ROWS = 20
HANDS = 4


def _side(value: str, us: str) -> str | None:
    them = "b" if us == "a" else "a"
    return {"us": us, "them": them, "a": "a", "b": "b"}.get(value)


def _blank(value: object) -> bool:
    return value is None or str(value).strip() == ""


def sheet_from_post(data: Mapping[str, Any], *, us: str, hands: int = HANDS) -> dict:
    """Build the engine's sheet from the form; ``us`` is the side of the person entering it."""
    them = "b" if us == "a" else "a"
    deals = []
    for n in range(1, ROWS + 1):
        get = lambda key, n=n: (data.get(f"d{n}-{key}") or "").strip()  # noqa: E731
        counts = [get(f"h{i}") for i in range(1, hands + 1)]
        filled = any(
            [
                get("dealer")
                and (get("peg_us") or get("peg_them") or any(counts) or get("crib") or get("heels"))
            ]
        )
        if not filled:
            continue
        deal: dict = {
            "dealer": _side(get("dealer"), us) or get("dealer"),
            "heels": get("heels") in ("on", "1", "true"),
            "pegging": {us: get("peg_us") or 0, them: get("peg_them") or 0},
        }
        if get("starter"):
            deal["starter"] = get("starter")
        if get("pegged_out"):
            deal["pegged_out"] = _side(get("pegged_out"), us)
        entered = []
        for i, count in enumerate(counts, start=1):
            if _blank(count):
                break
            cards = get(f"h{i}cards")
            entered.append({"count": count, "cards": cards} if cards else count)
        deal["hands"] = entered
        if not _blank(get("crib")):
            cards = get("cribcards")
            deal["crib"] = {"count": get("crib"), "cards": cards} if cards else get("crib")
        deals.append(deal)
    return {"deals": deals}
