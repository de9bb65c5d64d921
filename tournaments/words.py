"""Words said the same way on every page, file and message.

* :func:`skunk_label` — "skunk" / "double skunk" / "triple skunk" (pétrin, double pétrin…): the
  team page, the round page, the captain's home, the CSV and the audit log all call it.
* :func:`french_articles` — French contracts "de"/"à" with the article a proper name starts with:
  "le capitaine des Atouts" (not "de Les Atouts"), "du Pétrin", "aux Atouts", "au Pétrin",
  "d'Alma". Team and event names are proper nouns that often start with an article, so every
  French message and page that puts one after "de" or "à" goes through it (:func:`say` for
  messages built in Python, the ``contracted`` template filter for pages).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext

# Only a capitalised article or vowel after "de"/"à" is touched: "essayez de le faire" (a
# pronoun, lower case) stays as it is; a name's capital is what starts a proper noun.
_DE_ARTICLE = re.compile(r"(?<![\w’'])([Dd])e (Les?) (?=\S)")
_A_ARTICLE = re.compile(r"(?<![\w’'])([Àà]) (Les?) (?=\S)")
_DE_VOWEL = re.compile(r"(?<![\w’'])([Dd])e (?=[AEIOUÀÂÉÈÊËÎÏÔÛÙ])")

_DE = {"Le": "u", "Les": "es"}
_A = {"Le": "u", "Les": "ux"}


def skunk_label(level: int | None) -> str:
    """The one name of a game's skunk level, in the active language ("" for none)."""
    words = {
        1: gettext("skunk"),
        2: gettext("double skunk"),
        3: gettext("triple skunk"),
    }
    return words.get(int(level or 0), "")


def _contract(text: str) -> str:
    text = _DE_ARTICLE.sub(lambda m: f"{m[1]}{_DE[m[2]]} ", text)
    text = _A_ARTICLE.sub(lambda m: ("A" if m[1] == "À" else "a") + f"{_A[m[2]]} ", text)
    return _DE_VOWEL.sub(lambda m: f"{m[1]}’", text)


def french_articles(text: str, language: str | None = None) -> str:
    """``text`` with "de"/"à" contracted before a proper name's article, in French only.

    >>> french_articles("le capitaine de Les Atouts", "fr-ca")
    'le capitaine des Atouts'
    >>> french_articles("Donner la victoire à Le Pétrin ?", "fr-ca")
    'Donner la victoire au Pétrin ?'
    >>> french_articles("captain of Les Atouts", "en")
    'captain of Les Atouts'
    """
    language = language or get_language() or ""
    return _contract(text) if language.startswith("fr") else text


_DOUBLED_PERIOD = re.compile(r"\b([ap])\.m\.\.")


def one_period(text: str) -> str:
    """A sentence ending on an English time keeps one period: "until 7 p.m." (not "p.m..").

    >>> one_period("Registration closed on Nov. 28, 2026, 7 p.m..")
    'Registration closed on Nov. 28, 2026, 7 p.m.'
    """
    return _DOUBLED_PERIOD.sub(r"\1.m.", text)


def say(message: str | Promise, values: Mapping[str, object]) -> str:
    """A translated message (lazy or not) with its names put in (``message % values``), its
    French "de/à + name" contracted: the one way Python code words a message about a team."""
    return french_articles(str(message) % values)


def name_key(name: str) -> tuple[str, str]:
    """Sort key for people's and teams' names as a French reader expects: "Élise" with the E's
    (not after "Z", where code points put it), "œ" as "oe", case ignored; the name itself
    breaks ties so the order is stable.

    >>> sorted(["Zoé", "Élise", "Eric", "émile", "Œuvre", "Odile"], key=name_key)
    ['Élise', 'émile', 'Eric', 'Odile', 'Œuvre', 'Zoé']
    """
    spelled = unicodedata.normalize("NFKD", name.replace("œ", "oe").replace("Œ", "Oe"))
    bare = "".join(c for c in spelled if not unicodedata.combining(c))
    return bare.casefold(), name


@dataclass(frozen=True)
class EntryWords:
    """The nouns for who an event's entries are: a team of two with its captain, or, in a
    singles event, one player (who is also the one the "captain" pages speak to). Pages, slips,
    sheets, CSV headers and e-mails take their nouns from here rather than testing the event.
    Each is translated when read (the page's language, not the one at build time)."""

    singles: bool

    @property
    def entry(self) -> str:
        return gettext("player") if self.singles else gettext("team")

    @property
    def entries(self) -> str:
        return gettext("players") if self.singles else gettext("teams")

    @property
    def Entry(self) -> str:  # noqa: N802 - the capitalised noun, as templates read it
        return gettext("Player") if self.singles else gettext("Team")

    @property
    def Entries(self) -> str:  # noqa: N802
        return gettext("Players") if self.singles else gettext("Teams")

    @property
    def captain(self) -> str:
        return gettext("player") if self.singles else gettext("captain")

    @property
    def Captain(self) -> str:  # noqa: N802
        return gettext("Player") if self.singles else gettext("Captain")

    @property
    def captains(self) -> str:
        return gettext("players") if self.singles else gettext("captains")

    @property
    def Captains(self) -> str:  # noqa: N802
        return gettext("Players") if self.singles else gettext("Captains")

    @property
    def entry_name(self) -> str:
        return gettext("Player") if self.singles else gettext("Team name")

    @property
    def players(self) -> str:
        """Who makes up an entry, as a column header: "Players" / "Player"."""
        return gettext("Player") if self.singles else gettext("Players")


def entry_words(event) -> EntryWords:
    """The nouns of ``event``'s entries (any object with ``entry``; pairs when it has none)."""
    return EntryWords(singles=getattr(event, "entry", "pairs") == "singles")


def team_people(team, singles: bool | None = None) -> str:
    """Who plays in an entry, as written on sheets and lists: "Marie Roy & Luc Roy", or the one
    player of a singles entry (never a trailing "&")."""
    names = [n for n in (getattr(team, "captain", ""), getattr(team, "partner", "")) if n]
    if singles:
        names = names[:1]
    return " & ".join(names)
