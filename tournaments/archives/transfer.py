"""Event archives: one JSON file carries a whole event from one Huche installation to another.

The use case: an event runs on a laptop at a hall without internet, then goes into the league's
central site. :func:`export_event` writes everything that makes the event (settings, players,
teams, rounds, seating, every report version with its fingerprint, confirmations, disputes, the
audit log); :func:`import_event` checks all of it and writes it in one transaction, or refuses
with a message that names the place and changes nothing. ``docs/archives.md`` describes the
format.

Not exported: the captains' private links and PINs. They are credentials, valid only on the site
that printed them; an archive is a file that travels by USB key and email, and on the central
site the event is over (organizers issue new links there if ever needed).

Users are written as email + label. On import a user is linked when an account with that email
exists; otherwise only the label is kept: an archive never creates accounts.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
from collections.abc import Callable

from django.conf import settings
from django.db import DataError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import EventRole
from accounts.roles import grant
from tournaments import audit
from tournaments.archives import open_format, signing
from tournaments.archives.checks import check_archive
from tournaments.archives.content import content_of
from tournaments.archives.format import ArchiveContent, first_error
from tournaments.archives.origin import ArchiveNotProved, Origin, origin_of, trust
from tournaments.archives.outcome import ArchiveDiverged, ImportResult
from tournaments.archives.store import Store
from tournaments.audit import AuditAction
from tournaments.errors import PermissionRuleError, RuleError
from tournaments.models import (
    Event,
    Season,
)
from tournaments.publishing.caching import bump_event
from tournaments.standings.engine import StandingsError
from tournaments.standings.service import compute

SCHEMA = "huche.event-archive"
SCHEMA_VERSION = 1
# A season's events are a few hundred KB; the largest event's archive (60 teams, every sheet
# hand by hand, its audit log) stays well under this (issue 33, finding 7: 18 MB of padding).
MAX_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 64

__all__ = [
    "ArchiveDiverged",
    "ArchiveNotProved",
    "SCHEMA",
    "SCHEMA_VERSION",
    "ImportResult",
    "dumps",
    "export_event",
    "import_event",
    "may_import",
    "may_import_into",
]


# --- export ---------------------------------------------------------------------------------


def export_event(event: Event) -> dict:
    """The archive of ``event``: plain JSON values, ready for :func:`dumps`."""
    document = {"schema": SCHEMA, "schema_version": SCHEMA_VERSION, **content_of(event)}
    document = signing.sign(document, canonical)
    document["checksum"] = checksum(document)
    return document


def dumps(archive: dict) -> str:
    """Stable, readable text: indented, keys sorted, accents as they are."""
    return json.dumps(archive, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def archive_filename(event: Event) -> str:
    return f"{event.slug}-{timezone.localdate():%Y%m%d}.huche.json"


# --- checksum -------------------------------------------------------------------------------


def canonical(document: dict) -> bytes:
    """The bytes the checksum covers: everything but the checksum, in one canonical form."""
    body = {key: value for key, value in document.items() if key != "checksum"}
    return json.dumps(
        body, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False
    ).encode("utf-8")


def _key() -> bytes:
    return str(getattr(settings, "HUCHE_ARCHIVE_KEY", "") or "").encode()


def checksum(document: dict) -> str:
    """``sha256:…``; ``hmac-sha256:…`` when the site has an archive key (proves the origin)."""
    body, key = canonical(document), _key()
    if key:
        return "hmac-sha256:" + hmac.new(key, body, hashlib.sha256).hexdigest()
    return "sha256:" + hashlib.sha256(body).hexdigest()


def verify_checksum(document: dict) -> bool:
    """Check the checksum; ``True`` when it is the site's shared-key HMAC (proves the origin)."""
    given = document.get("checksum")
    if not isinstance(given, str) or ":" not in given:
        raise RuleError(
            _(
                "checksum: is missing or unreadable; an event archive ends with the "
                "checksum of its content (“sha256:…” or “hmac-sha256:…”)."
            ),
            code="archive_checksum",
            field="checksum",
        )
    algorithm = given.split(":", 1)[0]
    if algorithm not in ("sha256", "hmac-sha256"):
        raise RuleError(
            _("checksum: unknown algorithm “%(name)s”; allowed: sha256, hmac-sha256.")
            % {"name": algorithm[:40]},
            code="archive_checksum",
            field="checksum",
        )
    if _key() and algorithm != "hmac-sha256":
        raise RuleError(
            _(
                "checksum: this site accepts only archives signed with its archive "
                "key (HUCHE_ARCHIVE_KEY); this one carries a plain checksum. Export "
                "it from a site that has the same key."
            ),
            code="archive_unsigned",
            field="checksum",
        )
    if not _key() and algorithm == "hmac-sha256":
        raise RuleError(
            _(
                "checksum: this archive is signed with an archive key, and this site "
                "has none: set HUCHE_ARCHIVE_KEY to the same key to import it."
            ),
            code="archive_unsigned",
            field="checksum",
        )
    try:
        expected = checksum(document)
    except (ValueError, UnicodeError):  # NaN, or text that is not valid Unicode
        raise RuleError(
            _("The file is not a valid event archive (it holds values JSON does not allow)."),
            code="archive_json",
        ) from None
    if not hmac.compare_digest(expected, given):
        raise RuleError(
            _(
                "checksum: does not match the content: the file was changed or "
                "damaged after it was exported (or signed with another key). Export "
                "it again from the original site."
            ),
            code="archive_checksum",
            field="checksum",
        )
    return algorithm == "hmac-sha256"


# --- import ---------------------------------------------------------------------------------


def not_an_archive() -> str:
    """JSON, but not what Huche writes (``{"hello": "world"}``, a list, another program's file)."""
    return _(
        "This file is not a Huche event archive: it is JSON, but not the file Huche writes "
        "(an archive begins with “schema”: “%(schema)s”). Choose the .json file given by "
        "“Download the archive” on an event's dashboard."
    ) % {"schema": SCHEMA}


def too_large_message(size: int) -> str:
    return _(
        "The archive is too large (%(size)s KB): an event archive is at most %(max)d KB (a "
        "whole season is a few hundred KB). Choose the .json file given by “Download the "
        "archive” on an event's dashboard."
    ) % {"size": f"{size / 1024:,.0f}".replace(",", " "), "max": MAX_BYTES // 1024}


def _refuse_large(size: int) -> None:
    if size > MAX_BYTES:
        raise RuleError(too_large_message(size), code="too_large")


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not allowed in JSON")


def load(data: bytes | str | dict) -> dict:
    """The archive as a dict, from the file's bytes or text (or an already parsed dict)."""
    if isinstance(data, dict):
        try:  # the API's "archive" field, already parsed: held to the file's size too
            size = len(json.dumps(data, ensure_ascii=False).encode("utf-8", "replace"))
        except (TypeError, ValueError, RecursionError):
            size = 0  # the checks below refuse such values in words
        _refuse_large(size)
    if isinstance(data, (bytes, bytearray)):
        _refuse_large(len(data))
        if bytes(data[:4]) == b"PK\x03\x04":
            raise RuleError(
                _(
                    "This is a zip file, not a Huche event archive. An archive is the .json "
                    "file given by “Download the archive” on an event's dashboard: if it is "
                    "inside this zip, extract it and import the .json file."
                ),
                code="archive_schema",
            )
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RuleError(
                _(
                    "This file is not a Huche event archive: it is not text. An archive is "
                    "the .json file given by “Download the archive” on an event's dashboard."
                ),
                code="archive_json",
            ) from None
    if isinstance(data, str):
        text = data
        _refuse_large(len(text.encode("utf-8", "replace")))
        try:
            data = json.loads(text, parse_constant=_refuse_constant)
        except json.JSONDecodeError as exc:
            raise RuleError(
                (
                    _(
                        "The file is not valid JSON (line %(line)d, column %(col)d: "
                        "%(error)s); it may be truncated. An event archive is the .json "
                        "file Huche's “Download the archive” gives."
                    )
                    if text.lstrip().startswith("{")
                    else _(
                        "This file is not a Huche event archive: it is not JSON. An archive "
                        "is the .json file given by “Download the archive” on an event's "
                        "dashboard."
                    )
                )
                % {"line": exc.lineno, "col": exc.colno, "error": exc.msg},
                code="archive_json",
            ) from None
        except (ValueError, RecursionError) as exc:
            raise RuleError(
                _("The file is not valid JSON: %(error)s.") % {"error": exc}, code="archive_json"
            ) from None
    if not isinstance(data, dict):
        raise RuleError(not_an_archive(), code="archive_schema")
    return data


def _check_values(value, place: str = "", depth: int = 0) -> None:
    """Text a database accepts everywhere (no NUL, valid Unicode), finite numbers, sane depth."""
    if depth > MAX_DEPTH:
        raise RuleError(
            _("%(place)s: nested too deeply.") % {"place": place or "archive"},
            code="archive_invalid",
            field=place,
        )
    if isinstance(value, str):
        if "\x00" in value:
            raise RuleError(
                _("%(place)s: text may not contain the NUL character.")
                % {"place": place or "archive"},
                code="archive_invalid",
                field=place,
            )
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise RuleError(
                _("%(place)s: text is not valid Unicode.") % {"place": place or "archive"},
                code="archive_invalid",
                field=place,
            ) from None
    elif isinstance(value, float) and not math.isfinite(value):
        raise RuleError(
            _("%(place)s: numbers must be finite.") % {"place": place},
            code="archive_invalid",
            field=place,
        )
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_values(key, place, depth + 1)
            _check_values(item, f"{place}.{key}" if place else str(key), depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_values(item, f"{place}[{index}]", depth + 1)


def check_envelope(document: dict) -> None:
    schema, version = document.get("schema"), document.get("schema_version")
    if schema != SCHEMA:
        raise RuleError(not_an_archive(), code="archive_schema", field="schema")
    if type(version) is not int:
        raise RuleError(
            _("schema_version: must be a whole number (this site reads version %(v)d).")
            % {"v": SCHEMA_VERSION},
            code="archive_schema",
            field="schema_version",
        )
    if version > SCHEMA_VERSION:
        raise RuleError(
            _(
                "schema_version: this archive is in format version %(given)d, "
                "written by a newer Huche; this site reads format version %(v)d. "
                "Update this site first, then import it."
            )
            % {"given": version, "v": SCHEMA_VERSION},
            code="archive_version",
            field="schema_version",
        )
    if version < 1:
        raise RuleError(
            _("schema_version: %(given)d does not exist; this site reads format version %(v)d.")
            % {"given": version, "v": SCHEMA_VERSION},
            code="archive_version",
            field="schema_version",
        )


def read_archive(data) -> tuple[dict, dict, signing.Signer | None, bool]:
    """``(document, checked content, signer, shared-key HMAC?)`` or a :class:`RuleError`;
    nothing is written. A signature that does not match the content is refused here."""
    document = load(data)
    if open_format.is_results(document):
        # The open results format: checked against its schema, then read as an archive's
        # content with neutral internal fields; unsigned, so its origin is never proved.
        _check_values(document)
        open_format.check(document)
        content = _checked(open_format.to_archive(document))
        _refuse_results_of_a_known_event(content["event"])
        return document, content, None, False
    check_envelope(document)
    _check_values(document)
    shared_key = verify_checksum(document)
    signer = signing.verify(document, canonical)
    return document, _checked(document), signer, shared_key


def _checked(document: dict) -> dict:
    """Every field (DRF serializers), then the references and the rules engine's re-reading."""
    serializer = ArchiveContent(data=document)
    if not serializer.is_valid():
        place, message = first_error(serializer.errors)
        raise RuleError(f"{place}: {message}", code="archive_invalid", field=place)
    content = serializer.validated_data
    check_archive(content)
    return content


def may_import(user) -> bool:
    """Staff, and whoever organizes an event or a league here."""

    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    return bool(
        user.is_staff
        or user.organized_leagues.exists()
        or EventRole.objects.filter(user=user, role=EventRole.Role.ORGANIZER).exists()
    )


def may_import_into(user, season: Season) -> bool:
    """Into a season: its league's organizers and staff (the league's players get linked)."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    return bool(user.is_staff or season.league.organizers.filter(pk=user.pk).exists())


def import_event(
    data,
    actor,
    *,
    season: Season | None = None,
    trusted: bool = False,
    confirmed: bool = False,
    trust_key: bool = False,
    choices: dict[int, str] | None = None,
    preview: bool = False,
) -> ImportResult:
    """Import an archive (bytes, text or parsed dict) as ``actor``, in ``season`` or none.

    ``trusted`` skips the permission checks (the ``import_event`` command: whoever runs it
    has the server). An archive whose origin is not proved (``archives.origin``) raises
    :class:`ArchiveNotProved` with what it would change, unless ``confirmed``; ``trust_key``
    also pins its hall's key for the season's league. Games corrected differently here and in
    the archive raise :class:`ArchiveDiverged` (both versions of each), unless ``choices``
    (game id → ``"here"`` or ``"archive"``) says which stands for each. All-or-nothing: on any
    :class:`RuleError` the database is unchanged. ``preview`` imports nothing and answers
    what the import would add (the page asks before the irreversible import).
    """
    if not trusted:
        if not may_import(actor):
            raise PermissionRuleError(_("Only organizers and staff may import an event archive."))
        if season is not None and not may_import_into(actor, season):
            raise PermissionRuleError(
                _(
                    "Only the organizers of the league “%(league)s” (or "
                    "staff) may import an event into its seasons."
                )
                % {"league": season.league}
            )
    document, content, signer, shared_key = read_archive(data)
    origin = origin_of(document, signer, season.league if season else None, shared_key)
    if trust_key and not origin.may_trust:
        raise RuleError(
            _(
                "Only a signed archive of a hall the league does not know yet can have its "
                "key trusted, and only when importing into a season: one can only trust a "
                "hall's key for a league."
            ),
            code="archive_trust",
            field="signature",
        )

    def store() -> Store:
        return Store(
            content,
            actor,
            season=season,
            trusted=trusted,
            choices=choices,
            site=signing.install_name(),
            signer=signer.name if signer is not None else "",
            # Accounts of this site are credited only from an archive whose origin is proved
            # (or whose hall key the importer now trusts), never on a confirmation alone.
            link_accounts=origin.proved or trust_key,
        )

    try:
        if not origin.proved and not (confirmed or trust_key):
            raise ArchiveNotProved(origin, _plan(store))
        if preview:
            return _plan(store)
        with transaction.atomic():
            if trust_key:
                trust(origin, actor)
            result = store().run()
            if not result.up_to_date:
                _finish(result, actor, document, origin)
    except ArchiveDiverged as exc:
        exc.origin = None if origin.proved or confirmed or trust_key else origin
        raise
    except (IntegrityError, DataError) as exc:
        # The checks above should have caught it; the database's own rules are the last guard.
        raise RuleError(
            _("The archive could not be stored: %(error)s. Nothing was imported.")
            % {"error": str(exc).splitlines()[0][:200]},
            code="archive_invalid",
        ) from None
    return result


def _refuse_results_of_a_known_event(event: dict) -> None:
    """A results document lacks what only an archive carries (seeds, registration moments…):
    matched against an event stored here, every such field would differ. It only creates."""
    known = Event.objects.filter(uid=event["uid"]).first()
    if known is not None:
        raise RuleError(
            _(
                "This event is already on this site (“%(event)s”): a results document "
                "(huche.results) only brings an event that is not here yet. To add what "
                "happened since, import the event's archive from the site that ran it."
            )
            % {"event": known},
            code="archive_conflict",
        )


class _DryRun(Exception):
    pass


def _plan(store: Callable[[], Store]) -> ImportResult:
    """What the import would add, found by writing it and rolling it all back."""
    try:
        with transaction.atomic():
            result = store().run()
            raise _DryRun
    except _DryRun:
        return result
    except (IntegrityError, DataError) as exc:
        raise RuleError(
            _("The archive could not be stored: %(error)s. Nothing was imported.")
            % {"error": str(exc).splitlines()[0][:200]},
            code="archive_invalid",
        ) from None


def _finish(result: ImportResult, actor, document: dict, origin: Origin) -> None:
    """Who imported what (audit), the importer's role, fresh caches, standings that compute."""

    event = result.event
    user = actor if getattr(actor, "is_authenticated", False) else None
    if user is not None:
        grant(user, event, EventRole.Role.ORGANIZER)
    audit.record(
        event,
        user,
        AuditAction.EVENT_IMPORT,
        str(event),
        after={
            "schema_version": document["schema_version"],
            "checksum": document.get("checksum", ""),
            **({"format": open_format.SCHEMA} if open_format.is_results(document) else {}),
            "exported_at": document["exported_at"],
            "new_event": result.new_event,
            "archived_slug": result.archived_slug,
            **origin.as_audit(),
            **({} if origin.proved else {"confirmed": True}),
            **{key: value for key, value in sorted(result.counts.items()) if value},
        },
    )
    bump_event(event)
    try:
        compute(event)
    except (StandingsError, ValueError, TypeError, KeyError, ZeroDivisionError) as exc:
        raise RuleError(
            _("The imported results cannot be ranked: %(error)s. Nothing was imported.")
            % {"error": exc},
            code="archive_invalid",
        ) from None
