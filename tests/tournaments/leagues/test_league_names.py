"""Anyone may open an account and make a league: a stranger made « FADOQ Saguenay–Lac-Saint-
Jean–Ungava » a second time, and its public pages would have looked official. A league's name
is now its own: the same name (whatever its case, spaces or look-alike letters) is refused in
words, through the page and the API, and nothing is made."""

from __future__ import annotations

import pytest

from tournaments.errors import RuleError
from tournaments.leagues.seasons import create_league
from tournaments.models import League

pytestmark = pytest.mark.django_db

FADOQ = "FADOQ Saguenay–Lac-Saint-Jean–Ungava"


@pytest.mark.parametrize(
    "copy",
    [FADOQ, "fadoq  saguenay–lac-saint-jean–ungava", "FАDOQ Saguenay–Lac-Saint-Jean–Ungava"],
)  # the last with a Cyrillic А
def test_a_second_league_of_the_same_name_is_refused(organizer, other_organizer, copy):
    create_league(organizer, name=FADOQ)
    with pytest.raises(RuleError) as refused:
        create_league(other_organizer, name=copy)
    assert refused.value.code == "duplicate" and FADOQ in refused.value.message
    assert League.objects.count() == 1


def test_the_api_refuses_it_too(organizer, other_organizer, api_client):
    create_league(organizer, name=FADOQ)
    api_client.force_authenticate(other_organizer)
    answer = api_client.post("/api/v1/leagues/", {"name": FADOQ}, format="json")
    assert answer.status_code == 400 and "already exists" in answer.json()["detail"]
    assert League.objects.count() == 1
    assert (
        api_client.post("/api/v1/leagues/", {"name": "FADOQ Laval"}, format="json").status_code
        == 201
    )
