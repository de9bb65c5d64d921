"""Issue 49, point 5: after a best-of-three for gold, the open result format said
``"playoff_groups": []`` and every playoff round ``"playoff_group": null``, and the shipped schema
accepted it. Each playoff round now names its group (the tied teams), and the schema refuses a
playoff round without one (and a series round with one)."""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest

from tests.builders.results_events import BUILDERS
from tournaments.archives import open_format
from tournaments.archives.transfer import dumps

pytestmark = pytest.mark.django_db


def errors(document: dict) -> list[str]:
    validator = jsonschema.Draft202012Validator(json.loads(open_format.schema_text()))
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in validator.iter_errors(document)
    ]


@pytest.fixture
def document(organizer) -> dict:
    event = BUILDERS["fadoq_with_playoffs"](organizer)
    return json.loads(dumps(open_format.results_document(event, organizer)))


def test_the_playoff_is_in_the_document_with_its_group(document):
    groups = document["playoff_groups"]
    assert groups, "a playoff was played: its group is part of the results"
    playoff = [r for r in document["rounds"] if r["kind"] == "playoff"]
    assert playoff and all(r["playoff_group"] in {g["id"] for g in groups} for r in playoff)
    assert all(r["playoff_group"] is None for r in document["rounds"] if r["kind"] == "series")
    for group in groups:
        rounds = {r["number"] for r in playoff if r["playoff_group"] == group["id"]}
        played = {
            t for g in document["games"] if g["round"] in rounds for t in (g["team_a"], g["team_b"])
        }
        assert played <= set(group["teams"]) and len(group["teams"]) >= 2
    assert errors(document) == []


def test_the_schema_refuses_a_playoff_round_without_its_group(document):
    broken = copy.deepcopy(document)
    index, round_ = next((i, r) for i, r in enumerate(broken["rounds"]) if r["kind"] == "playoff")
    round_["playoff_group"] = None
    assert any(e.startswith(f"rounds/{index}/playoff_group") for e in errors(broken))
    series = copy.deepcopy(document)
    series["rounds"][0]["playoff_group"] = 1
    assert any(e.startswith("rounds/0/playoff_group") for e in errors(series))
