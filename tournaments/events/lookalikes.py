"""Names that look alike though spelt with other letters: « Les Аs » (a Cyrillic А) beside
« Les As » (issue 51, finding 9). Two names are look-alikes when their skeletons are equal, as
Unicode's security mechanisms define it (UTS #39, "confusable detection": each character
replaced by the prototype it may be mistaken for), on the data of Unicode's confusables.txt as
the ``confusable-homoglyphs`` library ships it (the library, not a hand-made table).

That library gives, for each character, the characters it may be confused with: a prototype
lists its look-alikes, a look-alike lists its prototype. :func:`skeleton` maps each character to
one representative of that group (the same from every member), so "А" (Cyrillic), "Α" (Greek)
and "A" all read as "A".
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache

from confusable_homoglyphs.confusables import confusables_data  # type: ignore[import-untyped]


def _rank(text: str) -> tuple[bool, bool, str]:
    """The representative of a group: plain ASCII first, then one character, then the lowest."""
    return (not text.isascii(), len(text) != 1, text)


@cache
def _representative(char: str) -> str:
    look_alikes = [entry["c"] for entry in confusables_data.get(char, [])]
    if not look_alikes:
        return char
    if len(look_alikes) == 1:
        (prototype,) = look_alikes
        if len(prototype) > 1:  # "m" may be read as "rn": the prototype itself
            return prototype
        of_prototype = [entry["c"] for entry in confusables_data.get(prototype, [])]
        if len(of_prototype) > 1:  # a look-alike of a prototype: the prototype's group
            return min([prototype, *of_prototype], key=_rank)
    return min([char, *look_alikes], key=_rank)


def skeleton(text: str) -> str:
    """``text`` with every character as the representative of its look-alikes (NFD first and
    last, as in UTS #39)."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(_representative(c) for c in decomposed))


@lru_cache(maxsize=65_536)  # an event's names, asked again for each team added
def look_alike_key(name: str) -> str:
    """What two names that look alike share, whatever their case and spacing: the skeleton of
    the case-folded skeleton (a capital look-alike and a small one alike), NFKC first."""
    once = skeleton(unicodedata.normalize("NFKC", name)).casefold()
    return " ".join(unicodedata.normalize("NFC", skeleton(once)).split())


def foreign_letters(text: str, other: str) -> list[str]:
    """The characters of ``text`` that ``other`` spells differently: what makes them look-alikes
    (for the message: « А (CYRILLIC CAPITAL LETTER A) »)."""
    return [
        f"{char} ({unicodedata.name(char, f'U+{ord(char):04X}')})"
        for char in dict.fromkeys(text)
        if char not in other and not char.isspace()
    ]
