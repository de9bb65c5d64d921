"""Issue 25: card examples on French pages use the suit symbols, not English suit letters."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("page", ["games:hand", "games:discard"])
def test_french_card_examples_show_suit_symbols(page):
    html = Client(HTTP_ACCEPT_LANGUAGE="fr-ca").get(reverse(page)).content.decode()
    assert "Par exemple 5♥ 5♣ 5♠ V♦" in html
    assert not re.search(r"Par exemple 5H", html)
