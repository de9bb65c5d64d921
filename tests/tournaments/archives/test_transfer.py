"""Event archives: an event exported from one installation and imported into another is the same
event, row by row; importing again changes nothing; a later archive only adds; anything that
contradicts what is stored, or that was altered, is refused with the place named and the
database unchanged."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.db import transaction

from accounts.models import EventRole, User
from tests.builders.archive_rows import DEMO, build_demo, later_changes, rows
from tournaments.archives import transfer as archive
from tournaments.archives.transfer import checksum, export_event, import_event
from tournaments.errors import RuleError
from tournaments.models import (
    AuditEntry,
    Confirmation,
    Dispute,
    Event,
    Game,
    League,
    Player,
    PlayoffGroup,
    Report,
    Round,
    Season,
    Team,
)

ROOT = Path(__file__).resolve().parents[3]
MODELS = (
    Event,
    Team,
    Player,
    Round,
    Game,
    Report,
    Confirmation,
    Dispute,
    PlayoffGroup,
    AuditEntry,
    League,
    Season,
    EventRole,
)


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


def snapshot() -> tuple:
    """Counts and the content of the result rows: "nothing changed" means this is equal."""
    return (
        counts(),
        list(Report.objects.order_by("pk").values_list("pk", "score_a", "score_b")),
        list(Game.objects.order_by("pk").values_list("pk", "status", "confirmed_report")),
        list(Event.objects.order_by("pk").values_list("pk", "slug", "version", "status")),
    )


def archives_of(build, *steps) -> list[dict]:
    """Archives of an event built and changed in a transaction that is then rolled back, as if
    on another installation: this database is left without the event nor its users."""
    taken = []
    with transaction.atomic():
        event = build()
        taken.append(export_event(event))
        for step in steps:
            step(event)
            taken.append(export_event(Event.objects.get(pk=event.pk)))
        transaction.set_rollback(True)
    return taken


@pytest.fixture
def importer(organizer):
    """An organizer (of another event): may import archives."""
    grant_somewhere(organizer)
    return organizer


@pytest.fixture
def demo_archives(db):
    """The demo before and after ``later_changes`` (a correction, a settled dispute, release)."""
    return archives_of(build_demo, later_changes)


def resign(document: dict) -> dict:
    """Recompute the checksum, as someone editing the file by hand could; the signature they
    cannot recompute is dropped (kept, it would refuse the file before anything else)."""
    document = copy.deepcopy(document)
    document.pop("signature", None)
    document["checksum"] = checksum(document)
    return document


# --- the done-when test: SQLite → this database ---------------------------------------------


def run(args, env):
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done


@pytest.mark.django_db(transaction=False)
def test_an_event_from_a_laptop_sqlite_is_the_same_event_here(tmp_path, importer):
    """A separate process builds the demo event in its own SQLite file (migrate, load_demo, a
    correction by sheet, a settled dispute, the release), exports it with the command, and
    writes its rows; imported here (PostgreSQL in CI), every row is the same."""
    organizer = importer
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env |= {"DATABASE_URL": f"sqlite:///{tmp_path / 'laptop.sqlite3'}", "HUCHE_TESTING": "1"}
    run(["migrate", "-v0"], env)
    run(
        [
            "shell",
            "-c",
            "from tests.builders.archive_rows import source_side; "
            f"source_side({str(tmp_path / 'rows.json')!r})",
        ],
        env,
    )
    run(["export_event", DEMO, "-o", str(tmp_path / "event.json")], env)
    source = json.loads((tmp_path / "rows.json").read_text(encoding="utf-8"))
    # The official has an account here too, with the same email: the archive is confirmed,
    # not proved, so it credits that account nothing (issue 33): the archive's names stay.
    official = User.objects.create_user(
        "arbitre@huche.demo", "pw-x-123", display_name="Bernard Responsable de plateau"
    )

    data = (tmp_path / "event.json").read_bytes()
    with pytest.raises(archive.ArchiveNotProved):  # the laptop's key is not known here
        import_event(data, organizer)
    assert not Event.objects.filter(slug=DEMO).exists()
    result = import_event(data, organizer, confirmed=True)

    event = result.event
    assert result.new_event and not result.up_to_date
    imported = json.loads(json.dumps(rows(event), ensure_ascii=False, default=str))
    for key in source:
        assert imported[key] == source[key], key
    assert result.counts["reports"] == len(source["reports"]) == 23  # 22 + the correction
    assert not Report.objects.filter(game__round__event=event, by_user=official).exists()
    assert Report.objects.filter(game__round__event=event, by_label=official.display_name).exists()
    assert Report.objects.filter(game__round__event=event, kind="sheet").count() == 1
    assert not Report.objects.filter(
        game__round__event=event, by_user__isnull=True, channel="official", by_label=""
    ).exists()
    # The importer organizes it; the import itself is in the audit log.
    assert EventRole.objects.filter(user=organizer, event=event, role="organizer").exists()
    entry = AuditEntry.objects.get(event=event, action="event.import")
    assert entry.actor == organizer and entry.after["reports"] == result.counts["reports"]


# --- idempotence, later archives, conflicts ---------------------------------------------------


def test_importing_twice_changes_nothing(demo_archives, importer):
    organizer = importer
    first = import_event(demo_archives[0], organizer)
    before = snapshot()
    again = import_event(json.dumps(demo_archives[0]), organizer)
    assert again.up_to_date and not again.new_event
    assert again.event.pk == first.event.pk
    assert snapshot() == before


def test_a_later_archive_adds_only_what_happened_since(demo_archives, importer):
    organizer = importer
    first = import_event(demo_archives[0], organizer)
    event = first.event
    reports_before = set(
        Report.objects.filter(game__round__event=event).values_list(
            "pk", "version", "score_a", "score_b", "fingerprint"
        )
    )
    version_before = Event.objects.get(pk=event.pk).version

    later = import_event(demo_archives[1], organizer)

    assert not later.up_to_date and not later.new_event
    assert later.counts["reports"] == 1 and later.counts["teams"] == 0
    assert later.counts["games"] == 0 and later.counts["rounds"] == 0
    after = set(
        Report.objects.filter(game__round__event=event).values_list(
            "pk", "version", "score_a", "score_b", "fingerprint"
        )
    )
    assert reports_before < after and len(after - reports_before) == 1
    (added,) = after - reports_before
    assert added[1:4] == (3, 121, 85)  # the sheet's correction, version 3
    game = Game.objects.get(round__event=event, round__number=1, table=1)
    assert game.confirmed_report.version == 3
    assert Dispute.objects.get(game__round__event=event).decision is not None
    assert Event.objects.get(pk=event.pk).released_at is not None
    assert Event.objects.get(pk=event.pk).version > version_before  # caches can't be stale
    assert import_event(demo_archives[1], organizer).up_to_date
    # The older archive after the later one: nothing to add, nothing contradicted.
    assert import_event(demo_archives[0], organizer).up_to_date


def test_an_archive_contradicting_stored_results_is_refused(demo_archives, importer):
    organizer = importer
    import_event(demo_archives[1], organizer)
    before = snapshot()
    changed = copy.deepcopy(demo_archives[1])
    report = changed["games"][0]["reports"][0]
    report["note"] = "changed afterwards"
    with pytest.raises(RuleError) as refused:
        import_event(resign(changed), organizer)
    assert "games[0].reports[0].note" in refused.value.message
    assert "never change" in refused.value.message
    assert snapshot() == before


def test_another_organizer_cannot_add_to_an_imported_event(
    demo_archives, importer, other_organizer
):
    import_event(demo_archives[0], importer)
    grant_somewhere(other_organizer)
    before = snapshot()
    with pytest.raises(RuleError, match="only its organizers"):
        import_event(demo_archives[1], other_organizer)
    assert snapshot() == before


def grant_somewhere(user):
    from tournaments.events.creation import create_event

    create_event(user, name="Autre tournoi", date="2026-12-01")


def test_slug_taken_here_gets_a_free_slug_and_keeps_the_uid(
    demo_archives, make_event, organizer
):  # organizes "Autre"
    make_event(3, name="Autre", slug=DEMO)
    result = import_event(demo_archives[0], organizer)
    assert result.event.slug == f"{DEMO}-2" and result.slug_changed
    assert str(result.event.uid) == demo_archives[0]["event"]["uid"]
    assert Event.objects.get(slug=DEMO).name == "Autre"


# --- players ------------------------------------------------------------------------------------


def test_players_already_in_the_league_are_linked_not_duplicated(demo_archives, importer):
    organizer = importer
    archived = demo_archives[0]
    league = League.objects.create(name="FADOQ Saguenay", slug="fadoq-sag")
    league.organizers.add(organizer)
    season = Season.objects.create(league=league, name="2026-2027", slug="2026-2027")
    by_uid, by_number = archived["players"][0], archived["players"][2]
    assert by_number["member_number"] == "F-2"
    known = Player.objects.create(
        uid=uuid.UUID(by_uid["uid"]), league=league, name="Gisèle Tremblay (fiche de la ligue)"
    )
    numbered = Player.objects.create(league=league, name="Lucien B.", member_number="F-2")
    players_before = Player.objects.count()

    result = import_event(archived, organizer, season=season)

    event = result.event
    assert event.season == season
    assert result.counts["players_linked"] == 2
    assert result.counts["players_created"] == len(archived["players"]) - 2
    assert Player.objects.count() == players_before + len(archived["players"]) - 2
    first = Team.objects.get(event=event, name=archived["teams"][0]["name"])
    second = Team.objects.get(event=event, name=archived["teams"][1]["name"])
    assert first.captain_player == known and second.captain_player == numbered
    assert first.captain == "Gisèle Tremblay"  # the name as written on the event's sheets
    # Created players keep the archive's uid and number, in the season's league.
    created = Player.objects.get(uid=archived["players"][4]["uid"])
    assert created.league == league and created.member_number == "F-3"


def test_an_archive_with_no_season_links_no_existing_player(demo_archives, importer):
    """Issue 22, finding 4: an archive imported with "No season" linked players by uid across
    every league (a forged archive gave a real player a medal). Now its players are new ones,
    and the real player's record is untouched."""
    archived = demo_archives[0]
    league = League.objects.create(name="FADOQ Saguenay", slug="fadoq-sag")
    victim = Player.objects.create(
        uid=uuid.UUID(archived["players"][0]["uid"]), league=league, name="Gisèle (la vraie)"
    )
    result = import_event(archived, importer)
    first = Team.objects.get(event=result.event, name=archived["teams"][0]["name"])
    assert first.captain_player != victim and first.captain_player.league is None
    assert not Team.objects.filter(captain_player=victim).exists()
    assert result.counts["players_linked"] == 0
    again = import_event(archived, importer)  # importing again still changes nothing
    assert again.counts["players_created"] == 0
    first.refresh_from_db()
    assert first.captain_player.league is None


def test_an_archive_links_players_only_within_the_seasons_league(demo_archives, importer):
    archived = demo_archives[0]
    other = League.objects.create(name="Ligue d'ailleurs", slug="ailleurs")
    victim = Player.objects.create(
        uid=uuid.UUID(archived["players"][0]["uid"]), league=other, name="Gisèle (la vraie)"
    )
    league = League.objects.create(name="FADOQ Saguenay", slug="fadoq-sag")
    league.organizers.add(importer)
    season = Season.objects.create(league=league, name="2026-2027", slug="2026-2027")
    result = import_event(archived, importer, season=season)
    first = Team.objects.get(event=result.event, name=archived["teams"][0]["name"])
    assert first.captain_player != victim and first.captain_player.league == league


def test_importing_into_a_season_needs_the_league(demo_archives, importer, staff):
    organizer = importer
    league = League.objects.create(name="Ligue", slug="ligue")
    season = Season.objects.create(league=league, name="2026", slug="2026")
    before = snapshot()
    with pytest.raises(RuleError, match="organizers of the league"):
        import_event(demo_archives[0], organizer, season=season)
    assert snapshot() == before
    assert import_event(demo_archives[0], staff, season=season).event.season == season


# --- malformed and tampered archives ------------------------------------------------------------


def mutate(document, path, value=None, *, delete=False):
    document = copy.deepcopy(document)
    *parents, last = path
    node = document
    for key in parents:
        node = node[key]
    if delete:
        del node[last]
    else:
        node[last] = value
    return document


def loser(document) -> str:
    """The losing side's score field of the first report (one point less is still valid)."""
    report = document["games"][0]["reports"][0]
    assert min(report["score_a"], report["score_b"]) not in (0, 31, 61, 91)  # no skunk line
    return "score_a" if report["score_a"] < report["score_b"] else "score_b"


REFUSALS = [
    ("truncated", lambda d: archive.dumps(d)[:5000], "not valid JSON"),
    ("not an object", lambda d: "[1, 2]", "not a Huche event archive"),
    (
        "wrong schema",
        lambda d: resign(mutate(d, ["schema"], "autre.chose")),
        "not a Huche event archive",
    ),
    (
        "newer version",
        lambda d: resign(mutate(d, ["schema_version"], 2)),
        "format version 2, written by a newer Huche",
    ),
    (
        "bad checksum",
        lambda d: mutate(d, ["checksum"], "sha256:" + "0" * 64),
        "checksum: does not match",
    ),
    ("no checksum", lambda d: mutate(d, ["checksum"], delete=True), "checksum: is missing"),
    (
        "edited score, checksum recomputed",
        lambda d: resign(
            mutate(
                d, ["games", 0, "reports", 0, loser(d)], d["games"][0]["reports"][0][loser(d)] - 1
            )
        ),
        "games[0].reports[0].fingerprint: does not match",
    ),
    (
        "score out of range",
        lambda d: resign(mutate(d, ["games", 3, "reports", 1, "score_b"], 1000)),
        "games[3].reports[1].score_b: must be a whole number from 0 to 999",
    ),
    (
        "score as text",
        lambda d: resign(mutate(d, ["games", 3, "reports", 1, "score_a"], "121")),
        "games[3].reports[1].score_a: must be a whole number",
    ),
    (
        "dangling team",
        lambda d: resign(mutate(d, ["games", 2, "team_b"], 999999)),
        "games[2].team_b: team 999999 is not one of the event's teams",
    ),
    (
        "confirmed report of no version",
        lambda d: resign(mutate(d, ["games", 0, "confirmed_report"], 7)),
        "games[0].confirmed_report: version 7 is not one of this game's reports",
    ),
    (
        "version gap",
        lambda d: resign(mutate(d, ["games", 0, "reports", 1, "version"], 3)),
        "games[0].reports: report versions must be 1, 2, 3",
    ),
    (
        "missing field",
        lambda d: resign(mutate(d, ["teams", 1, "name"], delete=True)),
        "teams[1].name: is missing",
    ),
    ("wrong type of list", lambda d: resign(mutate(d, ["rounds"], {"1": "x"})), "rounds"),
    (
        "unknown rule set",
        lambda d: resign(mutate(d, ["event", "rule_set"], "POKER")),
        "event.rule_set: Unknown rule set",
    ),
    (
        "naive moment",
        lambda d: resign(mutate(d, ["event", "created_at"], "2026-11-21T10:00:00")),
        "event.created_at: must be a date and time with its offset",
    ),
    (
        "impossible final score",
        lambda d: resign(mutate(d, ["games", 0, "reports", 0, loser(d)], 121)),
        "games[0].reports[0]: Exactly one team",
    ),
    (
        "NUL in a name",
        lambda d: resign(mutate(d, ["teams", 0, "name"], "As\x00")),
        "teams[0].name: text may not contain the NUL",
    ),
]


@pytest.mark.parametrize(("change", "expected"), [pytest.param(c, e, id=i) for i, c, e in REFUSALS])
def test_malformed_or_tampered_archives_are_refused_and_change_nothing(
    demo_archives, importer, change, expected
):
    organizer = importer
    before = snapshot()
    with pytest.raises(RuleError) as refused:
        import_event(change(demo_archives[0]), organizer)
    assert expected in refused.value.message
    assert snapshot() == before


def test_a_sheet_whose_score_was_edited_is_caught_by_the_rules_engine(demo_archives, importer):
    organizer = importer
    later = demo_archives[1]
    game = next(
        i for i, g in enumerate(later["games"]) if any(r["kind"] == "sheet" for r in g["reports"])
    )
    version = next(i for i, r in enumerate(later["games"][game]["reports"]) if r["kind"] == "sheet")
    place = ["games", game, "reports", version]
    tampered = mutate(later, [*place, "score_b"], 95)
    with pytest.raises(RuleError) as refused:
        import_event(resign(tampered), organizer)
    assert f"games[{game}].reports[{version}]: the report says 121–95" in refused.value.message
    # A count changed in the sheet itself: the engine refuses the impossible hand.
    deals = later["games"][game]["reports"][version]["detail"]["sheet"]["deals"]
    tampered = mutate(later, [*place, "detail", "sheet", "deals", 0, "hands", 0], 19)
    assert deals[0]["hands"][0] == 4
    with pytest.raises(RuleError, match=r"19 is impossible|19"):
        import_event(resign(tampered), organizer)


def test_archive_key_makes_the_checksum_an_hmac(demo_archives, importer, settings):
    organizer = importer
    settings.HUCHE_ARCHIVE_KEY = "clé-de-la-ligue"
    with pytest.raises(RuleError, match="only archives signed with its archive key"):
        import_event(demo_archives[0], organizer)
    signed = resign(demo_archives[0])
    assert signed["checksum"].startswith("hmac-sha256:")
    settings.HUCHE_ARCHIVE_KEY = "une autre clé"
    with pytest.raises(RuleError, match="checksum: does not match"):
        import_event(signed, organizer)
    settings.HUCHE_ARCHIVE_KEY = ""
    with pytest.raises(RuleError, match="set HUCHE_ARCHIVE_KEY"):
        import_event(signed, organizer)
    settings.HUCHE_ARCHIVE_KEY = "clé-de-la-ligue"
    assert import_event(signed, organizer).new_event


# --- the format itself ------------------------------------------------------------------------


def test_the_archive_is_complete_and_carries_no_secret(demo_archives):
    document = demo_archives[1]
    text = archive.dumps(document)
    assert document["schema"] == "huche.event-archive" and document["schema_version"] == 1
    assert set(document["event"]) >= {"uid", "seed", "released_at", "status", "tiebreaks"}
    reports = [r for g in document["games"] for r in g["reports"]]
    assert {r["channel"] for r in reports} >= {"link", "official"}
    assert any(r["idempotency_key"] == "correction-1" for r in reports)
    assert any(g["disputes"] for g in document["games"])
    assert "token" not in text and '"pin"' not in text
    assert text == archive.dumps(json.loads(text))  # stable: sorted keys, same text again
    assert "Gisèle" in text  # readable accents
