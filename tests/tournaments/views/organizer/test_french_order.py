"""Issue 49, point 11: accented names sorted after z on the check-in list and in the player
drop-downs (« Les Éclairs » after « Les Valets », « Cécile » after « Colette »). People are
listed in French order (``tournaments.words.name_key``: the standard library's ``unicodedata``,
the same on SQLite and PostgreSQL, no database collation to install)."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from tournaments.events import check_in, teams
from tournaments.forms import TeamForm
from tournaments.models import Player

pytestmark = pytest.mark.django_db
NAMES = ["Les Valets", "Les Éclairs", "Les As", "Zouaves"]


def test_the_check_in_list_is_in_french_order(make_event, organizer):
    event = make_event(0)
    for name in NAMES:
        teams.add_team(event, organizer, name=name, captain=f"C {name}", partner="P")
    check_in.open_check_in(event, organizer)
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    client.force_login(organizer)
    page = html.unescape(client.get(f"/organize/{event.slug}/check-in/").content.decode())
    table = page[page.index('<table class="check-in">') :]
    listed = [name for name in sorted(NAMES, key=table.index)]
    assert listed == ["Les As", "Les Éclairs", "Les Valets", "Zouaves"]


def test_the_player_drop_downs_are_in_french_order():
    people = [Player(pk=n, name=name) for n, name in enumerate(["Colette", "Cécile", "Zoé"], 1)]
    form = TeamForm(players=people)
    labels = [label for _value, label in form.fields["captain_player"].choices][1:]
    assert labels == ["Cécile", "Colette", "Zoé"]
