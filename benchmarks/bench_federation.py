"""Ratings and league pages at federation size: ``python -m benchmarks.bench_federation``.

Issue 54. Builds (once per seed, then reused) a federation with ``manage.py
generate_federation`` (default 200 clubs × 3 seasons: about 216,000 club games and 720 regional
games) in the benchmark database (``benchmarks/webenv.py``), then prints:

- **ratings, full rebuild** (``manage.py rebuild_ratings``, the reference): seconds, games a
  second, the process's peak memory (RSS) before and after, and the time 1,000,000 games would
  take at that rate;
- **ratings, one release**: a regional day (60 games) hidden, then released, rated by
  ``ratings.incremental.update`` as the worker does after a release (median of ``--repeat``),
  and whether the stored history is then the full rebuild's (a digest of every point);
- **league pages**: a club's season standings, the federation's honours board, a player's page
  and the league leaderboard, through Django's test client: the server time (median) and the
  number of database queries, the same at any size when they are constant.
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import BenchmarkError, webenv

QUICK = ["--clubs", "4", "--seasons", "1", "--nights", "5", "--seed", "5401", "--repeat", "2"]
TARGET_RELEASE = 2.0  # seconds, 200,000 rated games, a 60-game event
TARGET_FULL = 300.0  # seconds for 1,000,000 games
TARGET_PAGE = 0.2  # seconds


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def digest() -> str:
    """Every stored point, in order, hashed: equal digests, equal histories."""
    from tournaments.models import RatingPoint

    h = hashlib.blake2b(digest_size=16)
    rows = RatingPoint.objects.order_by("player", "partner", "position").values_list(
        "player", "partner", "game", "event", "position", "games", "mu", "sigma", "latest"
    )
    for row in rows.iterator(chunk_size=5000):
        h.update(repr(row).encode())
    return h.hexdigest()


def federation(args) -> str:
    from tournaments.management.commands.generate_federation import generate
    from tournaments.models import League

    slug = f"federation-s{args.seed}"
    if not League.objects.filter(slug=slug).exists():
        done = generate(
            clubs=args.clubs,
            seasons=args.seasons,
            seed=args.seed,
            nights=args.nights,
            days=args.days,
            say=lambda message: print("  " + message, flush=True),
        )
        print(
            f"generated: {done['events']} events, {done['games']} games in {done['seconds']:.0f} s"
        )
    return slug


def ratings(slug: str, repeat: int) -> None:
    from django.db import transaction

    from tournaments.models import Event, Game
    from tournaments.ratings import incremental, service

    before = peak_mib()
    started = time.perf_counter()
    full = service.rebuild()
    seconds = time.perf_counter() - started
    rate = full["games"] / seconds
    print(
        f"ratings full rebuild: {full['games']} games, {full['points']} points in {seconds:.1f} s "
        f"({rate:,.0f} games/s); peak RSS {before:.0f} MiB before, {peak_mib():.0f} MiB after; "
        f"1,000,000 games at this rate: {1_000_000 / rate:.0f} s (target < {TARGET_FULL:.0f} s)"
    )
    reference = digest()
    day = Event.objects.filter(season__league__slug=slug).order_by("date", "pk").last()
    if day is None:
        raise BenchmarkError(f"the federation {slug} has no regional day: give --days 1 or more")
    games = Game.objects.filter(round__event=day).count()
    rated = Game.objects.filter(round__event__released_at__isnull=False).count()
    times = []
    for _ in range(repeat):
        with transaction.atomic():
            Event.objects.filter(pk=day.pk).update(released_at=None)
            incremental.update(day.pk)  # hidden: its games out
        with transaction.atomic():
            Event.objects.filter(pk=day.pk).update(released_at=day.released_at)
        started = time.perf_counter()
        done = incremental.update(day.pk)
        times.append(time.perf_counter() - started)
    same = digest() == reference
    median = statistics.median(times)
    print(
        f"ratings one release: a {games}-game event among {rated} rated games: "
        f"{done['games']} games rated again in {median:.3f} s median of {repeat} "
        f"(target < {TARGET_RELEASE:.0f} s); history = full rebuild's: {same}"
    )
    if not same:
        raise BenchmarkError("the incremental update differs from the full rebuild")


def pages(slug: str, repeat: int) -> None:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tournaments.models import League, Player, RatingPoint

    federation = League.objects.get(slug=slug)
    clubs = League.objects.filter(slug__startswith="club-", slug__endswith=slug.split("-")[-1])
    club = clubs.order_by("pk").first()
    season = club.seasons.order_by("-slug").first() if club else None
    if club is None or season is None:
        raise BenchmarkError(f"the federation {slug} has no club season")
    busiest = (
        RatingPoint.objects.filter(latest=True, partner__isnull=True, player__league=federation)
        .order_by("-games")
        .values_list("player", flat=True)
        .first()
    )
    if busiest is None:
        raise BenchmarkError("no rated player in the federation")
    player = Player.objects.get(pk=busiest)
    urls = {
        "season standings (a club)": reverse("tournaments:season", args=[club.slug, season.slug]),
        "honours board (federation)": reverse("tournaments:league-honours", args=[slug]),
        "player page": reverse("tournaments:player", args=[player.uid]),
        "league leaderboard (federation)": reverse("tournaments:ratings", args=[slug]),
    }
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    for title, url in urls.items():
        client.get(url)  # warm
        times, queries = [], 0
        for _ in range(repeat):
            with CaptureQueriesContext(connection) as captured:
                started = time.perf_counter()
                response = client.get(url)
                times.append(time.perf_counter() - started)
            queries = len(captured.captured_queries)
            if response.status_code != 200:
                raise BenchmarkError(f"{url} answered {response.status_code}")
        # The first view after a change computes the tables again: an empty cache, timed once.
        cache.clear()
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as captured:
            client.get(url)
        cold, cold_queries = time.perf_counter() - started, len(captured.captured_queries)
        print(
            f"{title:<34} {statistics.median(times) * 1000:7.1f} ms median, {queries:3d} queries "
            f"(target < {TARGET_PAGE * 1000:.0f} ms); empty cache {cold * 1000:,.0f} ms, "
            f"{cold_queries} queries  {url}"
        )


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--clubs", type=int, default=200)
    p.add_argument("--seasons", type=int, default=3)
    p.add_argument("--nights", type=int, default=20)
    p.add_argument("--days", type=int, default=4)
    p.add_argument("--seed", type=int, default=54)
    p.add_argument("--repeat", type=int, default=5)
    return p


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    webenv.configure(fresh=False)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    print(webenv.machine(), f"(commit {webenv.git_commit()})")
    slug = federation(args)
    ratings(slug, args.repeat)
    pages(slug, args.repeat)


if __name__ == "__main__":
    main()
