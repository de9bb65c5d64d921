"""Issue 50: the new-event form's presets ("FADOQ (pairs)", "ACC qualifier (singles)", "ACC club
night", "Legion pairs"), each explained in one sentence, set every field at once without
JavaScript and stay changeable; the tiebreak hint follows the scoring system chosen."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.db import models
from django.test import Client

from tests.support.html_forms import post_forms
from tournaments.events import presets
from tournaments.events.options import (
    check_tiebreaks,
    movement_names,
    rule_set_names,
    scoring_system_names,
)
from tournaments.models import Event

NEW = "/organize/new/"


def french(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(user)
    return client


def page(client, query="") -> str:
    response = client.get(NEW + query)
    assert response.status_code == 200
    return response.content.decode()


def event_form(html: str) -> dict:
    (form,) = [f for f in post_forms(html, NEW) if f.action == NEW]
    return form.data()


def checked(html: str, name: str) -> list[str]:
    return re.findall(rf'<input type="radio" name="{name}" value="([^"]*)"[^>]* checked', html)


def hint_of_tiebreaks(html: str) -> str:
    block = html.split('id="id_tiebreaks-set"')[1].split("</fieldset>")[0]
    return unescape(re.search(r'<p class="hint"[^>]*>([^<]*)</p>', block).group(1))


# --- the presets as data -------------------------------------------------------------------


@pytest.mark.parametrize("key", list(presets.PRESETS))
def test_each_preset_sets_every_field_to_a_value_the_event_takes(key):
    values = presets.PRESETS[key].values
    assert set(values) == set(presets.FIELDS)
    assert values["rule_set"] in rule_set_names()
    assert values["movement"] in movement_names()
    assert values["scoring_system"] in scoring_system_names()
    check_tiebreaks(values["scoring_system"], values["tiebreaks"])  # raises when refused
    assert 1 <= values["number_of_games"] <= 30
    for name, value in values.items():
        field = Event._meta.get_field(name)
        assert isinstance(field, models.Field)
        if field.choices and value is not None:
            assert value in dict(field.choices), (name, value)


def test_fadoq_is_the_days_defaults():
    for name, value in presets.PRESETS["fadoq"].values.items():
        field = Event._meta.get_field(name)
        default = field.get_default()
        assert value == default, (name, value, default)


def test_the_club_ways_in_numbers():
    qualifier = presets.PRESETS["acc_qualifier"].values
    assert (qualifier["entry"], qualifier["rule_set"], qualifier["number_of_games"]) == (
        "singles",
        "STANDARD_2P_121",
        12,
    )
    assert (qualifier["movement"], qualifier["scoring_system"]) == ("random_draw", "game_points")
    assert (qualifier["bracket"], qualifier["bracket_best_of"]) == ("one_in_four", 3)
    assert qualifier["tiebreaks"] == ["wins", "spread", "head_to_head"]  # the ACC's order
    night = presets.PRESETS["acc_club_night"].values
    assert (night["entry"], night["number_of_games"], night["movement"]) == (
        "singles",
        9,
        "random_draw",
    )
    assert (night["scoring_system"], night["visibility"], night["bracket"]) == (
        "game_points",
        "live",
        "",
    )
    legion = presets.PRESETS["legion_pairs"].values
    assert (legion["entry"], legion["number_of_games"], legion["movement"]) == (
        "pairs",
        8,
        "winners_stay",
    )
    assert legion["scoring_system"] == "fadoq"  # accumulated points


def test_a_preset_given_out_is_a_copy():
    values = presets.preset_values("acc_qualifier")
    values["tiebreaks"].append("byes")
    assert presets.PRESETS["acc_qualifier"].values["tiebreaks"] == [
        "wins",
        "spread",
        "head_to_head",
    ]
    assert presets.preset_values("poker") is None


# --- the page --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_page_lists_the_presets_each_in_one_french_sentence(organizer):
    html = unescape(page(french(organizer)))
    section = html.split('id="presets"')[1].split("</section>")[0]
    assert "Comment votre club joue-t-il ?" in section
    for label in (
        "FADOQ (paires)",
        "Qualification ACC (simple)",
        "Soirée de club ACC",
        "Paires de la Légion",
    ):
        assert f"<strong>{label}</strong>" in section
    assert "12 parties de qualification par tirage au sort" in section
    assert '<button type="submit" class="secondary">Appliquer</button>' in section
    assert '<form method="get" action="/organize/new/"' in section  # no JavaScript needed
    assert checked(section, "preset") == []  # none applied yet: the day's defaults


@pytest.mark.django_db
def test_applying_the_club_night_fills_the_form_and_saves_it_changed(organizer):
    client = french(organizer)
    html = page(client, "?preset=acc_club_night")
    assert checked(html, "preset") == ["acc_club_night"]
    assert checked(html, "rule_set") == ["STANDARD_2P_121"]
    assert checked(html, "movement") == ["random_draw"]
    assert checked(html, "scoring_system") == ["game_points"]
    assert checked(html, "visibility") == ["live"]
    assert re.search(r'name="number_of_games" value="9"', html)
    assert re.search(r'name="tiebreaks_0".*?value="wins" selected', html, re.S)
    assert re.search(r'name="tiebreaks_2".*?value="head_to_head" selected', html, re.S)
    # The hint says the game-points system's own order, not FADOQ's.
    assert "Points de partie" not in hint_of_tiebreaks(html).split("(")[1]
    assert hint_of_tiebreaks(html) != hint_of_tiebreaks(page(client))
    data = event_form(html)
    data |= {"name": ["Soirée du mardi"], "date": ["2027-01-12"], "number_of_games": ["6"]}
    response = client.post(NEW + "?preset=acc_club_night", data)
    assert response.status_code == 302
    event = Event.objects.get(name="Soirée du mardi")
    assert event.number_of_games == 6  # changed before saving
    assert (event.rule_set, event.movement, event.scoring_system, event.visibility) == (
        "STANDARD_2P_121",
        "random_draw",
        "game_points",
        "live",
    )
    assert event.tiebreaks == ["wins", "spread", "head_to_head"]


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(presets.PRESETS))
def test_each_preset_saved_unchanged_gives_its_values(organizer, key):
    client = french(organizer)
    data = event_form(page(client, f"?preset={key}"))
    data |= {"name": [f"Essai {key}"], "date": ["2027-02-01"]}
    assert client.post(NEW, data).status_code == 302
    event = Event.objects.get(name=f"Essai {key}")
    shown = set(event_form(page(client))) | {"tiebreaks"}
    for name, value in presets.PRESETS[key].values.items():
        if name in shown or f"{name}_0" in shown:
            assert getattr(event, name) == value, name


@pytest.mark.django_db
def test_an_unknown_preset_is_said_and_the_defaults_shown(organizer):
    html = unescape(page(french(organizer), "?preset=poker"))
    assert "Préréglage «\u00a0poker\u00a0» inconnu : choisissez-en un dans la liste." in html
    assert checked(html, "rule_set") == ["FADOQ"]


@pytest.mark.django_db
def test_the_tiebreak_hint_follows_the_system_posted_when_the_page_comes_back(organizer):
    client = french(organizer)
    data = event_form(page(client))
    data |= {"name": [""], "date": ["2027-01-12"], "scoring_system": ["wins"]}
    response = client.post(NEW, data)
    assert response.status_code == 200  # the name is missing: sent back
    html = response.content.decode()
    assert checked(html, "scoring_system") == ["wins"]
    wins_hint = hint_of_tiebreaks(html)
    assert wins_hint.endswith("(Écart de points, Tirage au sort).")
    both = json.loads(unescape(re.search(r'data-order-words="([^"]*)"', html).group(1)))
    words = both["pairs"]  # the FADOQ form's entry; the script picks the entry chosen
    assert words["wins"] == wins_hint  # the script shows the same words for each system
    assert set(words) == set(both["singles"]) == set(scoring_system_names())
    assert words["game_points"] != words["fadoq"]
    assert "joueurs" in both["singles"]["wins"] and "joueurs" not in words["wins"]
