"""Archives waiting for their importer's confirmation (the import cannot be undone; their
origin may not be proved; games corrected on both sites need a choice).

The upload page shows what the import would add and asks; a browser cannot send the same file
again with the answer, so the file waits here, for its uploader only, for a day at most.

Not free storage (issue 33, finding 7): an account keeps at most :data:`KEPT_PER_ACCOUNT`
uploads waiting (holding one more drops its oldest: the one it gave up on), each at most
``transfer.MAX_BYTES``; uploads older than :data:`KEPT` are deleted (:func:`purge_expired`, at
each new upload and by the periodic purge); and an account uploads at most
``THROTTLE_ARCHIVE_ACCOUNT`` archives an hour (:func:`admit_upload`), pages and API together.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.throttle import archive_uploads_per_account, minutes
from tournaments.archives.transfer import ImportResult, import_event
from tournaments.errors import RuleError
from tournaments.models import PendingArchiveImport, Season

KEPT = timedelta(days=1)
KEPT_PER_ACCOUNT = 3


def admit_upload(user) -> None:
    """Count one archive upload of ``user`` before it is read; refused in words beyond the
    limit (counted atomically: uploads sent at once cannot slip past it)."""
    wait = archive_uploads_per_account().take(str(user.pk))
    if wait:
        n = minutes(wait)
        raise RuleError(
            ngettext(
                "Too many archives uploaded by this account: try again in %(n)d minute.",
                "Too many archives uploaded by this account: try again in %(n)d minutes.",
                n,
            )
            % {"n": n},
            code="throttled",
            status=429,
            extra={"retry_after": wait},
        )


def purge_expired() -> int:
    """Delete the uploads waiting longer than :data:`KEPT`; returns how many."""
    return PendingArchiveImport.objects.filter(created_at__lt=timezone.now() - KEPT).delete()[0]


@transaction.atomic
def hold(data: bytes | str, user, season: Season | None) -> PendingArchiveImport:
    """Keep an uploaded archive until ``user`` confirms it: its origin is not proved, the
    import is irreversible, or some games need a choice. Expired uploads are dropped, and the
    user's oldest beyond :data:`KEPT_PER_ACCOUNT`."""
    purge_expired()
    # One upload of an account held at a time: simultaneous ones cannot each keep 3.
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    text = data.decode("utf-8-sig") if isinstance(data, (bytes, bytearray)) else data
    held = PendingArchiveImport.objects.create(user=user, season=season, data=text)
    older = PendingArchiveImport.objects.filter(user=user).order_by("-created_at", "-pk")
    extra = list(older.values_list("pk", flat=True)[KEPT_PER_ACCOUNT:])
    PendingArchiveImport.objects.filter(pk__in=extra).delete()
    return held


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
