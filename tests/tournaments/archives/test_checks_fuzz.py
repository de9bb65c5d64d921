"""Property: whatever is changed in a valid archive, importing it either works or is refused
with a RuleError, and a refusal leaves the database exactly as it was. Never another exception
(a crash, a database error half-way). Into an empty site, and into a site that already has the
original (the mutated archive then contradicts it or adds to it)."""

from __future__ import annotations

import copy

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.builders.archive_rows import build_demo, later_changes
from tests.tournaments.archives.test_transfer import archives_of, grant_somewhere, snapshot
from tournaments.archives.transfer import checksum, import_event
from tournaments.errors import RuleError

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=10,
)


def paths(node, prefix=()):
    """Every place in the document: (path to the parent, key) pairs."""
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return
    for key, value in items:
        yield (*prefix, key)
        yield from paths(value, (*prefix, key))


def leaves(node):
    if isinstance(node, dict):
        for value in node.values():
            yield from leaves(value)
    elif isinstance(node, list):
        for value in node:
            yield from leaves(value)
    else:
        yield node


@pytest.fixture(scope="module")
def later_archive(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return archives_of(build_demo, later_changes)[1]


@st.composite
def mutations(draw, document):
    document = copy.deepcopy(document)
    # A section first, then a place in it: the games (reports, disputes) are most of the risk.
    sections = [
        "games",
        "teams",
        "rounds",
        "event",
        "players",
        "audit",
        "season",
        "league",
        "playoff_groups",
        "exported_at",
        "schema_version",
    ]
    for _step in range(draw(st.integers(min_value=1, max_value=3))):
        section = draw(st.sampled_from(sections))
        places = [(section,), *paths(document.get(section), (section,))]
        path = draw(st.sampled_from(places[::-1]))
        parent = document
        try:
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier step removed or replaced this place
        action = draw(st.sampled_from(["replace", "reuse", "delete"]))
        if action == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif action == "reuse":  # a plausible value taken elsewhere in the archive
            parent[path[-1]] = draw(st.sampled_from(list(leaves(document))))
        else:
            parent[path[-1]] = draw(json_values)
    if draw(st.sampled_from([True, True, True, False])):  # mostly as if re-signed by hand
        document["checksum"] = checksum(document)
    return document


@pytest.mark.django_db
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
def test_a_mutated_archive_is_imported_or_refused_cleanly(later_archive, organizer, data):
    document = data.draw(mutations(later_archive))
    already_here = data.draw(st.booleans())  # then the mutated archive is a "later" one
    with transaction.atomic():
        grant_somewhere(organizer)
        if already_here:
            import_event(later_archive, organizer)
        before = snapshot()
        try:
            result = import_event(document, organizer)
        except RuleError as exc:
            event(f"refused: {exc.code}")
            assert exc.message
            assert snapshot() == before
        else:
            event("imported" if result.new_event else "merged")
        transaction.set_rollback(True)  # the next example starts from the same database
