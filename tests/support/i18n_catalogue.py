"""Every msgid the code and the templates use, read from the sources (not from the .po, which
could lag behind), and the French catalogue as ``msgfmt`` compiled it.

Python: calls of ``_``, ``gettext``, ``gettext_lazy``, ``gettext_noop``, ``ngettext``,
``ngettext_lazy``, ``pgettext``, ``pgettext_lazy`` with literal strings. Templates: Django's own
``templatize`` (what ``makemessages`` feeds xgettext), whose ``gettext(...)`` calls are then read
the same way.
"""

from __future__ import annotations

import ast
import gettext as gnu_gettext
import pathlib
import re

from django.utils.translation.template import templatize

ROOT = pathlib.Path(__file__).resolve().parents[2]
PYTHON_DIRS = ("tournaments", "accounts", "games", "operations", "common", "config")
TEMPLATE_DIRS = ("templates", "tournaments/templates", "accounts/templates", "games/templates")
SINGULAR = {"_", "gettext", "gettext_lazy", "gettext_noop"}
PLURAL = {"ngettext", "ngettext_lazy"}
CONTEXT = {"pgettext", "pgettext_lazy"}
PLURAL_CONTEXT = {"npgettext", "npgettext_lazy"}
MO = ROOT / "locale" / "fr_CA" / "LC_MESSAGES" / "django.mo"
PO = MO.with_suffix(".po")


def _literal(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _from_call(call: ast.Call) -> list[tuple]:
    """(msgid,), (msgid, plural) or (context, msgid[, plural]) keys of one call, if literal."""
    func = call.func
    name = (
        func.id
        if isinstance(func, ast.Name)
        else func.attr
        if isinstance(func, ast.Attribute)
        else ""
    )
    args = [_literal(a) for a in call.args]
    if name in SINGULAR and args[:1] and args[0]:
        return [(args[0],)]
    if name in PLURAL and len(args) >= 2 and args[0] and args[1]:
        return [(args[0], args[1])]
    if name in CONTEXT and len(args) >= 2 and args[0] and args[1]:
        return [(args[0] + "\x04" + args[1],)]
    if name in PLURAL_CONTEXT and len(args) >= 3 and all(args[:3]):
        return [(args[0] + "\x04" + args[1], args[2])]
    return []


def python_msgids(path: pathlib.Path) -> set[tuple]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found.update(_from_call(node))
    return found


CALL = re.compile(r"\b(?:n?p?gettext)\(")


def template_msgids(path: pathlib.Path) -> set[tuple]:
    text = templatize(path.read_text(encoding="utf-8"), origin=str(path))
    found = set()
    for match in CALL.finditer(text):
        start = match.start()
        end = text.find(")", match.end())
        while end != -1:  # the shortest text from the name to a ")" that parses as a call
            try:
                node = ast.parse(text[start : end + 1], mode="eval").body
            except SyntaxError:
                end = text.find(")", end + 1)
                continue
            if isinstance(node, ast.Call):
                found.update(_from_call(node))
            break
    return found


def source_msgids() -> dict[tuple, str]:
    """Every msgid key → the first file that uses it."""
    where: dict[tuple, str] = {}
    for folder in PYTHON_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for key in python_msgids(path):
                where.setdefault(key, str(path.relative_to(ROOT)))
    for folder in TEMPLATE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.html")) if (ROOT / folder).is_dir() else []:
            for key in template_msgids(path):
                where.setdefault(key, str(path.relative_to(ROOT)))
    return where


def french_catalogue() -> dict:
    """The compiled catalogue: msgfmt leaves out fuzzy and untranslated entries."""
    with MO.open("rb") as handle:
        return gnu_gettext.GNUTranslations(handle)._catalog


def translated(catalogue: dict, key: tuple) -> bool:
    if len(key) == 1:
        return bool(catalogue.get(key[0]))
    return bool(catalogue.get((key[0], 0))) and bool(catalogue.get((key[0], 1)))


def fuzzy_or_empty_in_po() -> list[str]:
    """msgids of the .po marked fuzzy or left empty (the header aside)."""
    problems, blocks = [], PO.read_text(encoding="utf-8").split("\n\n")
    for block in blocks:
        lines = [line for line in block.strip().splitlines() if not line.startswith("#~")]
        if not any(line.startswith("msgid ") for line in lines):
            continue
        msgid = _po_string(lines, "msgid ")
        if not msgid:
            continue  # the header
        msgstrs = [_po_string(lines, prefix) for prefix in ("msgstr ", "msgstr[0] ", "msgstr[1] ")]
        if (
            any(line.startswith("#,") and "fuzzy" in line for line in lines)
            or not any(msgstrs)
            or ("msgid_plural " in block and not all(msgstrs[1:]))
        ):
            problems.append(msgid)
    return problems


def _po_string(lines: list[str], prefix: str) -> str:
    text, inside = "", False
    for line in lines:
        if line.startswith(prefix):
            inside, line = True, line[len(prefix) :]
        elif inside and not line.startswith('"'):
            break
        if inside:
            text += ast.literal_eval(line)
    return text
