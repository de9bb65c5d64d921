"""Where an archive comes from, and whether this site may take it without asking.

An archive's origin is *proved* when it carries

- this installation's own signature (exported here);
- the signature of a hall key the target season's league trusts (pinned on first use, as SSH
  pins host keys: :class:`~tournaments.models.ArchiveKey`);
- or, when the site sets ``HUCHE_ARCHIVE_KEY``, the HMAC of that shared key (only the league's
  own installations know it).

Otherwise (no signature, or a key the league does not know yet, or no season hence no league)
it is *not proved*: the importer sees what the import would change and must confirm it; the
confirmation is in the audit log. A league organizer confirming a signed archive of a new hall
may trust its key at the same time. A hall name the league already trusts with *another* key is
refused outright, naming both fingerprints, until an organizer forgets the old key.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments import audit
from tournaments.archives.signing import Signer, this_install
from tournaments.audit import AuditAction
from tournaments.errors import RuleError
from tournaments.models import ArchiveKey, League

THIS_SITE, TRUSTED_KEY, SHARED_KEY, UNKNOWN_KEY, UNSIGNED = (
    "this_site",
    "trusted_key",
    "shared_key",
    "unknown_key",
    "unsigned",
)


class ArchiveNotProved(RuleError):
    """The archive's origin is not proved: nothing was imported; ``plan`` is what the import
    would do (teams, games, reports added…), for the importer to read before confirming."""

    def __init__(self, origin: Origin, plan):
        super().__init__(
            origin.explanation()
            + " "
            + _("Nothing was imported: confirm the import once you have checked what it adds."),
            code="archive_unproved",
            field="signature",
            status=409,
        )
        self.origin, self.plan = origin, plan


@dataclass(frozen=True)
class Origin:
    kind: str
    signer: Signer | None = None
    league: League | None = None

    @property
    def proved(self) -> bool:
        return self.kind in (THIS_SITE, TRUSTED_KEY, SHARED_KEY)

    @property
    def may_trust(self) -> bool:
        """A new hall key of a league: an organizer may pin it while confirming."""
        return self.kind == UNKNOWN_KEY and self.league is not None

    def as_audit(self) -> dict:
        data: dict = {"origin": self.kind}
        if self.signer is not None:
            data |= {"signer": self.signer.name, "key": self.signer.fingerprint}
        return data

    def explanation(self) -> str:
        """What this origin proves, in a sentence the importer reads before confirming."""
        name = self.signer.name if self.signer else ""
        key = self.signer.fingerprint if self.signer else ""
        if self.kind == UNSIGNED:
            return _(
                "This archive is not signed: nothing proves which installation wrote it, "
                "nor that nobody edited it (its checksum can be recomputed by anyone). "
                "Import it only if you know where the file comes from."
            )
        if self.kind == UNKNOWN_KEY and self.league is None:
            return _(
                "This archive is signed by “%(name)s” (key %(key)s), and the file was not "
                "changed since; but without a season no league vouches for that key. "
                "Import it only if you know that installation."
            ) % {"name": name, "key": key}
        if self.kind == UNKNOWN_KEY:
            return _(
                "This archive is signed by “%(name)s” (key %(key)s), a hall the league "
                "“%(league)s” does not know yet. Compare the key with the one shown on that "
                "hall's laptop (event dashboard, or manage.py archive_key) before trusting it."
            ) % {"name": name, "key": key, "league": self.league}
        return _("Signed by “%(name)s” (key %(key)s).") % {"name": name, "key": key}


def origin_of(document: dict, signer: Signer | None, league: League | None, hmac: bool) -> Origin:
    """The archive's origin for an import into ``league`` (``None``: no season).

    ``hmac``: its checksum is the site's shared-key HMAC (already verified)."""
    if signer is not None:
        if signer.public_key == this_install().public_key:
            return Origin(THIS_SITE, signer, league)
        pinned = (
            ArchiveKey.objects.filter(league=league, hall=signer.name).first() if league else None
        )
        if pinned is not None and pinned.public_key != signer.public_key:
            raise RuleError(
                _(
                    "signature: this archive is signed by “%(name)s” with the key "
                    "%(key)s, but the league “%(league)s” trusts another key for that hall "
                    "(%(pinned)s, since %(since)s). If that hall's installation really "
                    "changed (reinstalled, new laptop), one of the league's organizers "
                    "forgets the old key on the league's page, then imports again. "
                    "Nothing was imported."
                )
                % {
                    "name": signer.name,
                    "key": signer.fingerprint,
                    "league": league,
                    "pinned": pinned.fingerprint,
                    "since": f"{pinned.trusted_at:%Y-%m-%d}",
                },
                code="archive_key_mismatch",
                field="signature",
            )
        if pinned is not None:
            return Origin(TRUSTED_KEY, signer, league)
    if hmac:
        return Origin(SHARED_KEY, signer, league)
    return Origin(UNKNOWN_KEY if signer else UNSIGNED, signer, league)


def trust(origin: Origin, user) -> ArchiveKey:
    """Pin the archive's hall key for its league (trust on first use), in the audit log."""
    league, signer = origin.league, origin.signer
    assert origin.may_trust and league is not None and signer is not None
    key = ArchiveKey.objects.create(
        league=league,
        hall=signer.name,
        public_key=signer.public_key,
        fingerprint=signer.fingerprint,
        trusted_by=user if getattr(user, "is_authenticated", False) else None,
    )
    audit.record(
        None,
        user,
        AuditAction.ARCHIVE_KEY_TRUST,
        key.hall,
        after={"league": league.slug, "hall": key.hall, "key": key.fingerprint},
    )
    return key


def forget(key: ArchiveKey, user) -> None:
    """Stop trusting a hall's key (its installation changed): the next archive of that hall
    is shown for confirmation again, and may then be trusted."""
    audit.record(
        None,
        user,
        AuditAction.ARCHIVE_KEY_FORGET,
        key.hall,
        before={"league": key.league.slug, "hall": key.hall, "key": key.fingerprint},
    )
    key.delete()
