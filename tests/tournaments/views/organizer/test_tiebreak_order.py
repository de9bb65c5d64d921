"""Issue 25: the tiebreak order is chosen, not typed as English keys ("head_to_head, wins,
spread"): numbered drop-downs named in the page's language, no JavaScript needed, the draw of
lots always last; update_event stays the one service that saves it."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def browser(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-CA")
    client.force_login(user)
    return client


def settings_form(client, event) -> tuple[str, dict]:
    from tests.support.html_forms import post_forms

    url = f"/organize/{event.slug}/settings/"
    html = client.get(url).content.decode()
    (form,) = [f for f in post_forms(html, url) if f.action.endswith("/settings/")]
    return html, form.data()


def test_the_order_is_numbered_drop_downs_in_french(event, organizer):
    html, _data = settings_form(browser(organizer), event)
    block = unescape(html.split('class="tiebreak-order"')[1].split("</ol>")[0])
    selects = re.findall(r'<select name="tiebreaks_(\d)"', block)
    assert selects == ["0", "1", "2", "3", "4"]
    options = set(re.findall(r"<option value=\"[a-z_]*\"[^>]*>([^<]+)</option>", block))
    assert {"Victoires", "Écart de points", "Face-à-face"} <= options, options
    assert "head_to_head" not in re.sub(r'value="[^"]*"|name="[^"]*"|id="[^"]*"', "", block)
    assert "puis le tirage au sort (toujours en dernier)" in block
    assert "Tirage au sort" not in options  # not a choice: always last
    # No English keys in the help either: the system's order in words.
    page = unescape(html)
    assert "head_to_head, wins, spread" not in page
    assert "l'ordre du système de pointage (Victoires" in page


def test_choosing_in_the_drop_downs_saves_the_order(event, organizer):
    client = browser(organizer)
    _html, data = settings_form(client, event)
    data |= {"tiebreaks_0": ["head_to_head"], "tiebreaks_1": [""], "tiebreaks_2": ["wins"]}
    response = client.post(f"/organize/{event.slug}/settings/", data)
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.tiebreaks == ["head_to_head", "wins"]  # a blank position is skipped
    html, _data = settings_form(client, event)
    assert re.search(r'name="tiebreaks_0".*?value="head_to_head" selected', html, re.S)


def test_the_same_tiebreak_twice_is_refused_in_french(event, organizer):
    client = browser(organizer)
    _html, data = settings_form(client, event)
    data |= {"tiebreaks_0": ["wins"], "tiebreaks_1": ["wins"]}
    response = client.post(f"/organize/{event.slug}/settings/", data)
    assert response.status_code == 200
    assert "ne peut paraître qu'une fois" in unescape(response.content.decode())
    event.refresh_from_db()
    assert event.tiebreaks == []
