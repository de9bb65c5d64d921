"""The people an archive names (who reported, confirmed, decided, seated) matched with this site's
accounts by email, or kept as the label the archive gives."""

from __future__ import annotations

from django.contrib.auth import get_user_model


class Users:
    """Users of the archive found here by email; nobody is created from an archive.

    ``link=False`` (an archive whose origin is not proved, imported on its importer's word):
    nobody is found either. Its audit entries, reports and decisions keep the names the
    archive gives (``label``) and are credited to no account of this site: anyone can write
    an email address into an unsigned file (issue 33, finding 8)."""

    def __init__(self, link: bool = True):
        self.cache: dict[str, object] = {}
        self.link = link

    def find(self, ref: dict | None):
        """``(user or None, label)`` for a user reference of the archive."""
        if ref is None:
            return None, ""
        if not self.link:
            return None, ref["label"] or ref["email"]
        email = ref["email"].strip().lower()
        if email and email not in self.cache:
            self.cache[email] = get_user_model().objects.filter(email__iexact=email).first()
        return (self.cache.get(email) if email else None), ref["label"]


def same_user(user, label: str, ref: dict | None) -> bool:
    if ref is None:
        return user is None and not label
    if user is not None and ref["email"]:
        return user.email.lower() == ref["email"].strip().lower()
    return label == ref["label"] or (user is not None and str(user) == ref["label"])
