"""Web at scale: ``.venv/bin/python -m benchmarks bench_web`` (part of ``make bench``).

Builds, in the benchmark database (see ``benchmarks/webenv.py``), three events of 10, 100 and
1,000 teams (``--sizes``) with 8 rounds (``--rounds``) of confirmed FADOQ results
(``generate_event``, seed 42), then for each one measures, in this process through Django's
test client (the whole middleware stack):

- the standings computation from the database, cold (no cache), and its SQL queries;
- the public standings page, cold (empty cache) and warm (cached fragments), and its queries;
  its size, and its bytes on the wire (gzip, as Huche sends it);
- the seating page (the current round's 500 tables at 1,000 teams), cold and warm;
- the organizer's CSV export of every game (streamed), time, size and queries.

Then the 1,000-team / 10-team ratio of each time: linear growth would be 100 ×. Each time is
the median of several runs (``--repeat`` to set their number for every size).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from benchmarks import BenchmarkError, webenv

REPEAT = {10: 15, 100: 9, 1000: 5}  # runs per measure by size; 5 for other sizes
QUICK = ["--sizes", "10,30", "--rounds", "2", "--repeat", "1"]


def median_time(fn, times: int) -> float:
    samples = []
    for _ in range(times):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def count_queries(fn) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        fn()
    return len(queries)


def build_events(sizes: list[int], rounds: int) -> dict[int, float]:
    from tournaments.management.commands.generate_event import generate

    built = {}
    for teams in sizes:
        start = time.perf_counter()
        generate(teams=teams, rounds=rounds, seed=webenv.SEED, slug=webenv.slug_for(teams))
        built[teams] = time.perf_counter() - start
        print(
            f"  generated {teams:>5} teams × {rounds} rounds in {built[teams]:6.1f} s", flush=True
        )
    return built


def measure(teams: int, repeat: int | None = None) -> dict:
    from django.core.cache import cache
    from django.test import Client

    from accounts.models import User

    try:
        from tournaments.publishing.caching import clear_local
    except ImportError:  # a checkout from before the per-process copies (for before/after runs)

        def clear_local() -> None:
            return None

    from tournaments.management.commands.generate_event import ORGANIZER_EMAIL
    from tournaments.models import Event
    from tournaments.standings.service import compute

    event = Event.objects.get(slug=webenv.slug_for(teams))
    repeat = repeat or REPEAT.get(teams, 5)
    public = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    organizer = Client(HTTP_ACCEPT_LANGUAGE="fr-ca")
    organizer.force_login(User.objects.get(email=ORGANIZER_EMAIL))
    standings_url = f"/e/{event.slug}/standings/"
    seating_url = f"/e/{event.slug}/seating/"
    export_url = f"/organize/{event.slug}/export/games.csv"

    def get(client, url):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        return response

    def cold(client, url):
        cache.clear()  # Redis
        clear_local()  # and this process's copies of the rendered fragments
        return get(client, url)

    def export():
        response = get(organizer, export_url)
        return sum(len(chunk) for chunk in response.streaming_content)

    result: dict[str, float] = {"teams": teams}
    result["compute"] = median_time(lambda: compute(event), repeat)
    result["compute_q"] = count_queries(lambda: compute(event))
    result["rows_ok"] = len(compute(event).standings.rows) == teams
    result["page_cold"] = median_time(lambda: cold(public, standings_url), repeat)
    result["page_cold_q"] = count_queries(lambda: cold(public, standings_url))
    get(public, standings_url)
    result["page_warm"] = median_time(lambda: get(public, standings_url), repeat * 3)
    result["page_warm_q"] = count_queries(lambda: get(public, standings_url))
    result["page_bytes"] = len(get(public, standings_url).content)
    # What a phone downloads: the page as Huche sends it to a browser accepting gzip.
    result["page_wire"] = len(public.get(standings_url, HTTP_ACCEPT_ENCODING="gzip").content)
    result["seating_cold"] = median_time(lambda: cold(public, seating_url), repeat)
    result["seating_cold_q"] = count_queries(lambda: cold(public, seating_url))
    get(public, seating_url)
    result["seating_warm"] = median_time(lambda: get(public, seating_url), repeat * 3)
    result["seating_warm_q"] = count_queries(lambda: get(public, seating_url))
    result["csv"] = median_time(export, max(3, repeat // 2))
    result["csv_q"] = count_queries(export)
    result["csv_bytes"] = export()
    return result


COLUMNS = [
    ("compute", "standings computed (cold)", "compute_q"),
    ("page_cold", "standings page, cold cache", "page_cold_q"),
    ("page_warm", "standings page, warm cache", "page_warm_q"),
    ("seating_cold", "seating page, cold cache", "seating_cold_q"),
    ("seating_warm", "seating page, warm cache", "seating_warm_q"),
    ("csv", "CSV export of every game", "csv_q"),
]


def report(results: list[dict]) -> None:
    sizes = [r["teams"] for r in results]
    print()
    print(
        f"{'measure (median ms; SQL queries)':<34}"
        + "".join(f"{f'{n} teams':>18}" for n in sizes)
        + f"{f'{sizes[-1]}/{sizes[0]}':>10}"
    )
    for key, label, queries in COLUMNS:
        cells = "".join(f"{r[key] * 1000:>10.1f} ms {r[queries]:>3}q" for r in results)
        ratio = results[-1][key] / results[0][key] if results[0][key] else float("nan")
        print(f"{label:<34}{cells}{ratio:>9.1f}×")
    print(
        f"{'standings page size':<34}"
        + "".join(f"{r['page_bytes'] / 1024:>15.0f} KB" for r in results)
    )
    print(
        f"{'standings page on the wire (gzip)':<34}"
        + "".join(f"{r['page_wire'] / 1024:>15.1f} KB" for r in results)
    )
    print(
        f"{'games CSV size':<34}" + "".join(f"{r['csv_bytes'] / 1024:>15.0f} KB" for r in results)
    )
    grows = [label for key, label, q in COLUMNS if len({r[q] for r in results}) > 1]
    print(
        "SQL queries constant with the number of teams:",
        "yes" if not grows else f"NO for {', '.join(grows)}",
    )
    if not all(r["rows_ok"] for r in results):
        raise BenchmarkError("a standings table does not list every team")


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes",
        default=",".join(map(str, webenv.SIZES)),
        type=lambda text: [int(n) for n in text.split(",")],
        help="teams of each event, comma-separated (default 10,100,1000)",
    )
    parser.add_argument("--rounds", type=int, default=8, help="rounds played (default 8)")
    parser.add_argument("--repeat", type=int, default=None, help="runs per measure")
    return parser


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args([] if argv is None else argv)
    webenv.configure(fresh=True)
    from django.conf import settings

    settings.DEBUG = False  # no query log outside the counted blocks
    print(webenv.machine(), f"(commit {webenv.git_commit()})")
    from django.db import connection

    print(
        f"database: {connection.vendor} {connection.settings_dict['NAME']}; "
        f"cache: {str(settings.CACHES['default']['BACKEND']).rsplit('.', 1)[-1]}"
    )
    build_events(args.sizes, args.rounds)
    results = []
    for teams in args.sizes:
        results.append(measure(teams, args.repeat))
        print(f"  measured {teams} teams", flush=True)
    report(results)


if __name__ == "__main__":
    main(sys.argv[1:])
