"""Issue 49's numbered points still open when the state machine was written.

The machine keeps every invariant, but skips the one known case of each point listed here
(search for ``open_point(N)``); the point's regression test is marked
``xfail(strict=True, reason="issue 49 point N")``. Once a point is fixed: take its number
out of this set AND the xfail mark off its regression test, so the machine checks it too.
"""

from __future__ import annotations

OPEN_ISSUE_49_POINTS: frozenset[int] = frozenset()


def open_point(number: int) -> bool:
    """Whether issue 49's point ``number`` is known to be still broken (the machine skips it)."""
    return number in OPEN_ISSUE_49_POINTS
