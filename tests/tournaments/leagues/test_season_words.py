"""Issue 25, season pages: two events of the same name waiting to count are told apart (date,
place), the two CSV versions download under two names, the chart's legend shows whole names
(cut between words, never “Les Valets de Jonquièr”)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.builders.season import build_season
from tournaments.events.creation import create_event
from tournaments.publishing.charts import line_chart

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(organizer):
    from django.core.cache import cache

    cache.clear()
    return build_season(organizer)


def test_two_waiting_events_of_the_same_name_are_told_apart(season, organizer, client):
    season, _people, _events, hidden = season
    twin = create_event(
        organizer,
        name=hidden.name,
        date="2027-05-08",
        venue="Salle des Chevaliers, Alma",
        season=season,
    )
    page = unescape(
        client.get(
            f"/s/{season.league.slug}/{season.slug}/", HTTP_ACCEPT_LANGUAGE="fr-CA"
        ).content.decode()
    )
    waiting = page.split('class="hint waiting"')[1].split("</ul>")[0]
    lines = re.findall(r"<li>(.*?)</li>", waiting, re.S)
    texts = [re.sub(r"<[^>]+>", "", line) for line in lines]
    assert len(texts) == 2 and texts[0] != texts[1]
    assert any("Salle des Chevaliers, Alma" in t and "2027" in t for t in texts), texts
    assert f"/e/{twin.slug}/" in waiting


def test_the_two_csv_versions_have_two_file_names(season, client):
    season, _people, _events, _hidden = season
    url = f"/s/{season.league.slug}/{season.slug}/teams.csv"
    french = {"HTTP_ACCEPT_LANGUAGE": "fr-CA"}
    semi = client.get(url + "?delimiter=semicolon", **french)["Content-Disposition"]
    comma = client.get(url + "?delimiter=comma", **french)["Content-Disposition"]
    assert semi != comma
    # every word of the name in French (issue 34: "…-teams-points-virgules.csv")
    assert semi.endswith('-equipes-points-virgules.csv"') and comma.endswith(
        '-equipes-virgules.csv"'
    )


def test_an_events_csv_file_names_are_all_french_in_french(event, organizer, client):
    client.force_login(organizer)
    names = {
        what: client.get(f"/organize/{event.slug}/export/{what}.csv", HTTP_ACCEPT_LANGUAGE="fr-CA")[
            "Content-Disposition"
        ]
        for what in ("standings", "games", "teams")
    }
    assert names["standings"].endswith('"tournoi-regional-classement-points-virgules.csv"')
    assert names["games"].endswith('"tournoi-regional-parties-points-virgules.csv"')
    assert names["teams"].endswith('"tournoi-regional-equipes-points-virgules.csv"')


def test_an_events_two_csv_versions_have_two_file_names(event, organizer, client):
    client.force_login(organizer)
    url = f"/organize/{event.slug}/export/standings.csv"
    semi = client.get(url + "?delimiter=semicolon", HTTP_ACCEPT_LANGUAGE="en")
    comma = client.get(url + "?delimiter=comma", HTTP_ACCEPT_LANGUAGE="en")
    assert semi["Content-Disposition"].endswith('standings-semicolons.csv"')
    assert comma["Content-Disposition"].endswith('standings-commas.csv"')


def test_the_chart_legend_keeps_whole_names():
    names = ["Les Valets de Jonquière", "Les Quinze-Deux de Saint-Honoré-de-Chicoutimi", "As"]
    svg = line_chart([(n, [1, 2]) for n in names], ["1", "2"], label="x")
    legends = re.findall(r'<text class="legend".*?</text>', svg, re.S)
    shown = [
        " ".join(re.findall(r"<tspan[^>]*>([^<]*)</tspan>", item)).replace("- ", "-")
        for item in legends
    ]
    assert shown == names  # every word there, in order; cut only between words (or a hyphen)
    assert "Jonquièr<" not in svg


def test_a_line_with_an_unknown_first_value_starts_later():
    svg = line_chart(
        [("Bye d'abord", [None, 160, 302]), ("Autre", [121, 242, 326])], ["1", "2", "3"], label="x"
    )
    first = re.search(r'<polyline[^>]*points="([^"]*)"', svg).group(1)
    assert len(first.split()) == 2  # rounds 2 and 3 only: no point at 0 for round 1
