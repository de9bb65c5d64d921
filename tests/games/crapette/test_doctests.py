"""The examples in the Crapette engine's docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "", ".rules", ".layout", ".moves", ".table", ".state", ".positions", ".strict", ".record",
    ".bot", ".computer",
]  # fmt: skip


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module("games.crapette" + name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_engine_does_not_import_django():
    import ast
    from pathlib import Path

    for path in Path(importlib.import_module("games.crapette").__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names] if isinstance(node, ast.Import) else
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )  # fmt: skip
            assert not any(n.split(".")[0] == "django" for n in names), path.name
