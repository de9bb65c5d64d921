"""Issue 50: the API's create call accepts every field its update accepts, the same way
(``tiebreaks`` was refused at creation and accepted by the update). Compared field by field from
the serializers' own definitions, so a setting added to one only fails here."""

from __future__ import annotations

import pytest
from rest_framework import serializers

from tests.builders.scene import API, logged_in
from tournaments.api.serializers.events import EventCreateSerializer, EventSettingsSerializer
from tournaments.models import AuditEntry, Event


def _shape(field: serializers.Field) -> dict:
    """What a field accepts, as a caller sees it (not the instance's identity)."""
    shape = {
        "class": type(field).__name__,
        "read_only": field.read_only,
        "allow_null": getattr(field, "allow_null", False),
        "choices": sorted(map(str, field.choices))
        if isinstance(field, serializers.ChoiceField)
        else None,
        "related": getattr(getattr(field, "queryset", None), "model", None),
        "min_value": getattr(field, "min_value", None),
        "max_value": getattr(field, "max_value", None),
        "max_length": getattr(field, "max_length", None),
    }
    child = getattr(field, "child", None)
    if child is not None:
        shape["child"] = type(child).__name__
    return shape


UPDATE = EventSettingsSerializer().fields
CREATE = EventCreateSerializer().fields


@pytest.mark.parametrize("name", sorted(UPDATE))
def test_the_create_call_takes_each_field_the_update_takes_the_same_way(name):
    assert name in CREATE, f"PATCH takes “{name}”, POST /events/ refuses it"
    assert _shape(CREATE[name]) == _shape(UPDATE[name])


def test_the_create_call_takes_nothing_more_than_the_slug():
    assert set(CREATE) - set(UPDATE) == {"slug"}


@pytest.mark.django_db
def test_an_event_is_created_with_its_tiebreaks(api_client, organizer):
    org = logged_in(api_client, organizer)
    response = org.post(
        f"{API}events/",
        {
            "name": "Grass Roots night",
            "date": "2027-01-09",
            "scoring_system": "game_points",
            "tiebreaks": ["wins", "spread", "head_to_head"],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["tiebreaks"] == ["wins", "spread", "head_to_head"]
    event = Event.objects.get(slug=response.json()["slug"])
    assert event.tiebreaks == ["wins", "spread", "head_to_head"]
    created = AuditEntry.objects.get(event=event, action="event.create")
    assert created.after["tiebreaks"] == ["wins", "spread", "head_to_head"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("system", "chain", "words"),
    [
        ("game_points", ["game_points"], "“game_points” is not a tiebreak of this scoring system"),
        ("fadoq", ["wins", "wins"], "Each tiebreak may appear only once."),
        (None, ["points"], "“points” is not a tiebreak of this scoring system"),  # fadoq's own
        ("wins", ["drawn_lot", "spread"], "it must come last"),
    ],
)
def test_a_wrong_chain_at_creation_is_refused_as_the_update_refuses_it(
    api_client, organizer, system, chain, words
):
    org = logged_in(api_client, organizer)
    body = {"name": "X", "date": "2027-01-09", "tiebreaks": chain}
    if system:
        body["scoring_system"] = system
    response = org.post(f"{API}events/", body, format="json")
    assert response.status_code == 400
    answer = response.json()
    assert answer["field"] == "tiebreaks"
    assert words in answer["detail"]
    assert "Allowed: " in answer["detail"]
    assert not Event.objects.exists()  # nothing created
