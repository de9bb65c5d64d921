"""Archives waiting for their importer's confirmation (the import cannot be undone; their
origin may not be proved; games corrected on both sites need a choice).

The upload page shows what the import would add and asks; a browser cannot send the same file
again with the answer, so the file waits here, for its uploader only, for a day at most.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.archives.transfer import ImportResult, import_event
from tournaments.errors import RuleError
from tournaments.models import PendingArchiveImport, Season

KEPT = timedelta(days=1)


def hold(data: bytes | str, user, season: Season | None) -> PendingArchiveImport:
    """Keep an uploaded archive until ``user`` confirms it (older ones are dropped): its
    origin is not proved, the import is irreversible, or some games need a choice."""
    PendingArchiveImport.objects.filter(created_at__lt=timezone.now() - KEPT).delete()
    text = data.decode("utf-8-sig") if isinstance(data, (bytes, bytearray)) else data
    return PendingArchiveImport.objects.create(user=user, season=season, data=text)


def confirm(
    pending_id: str, user, *, trust_key: bool, choices: dict[int, str] | None = None
) -> ImportResult:
    """Import the archive ``user`` uploaded and now confirms; checked again from scratch.
    ``choices``: for games corrected differently on both sites, which version stands."""
    pending = PendingArchiveImport.objects.filter(
        pk=int(pending_id) if pending_id.isdigit() else 0,
        user=user,
        created_at__gte=timezone.now() - KEPT,
    ).first()
    if pending is None:
        raise RuleError(
            _(
                "This upload is no longer waiting (confirmed already, or a day old): choose the file again."
            ),
            code="archive_pending",
        )
    result = import_event(
        pending.data,
        user,
        season=pending.season,
        confirmed=True,
        trust_key=trust_key,
        choices=choices,
    )
    pending.delete()
    return result
