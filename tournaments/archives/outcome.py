"""What an archive's import answers: what it added (:class:`ImportResult`, counted by
:data:`COUNTED`), or why it refused: a stored row the archive contradicts (:func:`conflict`), or
games whose histories diverged (:class:`ArchiveDiverged`, each a :class:`Divergence` showing the
versions of both sides)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from tournaments.errors import RuleError
from tournaments.models import (
    ArchiveSettlement,
    Event,
)

COUNTED = ("teams", "rounds", "games", "reports", "confirmations", "disputes", "audit")


HERE, THERE = ArchiveSettlement.Stands.HERE, ArchiveSettlement.Stands.ARCHIVE


@dataclass
class VersionShown:
    """One report version of a diverged game, as the organizer reads it before choosing."""

    version: int
    score_a: int
    score_b: int
    who: str
    when: object
    counts: bool  # the result this side counts now


@dataclass
class Divergence:
    """A game corrected differently here and in the archive: both sides, for a person to choose."""

    game_id: int
    round: int
    table: int | None
    team_a: str
    team_b: str
    here: list[VersionShown]
    there: list[VersionShown]

    site: str = ""  # this installation's name
    signer: str = ""  # the hall that signed the archive ("" unsigned)

    @property
    def sides(self) -> list[tuple[str, list[VersionShown], str]]:
        return [(HERE, self.here, self.site), (THERE, self.there, self.signer)]

    @property
    def key(self) -> str:
        """How the command names it: ROUND:TABLE."""
        return f"{self.round}:{self.table or 0}"


class ArchiveDiverged(RuleError):
    """Some games were corrected differently on both sites: nothing was imported. Each needs a
    choice (``choices={game id: "here" | "archive"}``) by someone who ``may_settle``."""

    def __init__(self, divergences: list[Divergence], may_settle: bool, site: str, signer: str):
        games = "; ".join(
            _("round %(round)s, table %(table)s (%(a)s against %(b)s)")
            % {"round": d.round, "table": d.table or "—", "a": d.team_a, "b": d.team_b}
            for d in divergences
        )
        super().__init__(
            _(
                "These games were corrected differently here and in the archive: %(games)s. "
                "Nothing was imported: a league organizer chooses, for each, which version "
                "stands (the other is kept in the game's history), then the rest is imported."
            )
            % {"games": games},
            code="archive_diverged",
            status=409,
        )
        self.divergences, self.may_settle = divergences, may_settle
        self.site, self.signer = site, signer
        # set by import_event when the origin is not proved either (an archives.origin.Origin)
        self.origin: Any = None


@dataclass
class ImportResult:
    event: Event
    new_event: bool
    archived_slug: str
    counts: Counter = field(default_factory=Counter)
    archived_league: str = ""
    archived_season: str = ""

    @property
    def up_to_date(self) -> bool:
        """Nothing was added: this site already had everything the archive holds."""
        return not any(self.counts[key] for key in COUNTED) and not self.counts["updated"]

    @property
    def slug_changed(self) -> bool:
        return self.event.slug != self.archived_slug


def conflict(place: str, here, there) -> RuleError:
    def show(value):
        return value.isoformat() if hasattr(value, "isoformat") else value

    return RuleError(
        _(
            "%(place)s: “%(here)s” here, “%(there)s” in the archive. An archive may add to an "
            "event already imported here, never change what is stored (results are never "
            "overwritten)."
        )
        % {"place": place, "here": show(here), "there": show(there)},
        code="archive_conflict",
        field=place,
    )
