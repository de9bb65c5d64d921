"""Team list import speed: ``.venv/bin/python -m benchmarks.bench_import [--rows N,…]``.

Imports a CSV list of N teams (default 100 and 500, the most a list may hold) into a fresh event
of a league's season, in the benchmark database (``benchmarks/webenv.py``), through the service
the page and the API call (``csv_import.import_teams``), and prints the time and the number of
database queries of each. Issue 33: 10,000 rows ran past the 60 s worker timeout; a list is now
held to 500 teams and written in bulk.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import BenchmarkError, webenv

QUICK = ["--rows", "50", "--repeat", "1"]


def csv_list(rows: int, *, numbers: bool) -> str:
    """``rows`` teams, every second one with member numbers (as a region's list has)."""
    lines = ["équipe;capitaine;partenaire;no capitaine;no partenaire"]
    for i in range(1, rows + 1):
        member = f";{100000 + 2 * i};{100001 + 2 * i}" if numbers and i % 2 else ""
        lines.append(f"Équipe {i};Capitaine {i};Partenaire {i}{member}")
    return "\n".join(lines) + "\n"


def run(rows: int, repeat: int) -> list[tuple[float, int]]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from accounts.models import User
    from tournaments.events.creation import create_event
    from tournaments.events.csv_import import import_teams
    from tournaments.leagues.seasons import create_league, create_season

    user, _ = User.objects.get_or_create(email="bench-import@example.org")
    user.is_staff = True
    user.save()
    figures = []
    for attempt in range(repeat):
        stamp = f"{rows}-{attempt}-{time.time_ns()}"
        league = create_league(user, name=f"Ligue banc {stamp}")
        season = create_season(league, user, name=f"Saison {stamp}")
        event = create_event(
            user, name=f"Import {stamp}", date=datetime.date(2026, 11, 21), season=season
        )
        text = csv_list(rows, numbers=True)
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            created = import_teams(event, user, text)
            seconds = time.perf_counter() - started
        if len(created) != rows or event.teams.count() != rows:
            raise BenchmarkError(f"{rows} rows imported {event.teams.count()} teams")
        figures.append((seconds, len(queries.captured_queries)))
    return figures


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--rows", default="100,500", help="list sizes, comma-separated")
    p.add_argument("--repeat", type=int, default=3)
    return p


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    webenv.configure(fresh=False)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    print(webenv.machine(), f"(commit {webenv.git_commit()})")
    for rows in (int(n) for n in args.rows.split(",")):
        figures = run(rows, args.repeat)
        best = min(seconds for seconds, _ in figures)
        print(f"{rows:>5} rows: best {best:.2f} s of {args.repeat}, {figures[0][1]} queries")


if __name__ == "__main__":
    main()
