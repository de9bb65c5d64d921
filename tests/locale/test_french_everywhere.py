"""Issue 16: French everywhere a person reads.

1. Every msgid the Python sources and the templates use has a French translation that is
   neither empty nor fuzzy, and the committed .mo is the compiled .po.
2. The pages of a whole scenario (public, captain, organizer, official, season, player, tools),
   rendered in fr-CA, contain no English text of any msgid whose French differs.
"""

from __future__ import annotations

import datetime
import gettext as gnu_gettext
import re
import shutil
import subprocess
from html import unescape

import pytest
from django.test import Client

from accounts.models import EventRole, User
from accounts.roles import grant
from tests.conftest import link_of
from tests.support import i18n_catalogue
from tests.tournaments.test_fadoq_event import SERIES
from tournaments.events.creation import create_event
from tournaments.events.teams import add_team
from tournaments.leagues.season_export import build_season_export, request_season_export
from tournaments.leagues.seasons import create_league, create_season
from tournaments.models import Event, Game, Report
from tournaments.results import reporting
from tournaments.seating.rounds import seat_next_round
from tournaments.standings.service import release, seat_playoff_games

# English words that legitimately stay on a French page.
ALLOWED = {
    "English": "the language menu names each language in that language",
    "Main": "French too: a cribbage hand is a « main » on the score sheet",
}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|<[^>]+>|\{\{.*?\}\}")


def test_every_msgid_of_the_sources_has_a_french_translation():
    catalogue = i18n_catalogue.french_catalogue()
    used = i18n_catalogue.source_msgids()
    assert len(used) > 500, "the source walk found too few msgids: it is broken"
    missing = sorted(
        f"{where}: {key[0]!r}"
        for key, where in used.items()
        if not i18n_catalogue.translated(catalogue, key)
    )
    assert missing == [], "\n".join(missing)


def test_no_fuzzy_or_empty_entry_in_the_french_po():
    assert i18n_catalogue.fuzzy_or_empty_in_po() == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's msgfmt is not installed")
def test_the_committed_mo_is_the_compiled_po(tmp_path):
    compiled = tmp_path / "django.mo"
    subprocess.run(
        ["msgfmt", "--check-format", "-o", str(compiled), str(i18n_catalogue.PO)], check=True
    )
    with compiled.open("rb") as handle:
        fresh = gnu_gettext.GNUTranslations(handle)._catalog
    assert fresh == i18n_catalogue.french_catalogue(), (
        "run manage.py compilemessages -l fr_CA and commit the .mo"
    )


# --- the pages of a scenario ------------------------------------------------------------------


def english_fragments() -> dict[str, str]:
    """Pieces of English a translated msgid would show (split around placeholders and tags):
    fragment → its msgid."""
    fragments = {}
    for key, value in i18n_catalogue.french_catalogue().items():
        msgid = key[0] if isinstance(key, tuple) else key
        if not msgid or "\x04" in msgid or isinstance(key, tuple) and key[1] != 0:
            continue
        if value == msgid:
            continue  # the same word in both languages (Table, Total, FADOQ…)
        for piece in PLACEHOLDER.split(msgid):
            piece = piece.strip(" .,:;!?()—–-…“”\"'\n")
            long_enough = len(piece) >= 4 or (len(piece) == 3 and piece.isupper())
            # A lone word cut out of a sentence ("table", "points") is often French too.
            whole = " " in piece or piece == msgid.strip(" .,:;!?…")
            if long_enough and whole and re.search(r"[A-Za-z]", piece) and piece not in ALLOWED:
                fragments.setdefault(piece, msgid)
    return fragments


def readable_text(html: str) -> str:
    """What a person reads: text, and the titles, labels and placeholders of elements."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    attributes = " ".join(
        m.group(2) for m in re.finditer(r'\b(title|aria-label|placeholder|alt)="([^"]*)"', html)
    )
    text = re.sub(r"<[^>]+>", " ", html) + " " + attributes
    return " ".join(unescape(text).replace("\xa0", " ").split())


@pytest.fixture
def scenario(db, organizer):
    """A released event in a season, round 1 confirmed, round 2 with a report waiting and a
    dispute; an official; an export of the season."""
    league = create_league(organizer, name="Ligue des aînés")
    season = create_season(league, organizer, name="Saison 2026")
    organizer.display_name = "Ginette Lavoie"  # not "Organizer": names are data, not words
    organizer.save(update_fields=["display_name"])
    event = create_event(
        organizer,
        name="Tournoi de la Sainte-Catherine",
        date=datetime.date(2026, 11, 21),
        venue="Salle des Chevaliers",
        seed=99,
        season=season,
    )
    for n in range(1, 7):
        add_team(
            event,
            organizer,
            name=f"Équipe {n}",
            captain=f"Capitaine {n}",
            partner=f"Partenaire {n}",
        )
    official = User.objects.create_user(
        "arbitre@example.org", "pw-official-1", display_name="Arbitre"
    )
    grant(official, event, EventRole.Role.OFFICIAL)
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    first = seat_next_round(event, organizer)
    for game in first.games.filter(team_b__isnull=False):
        reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": 88})
    second = seat_next_round(event, organizer)
    waiting, disputed = second.games.filter(team_b__isnull=False).order_by("table")[:2]
    reporting.submit(
        waiting,
        reporting.Actor(team=waiting.team_a),
        Report.Kind.FINAL,
        {"score_a": 121, "score_b": 100},
    )
    reporting.submit(
        disputed,
        reporting.Actor(team=disputed.team_a),
        Report.Kind.FINAL,
        {"score_a": 121, "score_b": 100},
    )
    reporting.submit(
        disputed,
        reporting.Actor(team=disputed.team_b),
        Report.Kind.FINAL,
        {"score_a": 100, "score_b": 121},
    )
    release(event, organizer)
    request_season_export(season, organizer, "semicolon")
    build_season_export(season.exports.get().pk)
    return event, league, season, official, waiting, disputed


def english_on(visitors) -> tuple[list[str], int]:
    """Open each (client, urls) page; the English fragments found, and how many pages."""
    fragments = english_fragments()
    patterns = {
        piece: re.compile(r"(?<![\w-])" + re.escape(piece) + r"(?![\w-])") for piece in fragments
    }
    found, seen = [], 0
    for client, pages in visitors:
        for url in pages:
            response = client.get(url)
            assert response.status_code == 200, url
            text = readable_text(response.content.decode())
            seen += 1
            found += [
                f"{url}: “{piece}” (msgid {fragments[piece]!r})"
                for piece, pattern in patterns.items()
                if pattern.search(text)
            ]
    return found, seen


def french_client(user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    if user is not None:
        client.force_login(user)
    return client


def test_scenario_pages_in_french_show_no_english(scenario, organizer):
    event, league, season, official, waiting, disputed = scenario
    team = waiting.team_b
    player = team.captain_player
    slug = event.slug
    public = [
        "/",
        f"/e/{slug}/",
        f"/e/{slug}/seating/",
        f"/e/{slug}/rounds/1/",
        f"/e/{slug}/rounds/2/",
        f"/e/{slug}/standings/",
        f"/e/{slug}/teams/{team.pk}/",
        f"/e/{slug}/podium/",
        f"/s/{league.slug}/{season.slug}/",
        f"/p/{player.uid}/",
        "/tools/hand/",
        "/tools/discard/",
        "/tools/crapette/",
        "/accounts/login/",
        "/accounts/signup/",
    ]
    organizer_pages = [
        "/organize/",
        "/organize/new/",
        "/organize/new/import/",
        f"/organize/{slug}/",
        f"/organize/{slug}/settings/",
        f"/organize/{slug}/teams/",
        f"/organize/{slug}/desk/",
        f"/organize/{slug}/teams/{team.pk}/edit/",
        f"/organize/{slug}/desk/games/{waiting.pk}/",
        f"/organize/{slug}/desk/games/{disputed.pk}/",
        f"/organize/{slug}/audit/",
        f"/organize/{slug}/rounds/2/print/",
        "/organize/leagues/",
        f"/organize/leagues/{league.slug}/",
        f"/organize/leagues/{league.slug}/players/",
        f"/organize/leagues/{league.slug}/seasons/{season.slug}/",
        f"/organize/seasons/{season.pk}/export/",
    ]
    official_pages = [
        f"/organize/{slug}/",
        f"/organize/{slug}/desk/",
        f"/organize/{slug}/desk/games/{disputed.pk}/",
    ]
    link = link_of(team)
    captain_pages = [f"/c/{link.token}/", f"/c/{link.token}/games/{waiting.pk}/"]

    visitors = [(Client(HTTP_ACCEPT_LANGUAGE="fr-ca"), public)]
    for user, pages in ((organizer, organizer_pages), (official, official_pages)):
        client = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
        client.force_login(user)
        visitors.append((client, pages))
    pin_page = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    visitors.append((pin_page, [f"/c/{link.token}/"]))  # the PIN form, before the PIN
    captain = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    assert captain.post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 302
    visitors.append((captain, captain_pages))

    found, seen = english_on(visitors)
    assert seen >= 35
    assert found == [], "\n".join(found)


def test_playoff_pages_in_french_show_no_english(event, organizer):
    """The series of test_fadoq_event played, a medal tie, its first playoff game seated and
    reported by one captain, the results released."""
    team = dict(enumerate(event.teams.order_by("id"), start=1))
    desk = reporting.Actor(user=organizer, channel=Report.Channel.OFFICIAL)
    for number, tables in SERIES.items():
        round_ = event.rounds.create(number=number, movement="winners_stay")
        for table, (winner, loser, score) in enumerate(tables, start=1):
            game = Game.objects.create(
                round=round_, table=table, team_a=team[winner], team_b=team[loser]
            )
            reporting.submit(game, desk, Report.Kind.FINAL, {"score_a": 121, "score_b": score})
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    [playoff] = seat_playoff_games(event, organizer)
    reporting.submit(
        playoff,
        reporting.Actor(team=playoff.team_a),
        Report.Kind.FINAL,
        {"score_a": 121, "score_b": 100},
    )
    release(event, organizer)
    number, slug = playoff.round.number, event.slug
    link = link_of(playoff.team_b)
    captain = french_client()
    assert captain.post(f"/c/{link.token}/", {"pin": link.pin}).status_code == 302
    visitors = [
        (
            french_client(),
            [
                f"/e/{slug}/",
                f"/e/{slug}/standings/",
                f"/e/{slug}/seating/",
                f"/e/{slug}/rounds/{number}/",
                f"/e/{slug}/podium/",
                f"/e/{slug}/teams/{playoff.team_a_id}/",
            ],
        ),
        (
            french_client(organizer),
            [
                f"/organize/{slug}/",
                f"/organize/{slug}/desk/?round={number}",
                f"/organize/{slug}/desk/games/{playoff.pk}/",
                f"/organize/{slug}/rounds/{number}/print/",
            ],
        ),
        (captain, [f"/c/{link.token}/", f"/c/{link.token}/games/{playoff.pk}/"]),
    ]
    found, seen = english_on(visitors)
    assert seen == 12
    assert found == [], "\n".join(found)
    seating = readable_text(french_client().get(f"/e/{slug}/seating/").content.decode())
    assert "Barrage, match 1, partie 1" in seating and f"Ronde {number}" not in seating
